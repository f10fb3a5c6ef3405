/**
 * Picks the sender per channel: real providers where configured, else the development outbox.
 * In production mode the development outbox is refused (issue 10, item 17), when the router is
 * built and again on every send, so no message is ever written there, whatever the wiring.
 */
import { DevOutboxSender } from './dev-outbox';
import type { Channel, MessageSender, OutgoingMessage } from './message';

export const PRODUCTION_OUTBOX_REFUSED = 'Production mode never writes to the development outbox: configure SMTP_URL and SMS_PROVIDER_URL.';

export class ChannelRouter implements MessageSender {
  private readonly production: boolean;

  constructor(
    private readonly senders: Record<Channel, MessageSender>,
    options: { production?: boolean } = {},
  ) {
    this.production = options.production ?? false;
    if (this.production && Object.values(senders).some((s) => s instanceof DevOutboxSender)) throw new Error(PRODUCTION_OUTBOX_REFUSED);
  }

  send(message: OutgoingMessage) {
    const sender = this.senders[message.channel];
    if (this.production && sender instanceof DevOutboxSender) return Promise.reject(new Error(PRODUCTION_OUTBOX_REFUSED));
    return sender.send(message);
  }
}
