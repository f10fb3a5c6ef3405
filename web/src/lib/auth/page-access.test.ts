// Unit tests of page access: the route's controller and action against the token's access list and area.
import { describe, expect, it } from 'vitest';
import { accessListFor, type AuthTokenPayload, type Role } from '@dealer/contracts';
import { checkPageAccess, hasAccess, type PageAccess } from './page-access';

function grant(role: Role): Pick<AuthTokenPayload, 'user' | 'access'> {
  return {
    user: { isEmployee: role !== 'customer', roles: [role] } as AuthTokenPayload['user'],
    access: { list: accessListFor([role]), args: { isAdmin: role === 'admin', isManager: false, isController: false } },
  };
}

const users: PageAccess = { controller: 'user-roles', action: 'GET', area: 'employee' };
const sales: PageAccess = { controller: 'customers', action: 'GET', area: 'employee' };
const coupons: PageAccess = { controller: 'customers', action: 'GET', area: 'customer' };

describe('checkPageAccess', () => {
  it('should ask a signed-out visitor to sign in', () => {
    expect(checkPageAccess(null, sales)).toBe('sign-in');
  });

  it('should allow the users page to an admin only', () => {
    expect(checkPageAccess(grant('admin'), users)).toBe('allowed');
    for (const role of ['manager', 'controller', 'employee', 'customer'] as const) {
      expect(checkPageAccess(grant(role), users), role).toBe('forbidden');
    }
  });

  it('should keep customers out of the employee area and employees out of the customer area', () => {
    expect(hasAccess(grant('customer'), sales)).toBe(false);
    expect(hasAccess(grant('employee'), sales)).toBe(true);
    expect(hasAccess(grant('customer'), coupons)).toBe(true);
    expect(hasAccess(grant('admin'), coupons)).toBe(false);
  });

  it('should treat a missing access list as empty', () => {
    const g = grant('employee');
    expect(hasAccess({ ...g, access: { ...g.access, list: undefined as unknown as string[] } }, sales)).toBe(false);
  });
});
