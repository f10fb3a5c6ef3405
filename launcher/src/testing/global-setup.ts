/**
 * Vitest global set-up of the unit/integration and browser runs: names the run (its template
 * database and Redis prefix, see template-database.ts and test-server.ts) and, when the run
 * ends, passed or failed, drops the template and every Redis key the run's test servers left.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { dropTemplateDatabase } from './template-database';
import { dropRedisPrefix } from './test-server';

export default function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  project.provide('testRunId', runId);
  return async () => {
    await dropTemplateDatabase(process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432', runId);
    await dropRedisPrefix(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', `test:${runId}`);
  };
}
