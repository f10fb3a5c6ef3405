/**
 * Buying a pack online (issue 13) through HTTP with the demo payment provider, against real
 * PostgreSQL and Redis: a paid order's coupons are the customer's at once (read-your-writes),
 * a double submit or a retried request makes one charge and one sale, a declined card issues
 * nothing and says why, and a customer cannot pay or see another customer's order. The webhook:
 * a payment that succeeded while the browser was gone issues the pack once, replays change nothing.
 * A manager's void of an online sale refunds the payment through the provider, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ONLINE_ORDER_MESSAGES, PACK_SALE_MESSAGES, onlineOrderStreamId, packSaleStreamId } from '@dealer/contracts';
import { onlineSaleIdOf } from '@dealer/command-api/online-orders/service';
import { createPaymentProvider, type DemoPaymentProvider, type WebhookRequest } from '@dealer/platform/payments/index';
import { holdProjection, startTestServer, type TestServer } from './testing/test-server';
import { createCustomerWithAccount, loginAs } from './testing/auth';
import { demoPackId } from './demo/catalogue';
import { sendOnlineOrderReceipt } from '@dealer/workers/jobs/send-online-order-receipt';
import type { MessageSender, OutgoingMessage } from '@dealer/workers/messaging/message';

let server: TestServer;
const AUTH_SECRET = 'online-orders-test-secret-of-enough-length';
let staff: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ webDist: null, env: { AUTH_SECRET } });
  staff = (await loginAs(server, 'employee')).headers;
});
afterAll(async () => {
  await server?.stop();
});

const inject = (o: InjectOptions) => server.product.app.inject(o);
const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

let phones = 0;
const customerWithAccount = (firstName: string, emailAddress: string, isTaxExempt = false) =>
  createCustomerWithAccount(server, staff, { firstName, lastName: 'Buyer', emailAddress, phoneMobile: `72055507${String(10 + phones++)}`, isTaxExempt });

const place = (headers: Record<string, string>, payload: Record<string, unknown>, extra: Record<string, string> = {}) =>
  inject({ method: 'POST', url: '/api/online-orders', headers: { ...headers, ...extra }, payload });
const confirm = (headers: Record<string, string>, orderId: string, payload: Record<string, unknown>, extra: Record<string, string> = {}) =>
  inject({ method: 'POST', url: `/api/online-orders/${orderId}/confirm`, headers: { ...headers, ...extra }, payload });

async function purchases(who: { id: string; headers: Record<string, string> }, position?: string) {
  const res = await inject({ method: 'GET', url: `/api/customers/${who.id}/purchases`, headers: { ...who.headers, ...(position ? { 'x-min-position': position } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataSet as { saleId: string; total: number; status: string }[];
}

describe('online orders with the demo provider', () => {
  it('should take the payment, issue the pack once and show its coupons at once', async () => {
    const a = await customerWithAccount('Robin', 'robin.buyer@orders.example');
    const placed = await place(a.headers, { packId: demoPackId('oil4'), locationId: 1 });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().dataSet;
    expect(order.price).toBe(29900);
    expect(order.total).toBe(order.price + order.tax);
    expect(order.provider).toBe('demo');
    expect(order.notice).toBe('Demo payment: no money moves');

    const paid = await confirm(a.headers, order.orderId, { cardNumber: VISA });
    expect(paid.statusCode, paid.body).toBe(200);
    const saleId = onlineSaleIdOf(order.orderId);
    expect(paid.json().dataSet).toEqual({ orderId: order.orderId, status: 'paid', saleId, message: ONLINE_ORDER_MESSAGES.paid });
    const position = paid.json().metaData.position as string;
    expect(position).toBeTruthy();

    // Read-your-writes: the coupons are there on the very next read.
    const coupons = await inject({ method: 'GET', url: `/api/customers/${a.id}/coupons`, headers: { ...a.headers, 'x-min-position': position } });
    expect(coupons.statusCode).toBe(200);
    const mine = (coupons.json().dataSet as { saleId: string }[]).filter((c) => c.saleId === saleId);
    expect(mine).toHaveLength(4);
    const sales = await purchases(a, position);
    expect(sales.map((s) => [s.saleId, s.total, s.status])).toEqual([[saleId, order.total, 'final']]);

    // Confirm again: the same answer, no second sale, no second payment event.
    const again = await confirm(a.headers, order.orderId, { cardNumber: VISA });
    expect(again.statusCode).toBe(200);
    expect(again.json().dataSet).toEqual(paid.json().dataSet);
    expect((await server.product.store.readStream(packSaleStreamId(saleId))).map((e) => e.type)).toEqual(['PackSold']);
    expect((await server.product.store.readStream(onlineOrderStreamId(order.orderId))).map((e) => e.type)).toEqual(['OnlineOrderPlaced', 'OnlineOrderPaid']);
    const sold = (await server.product.store.readStream(packSaleStreamId(saleId)))[0]!.data as { onlineOrderId?: string; saleRoNumber: string; soldBy: string };
    expect(sold).toMatchObject({ onlineOrderId: order.orderId, saleRoNumber: 'ONLINE', soldBy: a.id });

    // One receipt by e-mail (the development outbox in demo mode), even though the order was confirmed twice.
    const admin = (await loginAs(server, 'admin')).headers;
    const receipts = async () =>
      ((await inject({ method: 'GET', url: `/api/dev-outbox?to=${encodeURIComponent('robin.buyer@orders.example')}`, headers: admin })).json().dataSet as { subject: string; body: string }[]).filter((m) =>
        m.subject.startsWith('Your receipt'),
      );
    const deadline = Date.now() + 15_000;
    while ((await receipts()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    const [receipt, ...more] = await receipts();
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe('Your receipt: Oil Change 4-Pack');
    expect(receipt!.body).toContain('Hello Robin,');
    expect(receipt!.body).toContain('Total paid: $');
    expect(receipt!.body).toContain('Demo payment: no money moves.');
    expect(receipt!.body).toContain('4 x ');
    // Issue 24: each coupon's desk code and the pack's, the ones My coupons shows.
    const codes = await server.product.sql<{ code: string; kind: string }[]>`select code, kind from rm_pack_sales.desk_codes where sale_id = ${saleId}`;
    expect(codes).toHaveLength(5);
    for (const { code, kind } of codes) expect(receipt!.body).toContain(kind === 'sale' ? `Pack code: ${code}` : code);
    expect(receipt!.body).toContain(`Order reference: ${order.orderId}`);
  });

  it("should list the desk codes in the receipt once pack_sales holds the sale, waiting for it instead of failing the job's attempt", async () => {
    const a = await customerWithAccount('Quinn', 'quinn.waiting@orders.example');
    const order = (await place(a.headers, { packId: demoPackId('oil4'), locationId: 1 })).json().dataSet as { orderId: string };
    const { sql, store } = server.product;
    // pack_sales is held back, as a long batch or a rebuild's swap holds it.
    const held = await holdProjection(sql, 'pack_sales');
    try {
      const paid = await confirm(a.headers, order.orderId, { cardNumber: VISA });
      expect(paid.statusCode, paid.body).toBe(200);
      const saleId = onlineSaleIdOf(order.orderId);
      expect(await sql`select 1 from rm_pack_sales.desk_codes where sale_id = ${saleId}`).toHaveLength(0);
      const sent: OutgoingMessage[] = [];
      const sender: MessageSender = { send: async (message) => (sent.push(message), { messageId: `m${sent.length}`, duplicate: false }) };
      const sending = sendOnlineOrderReceipt('receipt-wait-test', { orderId: order.orderId, customerId: a.id, eventId: 'e', correlationId: 'c' }, { sql, store, sender });
      const failed = sending.then(
        () => null,
        (error: unknown) => error,
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(sent).toHaveLength(0);
      await held.release();
      expect(await failed).toBeNull();
      const codes = await sql<{ code: string; kind: string }[]>`select code, kind from rm_pack_sales.desk_codes where sale_id = ${saleId}`;
      expect(codes).toHaveLength(5);
      expect(sent).toHaveLength(1);
      for (const { code, kind } of codes) expect(sent[0]!.body).toContain(kind === 'sale' ? `Pack code: ${code}` : code);
    } finally {
      await held.release();
    }
  });

  it('should make one sale from a double-submitted checkout and from a retried request', async () => {
    const a = await customerWithAccount('Sam', 'sam.buyer@orders.example');
    const key = { 'idempotency-key': 'online-order-test-place-1' };
    const first = await place(a.headers, { packId: demoPackId('essential'), locationId: 1 }, key);
    const retried = await place(a.headers, { packId: demoPackId('essential'), locationId: 1 }, key);
    expect(retried.json().dataSet.orderId).toBe(first.json().dataSet.orderId);
    const orderId = first.json().dataSet.orderId as string;

    // Two clicks at once, then a retry of the first with its key.
    const [one, two] = await Promise.all([
      confirm(a.headers, orderId, { cardNumber: VISA }, { 'idempotency-key': 'online-order-test-confirm-1' }),
      confirm(a.headers, orderId, { cardNumber: VISA }, { 'idempotency-key': 'online-order-test-confirm-2' }),
    ]);
    const three = await confirm(a.headers, orderId, { cardNumber: VISA }, { 'idempotency-key': 'online-order-test-confirm-1' });
    for (const res of [one, two, three]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().dataSet.saleId).toBe(onlineSaleIdOf(orderId));
    }
    const position = String(Math.max(...[one, two].map((r) => Number(r.json().metaData.position ?? 0))));
    expect(await purchases(a, position)).toHaveLength(1);
    expect((await server.product.store.readStream(onlineOrderStreamId(orderId))).filter((e) => e.type === 'OnlineOrderPaid')).toHaveLength(1);
  });

  it('should issue nothing for a declined card and say why; another card then pays the same order', async () => {
    const a = await customerWithAccount('Lee', 'lee.buyer@orders.example');
    const orderId = (await place(a.headers, { packId: demoPackId('oil4'), locationId: 1 })).json().dataSet.orderId as string;
    const declined = await confirm(a.headers, orderId, { cardNumber: DECLINED });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().errors).toEqual(['Your card was declined.']);
    expect(declined.json().fields).toEqual({ cardNumber: 'Your card was declined.' });
    expect(await server.product.store.readStream(packSaleStreamId(onlineSaleIdOf(orderId)))).toEqual([]);
    const head = String(await server.product.store.headPosition());
    expect(await purchases(a, head)).toEqual([]);
    expect((await server.product.store.readStream(onlineOrderStreamId(orderId))).map((e) => e.type)).toEqual(['OnlineOrderPlaced', 'OnlineOrderPaymentFailed']);

    const paid = await confirm(a.headers, orderId, { cardNumber: VISA });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await purchases(a, paid.json().metaData.position)).toHaveLength(1);
  });

  it('should answer the checkout messages, charge tax-exempt customers no tax, and keep orders to their customer', async () => {
    const a = await customerWithAccount('Kim', 'kim.buyer@orders.example');
    const b = await customerWithAccount('Max', 'max.buyer@orders.example', true);
    expect((await place(a.headers, {})).json().fields).toEqual({ packId: ONLINE_ORDER_MESSAGES.packRequired, locationId: ONLINE_ORDER_MESSAGES.locationRequired });
    // Clean Air is sold at location 2 only.
    const wrongPlace = await place(a.headers, { packId: demoPackId('cleanAir'), locationId: 1 });
    expect(wrongPlace.statusCode).toBe(400);
    expect(wrongPlace.json().errors).toEqual([ONLINE_ORDER_MESSAGES.locationNotSelling]);
    expect((await place(a.headers, { packId: '00000000-0000-4000-8000-000000000001', locationId: 1 })).json().errors).toEqual([ONLINE_ORDER_MESSAGES.packUnknown]);
    // Staff do not buy online for themselves.
    expect((await place(staff, { packId: demoPackId('oil4'), locationId: 1 })).statusCode).toBe(403);

    const exempt = (await place(b.headers, { packId: demoPackId('oil4'), locationId: 1 })).json().dataSet;
    expect(exempt).toMatchObject({ price: 29900, tax: 0, total: 29900 });

    const orderId = (await place(a.headers, { packId: demoPackId('oil4'), locationId: 1 })).json().dataSet.orderId as string;
    const stolen = await confirm(b.headers, orderId, { cardNumber: VISA });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().errors).toEqual([ONLINE_ORDER_MESSAGES.orderUnknown]);
    expect(await server.product.store.readStream(packSaleStreamId(onlineSaleIdOf(orderId)))).toEqual([]);
    expect((await confirm(a.headers, orderId, {})).json().errors).toEqual([ONLINE_ORDER_MESSAGES.paymentRequired]);
    expect((await confirm(a.headers, orderId, { cardNumber: 'abcd' })).json().errors).toEqual([ONLINE_ORDER_MESSAGES.cardNumberInvalid]);
  });

  it('should issue the pack from a signed payment-succeeded webhook when the browser never confirmed, once under replays', async () => {
    const a = await customerWithAccount('Ash', 'ash.buyer@orders.example');
    const order = (await place(a.headers, { packId: demoPackId('essential'), locationId: 1 })).json().dataSet;
    // The browser paid at the provider and went away. A second demo provider with the product's
    // secret plays the provider's side: its ids derive from the order's keys, as the product's do.
    const providerSide = createPaymentProvider({ APP_MODE: 'demo', PAYMENT_PROVIDER: 'demo', authSecret: AUTH_SECRET }) as DemoPaymentProvider;
    const payment = await providerSide.createPayment({ amountCents: order.total, idempotencyKey: `order:${order.orderId}:payment`, orderId: order.orderId });
    await providerSide.confirmPayment({ paymentId: payment.paymentId, paymentMethod: VISA, idempotencyKey: `order:${order.orderId}:browser` });
    const succeeded = providerSide.notifications().find((n) => String(n.rawBody).includes('payment-succeeded')) as WebhookRequest;
    expect(succeeded).toBeTruthy();
    const deliver = (n: WebhookRequest, body = n.rawBody) =>
      inject({ method: 'POST', url: '/api/payment-webhooks/demo', headers: { ...(n.headers as Record<string, string>), 'content-type': 'application/json' }, payload: body });

    // Tampered: refused, nothing issued.
    const tampered = await deliver(succeeded, String(succeeded.rawBody).replace('{', '{ '));
    expect(tampered.statusCode).toBe(400);
    expect(await server.product.store.readStream(packSaleStreamId(onlineSaleIdOf(order.orderId)))).toEqual([]);

    for (let i = 0; i < 3; i++) {
      const res = await deliver(succeeded);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect((await server.product.store.readStream(packSaleStreamId(onlineSaleIdOf(order.orderId)))).map((e) => e.type)).toEqual(['PackSold']);
    const events = await server.product.store.readStream(onlineOrderStreamId(order.orderId));
    expect(events.map((e) => [e.type, (e.data as { via?: string }).via])).toEqual([['OnlineOrderPlaced', undefined], ['OnlineOrderPaid', 'webhook']]);
    expect(await purchases(a, String(await server.product.store.headPosition()))).toHaveLength(1);
    // The browser coming back later is told it is paid; nothing more is issued.
    const late = await confirm(a.headers, order.orderId, { cardNumber: VISA });
    expect(late.json().dataSet).toMatchObject({ status: 'paid', saleId: onlineSaleIdOf(order.orderId) });
    expect(await server.product.store.readStream(packSaleStreamId(onlineSaleIdOf(order.orderId)))).toHaveLength(1);
  });

  it("should refund an online sale through the provider when a manager voids it, once under a retried void", async () => {
    const manager = (await loginAs(server, 'manager')).headers;
    const a = await customerWithAccount('Dee', 'dee.buyer@orders.example');
    const order = (await place(a.headers, { packId: demoPackId('oil4'), locationId: 1 })).json().dataSet;
    const paid = await confirm(a.headers, order.orderId, { cardNumber: VISA });
    const saleId = paid.json().dataSet.saleId as string;
    // Employees cannot void: no refund either.
    expect((await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/void`, headers: staff, payload: { reason: 'Changed their mind' } })).statusCode).toBe(403);
    for (let i = 0; i < 2; i++) {
      const voided = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/void`, headers: manager, payload: { reason: 'Customer asked for a refund' } });
      expect(voided.statusCode, voided.body).toBe(200);
    }
    const events = await server.product.store.readStream(onlineOrderStreamId(order.orderId));
    expect(events.map((e) => e.type)).toEqual(['OnlineOrderPlaced', 'OnlineOrderPaid', 'OnlineOrderRefunded']);
    expect(events[2]!.data).toMatchObject({ orderId: order.orderId, saleId, amount: order.total, status: 'succeeded' });
    // The refunded order is not paid again by a late confirm.
    const late = await confirm(a.headers, order.orderId, { cardNumber: VISA });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual([ONLINE_ORDER_MESSAGES.alreadyRefunded]);
  });

  it('should refuse to charge for a pack disabled between the order and the payment', async () => {
    const manager = (await loginAs(server, 'manager')).headers;
    const a = await customerWithAccount('Ira', 'ira.buyer@orders.example');
    const orderId = (await place(a.headers, { packId: demoPackId('brakeTire'), locationId: 1 })).json().dataSet.orderId as string;
    const disabled = await inject({ method: 'POST', url: `/api/packs/${demoPackId('brakeTire')}/disable`, headers: manager, payload: { reason: 'No longer sold' } });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const refused = await confirm(a.headers, orderId, { cardNumber: VISA });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([PACK_SALE_MESSAGES.packDisabled]);
    expect((await server.product.store.readStream(onlineOrderStreamId(orderId))).map((e) => e.type)).toEqual(['OnlineOrderPlaced']);
    expect(await server.product.store.readStream(packSaleStreamId(onlineSaleIdOf(orderId)))).toEqual([]);
  });
});
