/**
 * The link tokens of redemption verifications (table owned by the workers, which issue them):
 * 256 random bits, stored only as SHA-256, looked up by hash. A token belongs to one
 * verification; once the customer answered, every token of it is used.
 */
import { createHash } from 'node:crypto';
import type { Sql } from '@dealer/platform';

export type TokenCheck = { ok: true; redemptionVerificationId: string; customerId: string; used: boolean } | { ok: false };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function findToken(sql: Sql, token: string): Promise<TokenCheck> {
  const [row] = await sql<{ redemption_verification_id: string; customer_id: string; used_at: Date | null }[]>`
    select redemption_verification_id, customer_id, used_at from redemption_verification_tokens where token_hash = ${hashOf(token)}`;
  return row ? { ok: true, redemptionVerificationId: row.redemption_verification_id, customerId: row.customer_id, used: row.used_at !== null } : { ok: false };
}

/** After the answer is stored: no link of this verification can be used again. */
export async function useTokens(sql: Sql, redemptionVerificationId: string): Promise<void> {
  await sql`update redemption_verification_tokens set used_at = now() where redemption_verification_id = ${redemptionVerificationId} and used_at is null`;
}
