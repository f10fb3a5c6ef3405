/**
 * Link tokens of redemption verifications: 256 bits from a CSPRNG per message, stored only as
 * a SHA-256 hash with the verification it answers and its expiry. The workers issue them (the
 * token exists only in the message); the command API looks them up and marks them used once
 * the customer answered.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '@dealer/platform';

export const REDEMPTION_VERIFICATION_TOKEN_MIGRATIONS = [
  {
    id: '0040_redemption_verification_tokens',
    sql: /* sql */ `
create table if not exists redemption_verification_tokens (
  token_hash text primary key,
  redemption_verification_id uuid not null,
  customer_id uuid not null,
  send_id uuid not null,
  generation int not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  unique (send_id, generation)
);
create index if not exists redemption_verification_tokens_verification on redemption_verification_tokens (redemption_verification_id);`,
  },
] as const;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** The latest token generation issued for a send, or null before the first. */
export async function latestGeneration(sql: Sql, sendId: string): Promise<number | null> {
  const [row] = await sql<{ generation: number }[]>`select max(generation) as generation from redemption_verification_tokens where send_id = ${sendId}`;
  return row?.generation ?? null;
}

/**
 * Stores a token for the send's next generation. A retry whose message never went out issues
 * a new one; the undelivered token is dropped (nobody holds it).
 */
export async function storeToken(
  sql: Sql,
  t: { token: string; redemptionVerificationId: string; customerId: string; sendId: string; expires: Date },
): Promise<number> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${`redemption-token:${t.sendId}`}))`;
    const [row] = await tx<{ generation: number | null }[]>`select max(generation) as generation from redemption_verification_tokens where send_id = ${t.sendId}`;
    const generation = (row?.generation ?? 0) + 1;
    await tx`delete from redemption_verification_tokens where send_id = ${t.sendId} and used_at is null`;
    await tx`insert into redemption_verification_tokens (token_hash, redemption_verification_id, customer_id, send_id, generation, expires_at)
      values (${hashToken(t.token)}, ${t.redemptionVerificationId}, ${t.customerId}, ${t.sendId}, ${generation}, ${t.expires})`;
    return generation;
  });
}
