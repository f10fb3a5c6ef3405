/**
 * Issue 10, item 9 (b), through the product: an event a read model cannot apply (here a user
 * role whose location id is past PostgreSQL's integer, as the issue found, appended straight
 * into the store since the API now refuses it) is parked; the projection keeps running and
 * later writes show; admins list it (GET /api/parked-events) and retry it after a fix
 * (POST /api/parked-events/{id}/retry) without a restart. The projections' statements are prepared
 * on their connections (ADR 0113), with the parameter types of the table before the fix: a retry
 * and the event-by-event path send theirs fresh, so the fix holds at once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParkedEvent } from '@dealer/contracts';
import { deterministicUuid, systemContext, toNewEvents } from '@dealer/platform';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs, type SignedIn } from './testing/auth';

let server: TestServer;
let admin: SignedIn;
let manager: SignedIn;

const waitUntil = async (check: () => Promise<boolean> | boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  admin = await loginAs(server, 'admin');
  manager = await loginAs(server, 'manager');
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const list = async (headers = admin.headers) => server.product.app.inject({ method: 'GET', url: '/api/parked-events', headers });
const userRoles = () => server.product.projector.status().find((s) => s.name === 'user_roles')!;

describe('parked events', () => {
  const poisoned = randomUUID();
  const employee = deterministicUuid('demo-employee-employee');

  it('should park an event a read model cannot apply and carry on with the next ones', async () => {
    const ctx = systemContext('test');
    await server.product.store.appendToStream(`user-role-${poisoned}`, toNewEvents([{ type: 'UserRoleAssigned', data: { userRoleId: poisoned, userId: employee, roleName: 'employee', locationId: 9007199254740993 } }], ctx));
    const res = await server.product.app.inject({ method: 'POST', url: '/api/user-roles', headers: admin.headers, payload: { userId: employee, roleName: 'manager', locationId: 2 } });
    expect(res.statusCode).toBe(201);
    const created = res.json().dataSet.userRoleId as string;
    await waitForProjections(server.product);
    expect(userRoles()).toMatchObject({ state: 'running', lastError: null });
    await waitUntil(() => userRoles().parked === 1);
    const [row] = await server.product.sql`select user_role_id from rm_user_roles.user_roles where user_role_id = ${created}`;
    expect(row).toBeDefined();
    expect(server.product.projector.status().filter((s) => s.name !== 'user_roles').every((s) => s.state === 'running' && s.parked === 0)).toBe(true);
  });

  it('should list the parked event to admins only, without its data', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const parked = res.json().dataSet as ParkedEvent[];
    expect(parked).toEqual([
      expect.objectContaining({ projection: 'user_roles', eventType: 'UserRoleAssigned', attempts: 1, retryRequestedAt: null, error: expect.stringMatching(/^22003 /) }),
    ]);
    expect(JSON.stringify(parked)).not.toContain('9007199254740');
    expect((await list(manager.headers)).statusCode).toBe(403);
    expect((await server.product.app.inject({ method: 'POST', url: `/api/parked-events/${parked[0]!.id}/retry`, headers: manager.headers })).statusCode).toBe(403);
  });

  it('should answer 404 for a retry of an unknown parked event', async () => {
    const res = await server.product.app.inject({ method: 'POST', url: `/api/parked-events/${randomUUID()}/retry`, headers: admin.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual(['Not found.']);
  });

  it('should record the new error of a retry that fails again, then apply it after a fix, without a restart', async () => {
    const [parked] = (await list()).json().dataSet as ParkedEvent[];
    const retry = await server.product.app.inject({ method: 'POST', url: `/api/parked-events/${parked!.id}/retry`, headers: admin.headers });
    expect(retry.statusCode).toBe(202);
    expect(retry.json().dataSet).toEqual({ id: parked!.id, message: 'Retry requested.' });
    await waitUntil(async () => ((await list()).json().dataSet as ParkedEvent[])[0]!.attempts === 2);
    expect(((await list()).json().dataSet as ParkedEvent[])[0]!.retryRequestedAt).toBeNull();

    // The fix (here: a column that holds the value), then the operator's retry.
    await server.product.sql`alter table rm_user_roles.user_roles alter column location_id type bigint`;
    await server.product.app.inject({ method: 'POST', url: `/api/parked-events/${parked!.id}/retry`, headers: admin.headers });
    await waitUntil(async () => ((await list()).json().dataSet as ParkedEvent[]).length === 0);
    const [row] = await server.product.sql<{ location_id: string }[]>`select location_id::text from rm_user_roles.user_roles where user_role_id = ${poisoned}`;
    expect(row?.location_id).toBe('9007199254740992');
    await waitUntil(() => userRoles().parked === 0);
  });

  it('should apply later events the fix allows, though their statement was prepared before the fix', async () => {
    const later = randomUUID();
    const ctx = systemContext('test');
    await server.product.store.appendToStream(`user-role-${later}`, toNewEvents([{ type: 'UserRoleAssigned', data: { userRoleId: later, userId: employee, roleName: 'manager', locationId: 9007199254740990 } }], ctx));
    await waitForProjections(server.product);
    const [row] = await server.product.sql<{ location_id: string }[]>`select location_id::text from rm_user_roles.user_roles where user_role_id = ${later}`;
    expect(row?.location_id).toBe('9007199254740990');
    expect(userRoles()).toMatchObject({ state: 'running', parked: 0 });
    expect((await list()).json().dataSet).toEqual([]);
  });
});
