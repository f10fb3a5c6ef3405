/**
 * (d) The slow append path and (e) appends while the product runs.
 *
 * (d) expectedRevision 'any' goes through es_append_batch, which examines each append:
 *   any-new: 'any' onto new streams (no conflict: the examination's own cost);
 *   any-hot: 'any' onto BENCH_HOT_STREAMS (4) shared streams: writers take each other's next
 *            revision, and the store sends the losers again after the winner (conflicts).
 * (e) what a command handler appends (CustomerCreated, 'no_stream', personal data sealed by
 *   the vault: a key per new customer), measured
 *   product-idle:    alone;
 *   product-running: while every projection of the product (startProjector) and the reactor
 *                    (startReactor, BullMQ on Redis) run in the same process and database, as
 *                    `npm start` runs them. After the measured time the projections' catch-up
 *                    time (until every one reached the last append) is recorded too.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { customerStreamId } from '@dealer/contracts';
import { createPool, createRedis, EventFeed, migrate, PersonalDataVault, PostgresEventStore, ProtectedEventStore, type Sql } from '@dealer/platform';
import { projections, startProjector } from '@dealer/projector';
import { MESSAGES_QUEUE, WORKER_MIGRATIONS, startReactor } from '@dealer/workers';
import { ALL_PLATFORM_MIGRATIONS } from '@dealer/platform/migrations';
import { appendSession, benchEventData, poolSizeFor, type AppendSession } from './append';
import { RUN_ID } from './lib/databases';

const DATA = benchEventData();
const meta = () => ({ eventId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: 'user:bench', time: new Date().toISOString() });

export const HOT_STREAMS = Math.max(1, Number(process.env.BENCH_HOT_STREAMS ?? 4));
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The slow path: 'any' appends, onto new streams or onto a few shared ones. */
export function anySession(url: string, writers: number, hot: boolean): AppendSession {
  return appendSession(hot ? 'any-hot' : 'any-new', writers, () => {
    const sql: Sql = createPool(url, { max: poolSizeFor(writers) });
    const store = new PostgresEventStore(sql);
    const streams = Array.from({ length: HOT_STREAMS }, (_, i) => `bench-hot-${RUN_ID}-${i}`);
    return {
      append: async () => {
        const stream = hot ? streams[Math.floor(Math.random() * streams.length)]! : `bench-${randomUUID()}`;
        await store.appendToStream(stream, [{ type: 'BenchEvent', data: DATA, metadata: meta() }], { expectedRevision: 'any' });
      },
      close: async () => {
        await store.close();
        await sql.end({ timeout: 5 });
      },
    };
  });
}

/** The product's schema (event store, read models are made by the projector, the workers' tables). */
export async function prepareProduct(url: string): Promise<void> {
  const sql = createPool(url, { max: 1 });
  try {
    await migrate(sql, [...ALL_PLATFORM_MIGRATIONS, ...WORKER_MIGRATIONS]);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Seconds the projections needed, after each measured 'running' segment, to reach the last append. */
export const catchUpSeconds: number[] = [];

/**
 * Per writer count: for each append of a 'running' segment after its warm-up, the milliseconds
 * from the append's answer until every projection's checkpoint had reached it (sampled every 5 ms).
 */
export const caughtUpMs = new Map<number, number[]>();
const WARMUP_MS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1) * 1000;

const MASTER_KEY = randomBytes(32);

function profile(i: string) {
  return {
    firstName: `Bench${i}`, lastName: 'Customer', emailAddress: `bench.${i}@example.com`, phoneMobile: '3035550100', phoneOther: null,
    address: '1 Main St', address2: null, city: 'Denver', state: 'CO', zip: '80202', isTaxExempt: false, verifyRedemptions: false,
  };
}

export function productSession(url: string, writers: number, running: boolean): AppendSession {
  return appendSession(running ? 'product-running' : 'product-idle', writers, async () => {
    // The product's pool (20 connections) is shared by the appends, the projector and the reactor.
    const sql: Sql = createPool(url, { max: Math.max(20, poolSizeFor(writers)) });
    const raw = new PostgresEventStore(sql);
    const store = new ProtectedEventStore(raw, new PersonalDataVault(sql, MASTER_KEY));
    const redis = running ? createRedis(REDIS_URL) : null;
    const queue = redis ? new Queue(MESSAGES_QUEUE, { connection: redis, prefix: `bench:${RUN_ID}` }) : null;
    // One reader of the log for the projections and the reactor, as the product runs them (ADR 0074).
    const feed = running ? new EventFeed({ store, sql }) : null;
    const projector = feed ? startProjector({ sql, store, projections, feed }) : null;
    const reactor = queue && feed ? await startReactor({ sql, store, queue, feed }) : null;
    // Measured once every projection and the reactor are running (their start-up is not an append cost).
    const readyBy = performance.now() + 60_000;
    while (
      ((projector && projector.status().some((p) => p.state !== 'running')) || (reactor && reactor.state() !== 'running')) &&
      performance.now() < readyBy
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    let last = 0;
    // Appends waiting to be reached by every projection: [position, answered at].
    let waiting: [number, number][] = [];
    const lags = caughtUpMs.get(writers) ?? [];
    caughtUpMs.set(writers, lags);
    const measureFrom = performance.now() + WARMUP_MS;
    const sampler = projector
      ? setInterval(() => {
          if (waiting.length === 0) return;
          const reached = Math.min(...projector.status().map((p) => p.position));
          const now = performance.now();
          waiting = waiting.filter(([position, at]) => (position <= reached ? (lags.push(now - at), false) : true));
        }, 5)
      : null;
    return {
      append: async () => {
        const customerId = randomUUID();
        const result = await store.appendToStream(
          customerStreamId(customerId),
          [{ type: 'CustomerCreated', data: { customerId, ...profile(customerId.slice(0, 8)) }, metadata: meta() }],
          { expectedRevision: 'no_stream' },
        );
        last = Math.max(last, result.position);
        if (sampler && performance.now() >= measureFrom) waiting.push([result.position, performance.now()]);
      },
      close: async () => {
        if (projector) {
          const t0 = performance.now();
          const deadline = t0 + 120_000;
          while (projector.status().some((p) => p.position < last) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
          catchUpSeconds.push((performance.now() - t0) / 1000);
          await new Promise((r) => setTimeout(r, 10));
          if (sampler) clearInterval(sampler);
          await projector.stop();
        }
        await reactor?.stop();
        await feed?.stop();
        await queue?.obliterate({ force: true }).catch(() => undefined);
        await queue?.close();
        redis?.disconnect();
        await store.close();
        await sql.end({ timeout: 5 });
      },
    };
  });
}
