/**
 * Vitest global set-up of the unit/integration and browser runs: names the run, starts preparing
 * its seeded template database in the background (template-database.ts; files that start the
 * product wait for it, pure unit files do not), and when the run ends, passed or failed, drops the
 * template and every Redis key the run's test servers left.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startTemplatePreparation, dropTemplateDatabase } from './template-database';
import { TEST_DEMO_REPAIR_ORDERS, dropRedisPrefix, waitForProjections } from './test-server';

export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  project.provide('testRunId', runId);
  const preparation = await startTemplatePreparation(runId, { server, redisUrl, repairOrders: TEST_DEMO_REPAIR_ORDERS, waitForProjections });
  // A failed preparation is left to the first file that needs the template: it tries again and fails visibly.
  preparation.done.catch((error: unknown) => console.error('preparing the test template database failed:', error));
  return async () => {
    await preparation.done.catch(() => undefined);
    await dropTemplateDatabase(server, runId);
    await dropRedisPrefix(redisUrl, `test:${runId}`);
  };
}
