/**
 * Online orders that do not end in a sale (issue 13), against real PostgreSQL and the demo payment
 * provider: an order placed and not paid within a day is cancelled at the provider and recorded
 * cancelled (the sweep finds it through the online_orders read model; a later confirm is refused,
 * a second sweep does nothing); an order whose payment the provider took while its notification was
 * lost is issued by the sweep instead of cancelled; a payment that arrives for a pack that can no
 * longer be sold is refunded in full and nothing is issued, once under a replayed notification, and the
 * customer is e-mailed that it was refunded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ONLINE_ORDER_ABANDON_AFTER_MS, ONLINE_ORDER_MESSAGES, onlineOrderStreamId, packSaleStreamId } from '@dealer/contracts';
import { systemContext } from '@dealer/platform';
import { cancelAbandonedOrder, sweepAbandonedOrders } from '@dealer/workers/jobs/abandoned-orders';
import { confirmOnlineOrder, onlineOrderPaymentSucceeded, onlineSaleIdOf, placeOnlineOrder, type OnlineOrderDeps } from '@dealer/command-api/online-orders/service';
import { createPaymentProvider, type DemoPaymentProvider } from '@dealer/platform/payments/index';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';
import { demoPackId } from './demo/catalogue';

const AUTH_SECRET = 'abandoned-orders-test-secret-of-enough-length';
const VISA = '4242 4242 4242 4242';
let server: TestServer;
let staff: Record<string, string>;
let manager: Record<string, string>;
let provider: DemoPaymentProvider;
let deps: OnlineOrderDeps;
beforeAll(async () => {
  server = await startTestServer({ webDist: null, env: { AUTH_SECRET } });
  staff = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
  provider = createPaymentProvider({ APP_MODE: 'demo', PAYMENT_PROVIDER: 'demo', authSecret: AUTH_SECRET }) as DemoPaymentProvider;
  deps = { store: server.product.store, sql: server.product.sql, provider, giftKey: Buffer.alloc(32, 7) };
});
afterAll(async () => {
  await server?.stop();
});

const inject = (o: InjectOptions) => server.product.app.inject(o);
const ctx = () => systemContext('test:abandoned-orders');
let phones = 0;
async function customer(firstName: string): Promise<string> {
  const created = await inject({
    method: 'POST',
    url: '/api/customers',
    headers: staff,
    payload: { firstName, lastName: 'Abandon', emailAddress: `${firstName.toLowerCase()}.abandon@orders.example`, phoneMobile: `72055509${String(10 + phones++)}` },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().dataSet.customerId as string;
}
const types = async (orderId: string) => (await server.product.store.readStream(onlineOrderStreamId(orderId))).map((e) => e.type);
const later = (ms: number) => new Date(Date.now() + ms);

describe('online orders that end without a sale', () => {
  it('should cancel an order not paid within a day at the provider, once, and refuse to pay it afterwards', async () => {
    const customerId = await customer('Lou');
    const { view } = await placeOnlineOrder(deps, customerId, { packId: demoPackId('oil4'), locationId: 1 }, ctx());
    // Not yet a day old: nothing happens.
    expect(await cancelAbandonedOrder(deps, view.orderId, later(ONLINE_ORDER_ABANDON_AFTER_MS - 60_000), ctx())).toBeNull();
    await waitForProjections(server.product);

    const swept = await sweepAbandonedOrders(deps, later(ONLINE_ORDER_ABANDON_AFTER_MS + 60_000));
    expect(swept).toEqual({ cancelled: 1, paid: 0, returned: 0, failed: 0 });
    expect(await types(view.orderId)).toEqual(['OnlineOrderPlaced', 'OnlineOrderCancelled']);
    const paymentId = (await server.product.store.readStream(onlineOrderStreamId(view.orderId)))[0]!.data as { paymentId: string };
    expect((await provider.getPayment(paymentId.paymentId)).status).toBe('canceled');

    await expect(confirmOnlineOrder(deps, customerId, view.orderId, { cardNumber: VISA }, ctx())).rejects.toMatchObject({ errors: [ONLINE_ORDER_MESSAGES.cancelled] });
    await waitForProjections(server.product);
    const [row] = await server.product.sql`select status, cancelled_at from rm_online_orders.orders where order_id = ${view.orderId}`;
    expect(row).toMatchObject({ status: 'cancelled' });
    expect(row!.cancelled_at).toBeTruthy();
    // Swept again: nothing more.
    expect(await sweepAbandonedOrders(deps, later(ONLINE_ORDER_ABANDON_AFTER_MS + 120_000))).toEqual({ cancelled: 0, paid: 0, returned: 0, failed: 0 });
    expect(await types(view.orderId)).toEqual(['OnlineOrderPlaced', 'OnlineOrderCancelled']);
  }, 60_000);

  it('should cancel an abandoned order whose payment the provider does not know (a demo provider restarted)', async () => {
    const customerId = await customer('Kai');
    const { view } = await placeOnlineOrder(deps, customerId, { packId: demoPackId('oil4'), locationId: 1 }, ctx());
    const restarted = createPaymentProvider({ APP_MODE: 'demo', PAYMENT_PROVIDER: 'demo', authSecret: AUTH_SECRET }) as DemoPaymentProvider;
    expect(await cancelAbandonedOrder({ ...deps, provider: restarted }, view.orderId, later(ONLINE_ORDER_ABANDON_AFTER_MS + 60_000), ctx())).toBe('cancelled');
    expect(await types(view.orderId)).toEqual(['OnlineOrderPlaced', 'OnlineOrderCancelled']);
  }, 60_000);

  it('should issue the pack instead when the provider took the payment and its notice was lost', async () => {
    const customerId = await customer('Mo');
    const { view } = await placeOnlineOrder(deps, customerId, { packId: demoPackId('essential'), locationId: 1 }, ctx());
    const [placed] = await server.product.store.readStream(onlineOrderStreamId(view.orderId));
    // The browser paid at the provider (a 3-D Secure step through Stripe.js) and went away.
    await provider.confirmPayment({ paymentId: (placed!.data as { paymentId: string }).paymentId, paymentMethod: VISA, idempotencyKey: `order:${view.orderId}:browser` });
    expect(await cancelAbandonedOrder(deps, view.orderId, later(ONLINE_ORDER_ABANDON_AFTER_MS + 60_000), ctx())).toBe('paid');
    expect(await types(view.orderId)).toEqual(['OnlineOrderPlaced', 'OnlineOrderPaid']);
    expect((await server.product.store.readStream(packSaleStreamId(onlineSaleIdOf(view.orderId)))).map((e) => e.type)).toEqual(['PackSold']);
  }, 60_000);

  it('should refund a payment that arrives for a pack that can no longer be sold, issue nothing, and do it once', async () => {
    const customerId = await customer('Nia');
    const { view } = await placeOnlineOrder(deps, customerId, { packId: demoPackId('cleanAir'), locationId: 2 }, ctx());
    const paymentId = ((await server.product.store.readStream(onlineOrderStreamId(view.orderId)))[0]!.data as { paymentId: string }).paymentId;
    const disabled = await inject({ method: 'POST', url: `/api/packs/${demoPackId('cleanAir')}/disable`, headers: manager, payload: { reason: 'Season over' } });
    expect(disabled.statusCode, disabled.body).toBe(200);
    // The customer's 3-D Secure payment finishes after the pack was disabled; its notification arrives (twice).
    await provider.confirmPayment({ paymentId, paymentMethod: VISA, idempotencyKey: `order:${view.orderId}:browser` });
    for (let i = 0; i < 2; i++) await onlineOrderPaymentSucceeded(deps, view.orderId, paymentId, view.total, ctx());

    const events = await server.product.store.readStream(onlineOrderStreamId(view.orderId));
    expect(events.map((e) => e.type)).toEqual(['OnlineOrderPlaced', 'OnlineOrderPaymentReturned']);
    expect(events[1]!.data).toMatchObject({ amount: view.total, status: 'succeeded', message: ONLINE_ORDER_MESSAGES.returned });
    expect(await server.product.store.readStream(packSaleStreamId(onlineSaleIdOf(view.orderId)))).toEqual([]);
    // The provider refunded it: nothing is left to refund.
    await expect(provider.refundPayment({ paymentId, idempotencyKey: 'again', orderId: view.orderId })).rejects.toThrow(/already refunded/);
    await expect(confirmOnlineOrder(deps, customerId, view.orderId, { cardNumber: VISA }, ctx())).rejects.toMatchObject({ errors: [ONLINE_ORDER_MESSAGES.returned] });
    await waitForProjections(server.product);
    const [row] = await server.product.sql`select status, refund_amount::int as amount, failure_message from rm_online_orders.orders where order_id = ${view.orderId}`;
    expect(row).toEqual({ status: 'returned', amount: view.total, failure_message: ONLINE_ORDER_MESSAGES.returned });
    // The customer is told by e-mail, once.
    const admin = (await loginAs(server, 'admin')).headers;
    let messages: { subject: string; body: string }[] = [];
    for (let i = 0; i < 100 && messages.length === 0; i++) {
      messages = (await inject({ method: 'GET', url: '/api/dev-outbox?to=nia.abandon@orders.example', headers: admin })).json().dataSet ?? [];
      if (messages.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(messages.map((m) => m.subject)).toEqual(['Your payment was refunded: Clean Air Pack']);
    expect(messages[0]!.body).toContain(ONLINE_ORDER_MESSAGES.returned);
    expect(messages[0]!.body).toContain(`Order reference: ${view.orderId}`);
    const enabled = await inject({ method: 'POST', url: `/api/packs/${demoPackId('cleanAir')}/enable`, headers: manager, payload: {} });
    expect(enabled.statusCode, enabled.body).toBe(200);
  }, 60_000);

  it('should leave every projection running with nothing parked after these orders', async () => {
    await waitForProjections(server.product);
    for (const s of server.product.projector.status()) {
      expect({ name: s.name, state: s.state, parked: s.parked, lastError: s.lastError }).toEqual({ name: s.name, state: 'running', parked: 0, lastError: null });
    }
    const [parked] = await server.product.sql<{ n: number }[]>`select count(*)::int as n from parked_events`;
    expect(parked!.n).toBe(0);
  });
});
