/** The messaging port: e-mail and SMS, each message with an idempotency key. */
export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  /** Same key = same message: a retried send never delivers twice where the sender honours it. */
  idempotencyKey: string;
  channel: Channel;
  to: string;
  subject: string;
  body: string;
  /** Data subject (customer id) the message is about, so erasure can find it. */
  subjectId: string | null;
}

export interface MessageSender {
  send(message: OutgoingMessage): Promise<{ messageId: string; duplicate: boolean }>;
}
