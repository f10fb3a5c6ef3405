/** The query API as its own process (docker-compose); npm start runs it inside the launcher. */
import Fastify, { type FastifyInstance } from 'fastify';
import { CheckpointWaiter, apiSchemaController, fetchOpenApiPart, registerOpenApi, createLogger, loadSettings, openRuntime, registerApiNotFound, registerAuth, registerErrorHandler, registerNoStore, stopOnSignal, createSessionCheck, createStreamTicketClaim, trustProxyOption } from '@dealer/platform';
import { rolesOfUser } from '@dealer/read-models/user-roles/queries';
import { liveSettings, queryApi } from './app';
import { checkpointsPart, probe, registerHealthDetails, registerPublicHealth, report } from '@dealer/platform/health';

const env = await loadSettings();
const logger = createLogger(env.LOG_LEVEL, 'query-api');
const runtime = await openRuntime(env);
const waiter = new CheckpointWaiter(runtime.sql);
await waiter.start();
const app = Fastify({ loggerInstance: logger, trustProxy: trustProxyOption(env.TRUSTED_PROXIES), schemaController: apiSchemaController() }) as unknown as FastifyInstance;
registerErrorHandler(app);
registerApiNotFound(app);
registerNoStore(app);
// Before any route. GET /api/openapi.json reaches this process (the gateway sends every GET /api here):
// it merges the command API's part, fetched from COMMAND_API_URL on the internal network (ADR 0084).
await registerOpenApi(app, { demoMode: env.APP_MODE === 'demo', otherParts: fetchOpenApiPart(process.env.COMMAND_API_URL ?? 'http://command-api:3000') });
await registerAuth(app, { secret: env.authSecret, sessions: createSessionCheck(runtime.sql, { rolesOf: (userId) => rolesOfUser(runtime.sql, userId) }), streamTickets: createStreamTicketClaim(runtime.sql) });
await app.register(queryApi({ sql: runtime.sql, waiter, demoMode: env.APP_MODE === 'demo', store: runtime.store, live: liveSettings(env) }));
// Health: the database and event store this process reads, and every checkpoint as stored
// (projections and reactor run in their own processes): public /healthz the status only,
// admins the details at /api/system-health.
const health = async () => {
  const [database, eventStore] = await Promise.all([probe(() => runtime.sql`select 1`), probe(() => runtime.store.headPosition())]);
  const head = eventStore.state === 'ready' ? await runtime.store.headPosition().catch(() => null) : null;
  return report({ database, eventStore: { ...eventStore, headPosition: head }, checkpoints: await checkpointsPart(runtime.sql, head) });
};
registerPublicHealth(app, health);
registerHealthDetails(app, health);
await app.listen({ port: env.PORT, host: env.HOST });
stopOnSignal(logger, async () => {
  await app.close();
  await waiter.stop();
  await runtime.close();
});
