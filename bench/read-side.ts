/**
 * The product's read side for bench (e), as npm start's read-side child runs it (ADR 0074;
 * launcher/src/children/read-side.ts): one reader of the log for every projection and the reactor
 * (BullMQ on Redis, under the run's prefix). Started in the bench's own process
 * (BENCH_READ_SIDE=in-process) or in bench/read-side-child.ts.
 */
import { Queue } from 'bullmq';
import { createLogger, createRedis, EventFeed, type EventFeedStats, type EventStore, type Sql } from '@dealer/platform';
import { projections, startProjector } from '@dealer/projector';
import { MESSAGES_QUEUE, startReactor } from '@dealer/workers';

export interface BenchReadSide {
  /** How far every projection has reached: the lowest projection position. */
  reached(): number;
  /** Its reads of the log so far, and the events they carried. */
  feedStats(): EventFeedStats;
  /** Stops it and removes its queue from Redis. */
  stop(): Promise<void>;
}

/** Starts the read side and resolves once every projection and the reactor run (their start-up is not an append cost). */
export async function startBenchReadSide(deps: { sql: Sql; store: EventStore; redisUrl: string; prefix: string }): Promise<BenchReadSide> {
  const { sql, store } = deps;
  const redis = createRedis(deps.redisUrl);
  const queue = new Queue(MESSAGES_QUEUE, { connection: redis, prefix: deps.prefix });
  // A failed batch holds its projection back (and so every catch-up figure): say so on stderr.
  const logger = createLogger(process.env.BENCH_READ_SIDE_LOG ?? 'warn', 'bench-read-side');
  const feed = new EventFeed({ store, sql, onError: (err) => logger.error({ err }, 'feed read failed') });
  const projector = startProjector({ sql, store, projections, feed, logger });
  const reactor = await startReactor({ sql, store, queue, feed, logger });
  const readyBy = performance.now() + 60_000;
  while ((projector.status().some((p) => p.state !== 'running') || reactor.state() !== 'running') && performance.now() < readyBy) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    reached: () => Math.min(...projector.status().map((p) => p.position)),
    feedStats: () => ({ ...feed.stats }),
    async stop() {
      await projector.stop();
      await reactor.stop();
      await feed.stop();
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      redis.disconnect();
    },
  };
}
