/** E-mail over SMTP (nodemailer, SMTP_URL). The idempotency key travels as the Message-ID. */
import nodemailer from 'nodemailer';
import type { MessageSender, OutgoingMessage } from './message';

export class SmtpSender implements MessageSender {
  private readonly transport;

  constructor(url: string, private readonly from = 'Dealer Coupons <no-reply@dealer-coupons.local>') {
    this.transport = nodemailer.createTransport(url);
  }

  async send(m: OutgoingMessage) {
    if (m.channel !== 'email') throw new Error('SmtpSender sends e-mail only');
    const messageId = `<${m.idempotencyKey}@dealer-coupons.local>`;
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.body, messageId, ...(m.headers ? { headers: m.headers } : {}) });
    return { messageId, duplicate: false };
  }

  close(): void {
    this.transport.close();
  }
}
