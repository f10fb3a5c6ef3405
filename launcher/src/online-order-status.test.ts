/**
 * Online orders read back (issue 13) through HTTP against real PostgreSQL and Redis: the customer
 * reads their own order's real state after each step (placed, failed with the card's message,
 * paid with its sale, refunded after a manager's void), never another customer's; managers list
 * the orders by status and location with the customer's name, only at the locations they manage
 * (admins: all); a rebuild of the read model gives the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { deterministicUuid } from '@dealer/platform';
import { onlineSaleIdOf } from '@dealer/command-api/online-orders/service';
import { rebuildProjection } from '@dealer/projector/rebuild';
import { onlineOrders } from '@dealer/read-models/online-orders/projection';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { createCustomerWithAccount, loginAs } from './testing/auth';
import { demoPackId } from './demo/catalogue';

let server: TestServer;
let staff: Record<string, string>;
let manager: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  staff = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
});
afterAll(async () => {
  await server?.stop();
});

const inject = (o: InjectOptions) => server.product.app.inject(o);
let phones = 0;
const customerWithAccount = (firstName: string, emailAddress: string) =>
  createCustomerWithAccount(server, staff, { firstName, lastName: 'Status', emailAddress, phoneMobile: `72055508${String(10 + phones++)}` });

async function read(headers: Record<string, string>, orderId: string, position?: string) {
  return inject({ method: 'GET', url: `/api/online-orders/${orderId}`, headers: { ...headers, ...(position ? { 'x-min-position': position } : {}) } });
}

describe('GET /api/online-orders/{orderId} and the managers list', () => {
  it("should show the customer's order as placed, failed, paid and refunded, and nobody else's", async () => {
    const a = await customerWithAccount('Ola', 'ola.status@orders.example');
    const b = await customerWithAccount('Bo', 'bo.status@orders.example');
    const placed = await inject({ method: 'POST', url: '/api/online-orders', headers: a.headers, payload: { packId: demoPackId('oil4'), locationId: 1 } });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId, total } = placed.json().dataSet as { orderId: string; total: number };
    await waitForProjections(server.product);

    const first = await read(a.headers, orderId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json().dataSet).toMatchObject({ orderId, customerId: a.id, status: 'placed', packId: demoPackId('oil4'), locationId: 1, total, saleId: null, failureMessage: null, isGift: false });
    expect(first.json().dataSet.packName).toBeTruthy();
    expect(first.json().dataSet.locationName).toBeTruthy();

    // Another customer learns nothing; an unknown order reads the same.
    const theirs = await read(b.headers, orderId);
    expect(theirs.statusCode).toBe(404);
    expect((await read(a.headers, '00000000-0000-4000-8000-000000000000')).json().errors).toEqual(theirs.json().errors);

    const declined = await inject({ method: 'POST', url: `/api/online-orders/${orderId}/confirm`, headers: a.headers, payload: { cardNumber: '4000 0000 0000 0002' } });
    expect(declined.statusCode).toBe(400);
    await waitForProjections(server.product);
    expect((await read(a.headers, orderId)).json().dataSet).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.', failureCount: 1, saleId: null });

    const paid = await inject({ method: 'POST', url: `/api/online-orders/${orderId}/confirm`, headers: a.headers, payload: { cardNumber: '4242 4242 4242 4242' } });
    expect(paid.statusCode, paid.body).toBe(200);
    // Read-your-writes: the confirm's position makes the next read show the payment.
    const afterPay = (await read(a.headers, orderId, paid.json().metaData.position)).json().dataSet;
    expect(afterPay).toMatchObject({ status: 'paid', saleId: onlineSaleIdOf(orderId), failureCount: 1 });
    expect(afterPay.paidAt).toBeTruthy();

    // The managers' list: by status and location, with the customer's name; employees may not list.
    const list = await inject({ method: 'GET', url: '/api/online-orders?status=paid&locationId=1', headers: manager });
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json().dataSet as { orderId: string; customerName: string; status: string }[]).find((r) => r.orderId === orderId);
    expect(row).toMatchObject({ customerName: 'Ola Status', status: 'paid' });
    expect(list.json().metaData.total).toBeGreaterThanOrEqual(1);
    const failedOnly = await inject({ method: 'GET', url: '/api/online-orders?status=failed', headers: manager });
    expect((failedOnly.json().dataSet as { orderId: string }[]).some((r) => r.orderId === orderId)).toBe(false);
    const elsewhere = await inject({ method: 'GET', url: '/api/online-orders?locationId=2', headers: manager });
    expect((elsewhere.json().dataSet as { orderId: string }[]).some((r) => r.orderId === orderId)).toBe(false);
    expect((await inject({ method: 'GET', url: '/api/online-orders', headers: staff })).statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/online-orders', headers: a.headers })).statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/online-orders?status=lost', headers: manager })).statusCode).toBe(400);

    // A manager's void refunds it; the order reads refunded, for the customer and in the list.
    const voided = await inject({ method: 'POST', url: `/api/pack-sales/${onlineSaleIdOf(orderId)}/void`, headers: manager, payload: { reason: 'Customer asked for a refund' } });
    expect(voided.statusCode, voided.body).toBe(200);
    await waitForProjections(server.product);
    const refunded = (await read(a.headers, orderId)).json().dataSet;
    expect(refunded).toMatchObject({ status: 'refunded', refundAmount: total, saleId: onlineSaleIdOf(orderId) });
    const refundedList = await inject({ method: 'GET', url: '/api/online-orders?status=refunded', headers: manager });
    expect((refundedList.json().dataSet as { orderId: string }[]).map((r) => r.orderId)).toContain(orderId);
    // Managers read the orders of the locations they manage (the demo manager: location 1).
    expect((await read(manager, orderId)).statusCode).toBe(200);

    // A rebuild of the read model gives the same rows.
    const before = await server.product.sql`select * from rm_online_orders.orders order by order_id`;
    await rebuildProjection({ sql: server.product.sql, store: server.product.store }, onlineOrders);
    const after = await server.product.sql`select * from rm_online_orders.orders order by order_id`;
    expect(after).toEqual(before);
  }, 90_000);

  it('should show a manager only the orders of the locations where they hold the manager role, and admins every order', async () => {
    const admin = (await loginAs(server, 'admin')).headers;
    const c = await customerWithAccount('Cy', 'cy.status@orders.example');
    // The demo manager manages location 1 only; Clean Air is sold at location 2 only.
    const placed = await inject({ method: 'POST', url: '/api/online-orders', headers: c.headers, payload: { packId: demoPackId('cleanAir'), locationId: 2 } });
    expect(placed.statusCode, placed.body).toBe(200);
    const elsewhereId = placed.json().dataSet.orderId as string;
    const atOne = await inject({ method: 'POST', url: '/api/online-orders', headers: c.headers, payload: { packId: demoPackId('oil4'), locationId: 1 } });
    const atOneId = atOne.json().dataSet.orderId as string;
    await waitForProjections(server.product);
    const ids = (res: { json: () => { dataSet: { orderId: string }[] } }) => res.json().dataSet.map((r) => r.orderId);

    const mine = await inject({ method: 'GET', url: '/api/online-orders', headers: manager });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(ids(mine)).toContain(atOneId);
    expect(ids(mine)).not.toContain(elsewhereId);
    expect(mine.json().metaData.locationIds).toEqual([1]);
    expect(mine.json().metaData.total).toBe(mine.json().dataSet.length);
    // Asking for another location narrows to nothing (not everything).
    const asked = await inject({ method: 'GET', url: '/api/online-orders?locationId=2', headers: manager });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().dataSet).toEqual([]);
    expect(asked.json().metaData.total).toBe(0);
    // The order itself: 404 as for none, the same answer as an unknown id.
    const one = await read(manager, elsewhereId);
    expect(one.statusCode).toBe(404);
    expect(one.json().errors).toEqual((await read(manager, '00000000-0000-4000-8000-000000000000')).json().errors);
    expect((await read(manager, atOneId)).statusCode).toBe(200);

    // Admins: every location.
    const all = await inject({ method: 'GET', url: '/api/online-orders', headers: admin });
    expect(ids(all)).toEqual(expect.arrayContaining([atOneId, elsewhereId]));
    expect(all.json().metaData.locationIds).toEqual(expect.arrayContaining([1, 2]));
    expect(ids(await inject({ method: 'GET', url: '/api/online-orders?locationId=2', headers: admin }))).toContain(elsewhereId);
    expect((await read(admin, elsewhereId)).statusCode).toBe(200);

    // A manager role given at location 2 shows its orders (the roles now, not at sign-in).
    const managerId = deterministicUuid('demo-employee-manager');
    const assigned = await inject({ method: 'POST', url: '/api/user-roles', headers: admin, payload: { userId: managerId, roleName: 'manager', locationId: 2 } });
    expect(assigned.statusCode, assigned.body).toBeLessThan(300);
    await waitForProjections(server.product);
    const again = await loginAs(server, 'manager');
    expect(ids(await inject({ method: 'GET', url: '/api/online-orders?locationId=2', headers: again.headers }))).toContain(elsewhereId);
    expect((await read(again.headers, elsewhereId)).statusCode).toBe(200);
  }, 90_000);
});
