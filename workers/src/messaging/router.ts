/** Picks the sender per channel: real providers where configured, else the development outbox. */
import type { Channel, MessageSender, OutgoingMessage } from './message';

export class ChannelRouter implements MessageSender {
  constructor(private readonly senders: Record<Channel, MessageSender>) {}

  send(message: OutgoingMessage) {
    return this.senders[message.channel].send(message);
  }
}
