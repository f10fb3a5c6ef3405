/**
 * Starts the whole product for a test: a fresh database and Redis prefix, a free port, the
 * built web client. stop() closes everything and drops the database.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createRedis, dropDatabase, loadSettings, type Sql } from '@dealer/platform';
import { REPO_ROOT, startProduct, type Product, type ProductEnv } from '../product';
import { seedDemoData } from '../demo/seed';
import { copyTemplateDatabase } from './template-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This vitest run's id (global-setup.ts): names its template database and prefixes its Redis keys. */
    testRunId: string;
  }
}

/** The vitest run's id, or null outside a vitest run with the global set-up (e.g. a script). */
function testRunId(): string | null {
  if (!process.env.VITEST) return null;
  try {
    return inject('testRunId') ?? null;
  } catch {
    return null;
  }
}

/** Settings a copy of the seeded template cannot honour: they change what the seed stored or sealed. */
const OWN_INSTALL = ['APP_MODE', 'AUTH_SECRET', 'PII_MASTER_KEY', 'DATABASE_URL'] as const;

/** Removes every Redis key under `prefix` (BullMQ's queues of one test server). */
export async function dropRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = createRedis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export interface TestServer {
  url: string;
  databaseUrl: string;
  redisPrefix: string;
  /** The settings it started with, its secrets included (generated for its database unless options.env set them). */
  env: ProductEnv;
  product: Product;
  stop(): Promise<void>;
}

/** Demo repair orders a test server loads (npm start loads 3,000). */
export const TEST_DEMO_REPAIR_ORDERS = 1000;

/** Resolves once every projection has caught up with everything stored so far. */
export async function waitForProjections(product: Product, timeoutMs = 20_000): Promise<void> {
  const [row] = await product.sql<{ head: string | null }[]>`select max(global_position) as head from es_events`;
  const head = Number(row?.head ?? 0);
  const deadline = Date.now() + timeoutMs;
  while (product.projector.status().some((p) => p.position < head)) {
    if (Date.now() > deadline) throw new Error('projections did not catch up in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Holds a projection back, as a long batch or a rebuild's swap holds it: its checkpoint row is
 * locked (its next batch waits) from when this resolves until `release()`, which resolves once the
 * lock is let go. Call release in a finally: a failed test must not leave the lock held.
 */
export async function holdProjection(sql: Sql, name: string): Promise<{ release: () => Promise<void> }> {
  let letGo: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let locked: () => void = () => undefined;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const holding = sql.begin(async (tx) => {
    await tx`select position from checkpoints where name = ${name} for update`;
    locked();
    await held;
  });
  await Promise.race([lockTaken, holding]);
  return {
    async release() {
      letGo();
      await holding;
    },
  };
}

export async function startTestServer(
  options: { webDist?: string | null; env?: Record<string, string>; seed?: boolean } = {},
): Promise<TestServer> {
  const id = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
  const databaseUrl = `${server}/dealer_test_${id}`;
  const runId = testRunId();
  // Under the run's prefix, so the global teardown removes what a crashed file left.
  const redisPrefix = runId ? `test:${runId}:${id}` : `test:${id}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const seed = options.seed !== false && (options.env?.APP_MODE ?? 'demo') === 'demo';
  const fromTemplate = runId !== null && seed && !OWN_INSTALL.some((name) => options.env?.[name] !== undefined);
  if (fromTemplate) {
    await copyTemplateDatabase(runId, `dealer_test_${id}`, { server, redisUrl, repairOrders: TEST_DEMO_REPAIR_ORDERS, waitForProjections });
  }
  // No secrets unless options.env gives some: demo mode generates the install's own (local_secrets).
  const env = await loadSettings({
    APP_MODE: 'demo',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    ...options.env,
  });
  // WEB_DIST picks another build of the web client (as for npm start), e.g. one per work tree.
  const webDist = options.webDist === undefined ? (process.env.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist')) : options.webDist;
  const product = await startProduct(env, { webDist });
  // Demo data never loads in production mode, not even in a test. A copy of the template has it already.
  if (seed && !fromTemplate) {
    // A smaller RO set than npm start's demo (every test file starts its own server); with this
    // seed the demo customers, Pat included, still have ROs.
    await seedDemoData(product.sql, env, { repairOrders: TEST_DEMO_REPAIR_ORDERS });
    await waitForProjections(product);
  }
  await product.app.listen({ port: 0, host: '127.0.0.1' });
  const address = product.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    redisPrefix,
    env,
    product,
    async stop() {
      try {
        await product.stop();
      } finally {
        await dropDatabase(databaseUrl);
        await dropRedisPrefix(env.REDIS_URL, redisPrefix);
      }
    },
  };
}
