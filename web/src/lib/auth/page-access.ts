// Page access (SPEC 2.1, 6): route data names a controller and an action, checked against the token's access list.
import { accessEntry, type AuthTokenPayload, type HttpMethod } from '@dealer/contracts';

/** Route data of a guarded page. The controller is the API resource, the action its HTTP method. */
export interface PageAccess {
  controller: string;
  action: HttpMethod;
  /** Which audience the page belongs to (SPEC 6 area separation); omitted for both. */
  area?: 'employee' | 'customer';
}

export type AccessDecision = 'allowed' | 'sign-in' | 'forbidden';

type Grant = Pick<AuthTokenPayload, 'user' | 'access'>;

export function hasAccess(grant: Grant | null | undefined, page: PageAccess): boolean {
  if (!grant) return false;
  if (page.area === 'employee' && !grant.user.isEmployee) return false;
  if (page.area === 'customer' && grant.user.isEmployee) return false;
  return (grant.access.list ?? []).includes(accessEntry(page.controller, page.action));
}

/** Signed out: sign in first. Signed in without the entry (or in the other audience's area): forbidden. */
export function checkPageAccess(grant: Grant | null | undefined, page: PageAccess): AccessDecision {
  if (!grant) return 'sign-in';
  return hasAccess(grant, page) ? 'allowed' : 'forbidden';
}
