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

export interface EmployeeRow {
  userId: string;
  first: string;
  last: string;
  username: string;
  email: string | null;
  title: string | null;
  department: string | null;
  locationId: number;
}

/** Every employee, by last then first name (case-insensitive). */
export async function listEmployees(sql: Sql): Promise<EmployeeRow[]> {
  return sql<EmployeeRow[]>`select user_id as "userId", first, last, username, email, title, department, location_id as "locationId"
    from rm_users.employees order by lower(last), lower(first)`;
}

/** One employee with their home location's name (null when the DMS reference data is not loaded), or null. */
export async function employeeProfile(sql: Sql, userId: string): Promise<(Omit<EmployeeRow, 'userId'> & { locationName: string | null }) | null> {
  const [e] = await sql<Omit<EmployeeRow, 'userId'>[]>`
    select first, last, username, email, title, department, location_id as "locationId" from rm_users.employees where user_id = ${userId}`;
  if (!e) return null;
  const [loc] = await sql<{ location_name: string }[]>`select location_name from ref.locations where location_id = ${e.locationId}`.catch(() => []);
  return { ...e, locationName: loc?.location_name ?? null };
}
