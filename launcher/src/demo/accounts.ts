/**
 * Demo accounts (README): employees admin, manager, controller, employee and the customer
 * pat.customer@example.com, every password 'demo-password-1'. Demo mode only; idempotent.
 */
import { randomUUID } from 'node:crypto';
import { employeeStreamId, employeeDecider, hashPassword, userRoleDecider, userRoleStreamId } from '@dealer/command-api';
import type { EmployeeRole } from '@dealer/contracts';
import { deterministicUuid, handle, systemContext, type EventStore, type Sql } from '@dealer/platform';

export const DEMO_PASSWORD = 'demo-password-1';
export const DEMO_CUSTOMER_LOGIN = 'pat.customer@example.com';

const EMPLOYEES: { username: EmployeeRole; first: string; last: string; title: string; department: string }[] = [
  { username: 'admin', first: 'Avery', last: 'Admin', title: 'Systems Administrator', department: 'IT' },
  { username: 'manager', first: 'Morgan', last: 'Manager', title: 'Service Manager', department: 'Service' },
  { username: 'controller', first: 'Casey', last: 'Controller', title: 'Controller', department: 'Accounting' },
  { username: 'employee', first: 'Evan', last: 'Employee', title: 'Service Advisor', department: 'Service' },
];

export async function seedDemoAccounts(sql: Sql, store: EventStore, demoCustomerId: string): Promise<number> {
  let created = 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const e of EMPLOYEES) {
    const userId = deterministicUuid(`demo-employee-${e.username}`);
    const ctx = { ...systemContext('system:demo-seed', 'demo-seed'), newId: randomUUID };
    if ((await store.readStream(employeeStreamId(userId), { maxCount: 1 })).length === 0) {
      await handle(store, employeeStreamId(userId), employeeDecider, {
        type: 'CreateEmployee',
        data: { userId, first: e.first, last: e.last, username: e.username, email: `${e.username}@dealer-coupons.example`, mobilePhone: null, otherPhone: null, title: e.title, department: e.department, locationId: 1 },
      }, ctx);
      const userRoleId = deterministicUuid(`demo-user-role-${e.username}`);
      await handle(store, userRoleStreamId(userRoleId), userRoleDecider, { type: 'AssignUserRole', data: { userRoleId, userId, roleName: e.username, locationId: 1 } }, ctx);
      created += 1;
    }
    await sql`insert into auth_credentials (user_kind, user_id, login, password_hash) values ('employee', ${userId}, ${e.username}, ${passwordHash}) on conflict do nothing`;
  }
  await sql`insert into auth_credentials (user_kind, user_id, login, password_hash) values ('customer', ${demoCustomerId}, ${DEMO_CUSTOMER_LOGIN}, ${passwordHash}) on conflict do nothing`;
  return created;
}
