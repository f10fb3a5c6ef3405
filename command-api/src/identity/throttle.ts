/**
 * Login throttling per account and per client address (PostgreSQL, shared by every
 * command-api replica): too many failures in a window lock further attempts for a while.
 */
import type { Sql } from '@dealer/platform';

export const THROTTLE = {
  windowMinutes: 15,
  lockMinutes: 15,
  accountFailures: 5,
  addressFailures: 30,
} as const;

export async function isLocked(sql: Sql, keys: string[]): Promise<boolean> {
  const rows = await sql`select 1 from auth_throttle where key = any(${keys}) and locked_until > now()`;
  return rows.length > 0;
}

export async function recordFailure(sql: Sql, key: string, limit: number): Promise<void> {
  await sql`
    insert into auth_throttle as t (key, failures, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when t.window_started_at < now() - make_interval(mins => ${THROTTLE.windowMinutes}) then 1 else t.failures + 1 end,
      window_started_at = case when t.window_started_at < now() - make_interval(mins => ${THROTTLE.windowMinutes}) then now() else t.window_started_at end,
      locked_until = case
        when t.window_started_at >= now() - make_interval(mins => ${THROTTLE.windowMinutes}) and t.failures + 1 >= ${limit}
        then now() + make_interval(mins => ${THROTTLE.lockMinutes}) else t.locked_until end`;
}

export async function clearFailures(sql: Sql, key: string): Promise<void> {
  await sql`delete from auth_throttle where key = ${key}`;
}
