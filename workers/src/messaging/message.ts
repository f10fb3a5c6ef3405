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
  /**
   * Extra e-mail headers (issue 24: a marketing e-mail's List-Unsubscribe and
   * List-Unsubscribe-Post, RFC 8058); the SMTP sender adds them, the other senders ignore them.
   */
  headers?: Record<string, string>;
}

export interface MessageSender {
  send(message: OutgoingMessage): Promise<{ messageId: string; duplicate: boolean }>;
}
