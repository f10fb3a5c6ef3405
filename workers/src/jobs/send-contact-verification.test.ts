/**
 * The contact-verification job against real PostgreSQL (event store through the vault, dev
 * outbox, ledger), and a worker killed during a send against real Redis and real SMTP.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerStreamId, type ContactKind } from '@dealer/contracts';
import {
  PersonalDataVault,
  PostgresEventStore,
  ProtectedEventStore,
  createRedis,
  type EventStore,
} from '@dealer/platform';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@dealer/platform/testing/database';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { WORKER_MIGRATIONS } from '../migrations';
import { DevOutboxSender } from '../messaging/dev-outbox';
import { ChannelRouter } from '../messaging/router';
import { LedgeredSender } from '../messaging/sent-messages';
import { SmtpSender } from '../messaging/smtp';
import type { MessageSender } from '../messaging/message';
import { createMessagesQueue, createMessagesWorker } from '../queue';
import { startSmtpCapture } from '../testing/smtp-capture';
import { hashSecret } from './contact-verification-codes';
import { sendContactVerification, type ContactVerificationDeps, type SendContactVerificationJob } from './send-contact-verification';

/** This file's secrets: the killed worker below is started with the same ones. */
const PII_MASTER_KEY = randomBytes(32).toString('base64');
const AUTH_SECRET = randomBytes(32).toString('hex');

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase(WORKER_MIGRATIONS);
  store = new ProtectedEventStore(new PostgresEventStore(db.sql), new PersonalDataVault(db.sql, Buffer.from(PII_MASTER_KEY, 'base64')));
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const HASH_KEY = verificationHashKey(AUTH_SECRET);
/** The stored form: a keyed hash, never the plain SHA-256 of the secret. */
const stored = (changeId: string, kind: 'email' | 'phone', secret: string) => {
  const hash = hashSecret(HASH_KEY, changeId, kind, secret);
  expect(hash).not.toBe(sha256(secret));
  return hash;
};
const meta = (time = new Date()) => ({ eventId: randomUUID(), correlationId: 'test', causationId: null, actor: 'user:test', time: time.toISOString() });

async function customer(email: string, phone: string): Promise<string> {
  const customerId = randomUUID();
  await store.appendToStream(customerStreamId(customerId), [
    { type: 'CustomerCreated', data: { customerId, firstName: 'Robin', lastName: 'Test', emailAddress: email, phoneMobile: phone }, metadata: meta() },
  ]);
  return customerId;
}

/** Appends a request and answers the job the reactor would enqueue for it. */
async function requestChange(customerId: string, kind: ContactKind, value: string, time = new Date()): Promise<{ jobId: string; job: SendContactVerificationJob }> {
  const changeId = randomUUID();
  const metadata = meta(time);
  const pending = kind === 'email' ? { pendingEmail: value } : { pendingPhone: value };
  await store.appendToStream(customerStreamId(customerId), [{ type: 'CustomerContactChangeRequested', data: { customerId, changeId, kind, ...pending }, metadata }]);
  return {
    jobId: `contact-verification-${metadata.eventId}`,
    job: { customerId, changeId, kind, requestedAt: metadata.time, eventId: metadata.eventId, correlationId: 'test' },
  };
}

const outboxTo = (to: string) => db.sql<{ message_id: string; subject: string; body: string }[]>`
  select message_id, subject, body from dev_outbox where recipient = ${to} order by seq`;

function deps(sender?: MessageSender): ContactVerificationDeps {
  const outbox = new DevOutboxSender(db.sql);
  return {
    sql: db.sql,
    store,
    sender: sender ?? new LedgeredSender(db.sql, new ChannelRouter({ email: outbox, sms: outbox })),
    publicUrl: 'https://dealer.example/',
    now: () => new Date(),
    verificationHashKey: HASH_KEY,
    contactLine: 'Questions? Call the Dealer Group service desk at 303-555-0000.',
  };
}

describe('send-contact-verification: e-mail', () => {
  it('should send a single-use link to the new address and a notice without it to the old one', async () => {
    const id = await customer('old.robin@example.com', '3035550301');
    const { jobId, job } = await requestChange(id, 'email', 'new.robin@example.com');
    await sendContactVerification(jobId, job, deps());

    const [link] = await outboxTo('new.robin@example.com');
    const token = /https:\/\/dealer\.example\/verify\/contact\/([\w-]{40,})/.exec(link!.body)?.[1];
    expect(token).toBeDefined();
    const [row] = await db.sql<{ secret_hash: string; expires_at: Date }[]>`select secret_hash, expires_at from contact_verification_codes where change_id = ${job.changeId}`;
    expect(row!.secret_hash).toBe(stored(job.changeId, 'email', token!));
    expect(row!.expires_at.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(row!.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const [notice] = await outboxTo('old.robin@example.com');
    expect(notice!.body).toContain('Questions? Call the Dealer Group service desk at 303-555-0000.');
    expect(notice!.body).not.toContain(token!);
    expect(notice!.body).not.toContain('new.robin');
  });

  it('should send nothing again and record the sending once when the finished job runs again', async () => {
    const id = await customer('again.old@example.com', '3035550302');
    const { jobId, job } = await requestChange(id, 'email', 'again.new@example.com');
    await sendContactVerification(jobId, job, deps());
    const [before] = await db.sql`select secret_hash from contact_verification_codes where change_id = ${job.changeId}`;
    await sendContactVerification(jobId, job, deps());
    expect(await outboxTo('again.new@example.com')).toHaveLength(1);
    expect(await outboxTo('again.old@example.com')).toHaveLength(1);
    const [after] = await db.sql`select secret_hash from contact_verification_codes where change_id = ${job.changeId}`;
    expect(after!.secret_hash).toBe(before!.secret_hash);
    const sent = (await store.readStream(customerStreamId(id))).filter((e) => e.type === 'CustomerContactVerificationSent');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toEqual({ customerId: id, changeId: job.changeId, kind: 'email' });
  });

  it('should issue a fresh secret under a new key when the first send failed, so the delivered one works', async () => {
    const id = await customer('retry.old@example.com', '3035550303');
    const { jobId, job } = await requestChange(id, 'email', 'retry.new@example.com');
    const real = deps().sender;
    let calls = 0;
    const flaky: MessageSender = { send: (m) => (calls++ === 0 ? Promise.reject(new Error('connection reset')) : real.send(m)) };
    await expect(sendContactVerification(jobId, job, deps(flaky))).rejects.toThrow();
    await sendContactVerification(jobId, job, deps(flaky));
    const links = await outboxTo('retry.new@example.com');
    expect(links).toHaveLength(1);
    expect(links[0]!.message_id).toBe(`${jobId}:new:2`);
    const token = /\/verify\/contact\/([\w-]+)/.exec(links[0]!.body)![1]!;
    const [row] = await db.sql`select secret_hash, generation from contact_verification_codes where change_id = ${job.changeId}`;
    expect(row).toMatchObject({ secret_hash: stored(job.changeId, 'email', token), generation: 2 });
  });

  it('should send nothing for a change a later request replaced, and supersede the earlier secret', async () => {
    const id = await customer('super.old@example.com', '3035550304');
    const first = await requestChange(id, 'email', 'super.first@example.com', new Date(Date.now() - 1000));
    await sendContactVerification(first.jobId, first.job, deps());
    const second = await requestChange(id, 'email', 'super.second@example.com');
    await sendContactVerification(second.jobId, second.job, deps());
    // A late retry of the first job finds its change replaced.
    await db.sql`delete from sent_messages where idempotency_key like ${`${first.jobId}%`}`;
    await sendContactVerification(first.jobId, first.job, deps());
    expect(await outboxTo('super.first@example.com')).toHaveLength(1);
    expect(await outboxTo('super.second@example.com')).toHaveLength(1);
    const rows = await db.sql<{ change_id: string; superseded: boolean }[]>`
      select change_id, superseded_at is not null as superseded from contact_verification_codes where customer_id = ${id}`;
    expect(Object.fromEntries(rows.map((r) => [r.change_id, r.superseded]))).toEqual({ [first.job.changeId]: true, [second.job.changeId]: false });
  });
});

describe('send-contact-verification: phone', () => {
  it('should text a 6-digit code valid 10 minutes to the new number and a notice to the old one', async () => {
    const id = await customer('phone.robin@example.com', '3035550305');
    const { jobId, job } = await requestChange(id, 'phone', '7205550305');
    await sendContactVerification(jobId, job, deps());
    const [text] = await outboxTo('7205550305');
    const code = /\b(\d{6})\b/.exec(text!.body)?.[1];
    expect(code).toBeDefined();
    const [row] = await db.sql<{ secret_hash: string; expires_at: Date }[]>`select secret_hash, expires_at from contact_verification_codes where change_id = ${job.changeId}`;
    expect(row!.secret_hash).toBe(stored(job.changeId, 'phone', code!));
    expect(row!.expires_at.getTime() - Date.now()).toBeGreaterThan(9.9 * 60_000);
    expect(row!.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const [notice] = await outboxTo('3035550305');
    expect(notice!.body).not.toContain(code!);
  });
});

describe('a worker killed during a send', () => {
  it('should have its job retried by another worker, and each message delivered once to the SMTP server', async () => {
    const smtp = await startSmtpCapture();
    const prefix = testRedisPrefix();
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const redis = createRedis(redisUrl);
    const workerRedis = createRedis(redisUrl);
    const queue = createMessagesQueue(redis, prefix);
    const smtpSender = new SmtpSender(smtp.url);
    let worker: ReturnType<typeof createMessagesWorker> | null = null;
    try {
      const id = await customer('killed.old@example.com', '3035550306');
      const { jobId, job } = await requestChange(id, 'email', 'killed.new@example.com');
      await queue.add('send-contact-verification', job, { jobId });

      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../testing/kill-after-send-worker.ts', import.meta.url))], {
        env: { ...process.env, DATABASE_URL: db.url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SMTP_URL: smtp.url, LOG_LEVEL: 'silent', PII_MASTER_KEY, AUTH_SECRET },
        stdio: 'ignore',
      });
      const [, signal] = (await once(child, 'exit')) as [number | null, string | null];
      expect(signal).toBe('SIGKILL');
      // It died after the link went out and was recorded, before the notice and before completing.
      expect(smtp.messages.map((m) => m.to)).toEqual([['killed.new@example.com']]);
      expect(await queue.getJobState(jobId)).toBe('active');

      const outbox = new DevOutboxSender(db.sql);
      const sender = new LedgeredSender(db.sql, new ChannelRouter({ email: smtpSender, sms: outbox }));
      worker = createMessagesWorker(workerRedis, prefix, { ...deps(sender) }, undefined, { lockDurationMs: 1500, stalledIntervalMs: 500 });
      const deadline = Date.now() + 30_000;
      while ((await queue.getJobState(jobId)) !== 'completed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await queue.getJobState(jobId)).toBe('completed');

      const to = smtp.messages.map((m) => m.to.join(',')).sort();
      expect(to).toEqual(['killed.new@example.com', 'killed.old@example.com']);
      expect(await db.sql`select 1 from sent_messages where idempotency_key like ${`${jobId}%`}`).toHaveLength(2);
    } finally {
      await worker?.close();
      await queue.obliterate({ force: true });
      await queue.close();
      smtpSender.close();
      await smtp.close();
      redis.disconnect();
      workerRedis.disconnect();
    }
  }, 60_000);
});
