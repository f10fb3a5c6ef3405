/**
 * The message workers, the pack-sale finaliser, the form-draft sweep, the coupon expiry reminder sweep (and the Kafka relay when configured) as a
 * child process of `npm start` (ADR 0074). Supervised by the parent (launcher/src/server.ts).
 */
import { createLogger, createRedis, loadSettings, openRuntime, startKafkaRelay } from '@dealer/platform';
import { createMessagesQueue, startCouponReminderSweeper, startFormDraftSweeper, startMessageWorkers, startPackSaleFinaliser, WORKER_MIGRATIONS } from '@dealer/workers';
import { childReporter } from '../supervisor';
import type { WorkersReport } from './reports';

const env = await loadSettings();
const logger = createLogger(env.LOG_LEVEL, 'workers');
const runtime = await openRuntime(env, WORKER_MIGRATIONS);
const messages = startMessageWorkers({ sql: runtime.sql, store: runtime.store, env, logger });
const finaliser = startPackSaleFinaliser({ sql: runtime.sql, store: runtime.store, logger, intervalMs: env.PACK_SALE_FINALISE_INTERVAL_MS });
// Form drafts past their lifetime (decision 0082).
const formDrafts = startFormDraftSweeper({ sql: runtime.sql, logger });
// Coupon expiry reminders (issue 24, ADR 0090): the sweep adds message jobs to the queue this process works.
const redis = createRedis(env.REDIS_URL);
const queue = createMessagesQueue(redis, env.REDIS_PREFIX);
const reminders = startCouponReminderSweeper({ sql: runtime.sql, queue, logger }, env.COUPON_REMINDER_SWEEP_INTERVAL_MS);
// Integration events leave sealed (raw store), so erasing a customer's key covers Kafka too.
const relay = env.KAFKA_BROKERS
  ? startKafkaRelay({ sql: runtime.sql, store: runtime.rawStore, brokers: env.KAFKA_BROKERS, topic: env.KAFKA_TOPIC, logger })
  : null;
logger.info({ providers: messages.providers }, `workers started${relay ? ', Kafka relay on' : ''}`);

childReporter<WorkersReport>(
  () => ({ workerRunning: messages.worker.isRunning() }),
  async () => {
    await finaliser.stop();
    await formDrafts.stop();
    await reminders.stop();
    await queue.close();
    redis.disconnect();
    await relay?.stop();
    await messages.close();
    await runtime.close();
  },
  logger,
);
