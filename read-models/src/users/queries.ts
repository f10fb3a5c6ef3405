/** Staff members' names (users read model) for actors recorded as `user:<id>`, e.g. in the customer history. */
import type { Sql } from '@dealer/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function staffNamesOf(sql: Sql, actors: readonly string[]): Promise<Map<string, string>> {
  const ids = actors.map((a) => a.slice('user:'.length)).filter((id) => UUID.test(id));
  if (ids.length === 0) return new Map();
  const rows = await sql<{ userId: string; name: string }[]>`
    select user_id::text as "userId", trim(first || ' ' || last) as name from rm_users.employees where user_id = any(${ids}::uuid[])`;
  return new Map(rows.map((r) => [`user:${r.userId}`, r.name]));
}
