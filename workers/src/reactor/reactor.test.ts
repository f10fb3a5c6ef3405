/**
 * The reactor against real PostgreSQL and Redis: one active reactor at a time (a standby takes
 * over), a checkpoint that never moves back, and jobs that fail for good parked in PostgreSQL
 * and delivered once after an admin's retry.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerStreamId } from '@dealer/contracts';
import { PersonalDataVault, PostgresEventStore, ProtectedEventStore, createPool, createRedis, readCheckpoint, type EventStore } from '@dealer/platform';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@dealer/platform/testing/database';
import { WORKER_MIGRATIONS } from '../migrations';
import { DevOutboxSender } from '../messaging/dev-outbox';
import { ChannelRouter } from '../messaging/router';
import { LedgeredSender } from '../messaging/sent-messages';
import type { MessageSender, OutgoingMessage } from '../messaging/message';
import { MESSAGES_QUEUE, createMessagesWorker } from '../queue';
import { REACTOR_CHECKPOINT, advanceReactorCheckpoint, startReactor, type ReactorHandle } from './reactor';
import { FAILED_JOB_RETRY_CHANNEL } from './failed-jobs';

let db: TestDatabase;
let store: EventStore;
const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
beforeAll(async () => {
  db = await createTestDatabase(WORKER_MIGRATIONS);
  store = new ProtectedEventStore(new PostgresEventStore(db.sql, { pollIntervalMs: 100 }), new PersonalDataVault(db.sql, randomBytes(32)));
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
  redis.disconnect();
});

const meta = () => ({ eventId: randomUUID(), correlationId: 'test', causationId: null, actor: 'user:test', time: new Date().toISOString() });

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A customer with an e-mail address who asked for a registration message; answers the event's position. */
async function registrationRequested(email: string): Promise<{ customerId: string; position: number; jobId: string }> {
  const customerId = randomUUID();
  const requested = meta();
  const result = await store.appendToStream(customerStreamId(customerId), [
    { type: 'CustomerCreated', data: { customerId, firstName: 'Robin', lastName: 'Test', emailAddress: email }, metadata: meta() },
    { type: 'RegistrationMessageRequested', data: { customerId, channel: 'email' }, metadata: requested },
  ]);
  return { customerId, position: result.position, jobId: `registration-${requested.eventId}` };
}

const queueFor = (prefix: string, attempts = 8) =>
  new Queue(MESSAGES_QUEUE, { connection: redis, prefix, defaultJobOptions: { attempts, backoff: { type: 'fixed', delay: 20 }, removeOnComplete: { age: 3600 }, removeOnFail: { age: 3600 } } });

describe('reactor: one active at a time', () => {
  it('should run one of two reactors, and let the standby take over when the active one stops', async () => {
    const prefix = testRedisPrefix();
    const queue = queueFor(prefix);
    const reactors: ReactorHandle[] = [];
    try {
      reactors.push(await startReactor({ sql: db.sql, store, queue, standbyRetryMs: 100 }));
      reactors.push(await startReactor({ sql: db.sql, store, queue, standbyRetryMs: 100 }));
      // One runs, the other stands by (a start that met a busy server retries in 100 ms).
      const states = () => reactors.map((r) => r.state()).sort().join(',');
      await waitFor(() => states() === 'running,standby', `one running and one standby reactor (now ${states()})`);
      const [active, standby] = reactors[0]!.state() === 'running' ? [reactors[0]!, reactors[1]!] : [reactors[1]!, reactors[0]!];

      const first = await registrationRequested('first.active@example.com');
      await waitFor(() => active.position() >= first.position, 'the active reactor');
      expect(await queue.getJobState(first.jobId)).not.toBe('unknown');
      // Still the standby: it enqueued nothing and keeps waiting.
      await new Promise((r) => setTimeout(r, 300));
      expect(standby.state()).toBe('standby');

      await active.stop();
      await waitFor(() => standby.state() === 'running', 'the standby to take over');
      const second = await registrationRequested('second.active@example.com');
      await waitFor(() => standby.position() >= second.position, 'the new active reactor');
      expect(await queue.getJobState(second.jobId)).not.toBe('unknown');
      expect(await readCheckpoint(db.sql, REACTOR_CHECKPOINT)).toBeGreaterThanOrEqual(second.position);
    } finally {
      await Promise.all(reactors.map((r) => r.stop()));
      await queue.obliterate({ force: true });
      await queue.close();
    }
  }, 60_000);
});

describe('reactor: stopped twice', () => {
  it('should answer a second stop as the first, without the lock connection it gave back', async () => {
    // A pool of two: the reactor reserves one for its lock and gives it back at its stop. A second
    // stop used that connection again; while the pool had it full (a pipeline of queries, a statement
    // being described), postgres.js queued the statement on the given-back reservation, which nothing
    // runs any more: it waited for ever (a CI run's test of the standby timed out in its clean-up,
    // session 24).
    const sql = createPool(db.url, { max: 2 });
    const prefix = testRedisPrefix();
    const queue = queueFor(prefix);
    try {
      const reactor = await startReactor({ sql, store, queue });
      expect(reactor.state()).toBe('running');
      await reactor.stop();
      // Both connections full: a pipeline of short sleeps on each, about a second long.
      const busy = Promise.all(Array.from({ length: 400 }, () => sql`select pg_sleep(0.005)`));
      const again = await Promise.race([reactor.stop().then(() => 'stopped'), new Promise((r) => setTimeout(() => r('still waiting'), 3_000))]);
      expect(again).toBe('stopped');
      await busy;
      expect(reactor.state()).toBe('stopped');
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
      await sql.end({ timeout: 5 });
    }
  }, 60_000);
});

describe('reactor: checkpoint', () => {
  it('should never move its checkpoint back', async () => {
    const prefix = testRedisPrefix();
    const queue = queueFor(prefix);
    const reactor = await startReactor({ sql: db.sql, store, queue });
    try {
      const first = await registrationRequested('checkpoint.one@example.com');
      await waitFor(() => reactor.position() >= first.position, 'the reactor');
      // Another writer has already gone further (a former active reactor, a late batch).
      const ahead = first.position + 4096 * 1_000_000;
      await db.sql`update checkpoints set position = ${ahead} where name = ${REACTOR_CHECKPOINT}`;
      const second = await registrationRequested('checkpoint.two@example.com');
      expect(second.position).toBeLessThan(ahead);
      await waitFor(() => reactor.position() >= second.position, 'the reactor');
      expect(await readCheckpoint(db.sql, REACTOR_CHECKPOINT)).toBe(ahead);
      await advanceReactorCheckpoint(db.sql, first.position);
      expect(await readCheckpoint(db.sql, REACTOR_CHECKPOINT)).toBe(ahead);
    } finally {
      await reactor.stop();
      await db.sql`update checkpoints set position = (select coalesce(max(global_position), 0) from es_events) where name = ${REACTOR_CHECKPOINT}`;
      await queue.obliterate({ force: true });
      await queue.close();
    }
  }, 60_000);
});

describe('reactor: replay', () => {
  it('should replay from a checkpoint an operator set back, without a restart, enqueuing nothing twice', async () => {
    const prefix = testRedisPrefix();
    const queue = queueFor(prefix);
    const reactor = await startReactor({ sql: db.sql, store, queue, reconcileIntervalMs: 100 });
    try {
      const event = await registrationRequested('replay.one@example.com');
      await waitFor(() => reactor.position() >= event.position, 'the reactor');
      const jobs = await queue.getJobCounts('waiting', 'delayed', 'failed', 'completed', 'active');
      await db.sql`update checkpoints set position = 0 where name = ${REACTOR_CHECKPOINT}`;
      // No event is appended meanwhile: only a replay writes the checkpoint up again.
      await waitFor(async () => (await readCheckpoint(db.sql, REACTOR_CHECKPOINT)) >= event.position, 'the replay to pass the event again');
      expect(await queue.getJobCounts('waiting', 'delayed', 'failed', 'completed', 'active')).toEqual(jobs);
    } finally {
      await reactor.stop();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  }, 60_000);
});

/** An e-mail provider that is down until fixed. */
class BreakableSender implements MessageSender {
  broken = true;
  readonly attempts: string[] = [];
  constructor(private readonly inner: MessageSender) {}
  async send(m: OutgoingMessage) {
    this.attempts.push(m.to);
    if (this.broken) throw Object.assign(new Error('connection refused'), { responseCode: 421 });
    return this.inner.send(m);
  }
}

describe('reactor: jobs that fail for good', () => {
  it('should park a job that failed every attempt, and deliver it once after a retry once the fault is fixed', async () => {
    // Jobs the earlier tests recorded went to their own queues: not this one's business.
    await db.sql`delete from reactor_jobs`;
    const prefix = testRedisPrefix();
    const queue = queueFor(prefix, 3);
    const outbox = new DevOutboxSender(db.sql);
    const provider = new BreakableSender(new ChannelRouter({ email: outbox, sms: outbox }));
    const worker = createMessagesWorker(redis.duplicate(), prefix, {
      sql: db.sql,
      store,
      sender: new LedgeredSender(db.sql, provider),
      publicUrl: 'https://dealer.example/',
      now: () => new Date(),
    });
    const reactor = await startReactor({ sql: db.sql, store, queue, reconcileIntervalMs: 60_000 });
    const email = `parked.${randomUUID().slice(0, 8)}@example.com`;
    try {
      const { jobId } = await registrationRequested(email);
      const parked = () => db.sql<{ job_id: string; name: string; error: string; attempts: number; retry_requested_at: Date | null }[]>`
        select job_id, name, error, attempts, retry_requested_at from failed_jobs where job_id = ${jobId}`;
      await waitFor(async () => (await parked()).length === 1, 'the job to be parked');
      const [row] = await parked();
      expect(row).toMatchObject({ name: 'send-registration-message', attempts: 3, retry_requested_at: null });
      // The provider's text is not kept (it can name addresses): the channel and status only.
      expect(row!.error).toBe('email send failed (provider status 421)');
      expect(provider.attempts.filter((to) => to === email)).toHaveLength(3);
      expect(await queue.getJobState(jobId)).toBe('failed');

      provider.broken = false;
      // What POST /api/failed-jobs/{id}/retry records (command API), and its wake-up.
      await db.sql`update failed_jobs set retry_requested_at = now() where job_id = ${jobId}`;
      await db.sql.notify(FAILED_JOB_RETRY_CHANNEL, jobId);
      await waitFor(async () => (await queue.getJobState(jobId)) === 'completed', 'the retried job to complete');
      await waitFor(async () => (await parked()).length === 0, 'the parked row to go');
      const sent = await db.sql`select 1 from dev_outbox where recipient = ${email}`;
      expect(sent).toHaveLength(1);
      // Asking again for a job that is no longer parked changes nothing.
      await db.sql.notify(FAILED_JOB_RETRY_CHANNEL, jobId);
      await new Promise((r) => setTimeout(r, 500));
      expect(await db.sql`select 1 from dev_outbox where recipient = ${email}`).toHaveLength(1);
    } finally {
      await reactor.stop();
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  }, 60_000);
});
