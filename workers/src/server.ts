/** The reactor, the message workers and the periodic sweeps as their own process (docker-compose). */
import { createLogger, createRedis, loadSettings, openRuntime, startKafkaRelay, stopOnSignal } from '@dealer/platform';
import { WORKER_MIGRATIONS } from './migrations';
import { createMessagesQueue } from './queue';
import { startMessageWorkers } from './message-workers';
import { startReactor } from './reactor/reactor';
import { startPackSaleFinaliser } from './jobs/finalise-closed-sales';
import { startGiftExpirySweeper } from './jobs/gift-expiry';
import { startAbandonedOrderSweeper } from './jobs/abandoned-orders';
import { startFormDraftSweeper } from './jobs/form-draft-expiry';
import { startCouponReminderSweeper } from './jobs/coupon-reminders';
import { createPaymentProvider } from '@dealer/platform/payments/index';
import { giftTokenKey } from '@dealer/platform/auth/gift-token';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { probe, report, startHealthServer, workersPart } from '@dealer/platform/health';

const env = await loadSettings();
const logger = createLogger(env.LOG_LEVEL, 'workers');
const runtime = await openRuntime(env, WORKER_MIGRATIONS);
const redis = createRedis(env.REDIS_URL);
const queue = createMessagesQueue(redis, env.REDIS_PREFIX);
const messages = startMessageWorkers({ sql: runtime.sql, store: runtime.store, env, logger });
const reactor = await startReactor({ sql: runtime.sql, store: runtime.store, queue, logger });
const finaliser = startPackSaleFinaliser({ sql: runtime.sql, store: runtime.store, logger, intervalMs: env.PACK_SALE_FINALISE_INTERVAL_MS });
// Form drafts past their lifetime (decision 0082).
const formDrafts = startFormDraftSweeper({ sql: runtime.sql, logger });
// Coupon expiry reminders (issue 24, ADR 0090): one active sweep across processes.
const reminders = startCouponReminderSweeper({ sql: runtime.sql, queue, logger }, env.COUPON_REMINDER_SWEEP_INTERVAL_MS);
// Gifts ending unclaimed and abandoned online orders (none when online purchase is off). The demo
// provider keeps its payments in memory, per process: see docs/decisions/0073-periodic-jobs-in-workers.md.
const payments = createPaymentProvider(env);
const giftKey = giftTokenKey(verificationHashKey(env.authSecret));
const giftExpiry = startGiftExpirySweeper({ store: runtime.store, sql: runtime.sql, provider: payments, logger });
const abandonedOrders = startAbandonedOrderSweeper({ store: runtime.store, sql: runtime.sql, provider: payments, giftKey, logger });
// Integration events leave sealed (raw store), so erasing a customer's key covers Kafka too.
const relay = env.KAFKA_BROKERS
  ? startKafkaRelay({ sql: runtime.sql, store: runtime.rawStore, brokers: env.KAFKA_BROKERS, topic: env.KAFKA_TOPIC, logger })
  : null;
logger.info({ providers: messages.providers }, `reactor and workers started${relay ? ', Kafka relay on' : ''}`);
// Health on this process's port (not published): database, Redis, the message worker, the
// reactor running or standing by and its lag; /healthz the status only, /internal/health the details.
const health = await startHealthServer({
  port: env.PORT,
  host: env.HOST,
  logger,
  check: async () => {
    const [database, redisPart, eventStore] = await Promise.all([
      probe(() => runtime.sql`select 1`),
      probe(() => redis.ping()),
      probe(() => runtime.store.headPosition()),
    ]);
    const head = eventStore.state === 'ready' ? await runtime.store.headPosition().catch(() => null) : null;
    return report({ database, redis: redisPart, eventStore: { ...eventStore, headPosition: head }, workers: workersPart({ worker: messages.worker, reactor }, redisPart, head) });
  },
});
stopOnSignal(logger, async () => {
  await health.close();
  await reactor.stop();
  await finaliser.stop();
  await formDrafts.stop();
  await reminders.stop();
  await giftExpiry?.stop();
  await abandonedOrders?.stop();
  await relay?.stop();
  await messages.close();
  await queue.close();
  redis.disconnect();
  await runtime.close();
});
