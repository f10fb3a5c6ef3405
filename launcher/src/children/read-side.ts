/**
 * The read side as a child process of `npm start` (ADR 0074): every projection and the reactor
 * behind one reader of the log, on their own event loop, so an API request never waits behind
 * a projection's batch. Supervised by the parent (launcher/src/server.ts).
 */
import { createLogger, createRedis, EventFeed, loadSettings, openRuntime } from '@dealer/platform';
import { projections, startProjector } from '@dealer/projector';
import { createMessagesQueue, startReactor, WORKER_MIGRATIONS } from '@dealer/workers';
import { childReporter } from '../supervisor';
import type { ReadSideReport } from './reports';

const env = await loadSettings();
const logger = createLogger(env.LOG_LEVEL, 'read-side');
const runtime = await openRuntime(env, WORKER_MIGRATIONS);
const redis = createRedis(env.REDIS_URL);
const queue = createMessagesQueue(redis, env.REDIS_PREFIX);
const feed = new EventFeed({ store: runtime.store, sql: runtime.sql, onError: (error) => logger.error({ err: String(error) }, 'reading the log failed; retrying') });
const projector = startProjector({ sql: runtime.sql, store: runtime.store, projections, logger, feed });
const reactor = await startReactor({ sql: runtime.sql, store: runtime.store, queue, logger, feed });
logger.info('read side started: projections and reactor');

childReporter<ReadSideReport>(
  () => ({ projections: projector.status(), reactor: { state: reactor.state(), position: reactor.position() } }),
  async () => {
    await reactor.stop();
    await projector.stop();
    await feed.stop();
    await queue.close();
    redis.disconnect();
    await runtime.close();
  },
  logger,
);
