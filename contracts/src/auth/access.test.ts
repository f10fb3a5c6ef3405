// Roles per location (issue 20): the role held at a location, never the union of a user's roles.
import { describe, expect, it } from 'vitest';
import { actingLocationIds, isManagerRole, rolesAtLocation, rolesGrant } from './access';

describe('roles at a location', () => {
  const mixed = [{ locationId: 1, role: 'manager' as const }, { locationId: 2, role: 'employee' as const }];

  it("should give the roles held there only: a manager at one rooftop is an employee at another", () => {
    expect(rolesAtLocation(mixed, 1)).toEqual(['manager']);
    expect(rolesAtLocation(mixed, 2)).toEqual(['employee']);
    expect(rolesAtLocation(mixed, 3)).toEqual([]);
    expect(isManagerRole(rolesAtLocation(mixed, 2))).toBe(false);
    expect(rolesGrant(rolesAtLocation(mixed, 1), 'pack-sale-voids', 'POST')).toBe(true);
    expect(rolesGrant(rolesAtLocation(mixed, 2), 'pack-sale-voids', 'POST')).toBe(false);
    expect(rolesGrant(rolesAtLocation(mixed, 2), 'pack-sales', 'POST')).toBe(true);
  });

  it('should give an admin the admin role at every location', () => {
    const admin = [{ locationId: 1, role: 'admin' as const }];
    expect(rolesAtLocation(admin, 7)).toEqual(['admin']);
    expect(isManagerRole(rolesAtLocation(admin, 7))).toBe(true);
  });

  it('should list where a user acts: every location for an admin or when unknown', () => {
    expect(actingLocationIds([{ locationId: 3, role: 'employee' }, ...mixed])).toEqual([1, 2, 3]);
    expect(actingLocationIds([{ locationId: 1, role: 'admin' }])).toBeNull();
    expect(actingLocationIds(undefined)).toBeNull();
    expect(actingLocationIds([])).toEqual([]);
  });
});
