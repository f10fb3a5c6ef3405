/**
 * Typed queries of the user-roles read model (rm_user_roles): who holds which role where, for the
 * admins' role list, the locations a caller acts at, the session check and the token payload.
 */
import type { Sql } from '@dealer/platform';

export interface UserRoleRow {
  userRoleId: string;
  userId: string;
  roleId: number;
  locationId: number;
  roleName: string;
  fullName: string;
  locationName: string | null;
  title: string | null;
  department: string | null;
}

/** Every role held, with its employee's name and its location's name; `locationId` 0 = every location. Unsorted. */
export async function listUserRoles(sql: Sql, locationId: number): Promise<UserRoleRow[]> {
  return sql<UserRoleRow[]>`
    select r.user_role_id as "userRoleId", r.user_id as "userId", r.role_id as "roleId", r.location_id as "locationId",
      r.role_name as "roleName", e.first || ' ' || e.last as "fullName", l.location_name as "locationName",
      e.title, e.department
    from rm_user_roles.user_roles r
    join rm_users.employees e on e.user_id = r.user_id
    left join ref.locations l on l.location_id = r.location_id
    ${locationId === 0 ? sql`` : sql`where r.location_id = ${locationId}`}`;
}

/** The roles a user holds now, per location, in location then role order. */
export async function rolesOfUser(sql: Sql, userId: string): Promise<{ locationId: number; role: string }[]> {
  return sql<{ locationId: number; role: string }[]>`
    select location_id as "locationId", role_name as role from rm_user_roles.user_roles
    where user_id = ${userId} order by location_id, role_name`;
}

/** Whether the user already holds this role at this location. */
export async function holdsRole(sql: Sql, userId: string, roleName: string, locationId: number): Promise<boolean> {
  const [same] = await sql`select 1 from rm_user_roles.user_roles where user_id = ${userId} and role_name = ${roleName} and location_id = ${locationId}`;
  return Boolean(same);
}

/** Every location (the DMS reference data), in number order. */
export async function allLocationIds(sql: Sql): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`select location_id as id from ref.locations order by location_id`;
  return rows.map((r) => r.id);
}

/** The locations among `within` where the user holds one of `roles` now, in number order. */
export async function locationIdsWithRoles(sql: Sql, userId: string, roles: readonly string[], within: readonly number[]): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select distinct location_id as id from rm_user_roles.user_roles
    where user_id = ${userId} and role_name = any(${[...roles]}::text[]) and location_id = any(${[...within]}::int[])
    order by location_id`;
  return rows.map((r) => r.id);
}
