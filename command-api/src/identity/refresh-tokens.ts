/**
 * Refresh tokens: random, stored hashed, single use and rotated on every refresh. A family of
 * tokens is one session (family_id = session_id). A token used twice means it was stolen: the
 * session ends, with every token of its family. Two tabs refreshing at once present the same
 * token: the one that comes second within REFRESH_GRACE_SECONDS of the rotation, while the new
 * token is still unused, gets that same new token (it is derived from the old one with the
 * server secret, so it is never stored in clear). A reuse later than that still ends the
 * session, and if a thief shared a token within the window, the next rotation by either side
 * turns the other's copy into a reuse. Idle and absolute lifetimes bound the tokens.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Sql } from '@dealer/platform';
import type { Session, SessionSubject } from './sessions';

/** How long after a rotation the replaced token still answers with its successor. */
export const REFRESH_GRACE_SECONDS = 10;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const successorOf = (token: string, secret: string) => createHmac('sha256', `refresh-successor:${secret}`).update(token).digest('base64url');

export interface RefreshPolicy {
  idleDays: number;
  absoluteDays: number;
}

async function insertToken(sql: Sql, token: string, subject: SessionSubject, session: { id: string; expiresAt: Date }, policy: RefreshPolicy): Promise<void> {
  const idle = new Date(Date.now() + policy.idleDays * 86_400_000);
  const expires = idle < session.expiresAt ? idle : session.expiresAt;
  await sql`insert into auth_refresh_tokens (token_hash, family_id, user_kind, user_id, expires_at, family_expires_at)
    values (${hashOf(token)}, ${session.id}, ${subject.userKind}, ${subject.userId}, ${expires}, ${session.expiresAt})`;
}

/** The first refresh token of a session. */
export async function issueRefreshToken(sql: Sql, subject: SessionSubject, session: Session, policy: RefreshPolicy): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertToken(sql, token, subject, session, policy);
  return token;
}

export type RotateResult =
  | { ok: true; token: string; subject: SessionSubject; session: Session }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'revoked'; sessionId?: string };

/**
 * Rotates `token`. `browserBinding` binds a session that has no anti-forgery binding yet (one
 * started before bindings existed) to the browser refreshing it.
 */
export async function rotateRefreshToken(sql: Sql, token: string, policy: RefreshPolicy, secret: string, browserBinding: string | null): Promise<RotateResult> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{
      family_id: string; user_kind: 'employee' | 'customer'; user_id: string; token_expired: boolean; replaced_by: string | null;
      used: boolean; in_grace: boolean; revoked: boolean; session_active: boolean; session_expires_at: Date | null; binding: string | null;
    }[]>`
      select t.family_id, t.user_kind, t.user_id, t.expires_at <= now() as token_expired, t.replaced_by,
             t.used_at is not null as used, coalesce(t.used_at > now() - make_interval(secs => ${REFRESH_GRACE_SECONDS}), false) as in_grace,
             t.revoked_at is not null as revoked,
             coalesce(s.revoked_at is null and s.expires_at > now(), false) as session_active, s.expires_at as session_expires_at, s.binding
      from auth_refresh_tokens t left join auth_sessions s on s.session_id = t.family_id
      where t.token_hash = ${hashOf(token)}
      for update of t`;
    if (!row) return { ok: false, reason: 'unknown' } as const;
    const sessionId = row.family_id;
    if (row.revoked) return { ok: false, reason: 'revoked', sessionId } as const;
    if (!row.session_active) return { ok: false, reason: row.session_expires_at ? 'expired' : 'revoked', sessionId } as const;
    const subject = { userKind: row.user_kind, userId: row.user_id };
    const next = successorOf(token, secret);
    let binding = row.binding;
    if (binding === null && browserBinding !== null) {
      await tx`update auth_sessions set binding = ${browserBinding} where session_id = ${sessionId} and binding is null`;
      binding = browserBinding;
    }
    const session = { id: sessionId, expiresAt: row.session_expires_at!, binding };
    if (row.used) {
      if (row.in_grace && row.replaced_by === hashOf(next)) {
        const [successor] = await tx<{ fresh: boolean }[]>`
          select used_at is null and revoked_at is null and expires_at > now() as fresh from auth_refresh_tokens where token_hash = ${row.replaced_by}`;
        if (successor?.fresh) return { ok: true, token: next, subject, session } as const;
      }
      await tx`update auth_sessions set revoked_at = now(), revoked_reason = 'refresh token reused' where session_id = ${sessionId} and revoked_at is null`;
      await tx`update auth_refresh_tokens set revoked_at = now() where family_id = ${sessionId} and revoked_at is null`;
      return { ok: false, reason: 'reused', sessionId } as const;
    }
    if (row.token_expired) return { ok: false, reason: 'expired', sessionId } as const;
    await tx`update auth_refresh_tokens set used_at = now(), replaced_by = ${hashOf(next)} where token_hash = ${hashOf(token)}`;
    await insertToken(tx as unknown as Sql, next, subject, session, policy);
    return { ok: true, token: next, subject, session } as const;
  });
}

/** The session a refresh token belongs to, or null for a token we never issued. */
export async function sessionOfRefreshToken(sql: Sql, token: string): Promise<string | null> {
  const [row] = await sql<{ family_id: string }[]>`select family_id from auth_refresh_tokens where token_hash = ${hashOf(token)}`;
  return row?.family_id ?? null;
}
