/**
 * Staff with roles at some rooftops only (issue 20), for integration tests: a new employee with
 * the given roles per location (created as the demo seed creates its accounts, signed in through
 * the real /auth-api), and roles given to or taken from an existing user through the admin API.
 */
import { randomUUID } from 'node:crypto';
import { employeeDecider, employeeStreamId, hashPassword, userRoleDecider, userRoleStreamId } from '@dealer/command-api';
import type { EmployeeRole } from '@dealer/contracts';
import { deterministicUuid, handle, systemContext } from '@dealer/platform';
import { DEMO_PASSWORD } from '../demo/accounts';
import { waitForProjections, type TestServer } from './test-server';
import { loginAs, xsrfHeaders, type DemoAccount } from './auth';

export interface RooftopStaff {
  userId: string;
  /** Bearer + anti-forgery cookies and header. */
  headers: Record<string, string>;
}

/** A new employee `username` holding `roles` (role and location), signed in; their own location is the first role's unless given. */
export async function employeeWithRoles(
  server: TestServer,
  username: string,
  roles: { role: EmployeeRole; locationId: number }[],
  options: { homeLocationId?: number } = {},
): Promise<RooftopStaff> {
  const { store, sql } = server.product;
  const userId = deterministicUuid(`rooftop-employee-${username}`);
  const ctx = { ...systemContext('system:test', 'rooftops-test'), newId: randomUUID };
  await handle(store, employeeStreamId(userId), employeeDecider, {
    type: 'CreateEmployee',
    data: { userId, first: 'Rooftop', last: username, username, email: `${username}@dealer-coupons.example`, mobilePhone: null, otherPhone: null, title: 'Service Advisor', department: 'Service', locationId: options.homeLocationId ?? roles[0]?.locationId ?? 1 },
  }, ctx);
  for (const { role, locationId } of roles) {
    const userRoleId = deterministicUuid(`rooftop-role-${username}-${role}-${locationId}`);
    await handle(store, userRoleStreamId(userRoleId), userRoleDecider, { type: 'AssignUserRole', data: { userRoleId, userId, roleName: role, locationId } }, ctx);
  }
  await sql`insert into auth_credentials (user_kind, user_id, login, password_hash) values ('employee', ${userId}, ${username}, ${await hashPassword(DEMO_PASSWORD)}) on conflict do nothing`;
  await waitForProjections(server.product);
  const xsrf = await xsrfHeaders(server);
  const login = await server.product.app.inject({ method: 'POST', url: '/auth-api/login', headers: xsrf, payload: { username, password: DEMO_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`sign-in as ${username} failed: ${login.statusCode} ${login.body}`);
  return { userId, headers: { ...xsrf, authorization: `Bearer ${login.json().dataSet.token}` } };
}

/** A demo account's user id. */
export const demoUserId = (account: Exclude<DemoAccount, 'customer'>) => deterministicUuid(`demo-employee-${account}`);

/** Gives `userId` the role at the location through POST /api/user-roles (as `admin`), projected: its user role id. */
export async function assignRole(server: TestServer, admin: Record<string, string>, userId: string, roleName: EmployeeRole, locationId: number): Promise<string> {
  const res = await server.product.app.inject({ method: 'POST', url: '/api/user-roles', headers: admin, payload: { userId, roleName, locationId } });
  if (res.statusCode !== 201) throw new Error(`assigning ${roleName} at ${locationId} failed: ${res.statusCode} ${res.body}`);
  await waitForProjections(server.product);
  return res.json().dataSet.userRoleId as string;
}

/** Takes a user role away through DELETE /api/user-roles/{id} (as `admin`), projected. */
export async function removeRole(server: TestServer, admin: Record<string, string>, userRoleId: string): Promise<void> {
  const res = await server.product.app.inject({ method: 'DELETE', url: `/api/user-roles/${userRoleId}`, headers: admin });
  if (res.statusCode !== 200) throw new Error(`removing user role ${userRoleId} failed: ${res.statusCode} ${res.body}`);
  await waitForProjections(server.product);
}

/** Demo staff given their own role at locations 2-4 too (before they sign in): a group whose staff work at every rooftop. */
export async function givenRolesAtEveryRooftop(server: TestServer, accounts: Exclude<DemoAccount, 'customer' | 'admin'>[], locationIds = [2, 3, 4]): Promise<void> {
  const admin = await loginAs(server, 'admin');
  for (const account of accounts) for (const locationId of locationIds) await assignRole(server, admin.headers, demoUserId(account), account, locationId);
}
