/**
 * Starts the whole product for a test: a fresh database and Redis prefix, a free port, the
 * built web client. stop() closes everything and drops the database.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { dropDatabase, loadEnv } from '@dealer/platform';
import { REPO_ROOT, startProduct, type Product } from '../product';

export interface TestServer {
  url: string;
  databaseUrl: string;
  redisPrefix: string;
  product: Product;
  stop(): Promise<void>;
}

export async function startTestServer(options: { webDist?: string | null; env?: Record<string, string> } = {}): Promise<TestServer> {
  const id = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
  const databaseUrl = `${server}/dealer_test_${id}`;
  const redisPrefix = `test:${id}`;
  const env = loadEnv({
    APP_MODE: 'demo',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: redisPrefix,
    ...options.env,
  });
  const product = await startProduct(env, { webDist: options.webDist === undefined ? path.join(REPO_ROOT, 'web/dist') : options.webDist });
  await product.app.listen({ port: 0, host: '127.0.0.1' });
  const address = product.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    redisPrefix,
    product,
    async stop() {
      await product.stop();
      await dropDatabase(databaseUrl);
    },
  };
}
