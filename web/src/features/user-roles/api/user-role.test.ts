// Unit tests of the user-role list order (SPEC 6): case-insensitive and numeric-aware by full name.
import { describe, expect, it } from 'vitest';
import { roleLabel, sortEmployees, sortUserRoles, type EmployeeUser, type UserRole } from './user-role';

const role = (fullName: string, locationName = 'Downtown', roleName = 'employee'): UserRole => ({
  userRoleId: `${fullName}-${locationName}-${roleName}`,
  userId: fullName,
  roleId: null,
  locationId: 1,
  roleName,
  fullName,
  locationName,
  title: null,
  department: null,
});

describe('sortUserRoles', () => {
  it('should sort by full name ignoring case, numbers in numeric order', () => {
    const sorted = sortUserRoles([role('tech 10'), role('Tech 2'), role('alex Admin'), role('Éva Zed'), role('Blake')]);
    expect(sorted.map((r) => r.fullName)).toEqual(['alex Admin', 'Blake', 'Éva Zed', 'Tech 2', 'tech 10']);
  });

  it('should order one person\'s roles by location, then role', () => {
    const sorted = sortUserRoles([role('Kim', 'Uptown'), role('Kim', 'Downtown', 'manager'), role('Kim', 'Downtown', 'admin')]);
    expect(sorted.map((r) => `${r.locationName}/${r.roleName}`)).toEqual(['Downtown/admin', 'Downtown/manager', 'Uptown/employee']);
  });

  it('should not change the list it was given', () => {
    const list = [role('b'), role('a')];
    sortUserRoles(list);
    expect(list.map((r) => r.fullName)).toEqual(['b', 'a']);
  });
});

describe('employees', () => {
  it('should sort employees by first and last name, falling back to the username', () => {
    const user = (first: string | null, last: string | null, username: string): EmployeeUser => ({
      userId: username, first, last, username, email: null, title: null, department: null, locationId: null,
    });
    expect(sortEmployees([user('Zoe', 'A', 'z'), user(null, null, 'mgr'), user('adam', 'B', 'a')]).map((u) => u.userId)).toEqual(['a', 'mgr', 'z']);
  });

  it('should capitalise role names for display', () => {
    expect(roleLabel('controller')).toBe('Controller');
  });
});
