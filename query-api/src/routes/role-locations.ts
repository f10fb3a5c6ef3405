/**
 * The locations where a signed-in employee acts in a role, shared by the routes that narrow what
 * they show by location: the reports (controllers and managers) and the managers' online orders.
 * Admins act at every location. Everyone else at the locations where they hold one of the roles now
 * (the user-roles read model), within the locations their access token was issued for.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError, type Sql } from '@dealer/platform';
import { allLocationIds, locationIdsWithRoles } from '@dealer/read-models/user-roles/queries';

/** Roles that read reports at the locations where they hold them (admins read every location). */
export const REPORTING_ROLES = ['controller', 'manager'] as const;
/** Roles that see the online orders of the locations where they hold them (admins every location). */
export const ONLINE_ORDER_ROLES = ['manager'] as const;

/** Every location where the caller holds one of `roles` (admins: every location), in number order. */
export async function locationIdsWithRole(sql: Sql, request: FastifyRequest, roles: readonly string[]): Promise<number[]> {
  const auth = request.auth;
  if (!auth) throw new DomainError('unauthorized', ['Sign in first.']);
  if (auth.roles.includes('admin')) return allLocationIds(sql);
  return locationIdsWithRoles(sql, auth.userId, roles, auth.locationIds);
}

/**
 * Every location the caller reads reports at: admins every location; controllers and managers those
 * where they hold a controller or manager role. GET /api/report-locations lists these; the report
 * route narrows the asked locations to them.
 */
export const reportingLocationIds = (sql: Sql, request: FastifyRequest) => locationIdsWithRole(sql, request, REPORTING_ROLES);

/** Every location whose online orders the caller sees: admins every location; managers where they manage. */
export const managedLocationIds = (sql: Sql, request: FastifyRequest) => locationIdsWithRole(sql, request, ONLINE_ORDER_ROLES);
