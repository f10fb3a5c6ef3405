/**
 * The session check every API process makes on every request with a Bearer token: the token's
 * session (`sid`) must exist, not be revoked and be within its absolute lifetime. Sessions live
 * in the auth host's `auth_sessions` table (command-api's identity migrations), shared by every
 * replica. Each process caches an answer for at most SESSION_CACHE_MS, so a session revoked by
 * another process stops working there within that time; the process that revokes it forgets it
 * at once.
 *
 * The answer also carries whose session it is and, for an employee, the roles they hold now at
 * each location (issue 20): asked of `rolesOf`, which the composition root (each API's server
 * set-up) gives from the user-roles read model the token's roles come from at sign-in, so an
 * admin's role change reaches live sessions within SESSION_CACHE_MS plus the projection's lag,
 * and a token can be held to its own session's user. platform knows no read model
 * (docs/decisions/0072).
 */
import { EMPLOYEE_ROLES, type LocationRole } from '@dealer/contracts';
import type { Sql } from '../db/postgres';

/** How long a process trusts its last answer about a session: the longest a revoked token lives elsewhere. */
export const SESSION_CACHE_MS = 2_000;

export interface ActiveSession {
  /** The anti-forgery binding the session was started with (null for sessions older than bindings). */
  binding: string | null;
  expiresAt: Date;
  /** Whose session it is: a token naming another user is refused. */
  userKind: 'employee' | 'customer';
  userId: string;
  /** An employee's roles now, per location (customers: none). */
  locationRoles: LocationRole[];
}

/** The roles a user holds now, per location (any role name; unknown ones are dropped). */
export type CurrentRolesOf = (userId: string) => Promise<readonly { locationId: number; role: string }[]>;

export interface SessionCheck {
  /** The session if it is active now (within the cache time), else null. */
  lookup(sessionId: string): Promise<ActiveSession | null>;
  /** Drops what this process knows of a session (after revoking it here). */
  forget(sessionId: string): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Entry {
  answer: Promise<ActiveSession | null>;
  /** Until when the answer may be used: the query's start plus the cache time, never past the session's end. */
  validUntilMs: number;
}

export function createSessionCheck(sql: Sql, options: { rolesOf: CurrentRolesOf; cacheMs?: number; maxEntries?: number }): SessionCheck {
  const cacheMs = options.cacheMs ?? SESSION_CACHE_MS;
  const maxEntries = options.maxEntries ?? 20_000;
  const entries = new Map<string, Entry>();

  async function query(sessionId: string): Promise<ActiveSession | null> {
    const [row] = await sql<{ binding: string | null; expires_at: Date; user_kind: 'employee' | 'customer'; user_id: string }[]>`
      select s.binding, s.expires_at, s.user_kind, s.user_id
      from auth_sessions s
      where s.session_id = ${sessionId} and s.revoked_at is null and s.expires_at > now()`;
    if (!row) return null;
    const roles = row.user_kind === 'employee' ? await options.rolesOf(row.user_id) : [];
    const known = new Set<string>(EMPLOYEE_ROLES);
    return {
      binding: row.binding,
      expiresAt: row.expires_at,
      userKind: row.user_kind,
      userId: row.user_id,
      locationRoles: roles.filter((r) => known.has(r.role)) as LocationRole[],
    };
  }

  return {
    async lookup(sessionId) {
      if (!UUID.test(sessionId)) return null;
      const now = Date.now();
      const known = entries.get(sessionId);
      if (known && known.validUntilMs > now) return known.answer;
      if (entries.size >= maxEntries) {
        for (const [id, entry] of entries) if (entry.validUntilMs <= now) entries.delete(id);
        if (entries.size >= maxEntries) entries.clear();
      }
      const entry: Entry = { answer: query(sessionId), validUntilMs: now + cacheMs };
      entries.set(sessionId, entry);
      try {
        const session = await entry.answer;
        if (session) entry.validUntilMs = Math.min(entry.validUntilMs, session.expiresAt.getTime());
        return session;
      } catch (error) {
        if (entries.get(sessionId) === entry) entries.delete(sessionId);
        throw error;
      }
    },
    forget(sessionId) {
      // An answer still in flight is dropped too: it may predate the revocation.
      entries.delete(sessionId);
    },
  };
}
