/**
 * Codes at rest (issue 10, item 6): SMS codes are stored as keyed hashes bound to their change,
 * so a dump of the table does not give the code away, and two pending changes that drew the
 * same code both work. In the launcher because it takes both sides: the workers issue codes,
 * the command API checks them.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@dealer/platform';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { CONTACT_VERIFICATION_MIGRATIONS, storeSecret } from '@dealer/workers/jobs/contact-verification-codes';
import { checkCode, checkLinkToken } from '@dealer/command-api/contact-changes/verification-secrets';

const KEY = verificationHashKey(randomBytes(32).toString('hex'));
let db: TestDatabase;
beforeAll(async () => {
  // The first migration only: the last test stores a secret the old way, then migrates.
  db = await createTestDatabase([CONTACT_VERIFICATION_MIGRATIONS[0]]);
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

async function pending(kind: 'phone' | 'email', secret: string, customerId = randomUUID()) {
  const changeId = randomUUID();
  const now = new Date();
  const generation = await storeSecret(db.sql, { changeId, customerId, kind, secret, requestedAt: now, now, hashKey: KEY });
  expect(generation).toBe(1);
  return { changeId, customerId };
}

describe('SMS codes at rest', () => {
  beforeAll(async () => {
    await migrate(db.sql, CONTACT_VERIFICATION_MIGRATIONS);
  });

  it('should not reveal a code to someone who hashes all 10^6 candidates without the secret', async () => {
    const { changeId } = await pending('phone', '042517');
    const [row] = await db.sql<{ secret_hash: string }[]>`select secret_hash from contact_verification_codes where change_id = ${changeId}`;
    const found: string[] = [];
    for (let n = 0; n < 1_000_000; n++) {
      const candidate = String(n).padStart(6, '0');
      if (createHash('sha256').update(candidate).digest('hex') === row!.secret_hash) found.push(candidate);
    }
    expect(found).toEqual([]);
    expect(row!.secret_hash).not.toContain('042517');
  }, 60_000);

  it('should accept two pending codes that happen to be equal, each for its own customer', async () => {
    const a = await pending('phone', '777777');
    const b = await pending('phone', '777777');
    const now = new Date();
    expect(await checkCode(db.sql, KEY, a.customerId, 'phone', '777777', now)).toMatchObject({ ok: true, changeId: a.changeId });
    expect(await checkCode(db.sql, KEY, b.customerId, 'phone', '777777', now)).toMatchObject({ ok: true, changeId: b.changeId });
    expect(await checkCode(db.sql, KEY, b.customerId, 'phone', '777778', now)).toMatchObject({ ok: false });
    // Another server secret: the stored hash does not match the right code.
    expect(await checkCode(db.sql, verificationHashKey('x'.repeat(40)), a.customerId, 'phone', '777777', now)).toMatchObject({ ok: false });
  });

  it('should still find an e-mail link by its token', async () => {
    const token = 'a'.repeat(43);
    const { changeId } = await pending('email', token);
    expect(await checkLinkToken(db.sql, KEY, token, new Date())).toMatchObject({ ok: true, changeId });
    expect(await checkLinkToken(db.sql, KEY, 'b'.repeat(43), new Date())).toMatchObject({ ok: false });
  });
});

describe('the migration to keyed hashes', () => {
  it('should retire secrets stored as unsalted SHA-256: expired, with a hash no code matches', async () => {
    const other = await createTestDatabase([CONTACT_VERIFICATION_MIGRATIONS[0]]);
    try {
      const changeId = randomUUID();
      const customerId = randomUUID();
      await other.sql`insert into contact_verification_codes (change_id, customer_id, kind, secret_hash, requested_at, expires_at)
        values (${changeId}, ${customerId}, 'phone', ${createHash('sha256').update('123456').digest('hex')}, now(), now() + interval '10 minutes')`;
      await migrate(other.sql, CONTACT_VERIFICATION_MIGRATIONS);
      const [row] = await other.sql<{ secret_hash: string; expired: boolean }[]>`
        select secret_hash, expires_at <= now() as expired from contact_verification_codes where change_id = ${changeId}`;
      expect(row).toEqual({ secret_hash: `retired:${changeId}`, expired: true });
      expect(await checkCode(other.sql, KEY, customerId, 'phone', '123456', new Date())).toMatchObject({ ok: false });
    } finally {
      await other.drop();
    }
  }, 120_000);
});
