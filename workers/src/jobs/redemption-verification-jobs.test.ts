/**
 * The redemption-verification jobs against real PostgreSQL (event store through the vault,
 * dev outbox, ledger): the link message and its retries, the rate limit and superseded sends,
 * the expiry, and the override notice.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerStreamId, redemptionVerificationStreamId, type RedemptionVerificationEvent } from '@dealer/contracts';
import { PersonalDataVault, PostgresEventStore, ProtectedEventStore, createRedis, type EventStore } from '@dealer/platform';
import { DMS_MIGRATIONS } from '@dealer/dms/index';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@dealer/platform/testing/database';
import { createMessagesQueue, createMessagesWorker } from '../queue';
import { WORKER_MIGRATIONS } from '../migrations';
import { DevOutboxSender } from '../messaging/dev-outbox';
import { ChannelRouter } from '../messaging/router';
import { LedgeredSender } from '../messaging/sent-messages';
import type { MessageSender } from '../messaging/message';
import { sendRedemptionVerification, type RedemptionJobDeps, type SendRedemptionVerificationJob } from './send-redemption-verification';
import { expireRedemptionVerification } from './expire-redemption-verification';
import { sendRedemptionOverrideNotice } from './send-redemption-override-notice';
import { hashToken } from './redemption-verification-tokens';
import { evolveRedemptionVerification } from '@dealer/domain/redemption-verification/state';

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase([...WORKER_MIGRATIONS, ...DMS_MIGRATIONS]);
  store = new ProtectedEventStore(new PostgresEventStore(db.sql), new PersonalDataVault(db.sql, randomBytes(32)));
  await db.sql`insert into ref.locations (location_id, location_name, loc_id, is_using_crm) values (1, 'Front Range Toyota', 'FRT', true)`;
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const t0 = new Date();
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const meta = (time: Date = t0) => ({ eventId: randomUUID(), correlationId: 'test', causationId: null, actor: 'user:test', time: time.toISOString() });

class Delayed extends Error {
  constructor(readonly until: number) {
    super('delayed');
  }
}
const delay = async (until: number): Promise<never> => {
  throw new Delayed(until);
};

function deps(now: Date, sender?: MessageSender): RedemptionJobDeps {
  const outbox = new DevOutboxSender(db.sql);
  return { sql: db.sql, store, sender: sender ?? new LedgeredSender(db.sql, new ChannelRouter({ email: outbox, sms: outbox })), publicUrl: 'https://dealer.example/', now: () => now };
}

async function customer(email: string | null, phone: string | null): Promise<string> {
  const customerId = randomUUID();
  await store.appendToStream(customerStreamId(customerId), [
    { type: 'CustomerCreated', data: { customerId, firstName: 'Robin', lastName: 'Test', emailAddress: email, phoneMobile: phone }, metadata: meta() },
  ]);
  return customerId;
}

/** Starts a verification (as the command API would) and answers the job the reactor enqueues. */
async function started(customerId: string, type: 'email' | 'text' = 'email'): Promise<{ id: string; jobId: string; job: SendRedemptionVerificationJob }> {
  const id = randomUUID();
  const sendId = randomUUID();
  const metadata = meta();
  const event: RedemptionVerificationEvent = {
    type: 'RedemptionVerificationStarted',
    data: {
      redemptionVerificationId: id,
      customerId,
      roNumber: '410777',
      locationId: 1,
      type,
      pendingOpCodes: ['LOF', 'BRK'],
      opCodeDescriptions: { LOF: 'Lube, oil and filter change', BRK: null },
      preApprovedOpCodes: [],
      customerVerifiesRedemptions: false,
      startedAt: t0.toISOString(),
      expires: at(1800).toISOString(),
      rateLimitSeconds: 60,
      sendId,
    },
  };
  await store.appendToStream(redemptionVerificationStreamId(id), [{ ...event, metadata }]);
  return { id, jobId: `redemption-verification-send-${metadata.eventId}`, job: { redemptionVerificationId: id, customerId, sendId, eventId: metadata.eventId, correlationId: 'test' } };
}

const append = (id: string, event: RedemptionVerificationEvent, time = t0) => store.appendToStream(redemptionVerificationStreamId(id), [{ ...event, metadata: meta(time) }]);
const stateOf = async (id: string) => (await store.readStream(redemptionVerificationStreamId(id))).reduce(evolveRedemptionVerification, null);
const eventsOf = async (id: string, type: string) => (await store.readStream(redemptionVerificationStreamId(id))).filter((e) => e.type === type);
const outboxTo = (to: string) => db.sql<{ message_id: string; subject: string; body: string }[]>`select message_id, subject, body from dev_outbox where recipient = ${to} order by seq`;

describe('send-redemption-verification', () => {
  it('should e-mail a single-use link whose token is stored only hashed, and record the sending once', async () => {
    const customerId = await customer('rv.mail@example.com', '7205550700');
    const { id, jobId, job } = await started(customerId);
    await sendRedemptionVerification(jobId, job, deps(at(2)), delay);
    const [mail] = await outboxTo('rv.mail@example.com');
    expect(mail!.subject).toBe('Please approve the services on repair order 410777');
    expect(mail!.body).toContain('Hello Robin,');
    expect(mail!.body).toContain('Front Range Toyota');
    expect(mail!.body).toContain('- Lube, oil and filter change (LOF)');
    expect(mail!.body).toContain('valid for 30 minutes');
    const token = /https:\/\/dealer\.example\/verify\/redemption\/([\w-]{43})/.exec(mail!.body)![1]!;
    const rows = await db.sql`select token_hash, redemption_verification_id::text as id, expires_at from redemption_verification_tokens where redemption_verification_id = ${id}`;
    expect(rows).toEqual([{ token_hash: hashToken(token), id, expires_at: at(1800) }]);
    expect((await stateOf(id))!.sentDate).not.toBeNull();

    // A retry after the message went out: nothing new is sent or recorded.
    await sendRedemptionVerification(jobId, job, deps(at(5)), delay);
    expect(await outboxTo('rv.mail@example.com')).toHaveLength(1);
    expect(await eventsOf(id, 'RedemptionVerificationSent')).toHaveLength(1);
  });

  it('should send a fresh link under a new key when the first attempt never went out', async () => {
    const customerId = await customer('rv.retry@example.com', null);
    const { id, jobId, job } = await started(customerId);
    const working = deps(at(1)).sender;
    let fail = true;
    const flaky: MessageSender = { send: async (m) => (fail ? Promise.reject(new Error('provider down')) : working.send(m)) };
    await expect(sendRedemptionVerification(jobId, job, deps(at(1), flaky), delay)).rejects.toThrow('provider down');
    fail = false;
    await sendRedemptionVerification(jobId, job, deps(at(3), flaky), delay);
    const messages = await outboxTo('rv.retry@example.com');
    expect(messages.map((m) => m.message_id)).toEqual([`${jobId}:g2`]);
    const token = /verify\/redemption\/([\w-]+)/.exec(messages[0]!.body)![1]!;
    expect(await db.sql`select generation from redemption_verification_tokens where redemption_verification_id = ${id}`).toEqual([{ generation: 2 }]);
    expect(await db.sql`select 1 from redemption_verification_tokens where token_hash = ${hashToken(token)}`).toHaveLength(1);
  });

  it('should text the link, send a resend only once the rate limit passed, and skip a send a later one replaced', async () => {
    const customerId = await customer(null, '7205550701');
    const { id, jobId, job } = await started(customerId, 'text');
    await sendRedemptionVerification(jobId, job, deps(at(1)), delay);
    const sentDate = (await stateOf(id))!.sentDate!;
    const resend = (sendId: string, seconds: number): RedemptionVerificationEvent => ({
      type: 'RedemptionVerificationResendRequested',
      data: { redemptionVerificationId: id, customerId, type: 'text', sendId, requestedAt: at(seconds).toISOString(), expires: at(seconds + 1800).toISOString() },
    });
    await append(id, resend('00000000-0000-4000-8000-000000000001', 30));
    await append(id, resend('00000000-0000-4000-8000-000000000002', 31));
    const older = { ...job, sendId: '00000000-0000-4000-8000-000000000001' };
    const latest = { ...job, sendId: '00000000-0000-4000-8000-000000000002' };
    // The older resend was replaced: nothing. The latest waits for the limit, then goes out.
    await sendRedemptionVerification('job-older', older, deps(at(70)), delay);
    await expect(sendRedemptionVerification('job-latest', latest, deps(at(31)), delay)).rejects.toMatchObject({ until: Date.parse(sentDate) + 60_000 });
    expect(await outboxTo('7205550701')).toHaveLength(1);
    await sendRedemptionVerification('job-latest', latest, deps(at(70)), delay);
    const texts = await outboxTo('7205550701');
    expect(texts).toHaveLength(2);
    expect(texts[1]!.body).toMatch(/^Dealer Coupons: Front Range Toyota asks you to approve the services on RO# 410777: https:\/\/dealer\.example\/verify\/redemption\/[\w-]+ \(valid 29 minutes\)$/);
    expect((await stateOf(id))!.sentSendIds).toEqual([job.sendId, latest.sendId]);
  });

  it('should send nothing for a verification that is final or expired', async () => {
    const customerId = await customer('rv.final@example.com', null);
    const { id, jobId, job } = await started(customerId);
    await sendRedemptionVerification(jobId, job, deps(at(1801)), delay);
    await append(id, { type: 'RedemptionVerificationOverridden', data: { redemptionVerificationId: id, customerId, by: 'user:x', reason: null, at: t0.toISOString(), approvedOpCodes: ['LOF', 'BRK'] } });
    await sendRedemptionVerification(jobId, job, deps(at(2)), delay);
    expect(await outboxTo('rv.final@example.com')).toHaveLength(0);
  });
});

describe('expire-redemption-verification', () => {
  it('should wait until the expiry, then record it once; a final verification is left alone', async () => {
    const customerId = await customer('rv.expiry@example.com', null);
    const { id, job } = await started(customerId);
    const expireJob = { redemptionVerificationId: id, customerId, eventId: job.eventId, correlationId: 'test' };
    await expect(expireRedemptionVerification(expireJob, deps(at(60)), delay)).rejects.toMatchObject({ until: at(1801).getTime() });
    await expireRedemptionVerification(expireJob, deps(at(1801)), delay);
    await expireRedemptionVerification(expireJob, deps(at(1900)), delay);
    expect(await eventsOf(id, 'RedemptionVerificationExpired')).toHaveLength(1);
    expect((await stateOf(id))!.outcome).toBe('expired');
  });

  it('should wait again when a resend moved the expiry', async () => {
    const customerId = await customer('rv.moved@example.com', null);
    const { id, job } = await started(customerId);
    await append(id, {
      type: 'RedemptionVerificationResendRequested',
      data: { redemptionVerificationId: id, customerId, type: 'email', sendId: randomUUID(), requestedAt: at(600).toISOString(), expires: at(2400).toISOString() },
    });
    const expireJob = { redemptionVerificationId: id, customerId, eventId: job.eventId, correlationId: 'test' };
    await expect(expireRedemptionVerification(expireJob, deps(at(1801)), delay)).rejects.toMatchObject({ until: at(2401).getTime() });
    expect(await eventsOf(id, 'RedemptionVerificationExpired')).toHaveLength(0);
  });
});

describe('send-redemption-override-notice', () => {
  it('should tell the customer on the verification channel, or the other one without that address, once', async () => {
    const customerId = await customer('rv.notice@example.com', null);
    const { id, job } = await started(customerId, 'text');
    await append(id, { type: 'RedemptionVerificationOverridden', data: { redemptionVerificationId: id, customerId, by: 'user:x', reason: 'asked', at: t0.toISOString(), approvedOpCodes: ['LOF', 'BRK'] } });
    const noticeJob = { redemptionVerificationId: id, customerId, eventId: job.eventId, correlationId: 'test' };
    await sendRedemptionOverrideNotice('notice-1', noticeJob, deps(at(5)));
    await sendRedemptionOverrideNotice('notice-1', noticeJob, deps(at(6)));
    const [notice, ...more] = await outboxTo('rv.notice@example.com');
    expect(more).toHaveLength(0);
    expect(notice!.subject).toBe('Services on repair order 410777 were approved on your behalf');
    expect(notice!.body).toContain('- Lube, oil and filter change (LOF)\n- BRK');
    expect(await eventsOf(id, 'RedemptionVerificationOverrideNoticeSent')).toEqual([expect.objectContaining({ data: { redemptionVerificationId: id, customerId, channel: 'email' } })]);
  });
});

describe('the expiry job on the messages queue', () => {
  it('should wait as a delayed job (not a failed attempt) and record the expiry once it passed', async () => {
    const customerId = await customer('rv.queue@example.com', null);
    const id = randomUUID();
    const expires = new Date(Date.now() + 1500);
    await append(id, {
      type: 'RedemptionVerificationStarted',
      data: {
        redemptionVerificationId: id, customerId, roNumber: '410778', locationId: 1, type: 'email', pendingOpCodes: ['LOF'], opCodeDescriptions: { LOF: null },
        preApprovedOpCodes: [], customerVerifiesRedemptions: false, startedAt: new Date().toISOString(), expires: expires.toISOString(), rateLimitSeconds: 60, sendId: randomUUID(),
      },
    });
    const prefix = testRedisPrefix();
    const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const workerRedis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const queue = createMessagesQueue(redis, prefix);
    const worker = createMessagesWorker(workerRedis, prefix, { ...deps(new Date()), now: () => new Date() });
    try {
      await queue.add('expire-redemption-verification', { redemptionVerificationId: id, customerId, eventId: randomUUID(), correlationId: 'test' }, { jobId: `expiry-${id}` });
      const deadline = Date.now() + 10_000;
      while ((await eventsOf(id, 'RedemptionVerificationExpired')).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await eventsOf(id, 'RedemptionVerificationExpired')).toHaveLength(1);
      expect(Date.now()).toBeGreaterThanOrEqual(expires.getTime());
      const job = (await queue.getJob(`expiry-${id}`))!;
      // One attempt (the one that completed): waiting was not a failed attempt.
      expect(await job.getState()).toBe('completed');
      expect(job.attemptsMade).toBe(1);
      expect(job.failedReason).toBeFalsy();
    } finally {
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
      redis.disconnect();
      workerRedis.disconnect();
    }
  });
});
