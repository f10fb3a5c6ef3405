/**
 * The message workers and the pack-sale finaliser (and the Kafka relay when configured) as a
 * child process of `npm start` (ADR 0074). Supervised by the parent (launcher/src/server.ts).
 */
import { createLogger, createRedis, loadSettings, openRuntime, startKafkaRelay } from '@dealer/platform';
import { createMessageSenders, createMessagesWorker, startPackSaleFinaliser, WORKER_MIGRATIONS } from '@dealer/workers';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { childReporter } from '../supervisor';
import type { WorkersReport } from './reports';

const env = await loadSettings();
const logger = createLogger(env.LOG_LEVEL, 'workers');
const runtime = await openRuntime(env, WORKER_MIGRATIONS);
const workerRedis = createRedis(env.REDIS_URL);
// Per channel: SMTP / the HTTP SMS provider where configured, else the development outbox.
const messaging = createMessageSenders(runtime.sql, env);
const worker = createMessagesWorker(
  workerRedis,
  env.REDIS_PREFIX,
  {
    sql: runtime.sql,
    store: runtime.store,
    sender: messaging.sender,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    now: () => new Date(),
    verificationHashKey: verificationHashKey(env.authSecret),
  },
  logger,
);
const finaliser = startPackSaleFinaliser({ sql: runtime.sql, store: runtime.store, logger, intervalMs: env.PACK_SALE_FINALISE_INTERVAL_MS });
// Integration events leave sealed (raw store), so erasing a customer's key covers Kafka too.
const relay = env.KAFKA_BROKERS
  ? startKafkaRelay({ sql: runtime.sql, store: runtime.rawStore, brokers: env.KAFKA_BROKERS, topic: env.KAFKA_TOPIC, logger })
  : null;
logger.info({ providers: messaging.providers }, `workers started${relay ? ', Kafka relay on' : ''}`);

childReporter<WorkersReport>(
  () => ({ workerRunning: worker.isRunning() }),
  async () => {
    await finaliser.stop();
    await relay?.stop();
    await worker.close();
    messaging.close();
    workerRedis.disconnect();
    await runtime.close();
  },
  logger,
);
