/** The command API as its own process (docker-compose); npm start runs it inside the launcher. */
import Fastify, { type FastifyInstance } from 'fastify';
import { CheckpointWaiter, apiSchemaController, registerOpenApi, createLogger, loadSettings, openRuntime, registerApiNotFound, registerAuth, registerErrorHandler, registerNoStore, stopOnSignal, createSessionCheck, trustProxyOption } from '@dealer/platform';
import { rolesOfUser } from '@dealer/read-models/user-roles/queries';
import { authSettings, commandApi } from './app';
import { createPaymentProvider } from '@dealer/platform/payments/index';
import { IDENTITY_MIGRATIONS } from './identity/schema';
import { probe, registerPublicHealth, report } from '@dealer/platform/health';

const env = await loadSettings();
const logger = createLogger(env.LOG_LEVEL, 'command-api');
const runtime = await openRuntime(env, IDENTITY_MIGRATIONS);
const waiter = new CheckpointWaiter(runtime.sql);
await waiter.start();
const app = Fastify({ loggerInstance: logger, trustProxy: trustProxyOption(env.TRUSTED_PROXIES), schemaController: apiSchemaController() }) as unknown as FastifyInstance;
registerErrorHandler(app);
registerApiNotFound(app);
registerNoStore(app);
// Before any route (the generator collects them). This process's part of the API description is
// served internally to the query API, which merges it into GET /api/openapi.json (ADR 0084).
await registerOpenApi(app, { demoMode: env.APP_MODE === 'demo', servePart: true });
await registerAuth(app, { secret: env.authSecret, sessions: createSessionCheck(runtime.sql, { rolesOf: (userId) => rolesOfUser(runtime.sql, userId) }) });
await app.register(commandApi({ store: runtime.store, sql: runtime.sql, waiter, ...authSettings(env), payments: createPaymentProvider(env), smsWebhookSecret: env.SMS_WEBHOOK_SECRET ?? null }));
// Public /healthz: the status of what this process needs (database, event store); details at the query API's /api/system-health.
registerPublicHealth(app, async () =>
  report({
    database: await probe(() => runtime.sql`select 1`),
    eventStore: await probe(() => runtime.store.headPosition()),
  }),
);
await app.listen({ port: env.PORT, host: env.HOST });
stopOnSignal(logger, async () => {
  await app.close();
  await waiter.stop();
  await runtime.close();
});
