/**
 * The message workers, the pack-sale finaliser and the form-draft sweep (and the Kafka relay when configured) as a
 * child process of `npm start` (ADR 0074). Supervised by the parent (launcher/src/server.ts).
 */
import { createLogger, loadSettings, openRuntime, startKafkaRelay } from '@dealer/platform';
import { startFormDraftSweeper, startMessageWorkers, startPackSaleFinaliser, WORKER_MIGRATIONS } from '@dealer/workers';
import { childReporter } from '../supervisor';
import type { WorkersReport } from './reports';

const env = await loadSettings();
const logger = createLogger(env.LOG_LEVEL, 'workers');
const runtime = await openRuntime(env, WORKER_MIGRATIONS);
const messages = startMessageWorkers({ sql: runtime.sql, store: runtime.store, env, logger });
const finaliser = startPackSaleFinaliser({ sql: runtime.sql, store: runtime.store, logger, intervalMs: env.PACK_SALE_FINALISE_INTERVAL_MS });
// Form drafts past their lifetime (decision 0082).
const formDrafts = startFormDraftSweeper({ sql: runtime.sql, logger });
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
    await relay?.stop();
    await messages.close();
    await runtime.close();
  },
  logger,
);
