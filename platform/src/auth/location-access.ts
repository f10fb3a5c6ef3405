/**
 * Each rooftop its own (issue 20, ASVS 8.4.1): staff act and read only at the locations where
 * they hold a role, with the role they hold THERE (admins everywhere). The access layer lets a
 * request through on the union of the caller's roles; a handler whose action or read happens at a
 * location (an RO's, a sale's, a redemption's, a paper book's) then asks here whether the roles held
 * at that location grant the same route. A refusal is 403 AUTH_MESSAGES.notPermitted.
 */
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, isManagerRole, rolesGrant, type HttpMethod } from '@dealer/contracts';
import { DomainError } from '@dealer/domain/errors';
import type { RequestAuth } from './plugin';

export const notPermitted = () => new DomainError('forbidden', [AUTH_MESSAGES.notPermitted]);

/** The route's own access entry (resource and method), as the access layer checked it on the union of roles. */
function routeAccess(request: FastifyRequest): { resource: string | null; method: HttpMethod } {
  const rule = request.routeOptions.config.access;
  const resource = rule === undefined || rule === 'public' || rule === 'authenticated' ? null : rule;
  return { resource, method: request.method as HttpMethod };
}

/** Whether the caller's roles at `locationId` grant this route (routes without a resource: any role there). */
export function mayActAt(request: FastifyRequest, locationId: number): boolean {
  const auth = request.auth;
  if (!auth || auth.kind !== 'employee') return false;
  const roles = auth.rolesAt(locationId);
  const { resource, method } = routeAccess(request);
  return resource === null ? roles.length > 0 : rolesGrant(roles, resource, method);
}

/** Refuses (403) unless the caller may use this route at every one of `locationIds`. */
export function assertMayActAt(request: FastifyRequest, ...locationIds: number[]): void {
  for (const locationId of locationIds) if (!mayActAt(request, locationId)) throw notPermitted();
}

/** Managers' rights (any redemption, any day; price overrides) at a location: the manager or admin role held there. */
export const isManagerAt = (auth: RequestAuth, locationId: number) => isManagerRole(auth.rolesAt(locationId));

/**
 * What a command's service needs to authorise the actor at the location the action happens at,
 * which it may only know once the record is loaded (a sale's, a redemption's location): `at`
 * answers the actor as a decider sees them there (managers' rights by the role there), or throws 403.
 */
export interface LocatedActor {
  userId: string;
  at(locationId: number): { userId: string; isManager: boolean };
}

export function locatedActor(request: FastifyRequest): LocatedActor {
  const auth = request.auth!;
  return {
    userId: auth.userId,
    at(locationId) {
      assertMayActAt(request, locationId);
      return { userId: auth.userId, isManager: isManagerAt(auth, locationId) };
    },
  };
}
