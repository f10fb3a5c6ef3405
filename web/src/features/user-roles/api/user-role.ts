// The User-role and Employee user entities of SPEC 3 as the API answers them, and the list order of SPEC 6.
export interface UserRole {
  userRoleId: number | string;
  userId: string;
  roleId: number | string | null;
  locationId: number;
  roleName: string;
  fullName: string | null;
  locationName: string | null;
  title: string | null;
  department: string | null;
}

export interface EmployeeUser {
  userId: string;
  first: string | null;
  last: string | null;
  username: string | null;
  email: string | null;
  title: string | null;
  department: string | null;
  locationId: number | null;
}

/** Locations as the page passes them in (the locations feature owns the call). */
export interface LocationOption {
  locationId: number;
  locationName: string;
}

/** SPEC 6: employee names sort case-insensitively and numeric-aware ('User 2' before 'user 10'). */
export const nameCollator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

export function sortUserRoles(roles: readonly UserRole[]): UserRole[] {
  return [...roles].sort(
    (a, b) =>
      nameCollator.compare(a.fullName ?? '', b.fullName ?? '') ||
      nameCollator.compare(a.locationName ?? '', b.locationName ?? '') ||
      nameCollator.compare(a.roleName, b.roleName),
  );
}

export function employeeName(user: Pick<EmployeeUser, 'first' | 'last' | 'username'>): string {
  return [user.first, user.last].filter(Boolean).join(' ') || user.username || '';
}

export function sortEmployees(users: readonly EmployeeUser[]): EmployeeUser[] {
  return [...users].sort((a, b) => nameCollator.compare(employeeName(a), employeeName(b)));
}

/** 'admin' -> 'Admin' for display; the API keeps the lower-case role name. */
export function roleLabel(roleName: string): string {
  return roleName.charAt(0).toUpperCase() + roleName.slice(1);
}
