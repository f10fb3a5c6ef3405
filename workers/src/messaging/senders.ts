/**
 * Chooses the sender per channel from the settings: e-mail over SMTP (SMTP_URL), SMS through
 * the HTTP provider (SMS_PROVIDER_URL); in demo mode a channel without settings goes to the
 * development outbox, in production mode a missing provider stops the start (the environment
 * check refuses it first; this is the second line). Every send passes the sent-messages
 * ledger, so a retried job delivers once.
 */
import type { Sql } from '@dealer/platform';
import { DevOutboxSender } from './dev-outbox';
import type { MessageSender } from './message';
import { ChannelRouter, PRODUCTION_OUTBOX_REFUSED } from './router';
import { LedgeredSender } from './sent-messages';
import { SmtpSender } from './smtp';
import { HttpSmsSender } from './sms-http';

export interface MessagingSettings {
  APP_MODE?: 'demo' | 'production' | undefined;
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
  const production = settings.APP_MODE === 'production';
  const missing = [settings.SMTP_URL ? null : 'SMTP_URL', settings.SMS_PROVIDER_URL ? null : 'SMS_PROVIDER_URL'].filter(Boolean);
  if (production && missing.length > 0) throw new Error(`${PRODUCTION_OUTBOX_REFUSED} Missing: ${missing.join(', ')}.`);
  const smtp = settings.SMTP_URL ? new SmtpSender(settings.SMTP_URL) : null;
  const sms = settings.SMS_PROVIDER_URL ? new HttpSmsSender({ url: settings.SMS_PROVIDER_URL, token: settings.SMS_PROVIDER_TOKEN }) : null;
  const outbox = smtp && sms ? null : new DevOutboxSender(sql);
  return {
    sender: new LedgeredSender(sql, new ChannelRouter({ email: smtp ?? outbox!, sms: sms ?? outbox! }, { production })),
    providers: { email: smtp ? 'smtp' : 'dev-outbox', sms: sms ? 'http' : 'dev-outbox' },
    close: () => smtp?.close(),
  };
}
