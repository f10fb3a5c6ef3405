/**
 * An attempt is counted before it is answered, also while the database cannot give a connection
 * for a moment (issue 20, item 9): the count is retried, not skipped, and only a failure of the
 * statement itself (or one that lasts) reaches the caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@dealer/platform';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { IDENTITY_MIGRATIONS } from './schema';
import { countAttempt, reserveAddressTurn, withCountRetries } from '@dealer/platform/auth/throttle';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(IDENTITY_MIGRATIONS);
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

const outOfConnections = () => Object.assign(new Error('sorry, too many clients already'), { code: '53300' });

/** The test database's pool, refusing its first `failures` statements and transactions as a full server does. */
function busyDatabase(failures: number): { sql: Sql; refused: () => number } {
  let refused = 0;
  const refuse = () => refused < failures;
  const sql = ((...args: Parameters<Sql>) => {
    if (refuse()) {
      refused += 1;
      return Promise.reject(outOfConnections());
    }
    return db.sql(...args);
  }) as unknown as Sql;
  (sql as unknown as { begin: Sql['begin'] }).begin = ((...args: Parameters<Sql['begin']>) => {
    if (refuse()) {
      refused += 1;
      return Promise.reject(outOfConnections());
    }
    return db.sql.begin(...args);
  }) as Sql['begin'];
  return { sql, refused: () => refused };
}

const attemptsOf = async (key: string) => (await db.sql<{ attempts: number }[]>`select attempts from auth_throttle where key = ${key}`)[0]?.attempts;

describe('counting a sign-in attempt', () => {
  it('should count an account attempt once the database takes it, never answer it uncounted', async () => {
    const busy = busyDatabase(3);
    expect(await countAttempt(busy.sql, 'account:busy@example.com', 5)).toBe(true);
    expect(busy.refused()).toBe(3);
    expect(await attemptsOf('account:busy@example.com')).toBe(1);
  });

  it("should count an address attempt and give its turn once the database takes it", async () => {
    const busy = busyDatabase(2);
    expect(await reserveAddressTurn(busy.sql, 'address:192.0.2.80')).toBe(0);
    expect(busy.refused()).toBe(2);
    expect(await attemptsOf('address:192.0.2.80')).toBe(1);
  });

  it('should give up, uncounted and unanswered, only when the database stays out of reach', async () => {
    const busy = busyDatabase(100);
    await expect(countAttempt(busy.sql, 'account:down@example.com', 5)).rejects.toMatchObject({ code: '53300' });
    expect(await attemptsOf('account:down@example.com')).toBeUndefined();
  }, 10_000);

  it('should not retry a failure of the statement itself', async () => {
    let tries = 0;
    const broken = () => {
      tries += 1;
      return Promise.reject(Object.assign(new Error('syntax error'), { code: '42601' }));
    };
    await expect(withCountRetries(broken, [1, 1, 1])).rejects.toMatchObject({ code: '42601' });
    expect(tries).toBe(1);
    let dropped = 0;
    const reconnects = () => (dropped++ < 2 ? Promise.reject(Object.assign(new Error('closed'), { code: 'CONNECTION_CLOSED' })) : Promise.resolve('counted'));
    expect(await withCountRetries(reconnects, [1, 1, 1])).toBe('counted');
  });
});
