/**
 * Sign-in throttling (PostgreSQL, shared by every command-api replica). An attempt is counted
 * in one atomic statement before the password is checked, so parallel attempts cannot all
 * slip under the limit, and unknown usernames count exactly like known ones.
 * - Per account: more than 5 attempts not ended by a success within 15 minutes lock the
 *   account's sign-in for 15 minutes (429, nothing checked).
 * - Per client address: once an address has made 30 such attempts within 15 minutes, its
 *   attempts are checked one per second, queued for at most 10 seconds (a flood beyond that is
 *   answered 429 at once). Nothing is locked: a colleague behind the same address signs in
 *   with the right password, only slower; spraying many accounts from one address is slowed
 *   to one guess a second.
 * The count must be written before the attempt is answered: a database that cannot give a
 * connection for a moment (the server out of connections, a dropped connection) has the count
 * retried, for up to about 3 seconds, rather than the attempt answered uncounted (issue 20).
 * In platform since issue 24 so that query-api's desk-code look-ups are throttled the same way;
 * the table `auth_throttle` is command-api's (IDENTITY_MIGRATIONS).
 */
import type { Sql } from '../db/postgres';

export const THROTTLE = {
  windowMinutes: 15,
  lockMinutes: 15,
  accountFailures: 5,
  addressFailures: 30,
  /** One password check per this many milliseconds from an address over its limit. */
  addressSpacingMs: 1_000,
  /** The longest an attempt waits for its turn; beyond it the attempt is refused unchecked. */
  addressMaxWaitMs: 10_000,
} as const;

const WINDOW = `${THROTTLE.windowMinutes} minutes`;

/**
 * Failures of the database connection, not of the statement: PostgreSQL out of connections
 * (53300), starting up or shutting down (57P03), a connection exception (class 08), and the
 * driver's own connection errors. A statement that failed this way wrote nothing (or, for a
 * connection lost after the commit, counted once more: the safe side).
 */
const CONNECTION_FAILURES = new Set(['53300', '57P03', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
const isConnectionFailure = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (CONNECTION_FAILURES.has(code) || /^08[0-9A-Z]{3}$/.test(code));
};

/** Waits between tries of a count the database could not take (about 3 s in all). */
export const COUNT_RETRY_DELAYS_MS = [50, 100, 200, 400, 800, 1_600] as const;

/** Runs a count, retrying connection failures: an attempt is never answered uncounted while the database may still take it. */
export async function withCountRetries<T>(count: () => Promise<T>, delaysMs: readonly number[] = COUNT_RETRY_DELAYS_MS): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      return await count();
    } catch (error) {
      if (tried >= delaysMs.length || !isConnectionFailure(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delaysMs[tried]));
    }
  }
}

/** Counts an attempt on `key` (before checking anything); false when the key is locked. */
export async function countAttempt(sql: Sql, key: string, limit: number): Promise<boolean> {
  const [row] = await withCountRetries(() => sql<{ locked: boolean }[]>`
    insert into auth_throttle as t (key, attempts, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      attempts = case
        when t.locked_until > now() then t.attempts
        when t.window_started_at <= now() - ${WINDOW}::interval then 1
        else t.attempts + 1 end,
      window_started_at = case
        when t.locked_until > now() then t.window_started_at
        when t.window_started_at <= now() - ${WINDOW}::interval then now()
        else t.window_started_at end,
      locked_until = case
        when t.locked_until > now() then t.locked_until
        when t.window_started_at > now() - ${WINDOW}::interval and t.attempts + 1 > ${limit}
          then now() + make_interval(mins => ${THROTTLE.lockMinutes})
        else null end
    returning coalesce(locked_until > now(), false) as locked`);
  return !row!.locked;
}

/**
 * Counts an attempt from an address and gives it its turn: 0 under the limit, else the
 * milliseconds until its slot. null: the queue is longer than addressMaxWaitMs (the attempt is
 * neither counted nor given a slot).
 */
export async function reserveAddressTurn(sql: Sql, key: string): Promise<number | null> {
  return withCountRetries(() => sql.begin(async (tx) => {
    await tx`insert into auth_throttle (key, attempts, window_started_at) values (${key}, 0, now()) on conflict (key) do nothing`;
    const [row] = await tx<{ attempts: number; in_window: boolean; wait_ms: number }[]>`
      select attempts, window_started_at > now() - ${WINDOW}::interval as in_window,
             (extract(epoch from (greatest(coalesce(next_slot_at, now()), now()) - now())) * 1000)::float8 as wait_ms
      from auth_throttle where key = ${key} for update`;
    if (!row!.in_window) {
      await tx`update auth_throttle set attempts = 1, window_started_at = now() where key = ${key}`;
      return 0;
    }
    if (row!.attempts + 1 <= THROTTLE.addressFailures) {
      await tx`update auth_throttle set attempts = attempts + 1 where key = ${key}`;
      return 0;
    }
    if (row!.wait_ms > THROTTLE.addressMaxWaitMs) return null;
    await tx`update auth_throttle set attempts = attempts + 1,
      next_slot_at = greatest(coalesce(next_slot_at, now()), now()) + make_interval(secs => ${THROTTLE.addressSpacingMs / 1000})
      where key = ${key}`;
    return row!.wait_ms;
  }));
}

/** Takes back an attempt that ended in a success (or was refused before any check). */
export async function uncountAttempt(sql: Sql, key: string): Promise<void> {
  await sql`update auth_throttle set attempts = greatest(attempts - 1, 0) where key = ${key}`;
}

export async function clearFailures(sql: Sql, key: string): Promise<void> {
  await sql`delete from auth_throttle where key = ${key}`;
}

/** Drops counters nobody has touched for a day (unknown usernames would otherwise pile up). */
export async function pruneThrottle(sql: Sql): Promise<void> {
  await sql`delete from auth_throttle where window_started_at < now() - interval '1 day' and (locked_until is null or locked_until < now())`;
}
