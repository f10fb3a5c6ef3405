/** Production mode never writes to the development outbox (issue 10, item 17). */
import { describe, expect, it } from 'vitest';
import type { Sql } from '@dealer/platform';
import { DevOutboxSender } from './dev-outbox';
import { ChannelRouter } from './router';
import { createMessageSenders } from './senders';
import type { OutgoingMessage } from './message';

/** Never reached: a test fails if anything touches the database. */
const noDatabase = new Proxy({}, { get: () => { throw new Error('no database in this test'); } }) as unknown as Sql;
const message: OutgoingMessage = { idempotencyKey: 'k', channel: 'sms', to: '3035550100', subject: '', body: 'Your code is 123456', subjectId: null } as OutgoingMessage;

describe('createMessageSenders in production mode', () => {
  it('should refuse to start without a real e-mail transport and SMS provider, naming what is missing', () => {
    expect(() => createMessageSenders(noDatabase, { APP_MODE: 'production' })).toThrow(/SMTP_URL, SMS_PROVIDER_URL/);
    expect(() => createMessageSenders(noDatabase, { APP_MODE: 'production', SMTP_URL: 'smtp://mail.example:25' })).toThrow(/Missing: SMS_PROVIDER_URL\./);
  });

  it('should use the real providers when both are set', () => {
    const senders = createMessageSenders(noDatabase, { APP_MODE: 'production', SMTP_URL: 'smtp://mail.example:25', SMS_PROVIDER_URL: 'https://sms.example/send' });
    expect(senders.providers).toEqual({ email: 'smtp', sms: 'http' });
    senders.close();
  });

  it('should still use the development outbox in demo mode', () => {
    expect(createMessageSenders(noDatabase, { APP_MODE: 'demo' }).providers).toEqual({ email: 'dev-outbox', sms: 'dev-outbox' });
  });
});

describe('ChannelRouter in production mode', () => {
  it('should refuse a development outbox when built, and never send to one', async () => {
    const outbox = new DevOutboxSender(noDatabase);
    expect(() => new ChannelRouter({ email: outbox, sms: outbox }, { production: true })).toThrow(/never writes to the development outbox/);
    const router = new ChannelRouter({ email: outbox, sms: outbox });
    (router as unknown as { production: boolean }).production = true;
    await expect(router.send(message)).rejects.toThrow(/never writes to the development outbox/);
  });
});
