/**
 * Builds SPEC's auth token payload (user, access, expiresSeconds, renewPeriodSeconds, evt) for a
 * signed-in user. The access token names its session (sid) and never outlives it.
 */
import { accessListFor, type AuthEvent, type AuthTokenPayload, type AuthUser, type EmployeeRole, type LocationRole, type Role } from '@dealer/contracts';
import { signAccessToken, type Sql } from '@dealer/platform';
import { lastFailedLoginOf } from './credentials';
import { CUSTOMER_DETAILS, customerNameAndEmail } from '@dealer/read-models/customer-details/queries';
import { employeeProfile } from '@dealer/read-models/users/queries';
import { rolesOfUser } from '@dealer/read-models/user-roles/queries';

export interface TokenSettings {
  secret: string;
  accessTtlSeconds: number;
  renewSeconds: number;
}

/** The read models a token's user is read from (loadUser), by kind of user. */
export const TOKEN_READ_MODELS: Record<'employee' | 'customer', readonly string[]> = {
  customer: [CUSTOMER_DETAILS],
  employee: ['users', 'user_roles'],
};

async function loadUser(sql: Sql, userKind: 'employee' | 'customer', userId: string): Promise<{ user: AuthUser; locationIds: number[]; locationRoles: LocationRole[] } | null> {
  const lastFailedLoginDate = await lastFailedLoginOf(sql, userKind, userId);
  if (userKind === 'customer') {
    const c = await customerNameAndEmail(sql, userId);
    if (!c) return null;
    return {
      user: {
        userId, customerId: userId, first: c.firstName, last: c.lastName, email: c.emailAddress, username: c.emailAddress,
        isEmployee: false, location: null, locationId: null, title: null, department: null, lastFailedLoginDate, roles: ['customer'],
      },
      locationIds: [],
      locationRoles: [],
    };
  }
  const e = await employeeProfile(sql, userId);
  if (!e) return null;
  const roles = (await rolesOfUser(sql, userId)) as { locationId: number; role: EmployeeRole }[];
  return {
    user: {
      userId, customerId: null, first: e.first, last: e.last, email: e.email, username: e.username, isEmployee: true,
      location: e.locationName, locationId: e.locationId, title: e.title, department: e.department, lastFailedLoginDate,
      roles: [...new Set<Role>(roles.map((r) => r.role))],
    },
    locationIds: [...new Set(roles.map((r) => r.locationId))],
    locationRoles: roles.map((r) => ({ locationId: r.locationId, role: r.role })),
  };
}

export async function buildTokenPayload(
  sql: Sql,
  settings: TokenSettings,
  subject: { userKind: 'employee' | 'customer'; userId: string },
  session: { id: string; expiresAt: Date },
  evt: AuthEvent,
): Promise<AuthTokenPayload | null> {
  const ttlSeconds = Math.min(settings.accessTtlSeconds, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
  if (ttlSeconds <= 0) return null;
  const loaded = await loadUser(sql, subject.userKind, subject.userId);
  if (!loaded) return null;
  const { user, locationIds, locationRoles } = loaded;
  const token = await signAccessToken(
    { sub: subject.userId, kind: subject.userKind, roles: user.roles, locationIds, sid: session.id },
    settings.secret,
    ttlSeconds,
  );
  return {
    token,
    user,
    access: {
      list: accessListFor(user.roles),
      args: { isAdmin: user.roles.includes('admin'), isManager: user.roles.includes('manager'), isController: user.roles.includes('controller') },
      // Where each role is held: the client offers and permits per location (the server decides per location too).
      locationRoles,
    },
    expiresSeconds: ttlSeconds,
    renewPeriodSeconds: settings.renewSeconds,
    evt,
  };
}
