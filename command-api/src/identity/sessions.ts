/**
 * Sessions of the auth host: one per sign-in, ended by sign-out, by refresh-token reuse (the
 * family is the session) or by its absolute lifetime. API processes check them on every request
 * (platform's auth plugin); the checks here read the table itself, without a cache.
 */
import { randomUUID } from 'node:crypto';
import type { Sql } from '@dealer/platform';

export interface SessionSubject {
  userKind: 'employee' | 'customer';
  userId: string;
}

export interface Session {
  id: string;
  expiresAt: Date;
  binding: string | null;
}

/** Starts a session bound to the browser's anti-forgery pre-session, ending `absoluteDays` from now. */
export async function startSession(sql: Sql, subject: SessionSubject, binding: string | null, absoluteDays: number): Promise<Session> {
  const id = randomUUID();
  const [row] = await sql<{ expires_at: Date }[]>`
    insert into auth_sessions (session_id, user_kind, user_id, binding, expires_at)
    values (${id}, ${subject.userKind}, ${subject.userId}, ${binding}, now() + make_interval(days => ${absoluteDays}))
    returning expires_at`;
  return { id, expiresAt: row!.expires_at, binding };
}

/** The session if it is active now (read from the table, no cache). */
export async function activeSession(sql: Sql, sessionId: string): Promise<Session | null> {
  const [row] = await sql<{ expires_at: Date; binding: string | null }[]>`
    select expires_at, binding from auth_sessions where session_id = ${sessionId} and revoked_at is null and expires_at > now()`;
  return row ? { id: sessionId, expiresAt: row.expires_at, binding: row.binding } : null;
}

/** Ends a session and its refresh tokens. */
export async function revokeSession(sql: Sql, sessionId: string, reason: string): Promise<void> {
  await sql`update auth_sessions set revoked_at = now(), revoked_reason = ${reason} where session_id = ${sessionId} and revoked_at is null`;
  await sql`update auth_refresh_tokens set revoked_at = now() where family_id = ${sessionId} and revoked_at is null`;
}
