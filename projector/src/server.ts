/** The projector as its own process: one active instance per projection, others stand by. */
import { createLogger, loadSettings, openRuntime, stopOnSignal } from '@dealer/platform';
import { probe, projectionsPart, report, startHealthServer } from '@dealer/platform/health';
import { projections } from '@dealer/read-models/projections';
import { startProjector } from './runner';

const env = await loadSettings();
const logger = createLogger(env.LOG_LEVEL, 'projector');
const runtime = await openRuntime(env);
const projector = startProjector({ sql: runtime.sql, store: runtime.store, projections, logger });
logger.info(`projector started: ${projections.map((p) => p.name).join(', ')}`);
// Health on this process's port (not published): each projection running or standing by, its
// lag and parked events; /healthz the status only, /internal/health the details.
const health = await startHealthServer({
  port: env.PORT,
  host: env.HOST,
  logger,
  check: async () => {
    const [database, eventStore] = await Promise.all([probe(() => runtime.sql`select 1`), probe(() => runtime.store.headPosition())]);
    const head = eventStore.state === 'ready' ? await runtime.store.headPosition().catch(() => null) : null;
    return report({ database, eventStore: { ...eventStore, headPosition: head }, projector: projectionsPart(projector.status(), head) });
  },
});
stopOnSignal(logger, async () => {
  await health.close();
  await projector.stop();
  await runtime.close();
});
