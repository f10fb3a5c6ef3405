/**
 * Online orders through HTTP with the Stripe provider (issue 13, Stripe.js), against the local
 * Stripe-speaking server: the placed order hands the browser the client secret, the publishable key
 * and Stripe.js's address; after Stripe.js confirmed the PaymentIntent in the browser (here: the
 * same call Stripe.js makes, with the publishable key and the client secret), the confirm route
 * reads the succeeded payment and records it once, never confirming it again; a second confirm and
 * Stripe's webhook change nothing. A server-side confirm of a payment the browser has not paid
 * still charges it, and Stripe's decline comes back as a 400 with its message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ONLINE_ORDER_MESSAGES, onlineOrderStreamId, packSaleStreamId } from '@dealer/contracts';
import { onlineSaleIdOf } from '@dealer/command-api/online-orders/service';
import { startTestServer, type TestServer } from './testing/test-server';
import { startStripeTestServer, type StripeTestServer } from './testing/stripe-server';
import { createCustomerWithAccount, loginAs } from './testing/auth';
import { demoPackId } from './demo/catalogue';

let stripe: StripeTestServer;
let server: TestServer;
let staff: Record<string, string>;
const STRIPE_JS_URL = 'http://127.0.0.1:9/v3';

beforeAll(async () => {
  stripe = await startStripeTestServer();
  server = await startTestServer({
    webDist: null,
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      STRIPE_JS_URL,
    },
  });
  staff = (await loginAs(server, 'employee')).headers;
});

afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

const inject = (o: InjectOptions) => server.product.app.inject(o);
let phones = 0;
const customer = (firstName: string, emailAddress: string) =>
  createCustomerWithAccount(server, staff, { firstName, lastName: 'Striper', emailAddress, phoneMobile: `72055508${String(10 + phones++)}` });
const place = (headers: Record<string, string>) => inject({ method: 'POST', url: '/api/online-orders', headers, payload: { packId: demoPackId('oil4'), locationId: 1 } });
const confirm = (headers: Record<string, string>, orderId: string, payload: Record<string, unknown>) =>
  inject({ method: 'POST', url: `/api/online-orders/${orderId}/confirm`, headers, payload });

/** What Stripe.js does in the browser: confirm the PaymentIntent with the publishable key and its client secret. */
async function confirmInBrowser(clientSecret: string, paymentMethod: string): Promise<Response> {
  const intentId = clientSecret.split('_secret_')[0]!;
  return fetch(`${stripe.url}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: stripe.publishableKey, client_secret: clientSecret, payment_method: paymentMethod, return_url: 'http://127.0.0.1/customer/purchase/confirm' }),
  });
}

const confirmCalls = (intentId: string) => stripe.requests().filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}/confirm`);

describe('online orders with the Stripe provider', () => {
  it('should hand the browser what Stripe.js needs, then record the payment Stripe.js confirmed, once, without confirming it again', async () => {
    const a = await customer('Sky', 'sky.striper@orders.example');
    const placed = await place(a.headers);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().dataSet;
    expect(order).toMatchObject({ provider: 'stripe', notice: 'Stripe test mode: no money moves', publishableKey: stripe.publishableKey, scriptUrl: STRIPE_JS_URL });
    expect(order.clientSecret).toMatch(/^pi_[0-9a-f]+_secret_/);
    const intentId = (order.clientSecret as string).split('_secret_')[0]!;

    // Declined in the browser: Stripe's 402 there; nothing recorded on the order.
    expect((await confirmInBrowser(order.clientSecret, 'pm_card_chargeDeclined')).status).toBe(402);
    expect((await server.product.store.readStream(onlineOrderStreamId(order.orderId))).map((e) => e.type)).toEqual(['OnlineOrderPlaced']);
    expect((await confirmInBrowser(order.clientSecret, 'pm_card_visa')).status).toBe(200);

    const paid = await confirm(a.headers, order.orderId, { paymentMethodId: 'pm_card_visa' });
    expect(paid.statusCode, paid.body).toBe(200);
    const saleId = onlineSaleIdOf(order.orderId);
    expect(paid.json().dataSet).toEqual({ orderId: order.orderId, status: 'paid', saleId, message: ONLINE_ORDER_MESSAGES.paid });
    const again = await confirm(a.headers, order.orderId, { paymentMethodId: 'pm_card_visa' });
    expect(again.json().dataSet).toEqual(paid.json().dataSet);
    // Only the browser's two confirms reached Stripe; the route read the payment instead.
    expect(confirmCalls(intentId).map((r) => r.status)).toEqual([402, 200]);

    const succeeded = stripe.events('payment_intent.succeeded').find((event) => (event.data as { object: { id: string } }).object.id === intentId)!;
    expect(await stripe.sendWebhook(`${server.url}/api/payment-webhooks/stripe`, succeeded)).toBe(200);
    expect((await server.product.store.readStream(packSaleStreamId(saleId))).map((e) => e.type)).toEqual(['PackSold']);
    expect((await server.product.store.readStream(onlineOrderStreamId(order.orderId))).map((e) => e.type)).toEqual(['OnlineOrderPlaced', 'OnlineOrderPaid']);
  });

  it('should still charge a payment the browser has not paid when the route is given a PaymentMethod, and answer a decline with its message', async () => {
    const b = await customer('Rain', 'rain.striper@orders.example');
    const order = (await place(b.headers)).json().dataSet;
    const intentId = (order.clientSecret as string).split('_secret_')[0]!;
    const declined = await confirm(b.headers, order.orderId, { paymentMethodId: 'pm_card_chargeDeclined' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().fields).toEqual({ paymentMethodId: 'Your card was declined.' });
    const paid = await confirm(b.headers, order.orderId, { paymentMethodId: 'pm_card_visa' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().dataSet.status).toBe('paid');
    expect(confirmCalls(intentId).map((r) => [r.params.payment_method, r.status])).toEqual([
      ['pm_card_chargeDeclined', 402],
      ['pm_card_visa', 200],
    ]);
  });
});
