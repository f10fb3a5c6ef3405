/** E-mail delivered over real SMTP (an in-process server) through the sent-messages ledger. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { WORKER_MIGRATIONS } from '../migrations';
import { startSmtpCapture, type SmtpCapture } from '../testing/smtp-capture';
import { LedgeredSender, MessageSendError } from './sent-messages';
import { SmtpSender } from './smtp';
import type { OutgoingMessage } from './message';

let db: TestDatabase;
let smtp: SmtpCapture;
let sender: SmtpSender;
beforeAll(async () => {
  db = await createTestDatabase(WORKER_MIGRATIONS);
  smtp = await startSmtpCapture({ refuse: (to) => to.startsWith('refused') });
  sender = new SmtpSender(smtp.url);
});
afterAll(async () => {
  sender?.close();
  await smtp?.close();
  await db?.drop();
});

const message = (key: string, to: string): OutgoingMessage => ({
  idempotencyKey: key,
  channel: 'email',
  to,
  subject: 'Confirm your new email address',
  body: 'Open this link: https://example.test/verify/contact/secret',
  subjectId: null,
});

describe('LedgeredSender over SMTP', () => {
  it('should deliver a message once, and not again (nor record it twice) when a retried send uses the same key', async () => {
    const ledgered = new LedgeredSender(db.sql, sender);
    const first = await ledgered.send(message('job-1:new:1', 'once@example.com'));
    const retry = await ledgered.send(message('job-1:new:1', 'once@example.com'));
    expect(first.duplicate).toBe(false);
    expect(retry.duplicate).toBe(true);
    const delivered = smtp.messages.filter((m) => m.to.includes('once@example.com'));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.messageId).toBe('<job-1:new:1@dealer-coupons.local>');
    const rows = await db.sql`select idempotency_key from sent_messages where idempotency_key = 'job-1:new:1'`;
    expect(rows).toHaveLength(1);
  });

  it('should deliver messages with different keys separately', async () => {
    const ledgered = new LedgeredSender(db.sql, sender);
    await ledgered.send(message('job-2:new:1', 'twice@example.com'));
    await ledgered.send(message('job-2:old', 'twice@example.com'));
    expect(smtp.messages.filter((m) => m.to.includes('twice@example.com'))).toHaveLength(2);
  });

  it('should fail with an error that names neither the address nor the text, and record nothing', async () => {
    const ledgered = new LedgeredSender(db.sql, sender);
    const failure = await ledgered.send(message('job-3:new:1', 'refused-person@example.com')).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MessageSendError);
    expect((failure as Error).message).not.toMatch(/refused-person|example\.com|link/);
    expect(await db.sql`select 1 from sent_messages where idempotency_key = 'job-3:new:1'`).toHaveLength(0);
  });

  it('should send once when two runs of one job send at the same time, the second waiting for the first', async () => {
    let calls = 0;
    const slow = {
      async send(m: OutgoingMessage) {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 400));
        return { messageId: m.idempotencyKey, duplicate: false };
      },
    };
    const [a, b] = await Promise.all([
      new LedgeredSender(db.sql, slow).send(message('job-4:new:1', 'racing@example.com')),
      new LedgeredSender(db.sql, slow).send(message('job-4:new:1', 'racing@example.com')),
    ]);
    expect(calls).toBe(1);
    expect([a.duplicate, b.duplicate].sort()).toEqual([false, true]);
    expect(await db.sql`select 1 from message_send_claims where idempotency_key = 'job-4:new:1'`).toHaveLength(0);
  });

  it('should take over a claim whose holder died, and free the claim after a failed send', async () => {
    await db.sql`insert into message_send_claims (idempotency_key, claimed_until) values ('job-5:new:1', now() - interval '1 second')`;
    const ledgered = new LedgeredSender(db.sql, sender);
    expect((await ledgered.send(message('job-5:new:1', 'takeover@example.com'))).duplicate).toBe(false);
    await ledgered.send(message('job-6:new:1', 'refused-again@example.com')).catch(() => undefined);
    expect(await db.sql`select 1 from message_send_claims where idempotency_key = 'job-6:new:1'`).toHaveLength(0);
  });
});
