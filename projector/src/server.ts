/** The projector as its own process: one active instance per projection, others stand by. */
import { createLogger, loadEnv, openRuntime, stopOnSignal } from '@dealer/platform';
import { projections } from './projections/index';
import { startProjector } from './runner';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL, 'projector');
const runtime = await openRuntime(env);
const projector = startProjector({ sql: runtime.sql, store: runtime.store, projections, logger });
logger.info(`projector started: ${projections.map((p) => p.name).join(', ')}`);
stopOnSignal(logger, async () => {
  await projector.stop();
  await runtime.close();
});
