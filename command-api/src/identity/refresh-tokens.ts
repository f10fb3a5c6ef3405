/**
 * Refresh tokens: random, stored hashed, single use and rotated on every refresh. A token used
 * twice means it was stolen: its whole family is revoked. Idle and absolute lifetimes bound it.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Sql } from '@dealer/platform';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface RefreshSubject {
  userKind: 'employee' | 'customer';
  userId: string;
}

export interface RefreshPolicy {
  idleDays: number;
  absoluteDays: number;
}

async function insertToken(sql: Sql, subject: RefreshSubject, familyId: string, familyExpires: Date, policy: RefreshPolicy): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const idle = new Date(Date.now() + policy.idleDays * 86_400_000);
  const expires = idle < familyExpires ? idle : familyExpires;
  await sql`insert into auth_refresh_tokens (token_hash, family_id, user_kind, user_id, expires_at, family_expires_at)
    values (${hashOf(token)}, ${familyId}, ${subject.userKind}, ${subject.userId}, ${expires}, ${familyExpires})`;
  return token;
}

export function issueRefreshToken(sql: Sql, subject: RefreshSubject, policy: RefreshPolicy): Promise<string> {
  return insertToken(sql, subject, randomUUID(), new Date(Date.now() + policy.absoluteDays * 86_400_000), policy);
}

export type RotateResult = { ok: true; token: string; subject: RefreshSubject } | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'revoked' };

export async function rotateRefreshToken(sql: Sql, token: string, policy: RefreshPolicy): Promise<RotateResult> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ family_id: string; user_kind: 'employee' | 'customer'; user_id: string; expires_at: Date; family_expires_at: Date; used_at: Date | null; revoked_at: Date | null }[]>`
      select family_id, user_kind, user_id, expires_at, family_expires_at, used_at, revoked_at
      from auth_refresh_tokens where token_hash = ${hashOf(token)} for update`;
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revoked_at) return { ok: false, reason: 'revoked' } as const;
    if (row.used_at) {
      await tx`update auth_refresh_tokens set revoked_at = now() where family_id = ${row.family_id} and revoked_at is null`;
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
    await tx`update auth_refresh_tokens set used_at = now() where token_hash = ${hashOf(token)}`;
    const subject = { userKind: row.user_kind, userId: row.user_id };
    const next = await insertToken(tx as unknown as Sql, subject, row.family_id, row.family_expires_at, policy);
    return { ok: true, token: next, subject } as const;
  });
}

export async function revokeRefreshFamily(sql: Sql, token: string): Promise<void> {
  await sql`update auth_refresh_tokens set revoked_at = now()
    where family_id = (select family_id from auth_refresh_tokens where token_hash = ${hashOf(token)}) and revoked_at is null`;
}
