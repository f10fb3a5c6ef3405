/**
 * The product's read side for bench (e), in its own process as `npm start` runs it (ADR 0074:
 * launcher/src/children/read-side.ts): every projection and the reactor behind one reader of the
 * log. Forked by product-load.ts with the database, Redis and the vault's master key in its
 * environment; it tells the parent when everything runs (`ready`), then every 5 ms how far every
 * projection has reached (`reached`: the lowest projection position), and stops on `stop`.
 */
import { Queue } from 'bullmq';
import { createPool, createRedis, EventFeed, PersonalDataVault, PostgresEventStore, ProtectedEventStore, type Sql } from '@dealer/platform';
import { projections, startProjector } from '@dealer/projector';
import { MESSAGES_QUEUE, startReactor } from '@dealer/workers';

export type ReadSideMessage = { kind: 'ready' } | { kind: 'reached'; position: number } | { kind: 'stopped' };

const { BENCH_CHILD_URL, BENCH_CHILD_REDIS_URL, BENCH_CHILD_PREFIX, BENCH_CHILD_MASTER_KEY } = process.env;
if (!BENCH_CHILD_URL || !BENCH_CHILD_REDIS_URL || !BENCH_CHILD_PREFIX || !BENCH_CHILD_MASTER_KEY || !process.send) {
  throw new Error('bench/read-side-child.ts is forked by bench/product-load.ts');
}
const send = (message: ReadSideMessage) => process.send?.(message);

// The read side's own pool, as the child of npm start has its own.
const sql: Sql = createPool(BENCH_CHILD_URL, { max: 20 });
const store = new ProtectedEventStore(new PostgresEventStore(sql), new PersonalDataVault(sql, Buffer.from(BENCH_CHILD_MASTER_KEY, 'hex')));
const redis = createRedis(BENCH_CHILD_REDIS_URL);
const queue = new Queue(MESSAGES_QUEUE, { connection: redis, prefix: BENCH_CHILD_PREFIX });
const feed = new EventFeed({ store, sql });
const projector = startProjector({ sql, store, projections, feed });
const reactor = await startReactor({ sql, store, queue, feed });

const readyBy = performance.now() + 60_000;
while ((projector.status().some((p) => p.state !== 'running') || reactor.state() !== 'running') && performance.now() < readyBy) {
  await new Promise((r) => setTimeout(r, 20));
}
send({ kind: 'ready' });
const reporter = setInterval(() => send({ kind: 'reached', position: Math.min(...projector.status().map((p) => p.position)) }), 5);

process.on('message', (message: { kind?: string }) => {
  if (message?.kind !== 'stop') return;
  clearInterval(reporter);
  void (async () => {
    await projector.stop();
    await reactor.stop();
    await feed.stop();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    redis.disconnect();
    await store.close();
    await sql.end({ timeout: 5 });
    send({ kind: 'stopped' });
    process.disconnect?.();
    process.exit(0);
  })();
});
