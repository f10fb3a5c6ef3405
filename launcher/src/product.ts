/**
 * The composition root: the whole product in one process (command API, query API, projector,
 * reactor, workers, web client) on one port. docker-compose runs the same parts as separate
 * processes through each part's own server.ts.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  ALL_PLATFORM_MIGRATIONS,
  apiSchemaController,
  CheckpointWaiter,
  EventFeed,
  PersonalDataVault,
  ProtectedEventStore,
  createEventStore,
  createLogger,
  createPool,
  createRedis,
  createSessionCheck,
  createStreamTicketClaim,
  ensureDatabase,
  migrate,
  registerAuth,
  registerErrorHandler,
  registerNoStore,
  registerOpenApi,
  startKafkaRelay,
  trustProxyOption,
  type Env,
  type EventStore,
  type Logger,
  type Sql,
} from '@dealer/platform';
import { IDENTITY_MIGRATIONS, authSettings, commandApi } from '@dealer/command-api';
import { createPaymentProvider } from '@dealer/platform/payments/index';
import { liveSettings, queryApi } from '@dealer/query-api';
import { projections, startProjector, type ProjectorHandle } from '@dealer/projector';
import {
  WORKER_MIGRATIONS,
  createMessagesQueue,
  startAbandonedOrderSweeper,
  startGiftExpirySweeper,
  startPackSaleFinaliser,
  startReactor,
  startMessageWorkers,
  startFormDraftSweeper,
  startCouponReminderSweeper,
} from '@dealer/workers';
import { giftTokenKey } from '@dealer/platform/auth/gift-token';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { registerHealth } from './health';
import { registerSecurityHeaders, stripeCspSources } from './security-headers';
import { registerWebStatic } from './web-static';
import { REPO_ROOT } from './paths';
import { rolesOfUser } from '@dealer/read-models/user-roles/queries';

export { REPO_ROOT };
export const PRODUCT_MIGRATIONS = [...ALL_PLATFORM_MIGRATIONS, ...WORKER_MIGRATIONS, ...IDENTITY_MIGRATIONS];

export interface Product {
  app: FastifyInstance;
  /** Every route registered, as 'METHOD /url' (the authorisation matrix checks each). */
  routes: string[];
  /** Each route as registered (its schema and config), by 'METHOD /url': the OpenAPI test checks the document against them. */
  definitions: Map<string, RouteOptions>;
  sql: Sql;
  /** The event store the APIs write to (personal data opened on read); tests scan what was stored. */
  store: ProtectedEventStore;
  projector: ProjectorHandle;
  logger: Logger;
  stop(): Promise<void>;
}

export type ProductEnv = Env & { piiMasterKey: Buffer; authSecret: string };

export async function prepareDatabase(env: ProductEnv, options: { applicationName?: string } = {}): Promise<Sql> {
  await ensureDatabase(env.DATABASE_URL);
  const sql = createPool(env.DATABASE_URL, { max: 20, ...options });
  await migrate(sql, PRODUCT_MIGRATIONS);
  return sql;
}

/** The parts of the product that serve no request: what /healthz reports of them, and how they stop. */
export interface BackgroundParts {
  projector: ProjectorHandle;
  reactor: { state(): string; position(): number };
  worker: { isRunning(): boolean };
  stop(): Promise<void>;
}

/** The read side (every projection and the reactor behind one reader of the log) and the workers, in this process. */
async function startInProcessParts(env: ProductEnv, sql: Sql, store: ProtectedEventStore, rawStore: EventStore, logger: Logger): Promise<BackgroundParts> {
  // One reader of the log for every projection and the reactor (ADR 0074).
  const feed = new EventFeed({ store, sql, onError: (error) => logger.error({ err: String(error) }, 'read side: reading the log failed; retrying') });
  const projector = startProjector({ sql, store, projections, logger, feed });
  const redis = createRedis(env.REDIS_URL);
  const queue = createMessagesQueue(redis, env.REDIS_PREFIX);
  const messages = startMessageWorkers({ sql, store, env, logger });
  const reactor = await startReactor({ sql, store, queue, logger, feed });
  const finaliser = startPackSaleFinaliser({ sql, store, logger, intervalMs: env.PACK_SALE_FINALISE_INTERVAL_MS });
  // Form drafts past their lifetime (decision 0082).
  const formDrafts = startFormDraftSweeper({ sql, logger });
  // Coupon expiry reminders (issue 24, ADR 0090): one active sweep across processes.
  const reminders = startCouponReminderSweeper({ sql, queue, logger }, env.COUPON_REMINDER_SWEEP_INTERVAL_MS);
  // Integration events leave sealed (raw store), so erasing a customer's key covers Kafka too.
  const relay = env.KAFKA_BROKERS
    ? startKafkaRelay({ sql, store: rawStore, brokers: env.KAFKA_BROKERS, topic: env.KAFKA_TOPIC, logger })
    : null;
  return {
    projector,
    reactor,
    worker: messages.worker,
    async stop() {
      await reactor.stop();
      await finaliser.stop();
      await formDrafts.stop();
      await reminders.stop();
      await relay?.stop();
      await messages.close();
      await queue.close();
      await projector.stop();
      await feed.stop();
      redis.disconnect();
    },
  };
}

export async function startProduct(
  env: ProductEnv,
  options: { logger?: Logger; webDist?: string | null; external?: BackgroundParts } = {},
): Promise<Product> {
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const sql = await prepareDatabase(env);
  const rawStore = await createEventStore(env, sql);
  // The keys' own database when PII_KEY_DATABASE_URL is set (closed with the store).
  const vault = await PersonalDataVault.open(sql, env);
  const store = new ProtectedEventStore(rawStore, vault);

  const waiter = new CheckpointWaiter(sql);
  await waiter.start();
  const redis = createRedis(env.REDIS_URL);
  // The read side and the workers: in this process, or (npm start) in supervised child processes.
  const parts = options.external ?? (await startInProcessParts(env, sql, store, rawStore, logger));
  // The payment sweeps (workers' jobs, ADR 0073) run beside the command API, whatever the layout: they share its
  // payment provider, and the demo provider keeps its payments in this process's memory.
  const payments = createPaymentProvider(env);
  const giftExpiry = startGiftExpirySweeper({ store, sql, provider: payments, logger });
  const abandonedOrders = startAbandonedOrderSweeper({ store, sql, provider: payments, giftKey: giftTokenKey(verificationHashKey(env.authSecret)), logger });

  const app = Fastify({ loggerInstance: logger, trustProxy: trustProxyOption(env.TRUSTED_PROXIES), schemaController: apiSchemaController() }) as unknown as FastifyInstance;
  const routes: string[] = [];
  const definitions = new Map<string, RouteOptions>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push(`${method} ${route.url}`);
      definitions.set(`${method} ${route.url}`, route);
    }
  });
  registerErrorHandler(app);
  registerNoStore(app);
  // Before any route: the OpenAPI generator collects the routes as they are registered (ADR 0084).
  await registerOpenApi(app, { demoMode: env.APP_MODE === 'demo' });
  await registerSecurityHeaders(app, { publicUrl: env.PUBLIC_URL, stripe: stripeCspSources(env) });
  await registerAuth(app, { secret: env.authSecret, sessions: createSessionCheck(sql, { rolesOf: (userId) => rolesOfUser(sql, userId) }), streamTickets: createStreamTicketClaim(sql) });
  await app.register(commandApi({ store, sql, waiter, ...authSettings(env), payments, smsWebhookSecret: env.SMS_WEBHOOK_SECRET ?? null }));
  await app.register(queryApi({ sql, waiter, demoMode: env.APP_MODE === 'demo', store, live: liveSettings(env) }));
  registerHealth(app, { sql, redis, store, projector: parts.projector, worker: parts.worker, reactor: parts.reactor });
  await registerWebStatic(app, options.webDist === undefined ? (env.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist')) : options.webDist);

  let stopped = false;
  return {
    app,
    routes,
    definitions,
    sql,
    store,
    projector: parts.projector,
    logger,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await giftExpiry?.stop();
      await abandonedOrders?.stop();
      await parts.stop();
      await waiter.stop();
      await store.close();
      redis.disconnect();
      await sql.end({ timeout: 5 });
    },
  };
}
