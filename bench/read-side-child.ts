/**
 * The product's read side for bench (e), in its own process as `npm start` runs it (ADR 0074):
 * bench/read-side.ts behind its own pool of 20. Forked by product-load.ts with the database,
 * Redis and the vault's master key in its environment; it tells the parent when everything runs
 * (`ready`), then every 5 ms how far every projection has reached and its reads of the log so far (`reached`), and stops on `stop`.
 */
import { createPool, PersonalDataVault, PostgresEventStore, ProtectedEventStore, type EventFeedStats, type Sql } from '@dealer/platform';
import { startBenchReadSide } from './read-side';

export type ReadSideMessage = { kind: 'ready' } | { kind: 'reached'; position: number; stats: EventFeedStats } | { kind: 'stopped' };

const { BENCH_CHILD_URL, BENCH_CHILD_REDIS_URL, BENCH_CHILD_PREFIX, BENCH_CHILD_MASTER_KEY } = process.env;
if (!BENCH_CHILD_URL || !BENCH_CHILD_REDIS_URL || !BENCH_CHILD_PREFIX || !BENCH_CHILD_MASTER_KEY || !process.send) {
  throw new Error('bench/read-side-child.ts is forked by bench/product-load.ts');
}
const send = (message: ReadSideMessage) => process.send?.(message);

const sql: Sql = createPool(BENCH_CHILD_URL, { max: 20 });
const store = new ProtectedEventStore(new PostgresEventStore(sql), new PersonalDataVault(sql, Buffer.from(BENCH_CHILD_MASTER_KEY, 'hex')));
const readSide = await startBenchReadSide({ sql, store, redisUrl: BENCH_CHILD_REDIS_URL, prefix: BENCH_CHILD_PREFIX });
send({ kind: 'ready' });
const reporter = setInterval(() => send({ kind: 'reached', position: readSide.reached(), stats: readSide.feedStats() }), 5);

process.on('message', (message: { kind?: string }) => {
  if (message?.kind !== 'stop') return;
  clearInterval(reporter);
  void (async () => {
    await readSide.stop();
    await store.close();
    await sql.end({ timeout: 5 });
    send({ kind: 'stopped' });
    process.disconnect?.();
    process.exit(0);
  })();
});
