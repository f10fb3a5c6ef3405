/**
 * The setup the projection and read-model tests share: a test database of their own (every
 * platform migration) with a PostgreSQL event store on it, made before the file's tests and
 * dropped after them. Call it at the top of a test file; `db` and `store` are there once the
 * file's beforeAll hooks have run.
 */
import { afterAll, beforeAll } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { createTestDatabase, type TestDatabase } from './database';

export interface EventStoreTestDatabase {
  readonly db: TestDatabase;
  readonly store: PostgresEventStore;
}

export function useEventStoreDatabase(options: { pollIntervalMs?: number } = {}): EventStoreTestDatabase {
  const env = {} as { db: TestDatabase; store: PostgresEventStore };
  beforeAll(async () => {
    env.db = await createTestDatabase();
    env.store = new PostgresEventStore(env.db.sql, { pollIntervalMs: options.pollIntervalMs ?? 50 });
  });
  afterAll(async () => {
    await env.db?.drop();
  });
  return env;
}
