/**
 * Payments (issue 13): the Stripe adapter against a local Stripe-speaking server (nothing here
 * reaches api.stripe.com: the adapter's HTTP agent refuses every host but 127.0.0.1, and a test
 * proves the refusal), the demo provider, and the payment settings.
 */
import { Agent } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadEnv, registerErrorHandler } from '@dealer/platform';
import {
  createPaymentProvider,
  DEMO_PAYMENT_NOTICE,
  DemoPaymentProvider,
  PaymentProviderError,
  StripePaymentProvider,
  WebhookVerificationError,
  type PaymentNotification,
  type PaymentProvider,
  type WebhookRequest,
} from '@dealer/platform/payments/index';
import { startStripeTestServer, type StripeTestServer } from './testing/stripe-server';

/** An HTTP agent that connects only to 127.0.0.1 and remembers every other host it was asked for. */
class LoopbackOnlyAgent extends Agent {
  readonly refused: string[] = [];
  override createConnection(options: { host?: string | null }, callback?: (error: Error | null, socket: Socket) => void): Socket {
    const host = options.host ?? '';
    if (host !== '127.0.0.1') {
      this.refused.push(host);
      throw new Error(`test guard: no connection to ${host} (tests never reach Stripe)`);
    }
    // @ts-expect-error Agent.createConnection exists at runtime (net.createConnection); its typing is not public.
    return super.createConnection(options, callback);
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** The signing secret these tests give the payment providers (loadEnv resolves no secret itself). */
const PAYMENTS_AUTH_SECRET = 'payments-test-secret-of-a-sufficient-length';

const PRODUCTION = {
  APP_MODE: 'production',
  PII_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
  AUTH_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtps://user:password@smtp.example.com:465',
  SMS_PROVIDER_URL: 'https://sms.example.com/send',
  PUBLIC_URL: 'https://service.dealer.example',
};

describe('the Stripe adapter against a local Stripe-speaking server', () => {
  let server: StripeTestServer;
  let guard: LoopbackOnlyAgent;
  let stripe: PaymentProvider;
  /** A fastify app with the webhook route wired as the purchase flow should: raw body, verify, hand on. */
  let webhookApp: FastifyInstance;
  const received: PaymentNotification[] = [];

  beforeAll(async () => {
    server = await startStripeTestServer();
    guard = new LoopbackOnlyAgent();
    const env = loadEnv({
      APP_MODE: 'demo',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: server.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      STRIPE_WEBHOOK_SECRET: server.webhookSecret,
      STRIPE_API_URL: server.url,
    });
    const provider = createPaymentProvider({ ...env, authSecret: PAYMENTS_AUTH_SECRET }, { httpAgent: guard });
    if (!provider) throw new Error('no provider');
    stripe = provider;

    webhookApp = Fastify();
    // The product's own error handler: WebhookVerificationError is a DomainError -> 400.
    registerErrorHandler(webhookApp);
    await webhookApp.register(async (scope) => {
      // Only inside this plugin: the JSON body stays the raw bytes the signature covers.
      scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
      scope.post('/api/payments/webhooks/stripe', async (request, reply) => {
        const notification = await stripe.parseWebhook({ rawBody: request.body as Buffer, headers: request.headers });
        received.push(notification);
        return reply.code(200).send({ received: true });
      });
    });
    await webhookApp.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await webhookApp?.close();
    await server?.close();
  });

  it('should send every request to the local server, never to api.stripe.com', () => {
    expect(stripe).toBeInstanceOf(StripePaymentProvider);
    expect((stripe as StripePaymentProvider).apiHost).toBe('127.0.0.1');
    expect(stripe.notice).toBe('Stripe test mode: no money moves');
    expect(stripe.publishableKey).toBe('pk_test_local');
  });

  it('should make one PaymentIntent for two creates with the same idempotency key', async () => {
    const input = { amountCents: 12_900, idempotencyKey: 'order:o-1:payment', orderId: 'o-1', paymentMethod: 'pm_card_visa', description: 'Oil change pack' };
    const first = await stripe.createPayment(input);
    const second = await stripe.createPayment(input);
    expect(first).toMatchObject({ provider: 'stripe', status: 'succeeded', amountCents: 12_900, amountReceivedCents: 12_900, orderId: 'o-1', clientSecret: null, failure: null });
    expect(second.paymentId).toBe(first.paymentId);
    const calls = server.requests().filter((r) => r.idempotencyKey === 'order:o-1:payment');
    expect(calls.map((r) => [r.status, r.replayed])).toEqual([
      [200, false],
      [200, true],
    ]);
    expect(server.events('payment_intent.succeeded').filter((e) => (e.data as { object: { id: string } }).object.id === first.paymentId)).toHaveLength(1);
    expect(server.requests().filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && !r.replayed && r.status === 200)).toHaveLength(1);
  });

  it('should refuse the same idempotency key with a different amount, as Stripe does', async () => {
    const error = await rejection(stripe.createPayment({ amountCents: 13_000, idempotencyKey: 'order:o-1:payment', orderId: 'o-1', paymentMethod: 'pm_card_visa' }));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ kind: 'idempotency-conflict' });
  });

  it('should surface a decline with the message a customer can read, and let the same payment succeed with another card', async () => {
    const declined = await stripe.createPayment({ amountCents: 5_000, idempotencyKey: 'order:o-2:payment', orderId: 'o-2', paymentMethod: 'pm_card_chargeDeclined' });
    expect(declined).toMatchObject({ status: 'failed', orderId: 'o-2', failure: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } });
    expect(declined.paymentId).toMatch(/^pi_/);
    // A retried request answers the same decline (Stripe saves error answers under the key too).
    expect(await stripe.createPayment({ amountCents: 5_000, idempotencyKey: 'order:o-2:payment', orderId: 'o-2', paymentMethod: 'pm_card_chargeDeclined' })).toEqual(declined);

    const poor = await stripe.confirmPayment({ paymentId: declined.paymentId, paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds', idempotencyKey: 'order:o-2:confirm:2' });
    expect(poor.failure).toEqual({ code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });

    const paid = await stripe.confirmPayment({ paymentId: declined.paymentId, paymentMethod: 'pm_card_visa', idempotencyKey: 'order:o-2:confirm:3' });
    expect(paid).toMatchObject({ paymentId: declined.paymentId, status: 'succeeded', failure: null });
    expect(await stripe.getPayment(declined.paymentId)).toMatchObject({ status: 'succeeded', amountReceivedCents: 5_000 });
  });

  it('should leave a payment without a card to the browser (client secret) and confirm it later', async () => {
    const open = await stripe.createPayment({ amountCents: 9_999, idempotencyKey: 'order:o-3:payment', orderId: 'o-3', metadata: { locationId: 'loc-1' } });
    expect(open).toMatchObject({ status: 'requires-payment-method', failure: null, metadata: { locationId: 'loc-1', orderId: 'o-3' } });
    expect(open.clientSecret).toMatch(new RegExp(`^${open.paymentId}_secret_`));
    const sent = server.requests().find((r) => r.idempotencyKey === 'order:o-3:payment');
    expect(sent?.params).toMatchObject({ amount: '9999', currency: 'usd', automatic_payment_methods: { enabled: 'true' }, metadata: { orderId: 'o-3', locationId: 'loc-1' } });
    expect(sent?.params).not.toHaveProperty('confirm');

    const action = await stripe.confirmPayment({ paymentId: open.paymentId, paymentMethod: 'pm_card_authenticationRequired', idempotencyKey: 'order:o-3:confirm:1' });
    expect(action.status).toBe('requires-action');
    expect(action.clientSecret).toBe(open.clientSecret);
  });

  it("should let Stripe.js's publishable key and client secret read and confirm that one payment, nothing else (as Stripe does)", async () => {
    // Its own server: these browser calls carry no idempotency key, which the other tests check for.
    const server = await startStripeTestServer();
    onTestFinished(() => server.close());
    const stripe = new StripePaymentProvider({ secretKey: server.secretKey, webhookSecret: server.webhookSecret, apiUrl: server.url, httpAgent: guard });
    const open = await stripe.createPayment({ amountCents: 2_500, idempotencyKey: 'order:o-pk:payment', orderId: 'o-pk' });
    const other = await stripe.createPayment({ amountCents: 2_600, idempotencyKey: 'order:o-pk2:payment', orderId: 'o-pk2' });
    const browser = (path: string, params: Record<string, string>, method = 'POST') =>
      fetch(`${server.url}${path}${method === 'GET' ? `?${new URLSearchParams(params).toString()}` : ''}`, {
        method,
        headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        ...(method === 'POST' ? { body: new URLSearchParams(params) } : {}),
      });
    const key = server.publishableKey;
    // Another payment's secret, a made-up one, creating, or the secret key's calls: refused.
    expect((await browser(`/v1/payment_intents/${open.paymentId}/confirm`, { key, client_secret: other.clientSecret!, payment_method: 'pm_card_visa' })).status).toBe(404);
    expect((await browser(`/v1/payment_intents/${open.paymentId}/confirm`, { key, client_secret: `${open.paymentId}_secret_x`, payment_method: 'pm_card_visa' })).status).toBe(404);
    expect((await browser('/v1/payment_intents', { key, amount: '100', currency: 'usd' })).status).toBe(404);
    expect((await browser('/v1/refunds', { key, payment_intent: open.paymentId })).status).toBe(404);
    const read = await browser(`/v1/payment_intents/${open.paymentId}`, { key, client_secret: open.clientSecret! }, 'GET');
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    expect(await read.json()).toMatchObject({ id: open.paymentId, status: 'requires_payment_method' });
    const confirmed = await browser(`/v1/payment_intents/${open.paymentId}/confirm`, { key, client_secret: open.clientSecret!, payment_method: 'pm_card_visa', return_url: 'http://127.0.0.1/x' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ status: 'succeeded', payment_method: 'pm_card_visa' });
    // The server then reads it as paid; confirming it again is refused, as Stripe does.
    expect(await stripe.getPayment(open.paymentId)).toMatchObject({ status: 'succeeded', amountReceivedCents: 2_500 });
    expect(await rejection(stripe.confirmPayment({ paymentId: open.paymentId, paymentMethod: 'pm_card_visa', idempotencyKey: 'order:o-pk:confirm:0' }))).toMatchObject({ kind: 'invalid-request' });
  });

  it('should name Stripe.js for the browser: js.stripe.com/v3 unless STRIPE_JS_URL (tests only) says otherwise', () => {
    expect(stripe.scriptUrl).toBe('https://js.stripe.com/v3');
    const local = loadEnv({ APP_MODE: 'demo', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: server.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_local', STRIPE_WEBHOOK_SECRET: server.webhookSecret, STRIPE_JS_URL: 'http://127.0.0.1:9/v3' });
    expect(createPaymentProvider({ ...local, authSecret: PAYMENTS_AUTH_SECRET })?.scriptUrl).toBe('http://127.0.0.1:9/v3');
  });

  it('should cancel an abandoned payment once, so it can no longer be paid, and report it by webhook', async () => {
    const open = await stripe.createPayment({ amountCents: 3_000, idempotencyKey: 'order:o-8:payment', orderId: 'o-8' });
    const cancel = { paymentId: open.paymentId, idempotencyKey: 'order:o-8:cancel', reason: 'abandoned' as const };
    const canceled = await stripe.cancelPayment(cancel);
    expect(canceled).toMatchObject({ status: 'canceled', clientSecret: null });
    expect(await stripe.cancelPayment(cancel)).toEqual(canceled);
    expect(await rejection(stripe.confirmPayment({ paymentId: open.paymentId, paymentMethod: 'pm_card_visa', idempotencyKey: 'order:o-8:confirm:1' }))).toMatchObject({
      kind: 'invalid-request',
      code: 'payment_intent_unexpected_state',
    });
    const event = server.events('payment_intent.canceled').find((e) => (e.data as { object: { id: string } }).object.id === open.paymentId)!;
    const signed = server.signedWebhook(event);
    expect(await stripe.parseWebhook({ rawBody: signed.rawBody, headers: signed.headers })).toMatchObject({ kind: 'payment-canceled', paymentId: open.paymentId, orderId: 'o-8' });
    const paid = await stripe.createPayment({ amountCents: 3_000, idempotencyKey: 'order:o-9:payment', orderId: 'o-9', paymentMethod: 'pm_card_visa' });
    expect(await rejection(stripe.cancelPayment({ paymentId: paid.paymentId, idempotencyKey: 'order:o-9:cancel', reason: 'abandoned' }))).toMatchObject({ kind: 'invalid-request' });
  });

  it('should accept a signed webhook through a fastify route with a raw body, and parse it', async () => {
    const payment = await stripe.createPayment({ amountCents: 4_500, idempotencyKey: 'order:o-4:payment', orderId: 'o-4', paymentMethod: 'pm_card_visa' });
    const event = server.events('payment_intent.succeeded').find((e) => (e.data as { object: { id: string } }).object.id === payment.paymentId)!;
    const address = webhookApp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    expect(await server.sendWebhook(`http://127.0.0.1:${port}/api/payments/webhooks/stripe`, event)).toBe(200);
    expect(received.at(-1)).toEqual({
      eventId: event.id,
      provider: 'stripe',
      providerEventType: 'payment_intent.succeeded',
      occurredAt: new Date((event.created as number) * 1000).toISOString(),
      kind: 'payment-succeeded',
      paymentId: payment.paymentId,
      amountCents: 4_500,
      orderId: 'o-4',
    });

    // A replay (Stripe resends, signed anew) carries the same event id: the caller's de-duplication key.
    expect(await server.sendWebhook(`http://127.0.0.1:${port}/api/payments/webhooks/stripe`, event)).toBe(200);
    expect(received.at(-1)?.eventId).toBe(event.id);
    expect(received.filter((n) => n.eventId === event.id)).toHaveLength(2);

    // A tampered body with a real signature is refused by the same route.
    const signed = server.signedWebhook(event);
    const tampered = await fetch(`http://127.0.0.1:${port}/api/payments/webhooks/stripe`, {
      method: 'POST',
      headers: signed.headers,
      body: signed.rawBody.replace('"amount": 4500', '"amount": 1'),
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ status: 400, errors: ['The webhook signature is missing or invalid.'] });
  });

  it('should refuse a webhook that is tampered with, unsigned, signed with another secret, too old, or already parsed', async () => {
    const event = server.events('payment_intent.succeeded')[0]!;
    const good = server.signedWebhook(event);
    await expect(stripe.parseWebhook({ rawBody: Buffer.from(good.rawBody), headers: good.headers })).resolves.toMatchObject({ kind: 'payment-succeeded' });

    const refusals: WebhookRequest[] = [
      { rawBody: good.rawBody.replace('"livemode": false', '"livemode": true'), headers: good.headers },
      { rawBody: good.rawBody, headers: { 'content-type': 'application/json' } },
      { rawBody: good.rawBody, headers: { 'stripe-signature': '' } },
      { rawBody: good.rawBody, headers: server.signedWebhook(event, { secret: 'whsec_someone_else' }).headers },
      { rawBody: good.rawBody, headers: server.signedWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 600 }).headers },
      { rawBody: good.rawBody, headers: { 'stripe-signature': [good.headers['stripe-signature']!, good.headers['stripe-signature']!] } },
      { rawBody: JSON.parse(good.rawBody) as never, headers: good.headers },
    ];
    for (const request of refusals) {
      const error = await rejection(stripe.parseWebhook(request));
      expect(error).toBeInstanceOf(WebhookVerificationError);
      expect(error).toMatchObject({ kind: 'validation', errors: ['The webhook signature is missing or invalid.'] });
    }
  });

  it('should read a failed payment, and ignore events the product does not act on', async () => {
    const failed = server.events('payment_intent.payment_failed')[0]!;
    const signed = server.signedWebhook(failed);
    expect(await stripe.parseWebhook({ rawBody: signed.rawBody, headers: signed.headers })).toMatchObject({
      kind: 'payment-failed',
      orderId: 'o-2',
      amountCents: 5_000,
      failureCode: 'generic_decline',
      failureMessage: 'Your card was declined.',
    });
    const charge = server.signedWebhook(server.events('charge.succeeded')[0]!);
    expect(await stripe.parseWebhook({ rawBody: charge.rawBody, headers: charge.headers })).toMatchObject({ kind: 'ignored', providerEventType: 'charge.succeeded' });
  });

  it('should refund part and then the rest, once per idempotency key, and report it by webhook', async () => {
    const payment = await stripe.createPayment({ amountCents: 12_900, idempotencyKey: 'order:o-5:payment', orderId: 'o-5', paymentMethod: 'pm_card_visa' });
    const part = { paymentId: payment.paymentId, amountCents: 2_900, idempotencyKey: 'order:o-5:refund:1', orderId: 'o-5', reason: 'requested_by_customer' as const };
    const first = await stripe.refundPayment(part);
    expect(first).toMatchObject({ provider: 'stripe', paymentId: payment.paymentId, amountCents: 2_900, status: 'succeeded', orderId: 'o-5', currency: 'usd' });
    expect((await stripe.refundPayment(part)).refundId).toBe(first.refundId);

    const rest = await stripe.refundPayment({ paymentId: payment.paymentId, idempotencyKey: 'order:o-5:refund:2', orderId: 'o-5' });
    expect(rest.amountCents).toBe(10_000);
    const again = await rejection(stripe.refundPayment({ paymentId: payment.paymentId, idempotencyKey: 'order:o-5:refund:3', orderId: 'o-5' }));
    expect(again).toMatchObject({ kind: 'invalid-request', code: 'charge_already_refunded' });

    const event = server.events('refund.created').find((e) => (e.data as { object: { id: string } }).object.id === first.refundId)!;
    const signed = server.signedWebhook(event);
    expect(await stripe.parseWebhook({ rawBody: signed.rawBody, headers: signed.headers })).toMatchObject({
      eventId: event.id,
      kind: 'refund-succeeded',
      refundId: first.refundId,
      paymentId: payment.paymentId,
      amountCents: 2_900,
      orderId: 'o-5',
    });
    const refundCalls = server.requests().filter((r) => r.path === '/v1/refunds');
    expect(refundCalls.map((r) => r.idempotencyKey)).toEqual(['order:o-5:refund:1', 'order:o-5:refund:1', 'order:o-5:refund:2', 'order:o-5:refund:3']);
  });

  it('should retry a failed call with the same idempotency key and charge once', async () => {
    server.failNext(1);
    const payment = await stripe.createPayment({ amountCents: 7_700, idempotencyKey: 'order:o-6:payment', orderId: 'o-6', paymentMethod: 'pm_card_visa' });
    expect(payment.status).toBe('succeeded');
    expect(server.requests().filter((r) => r.idempotencyKey === 'order:o-6:payment').map((r) => r.status)).toEqual([500, 200]);
  });

  it('should turn other Stripe errors into domain errors', async () => {
    const missing = await rejection(stripe.getPayment('pi_unknown'));
    expect(missing).toMatchObject({ kind: 'not-found', code: 'resource_missing', providerRequestId: expect.stringMatching(/^req_/) });
    expect(missing).not.toHaveProperty('cause');
    expect(await rejection(stripe.confirmPayment({ paymentId: 'pi_unknown', paymentMethod: 'pm_card_visa', idempotencyKey: 'k-unknown' }))).toMatchObject({ kind: 'not-found' });
    expect(await rejection(stripe.createPayment({ amountCents: 49, idempotencyKey: 'k-small', orderId: 'o-7' }))).toMatchObject({ kind: 'invalid-request' });
    expect(await rejection(stripe.createPayment({ amountCents: 1_000, idempotencyKey: '', orderId: 'o-7' }))).toMatchObject({ kind: 'invalid-request' });
    const wrongKey = new StripePaymentProvider({ secretKey: 'sk_test_wrong', webhookSecret: server.webhookSecret, apiUrl: server.url, httpAgent: guard });
    const refused = await rejection(wrongKey.getPayment('pi_x'));
    expect(refused).toMatchObject({ kind: 'configuration', customerMessage: 'Online payments are not available right now. Nothing was charged.' });
    expect(String((refused as Error).message)).not.toContain('sk_test_wrong');
  });

  it('should have sent our own idempotency key with every mutating request', () => {
    const posts = server.requests().filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(10);
    for (const post of posts) {
      expect(post.idempotencyKey).toBeTruthy();
      expect(post.idempotencyKey).not.toMatch(/^stripe-node-retry-/);
    }
    expect(guard.refused).toEqual([]);
  });

  it('should fail, not reach out, when pointed at Stripe itself', async () => {
    const before = server.requests().length;
    const toStripe = new StripePaymentProvider({
      secretKey: server.secretKey,
      webhookSecret: server.webhookSecret,
      apiUrl: 'http://api.stripe.com',
      httpAgent: guard,
      maxNetworkRetries: 0,
    });
    expect(toStripe.apiHost).toBe('api.stripe.com');
    expect(await rejection(toStripe.getPayment('pi_x'))).toMatchObject({ kind: 'unavailable' });
    expect(guard.refused).toContain('api.stripe.com');
    expect(server.requests()).toHaveLength(before);
    guard.refused.length = 0;
  });
});

describe('the demo payment provider', () => {
  const secret = 'demo-webhook-secret-for-tests';

  function demo(deliver?: (request: WebhookRequest) => Promise<void>) {
    return new DemoPaymentProvider({ appMode: 'demo', webhookSecret: secret, ...(deliver ? { deliver } : {}) });
  }

  it('should be chosen only by PAYMENT_PROVIDER=demo in demo mode, and say that no money moves', () => {
    const provider = createPaymentProvider({ ...loadEnv({ APP_MODE: 'demo' }), authSecret: PAYMENTS_AUTH_SECRET });
    expect(provider).toBeInstanceOf(DemoPaymentProvider);
    expect(provider?.notice).toBe('Demo payment: no money moves');
    // No script for the browser: the checkout takes the test card number itself.
    expect(provider?.scriptUrl).toBeNull();
    expect(DEMO_PAYMENT_NOTICE).toBe('Demo payment: no money moves');
    expect(() => loadEnv({ ...PRODUCTION, PAYMENT_PROVIDER: 'demo' })).toThrow(/PAYMENT_PROVIDER=demo is refused in production mode/);
    expect(() => new DemoPaymentProvider({ appMode: 'production', webhookSecret: secret })).toThrow(/only in demo mode/);
    expect(() => createPaymentProvider({ APP_MODE: 'production', PAYMENT_PROVIDER: 'demo', authSecret: 'x'.repeat(40) })).toThrow(/only in demo mode/);
  });

  it('should charge 4242 4242 4242 4242 once per idempotency key, with the same ids on every run', async () => {
    const provider = demo();
    const input = { amountCents: 12_900, idempotencyKey: 'order:d-1:payment', orderId: 'd-1', paymentMethod: '4242 4242 4242 4242' };
    const first = await provider.createPayment(input);
    expect(first).toMatchObject({ provider: 'demo', status: 'succeeded', amountCents: 12_900, amountReceivedCents: 12_900, orderId: 'd-1', clientSecret: null, failure: null });
    expect(await provider.createPayment(input)).toEqual(first);
    expect((await demo().createPayment(input)).paymentId).toBe(first.paymentId);
    expect(provider.notifications()).toHaveLength(1);
    expect(await rejection(provider.createPayment({ ...input, amountCents: 13_000 }))).toMatchObject({ kind: 'idempotency-conflict' });
  });

  it('should decline 4000 0000 0000 0002 with a readable message, and refuse cards that are not test cards', async () => {
    const provider = demo();
    const declined = await provider.createPayment({ amountCents: 5_000, idempotencyKey: 'order:d-2:payment', orderId: 'd-2', paymentMethod: '4000-0000-0000-0002' });
    expect(declined).toMatchObject({ status: 'failed', failure: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } });
    expect(declined.clientSecret).toMatch(/^demo_pi_/);

    const unknown = await rejection(provider.confirmPayment({ paymentId: declined.paymentId, paymentMethod: '5555 5555 5555 4444', idempotencyKey: 'order:d-2:confirm:1' }));
    expect(unknown).toMatchObject({ kind: 'invalid-request', customerMessage: expect.stringMatching(/^Demo payment: no money moves: use the test card 4242 4242 4242 4242/) });
    // A refused number is not an answer kept under the key: the customer corrects it and pays.
    const paid = await provider.confirmPayment({ paymentId: declined.paymentId, paymentMethod: '4242424242424242', idempotencyKey: 'order:d-2:confirm:1' });
    expect(paid).toMatchObject({ status: 'succeeded', failure: null });
    expect(await rejection(provider.confirmPayment({ paymentId: declined.paymentId, paymentMethod: 'pm_card_visa', idempotencyKey: 'order:d-2:confirm:2' }))).toMatchObject({
      kind: 'invalid-request',
      customerMessage: 'This payment was already made.',
    });
    expect(await rejection(provider.getPayment('demo_pi_unknown'))).toMatchObject({ kind: 'not-found' });
  });

  it('should deliver signed notifications through the webhook path, recognise replays and refuse forgeries', async () => {
    const delivered: PaymentNotification[] = [];
    let provider: DemoPaymentProvider;
    const deliver = async (request: WebhookRequest) => {
      delivered.push(await provider.parseWebhook(request));
    };
    provider = demo(deliver);
    const payment = await provider.createPayment({ amountCents: 8_000, idempotencyKey: 'order:d-3:payment', orderId: 'd-3' });
    expect(payment.status).toBe('requires-payment-method');
    await provider.confirmPayment({ paymentId: payment.paymentId, paymentMethod: 'pm_card_chargeDeclined', idempotencyKey: 'order:d-3:confirm:1' });
    await provider.confirmPayment({ paymentId: payment.paymentId, paymentMethod: '4242 4242 4242 4242', idempotencyKey: 'order:d-3:confirm:2' });
    await provider.settled();
    expect(delivered.map((n) => n.kind)).toEqual(['payment-failed', 'payment-succeeded']);
    expect(delivered[0]).toMatchObject({ provider: 'demo', paymentId: payment.paymentId, orderId: 'd-3', amountCents: 8_000, failureMessage: 'Your card was declined.' });

    const replay = provider.notifications()[1]!;
    expect((await provider.parseWebhook(replay)).eventId).toBe(delivered[1]!.eventId);
    const forged: WebhookRequest = { rawBody: String(replay.rawBody).replace('8000', '1'), headers: replay.headers };
    expect(await rejection(provider.parseWebhook(forged))).toBeInstanceOf(WebhookVerificationError);
    expect(await rejection(provider.parseWebhook({ rawBody: replay.rawBody, headers: {} }))).toBeInstanceOf(WebhookVerificationError);
    const otherSecret = new DemoPaymentProvider({ appMode: 'demo', webhookSecret: 'another-demo-secret-entirely' });
    expect(await rejection(otherSecret.parseWebhook(replay))).toBeInstanceOf(WebhookVerificationError);
  });

  it('should keep a notification whose delivery failed and deliver it again', async () => {
    let fail = true;
    const delivered: string[] = [];
    const provider = demo(async (request) => {
      if (fail) throw new Error('route down');
      delivered.push(String(request.rawBody));
    });
    await provider.createPayment({ amountCents: 1_000, idempotencyKey: 'order:d-4:payment', orderId: 'd-4', paymentMethod: 'pm_card_visa' });
    await provider.settled();
    expect(delivered).toEqual([]);
    fail = false;
    expect(await provider.redeliverPending()).toBe(0);
    expect(delivered).toHaveLength(1);
  });

  it('should cancel a payment that has not succeeded, and refuse to cancel one that has', async () => {
    const provider = demo();
    const open = await provider.createPayment({ amountCents: 2_000, idempotencyKey: 'order:d-6:payment', orderId: 'd-6' });
    const canceled = await provider.cancelPayment({ paymentId: open.paymentId, idempotencyKey: 'order:d-6:cancel', reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', clientSecret: null });
    expect(await rejection(provider.confirmPayment({ paymentId: open.paymentId, paymentMethod: 'pm_card_visa', idempotencyKey: 'order:d-6:confirm' }))).toMatchObject({
      customerMessage: 'This payment was canceled.',
    });
    expect((await provider.parseWebhook(provider.notifications().at(-1)!)).kind).toBe('payment-canceled');
    const paid = await provider.createPayment({ amountCents: 2_000, idempotencyKey: 'order:d-7:payment', orderId: 'd-7', paymentMethod: 'pm_card_visa' });
    expect(await rejection(provider.cancelPayment({ paymentId: paid.paymentId, idempotencyKey: 'order:d-7:cancel', reason: 'abandoned' }))).toMatchObject({ kind: 'invalid-request' });
  });

  it('should refund in part and in whole, once per key, never more than was paid', async () => {
    const provider = demo();
    const payment = await provider.createPayment({ amountCents: 12_900, idempotencyKey: 'order:d-5:payment', orderId: 'd-5', paymentMethod: 'pm_card_visa' });
    const part = { paymentId: payment.paymentId, amountCents: 2_900, idempotencyKey: 'order:d-5:refund:1', orderId: 'd-5' };
    const first = await provider.refundPayment(part);
    expect(first).toMatchObject({ provider: 'demo', amountCents: 2_900, status: 'succeeded', orderId: 'd-5' });
    expect(await provider.refundPayment(part)).toEqual(first);
    expect(await rejection(provider.refundPayment({ ...part, amountCents: 20_000, idempotencyKey: 'order:d-5:refund:2' }))).toMatchObject({
      kind: 'invalid-request',
      customerMessage: 'At most $100.00 of this payment can still be refunded.',
    });
    expect((await provider.refundPayment({ paymentId: payment.paymentId, idempotencyKey: 'order:d-5:refund:3', orderId: 'd-5' })).amountCents).toBe(10_000);
    expect(await rejection(provider.refundPayment({ paymentId: payment.paymentId, idempotencyKey: 'order:d-5:refund:4', orderId: 'd-5' }))).toMatchObject({ code: 'charge_already_refunded' });
    const refunds = await Promise.all(provider.notifications().map((n) => provider.parseWebhook(n)));
    expect(refunds.filter((n) => n.kind === 'refund-succeeded').map((n) => (n.kind === 'refund-succeeded' ? [n.refundId, n.amountCents] : null))).toEqual([
      [first.refundId, 2_900],
      [expect.stringMatching(/^demo_re_/), 10_000],
    ]);
  });
});

describe('payment settings', () => {
  const LIVE = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

  it('should need both Stripe secrets with PAYMENT_PROVIDER=stripe, and refuse placeholders', () => {
    expect(() => loadEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY is required with PAYMENT_PROVIDER=stripe.*STRIPE_PUBLISHABLE_KEY is required.*STRIPE_WEBHOOK_SECRET is required/,
    );
    expect(() => loadEnv({ ...PRODUCTION, ...LIVE, STRIPE_SECRET_KEY: '<sk_live_...>' })).toThrow(/STRIPE_SECRET_KEY is still the example's placeholder/);
    expect(() => loadEnv({ ...LIVE, STRIPE_SECRET_KEY: 'pk_live_abc' })).toThrow(/must be a Stripe secret key/);
    expect(() => loadEnv({ ...LIVE, STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY is a test key but STRIPE_SECRET_KEY a live key/);
    const live = loadEnv({ ...PRODUCTION, ...LIVE });
    expect(live.PAYMENT_PROVIDER).toBe('stripe');
    expect(createPaymentProvider({ ...live, authSecret: PAYMENTS_AUTH_SECRET })?.notice).toBeNull();
  });

  it('should refuse STRIPE_API_URL in production mode, and leave online purchase off when production mode names no provider', () => {
    expect(() =>
      loadEnv({ ...PRODUCTION, ...LIVE, STRIPE_API_URL: 'http://127.0.0.1:9' }),
    ).toThrow(/STRIPE_API_URL is for tests and is refused in production mode/);
    expect(() => loadEnv({ STRIPE_API_URL: 'http://127.0.0.1:9/v1' })).toThrow(/scheme, host and port only/);
    expect(() => loadEnv({ ...PRODUCTION, ...LIVE, STRIPE_JS_URL: 'http://127.0.0.1:9/v3' })).toThrow(/STRIPE_JS_URL is for tests and is refused in production mode/);
    const off = loadEnv({ ...PRODUCTION, PAYMENT_PROVIDER: '' });
    expect(off.PAYMENT_PROVIDER).toBeUndefined();
    expect(createPaymentProvider({ ...off, authSecret: PAYMENTS_AUTH_SECRET })).toBeNull();
    expect(loadEnv({ APP_MODE: 'demo', PAYMENT_PROVIDER: '' }).PAYMENT_PROVIDER).toBe('demo');
  });
});
