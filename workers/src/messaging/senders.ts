/**
 * Chooses the sender per channel from the settings: e-mail over SMTP (SMTP_URL), SMS through
 * the HTTP provider (SMS_PROVIDER_URL); a channel without settings goes to the development
 * outbox. Every send passes the sent-messages ledger, so a retried job delivers once.
 */
import type { Sql } from '@dealer/platform';
import { DevOutboxSender } from './dev-outbox';
import type { MessageSender } from './message';
import { ChannelRouter } from './router';
import { LedgeredSender } from './sent-messages';
import { SmtpSender } from './smtp';
import { HttpSmsSender } from './sms-http';

export interface MessagingSettings {
  SMTP_URL?: string | undefined;
  SMS_PROVIDER_URL?: string | undefined;
  SMS_PROVIDER_TOKEN?: string | undefined;
}

export interface MessagingSenders {
  sender: MessageSender;
  /** Which provider each channel uses, for the start-up log (no secrets). */
  providers: { email: 'smtp' | 'dev-outbox'; sms: 'http' | 'dev-outbox' };
  close(): void;
}

export function createMessageSenders(sql: Sql, settings: MessagingSettings): MessagingSenders {
  const outbox = new DevOutboxSender(sql);
  const smtp = settings.SMTP_URL ? new SmtpSender(settings.SMTP_URL) : null;
  const sms = settings.SMS_PROVIDER_URL ? new HttpSmsSender({ url: settings.SMS_PROVIDER_URL, token: settings.SMS_PROVIDER_TOKEN }) : null;
  return {
    sender: new LedgeredSender(sql, new ChannelRouter({ email: smtp ?? outbox, sms: sms ?? outbox })),
    providers: { email: smtp ? 'smtp' : 'dev-outbox', sms: sms ? 'http' : 'dev-outbox' },
    close: () => smtp?.close(),
  };
}
