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

  it('should create many keys asked for at once, each subject one key, and refuse only the erased subject among them', async () => {
    // The main database's pool, counting the statements that insert keys.
    let keyInserts = 0;
    const counting = Object.assign((strings: TemplateStringsArray, ...values: unknown[]) => {
      if (strings[0]?.includes('insert into pii_keys')) keyInserts += 1;
      return (main.sql as unknown as (s: TemplateStringsArray, ...v: unknown[]) => unknown)(strings, ...values);
    }, main.sql) as unknown as typeof main.sql;
    const vault = new PersonalDataVault(counting, masterKey);
    const erased = randomUUID();
    const eraser = await PersonalDataVault.open(main.sql, { piiMasterKey: masterKey });
    await eraser.erase(erased);
    const subjects = Array.from({ length: 40 }, () => randomUUID());
    // Every subject asked for twice, and the erased one among them, all before any answer.
    const asked = [...subjects, ...subjects].map((s) => vault.keyFor(s).then((key) => ({ s, key })));
    const refused = vault.keyFor(erased).then(
      () => 'created',
      (error: unknown) => error,
    );
    const answers = await Promise.all(asked);
    expect(await refused).toBeInstanceOf(PersonalDataErasedError);
    // They left together: the first four alone (four statements at most on their way), the rest in the next.
    expect(keyInserts).toBeLessThanOrEqual(5);
    const bySubject = new Map<string, Buffer>();
    for (const { s, key } of answers) {
      const seen = bySubject.get(s);
      if (seen) expect(seen.equals(key)).toBe(true);
      bySubject.set(s, key);
    }
    expect(bySubject.size).toBe(subjects.length);
    expect((await main.sql`select count(*)::int as n from pii_keys where subject_id = any(${subjects}) and wrapped_key is not null`)[0]!.n).toBe(subjects.length);
    // A fresh process loads each stored key: the very key the box was sealed with.
    const fresh = await PersonalDataVault.open(main.sql, { piiMasterKey: masterKey });
    const keys = await fresh.loadKeys(subjects);
    const boxes = subjects.map((s) => vault.sealFields(bySubject.get(s)!, { lastName: s }));
    expect(await fresh.openBoxes(subjects.map((s, i) => ({ key: keys.get(s), box: boxes[i]! })))).toEqual(subjects.map((s) => ({ lastName: s })));
    await Promise.all([vault.close(), eraser.close(), fresh.close()]);
  });
});
