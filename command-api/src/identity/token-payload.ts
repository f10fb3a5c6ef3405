/**
 * Builds SPEC's auth token payload (user, access, expiresSeconds, renewPeriodSeconds, evt) for a
 * signed-in user. The access token names its session (sid) and never outlives it.
 */
import { accessListFor, type AuthEvent, type AuthTokenPayload, type AuthUser, type EmployeeRole, type LocationRole, type Role } from '@dealer/contracts';
import { signAccessToken, type Sql } from '@dealer/platform';

export interface TokenSettings {
  secret: string;
  accessTtlSeconds: number;
  renewSeconds: number;
}

async function loadUser(sql: Sql, userKind: 'employee' | 'customer', userId: string): Promise<{ user: AuthUser; locationIds: number[]; locationRoles: LocationRole[] } | null> {
  const [credential] = await sql<{ last_failed_login_at: Date | null }[]>`
    select last_failed_login_at from auth_credentials where user_kind = ${userKind} and user_id = ${userId}`;
  const lastFailedLoginDate = credential?.last_failed_login_at?.toISOString() ?? null;
  if (userKind === 'customer') {
    const [c] = await sql<{ first_name: string | null; last_name: string | null; email_address: string | null }[]>`
      select first_name, last_name, email_address from rm_customer_details.customers where customer_id = ${userId}`;
    if (!c) return null;
    return {
      user: {
        userId, customerId: userId, first: c.first_name, last: c.last_name, email: c.email_address, username: c.email_address,
        isEmployee: false, location: null, locationId: null, title: null, department: null, lastFailedLoginDate, roles: ['customer'],
      },
      locationIds: [],
      locationRoles: [],
    };
  }
  const [e] = await sql<{ first: string; last: string; username: string; email: string | null; title: string | null; department: string | null; location_id: number }[]>`
    select first, last, username, email, title, department, location_id from rm_users.employees where user_id = ${userId}`;
  if (!e) return null;
  const roles = await sql<{ role_name: EmployeeRole; location_id: number }[]>`
    select role_name, location_id from rm_user_roles.user_roles where user_id = ${userId} order by location_id, role_name`;
  const [loc] = await sql<{ location_name: string }[]>`select location_name from ref.locations where location_id = ${e.location_id}`.catch(() => []);
  return {
    user: {
      userId, customerId: null, first: e.first, last: e.last, email: e.email, username: e.username, isEmployee: true,
      location: loc?.location_name ?? null, locationId: e.location_id, title: e.title, department: e.department, lastFailedLoginDate,
      roles: [...new Set<Role>(roles.map((r) => r.role_name))],
    },
    locationIds: [...new Set(roles.map((r) => r.location_id))],
    locationRoles: roles.map((r) => ({ locationId: r.location_id, role: r.role_name })),
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
