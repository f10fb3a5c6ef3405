/** Tests create and drop their own database, so no run depends on or damages another. */
import { randomBytes } from 'node:crypto';
import { createPool, dropDatabase, ensureDatabase, type Sql } from '../db/postgres';
import { migrate, type Migration } from '../db/migrate';
import { ALL_PLATFORM_MIGRATIONS } from '../migrations';

export const TEST_SERVER_URL = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

export interface TestDatabase {
  url: string;
  sql: Sql;
  drop(): Promise<void>;
}

export async function createTestDatabase(extra: readonly Migration[] = []): Promise<TestDatabase> {
  const name = `dealer_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const url = `${TEST_SERVER_URL}/${name}`;
  await ensureDatabase(url);
  const sql = createPool(url, { max: 20 });
  await migrate(sql, [...ALL_PLATFORM_MIGRATIONS, ...extra]);
  return {
    url,
    sql,
    async drop() {
      await sql.end({ timeout: 5 });
      await dropDatabase(url);
    },
  };
}

/** A Redis key prefix no other run uses. */
export function testRedisPrefix(): string {
  return `test:${Date.now().toString(36)}:${randomBytes(4).toString('hex')}`;
}
