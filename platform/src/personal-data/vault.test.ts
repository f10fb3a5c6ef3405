/**
 * The personal-data keys in a database of their own (PII_KEY_DATABASE_URL): the keys, and so
 * their backups, are kept apart from the events and read models (issue 10, item 8).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase } from '../db/postgres';
import { createTestDatabase, TEST_SERVER_URL, type TestDatabase } from '../testing/database';
import { PersonalDataErasedError, PersonalDataVault } from './vault';

const masterKey = Buffer.alloc(32, 3);
let main: TestDatabase;
const keyDatabaseUrl = `${TEST_SERVER_URL}/dealer_test_keys_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
beforeAll(async () => {
  main = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await main?.drop();
  await dropDatabase(keyDatabaseUrl);
});

describe('PersonalDataVault.open', () => {
  it('should keep the keys in PII_KEY_DATABASE_URL, not in the main database, and erase them there', async () => {
    const vault = await PersonalDataVault.open(main.sql, { piiMasterKey: masterKey, PII_KEY_DATABASE_URL: keyDatabaseUrl });
    const subject = randomUUID();
    const key = await vault.keyFor(subject);
    const box = vault.sealFields(key, { lastName: 'Separate' });
    expect(await main.sql`select 1 from pii_keys where subject_id = ${subject}`).toHaveLength(0);

    // Another process (a fresh vault on the same key database) opens the box.
    const other = await PersonalDataVault.open(main.sql, { piiMasterKey: masterKey, PII_KEY_DATABASE_URL: keyDatabaseUrl });
    const keys = await other.loadKeys([subject]);
    expect(await other.openBoxes([{ key: keys.get(subject), box }])).toEqual([{ lastName: 'Separate' }]);

    await vault.erase(subject);
    await vault.close();
    const third = await PersonalDataVault.open(main.sql, { piiMasterKey: masterKey, PII_KEY_DATABASE_URL: keyDatabaseUrl });
    await expect(third.keyFor(subject)).rejects.toBeInstanceOf(PersonalDataErasedError);
    await other.close();
    await third.close();
  }, 60_000);

  it('should keep the keys in the main database when no key database is configured', async () => {
    const vault = await PersonalDataVault.open(main.sql, { piiMasterKey: masterKey });
    const subject = randomUUID();
    await vault.keyFor(subject);
    expect(await main.sql`select 1 from pii_keys where subject_id = ${subject}`).toHaveLength(1);
    await vault.close();
  });

  it('should give two processes creating the same subject\'s key at once the same key', async () => {
    const one = await PersonalDataVault.open(main.sql, { piiMasterKey: masterKey });
    const two = await PersonalDataVault.open(main.sql, { piiMasterKey: masterKey });
    const subject = randomUUID();
    const [a, b] = await Promise.all([one.keyFor(subject), two.keyFor(subject)]);
    expect(a.equals(b)).toBe(true);
    const box = one.sealFields(a, { lastName: 'Same' });
    const fresh = await PersonalDataVault.open(main.sql, { piiMasterKey: masterKey });
    const keys = await fresh.loadKeys([subject]);
    expect(await fresh.openBoxes([{ key: keys.get(subject), box }])).toEqual([{ lastName: 'Same' }]);
    await Promise.all([one.close(), two.close(), fresh.close()]);
  });
});
