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
 *                    (startReactor, BullMQ on Redis) run on the same database in a child
 *                    process, as `npm start` runs them (ADR 0074; bench/read-side-child.ts).
 *                    BENCH_READ_SIDE=in-process runs them in the bench's own process instead,
 *                    as the tests do (and as npm start did before ADR 0074). After the measured
 *                    time the projections' catch-up time (until every one reached the last
 *                    append) is recorded too.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { randomBytes, randomUUID } from 'node:crypto';
import { customerStreamId } from '@dealer/contracts';
import { createPool, migrate, PersonalDataVault, PostgresEventStore, ProtectedEventStore, type EventFeedStats, type Sql } from '@dealer/platform';
import { WORKER_MIGRATIONS } from '@dealer/workers';
import { ALL_PLATFORM_MIGRATIONS } from '@dealer/platform/migrations';
import { appendSession, benchEventData, poolSizeFor, type AppendSession } from './append';
import type { ReadSideMessage } from './read-side-child';
import { startBenchReadSide, type BenchReadSide } from './read-side';
import { RUN_ID } from './lib/databases';
import { loadSettings } from './lib/settings';

const DATA = benchEventData();
const meta = () => ({ eventId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: 'user:bench', time: new Date().toISOString() });

export const HOT_STREAMS = Math.max(1, Number(process.env.BENCH_HOT_STREAMS ?? 4));
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The Redis keys of this run's read sides (BullMQ's queues) live under it. */
export const REDIS_PREFIX = `bench:${RUN_ID}`;

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
/** Per writer count: the read side's reads of the log during the measured part of the 'running' segments (after warm-up, up to the last append's catch-up), and the events they carried. */
export const readSideReads = new Map<number, EventFeedStats>();
/** The product cases' warm-up (settings: productWarmupSeconds); the lags are sampled after it. */
const WARMUP_MS = loadSettings().productWarmupSeconds * 1000;

const MASTER_KEY = randomBytes(32);

/** Where bench (e) runs the read side: a child process (as npm start) unless BENCH_READ_SIDE=in-process. */
export const READ_SIDE_IN_PROCESS = process.env.BENCH_READ_SIDE === 'in-process';

/** The read side as npm start runs it, in its own process (bench/read-side-child.ts). */
async function forkReadSide(url: string): Promise<BenchReadSide> {
  let reached = 0;
  let stats: EventFeedStats = { reads: 0, events: 0 };
  const child: ChildProcess = fork(fileURLToPath(new URL('./read-side-child.ts', import.meta.url)), [], {
    // BENCH_READ_SIDE_PROFILE=<dir> writes the read side's CPU profile there (node --cpu-prof).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_READ_SIDE_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_READ_SIDE_PROFILE}`] : [])],
    env: { ...process.env, BENCH_CHILD_URL: url, BENCH_CHILD_REDIS_URL: REDIS_URL, BENCH_CHILD_PREFIX: REDIS_PREFIX, BENCH_CHILD_MASTER_KEY: MASTER_KEY.toString('hex') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the read side did not start within 60 s')), 60_000);
    child.on('message', (message: ReadSideMessage) => {
      if (message.kind === 'reached') {
        reached = message.position;
        stats = message.stats;
      }
      if (message.kind === 'ready') {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the read side exited with ${code}`)));
  });
  return {
    reached: () => reached,
    feedStats: () => stats,
    async stop() {
      child.send({ kind: 'stop' });
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Waits until the read side has reached `position` (at most 120 s); resolves with the seconds it took. */
async function untilReached(readSide: BenchReadSide, position: number): Promise<number> {
  const t0 = performance.now();
  while (readSide.reached() < position && performance.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 20));
  return (performance.now() - t0) / 1000;
}

function profile(i: string) {
  return {
    firstName: `Bench${i}`, lastName: 'Customer', emailAddress: `bench.${i}@example.com`, phoneMobile: '3035550100', phoneOther: null,
    address: '1 Main St', address2: null, city: 'Denver', state: 'CO', zip: '80202', isTaxExempt: false, verifyRedemptions: false,
  };
}

export function productSession(url: string, writers: number, running: boolean): AppendSession {
  return appendSession(running ? 'product-running' : 'product-idle', writers, async () => {
    // The product's pool (20 connections), shared by the appends and, in process, the projector and the reactor.
    const sql: Sql = createPool(url, { max: Math.max(20, poolSizeFor(writers)) });
    const raw = new PostgresEventStore(sql);
    const store = new ProtectedEventStore(raw, new PersonalDataVault(sql, MASTER_KEY));
    const inProcess = running && READ_SIDE_IN_PROCESS ? await startBenchReadSide({ sql, store, redisUrl: REDIS_URL, prefix: REDIS_PREFIX }) : null;
    const child = running && !READ_SIDE_IN_PROCESS ? await forkReadSide(url) : null;
    const readSide = inProcess ?? child;
    // The "alone" segments append with no read side: the log they leave (tens of thousands of
    // events at 32 writers) is caught up before this segment's warm-up starts, or its first
    // seconds would measure that backlog, not the lag behind live appends.
    if (readSide) {
      const seconds = await untilReached(readSide, await raw.headPosition());
      if (seconds >= 0.5) process.stderr.write(`[bench]   the read side caught up the earlier segments' log in ${seconds.toFixed(1)} s\n`);
    }
    let last = 0;
    /** The read side's reads of the log when the measured part of the segment began. */
    let statsAtMeasure: EventFeedStats | null = null;
    // Appends waiting to be reached by every projection: [position, answered at].
    let waiting: [number, number][] = [];
    const lags = caughtUpMs.get(writers) ?? [];
    caughtUpMs.set(writers, lags);
    const measureFrom = performance.now() + WARMUP_MS;
    const sampler = readSide
      ? setInterval(() => {
          if (waiting.length === 0) return;
          const reached = readSide.reached();
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
        if (readSide && performance.now() >= measureFrom) {
          statsAtMeasure ??= readSide.feedStats();
          waiting.push([result.position, performance.now()]);
        }
      },
      close: async () => {
        if (readSide) {
          catchUpSeconds.push(await untilReached(readSide, last));
          await new Promise((r) => setTimeout(r, 10));
          if (sampler) clearInterval(sampler);
          if (statsAtMeasure) {
            const end = readSide.feedStats();
            const sum = readSideReads.get(writers) ?? { reads: 0, events: 0 };
            readSideReads.set(writers, { reads: sum.reads + end.reads - statsAtMeasure.reads, events: sum.events + end.events - statsAtMeasure.events });
          }
          await readSide.stop();
        }
        await store.close();
        await sql.end({ timeout: 5 });
      },
    };
  });
}
