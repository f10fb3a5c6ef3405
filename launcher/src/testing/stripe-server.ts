/**
 * A local HTTP server speaking the part of Stripe's REST API the payment adapter uses, for tests
 * that must never reach api.stripe.com (issue 13). It is modelled on Stripe's documented
 * behaviour, not on Stripe itself: what Stripe really answers is only tried against Stripe.
 *
 * - POST /v1/payment_intents, GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/confirm,
 *   POST /v1/payment_intents/:id/cancel, POST /v1/refunds, GET /v1/refunds/:id. Bodies are form-encoded with bracketed keys
 *   (metadata[orderId]=...), answers are JSON, errors are {error: {type, code, message, ...}}.
 * - Authorization: Bearer <the secret key it was started with>, else 401. What Stripe.js does in the
 *   browser is also answered, as Stripe does: the publishable key (form or query parameter `key`, or
 *   Bearer) with the PaymentIntent's `client_secret` may read and confirm that one PaymentIntent,
 *   nothing else; every answer carries Access-Control-Allow-Origin: * (the browser calls cross-origin).
 * - Idempotency-Key: the first answer under a key (success or error) is saved and answered again,
 *   with Idempotent-Replayed: true, to the same method, path and parameters; anything else under
 *   the same key is a 400 idempotency_error, as Stripe does.
 * - Stripe's test PaymentMethods: pm_card_visa succeeds; pm_card_chargeDeclined,
 *   pm_card_chargeDeclinedInsufficientFunds and pm_card_chargeDeclinedExpiredCard are declined
 *   (402 card_error with the PaymentIntent); pm_card_authenticationRequired wants 3-D Secure.
 * - Events (payment_intent.succeeded / .payment_failed / .canceled, charge.succeeded, refund.created,
 *   charge.refunded) are kept in memory; signedWebhook() signs one with the package's
 *   generateTestHeaderString and the webhook secret, sendWebhook() POSTs it to a URL.
 * - requests() is the log of every request: method, path, idempotency key, status, replayed.
 * - failNext(n) answers the next n requests 500 without running them (the package retries with
 *   the same idempotency key).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;
type Params = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  status: number;
  replayed: boolean;
  params: Params;
}

export interface StripeTestServer {
  url: string;
  secretKey: string;
  /** pk_test_...: what Stripe.js in a test browser authenticates with (with a PaymentIntent's client secret). */
  publishableKey: string;
  webhookSecret: string;
  requests(): RecordedRequest[];
  events(type?: string): Json[];
  paymentIntent(id: string): Json | undefined;
  /** The event as Stripe would POST it: raw body and a Stripe-Signature header (signed now, or at `timestamp`). */
  signedWebhook(event: Json, options?: { timestamp?: number; secret?: string }): { rawBody: string; headers: Record<string, string> };
  sendWebhook(url: string, event: Json): Promise<number>;
  failNext(count: number): void;
  close(): Promise<void>;
}

const DECLINES: Record<string, { code: string; decline_code?: string; message: string }> = {
  pm_card_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  pm_card_chargeDeclinedExpiredCard: { code: 'expired_card', message: 'Your card has expired.' },
};
const SUCCEEDS = new Set(['pm_card_visa', 'pm_card_mastercard']);
const NEEDS_AUTHENTICATION = 'pm_card_authenticationRequired';

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

function invalidRequest(message: string, extra: Json = {}, status = 400): StripeApiError {
  return new StripeApiError(status, { type: 'invalid_request_error', message, ...extra });
}

/** Bracketed form keys to nested objects: a[b][0]=x -> {a: {b: {0: 'x'}}} (indices stay keys). */
export function parseStripeForm(body: string): Params {
  const result: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part, index) => index === 0 || part !== '');
    let target = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        target[part] = value;
      } else {
        const next = target[part];
        if (typeof next !== 'object' || next === null) target[part] = {};
        target = target[part] as Params;
      }
    });
  }
  return result;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export async function startStripeTestServer(
  options: { secretKey?: string; webhookSecret?: string; publishableKey?: string } = {},
): Promise<StripeTestServer> {
  const secretKey = options.secretKey ?? `sk_test_local${randomBytes(12).toString('hex')}`;
  const publishableKey = options.publishableKey ?? `pk_test_local${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_local${randomBytes(16).toString('hex')}`;
  const intents = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const refundedByIntent = new Map<string, number>();
  const events: Json[] = [];
  const log: RecordedRequest[] = [];
  const saved = new Map<string, { fingerprint: string; status: number; body: string }>();
  let failures = 0;

  function emit(type: string, object: Json, request: { requestId: string; idempotencyKey: string | null }) {
    events.push({
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.requestId, idempotency_key: request.idempotencyKey },
      type,
    });
  }

  function charge(intent: Json, paymentMethod: string, request: { requestId: string; idempotencyKey: string | null }): StripeApiError | null {
    const decline = DECLINES[paymentMethod];
    const chargeId = id('ch');
    intent.payment_method = paymentMethod;
    intent.latest_charge = chargeId;
    if (decline) {
      const error = { ...decline, type: 'card_error', charge: chargeId, doc_url: `https://docs.stripe.com/error-codes/${decline.code.replace(/_/g, '-')}`, payment_method: { id: paymentMethod, object: 'payment_method', type: 'card' } };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      emit('payment_intent.payment_failed', intent, request);
      return new StripeApiError(402, { ...error, payment_intent: structuredClone(intent) });
    }
    if (paymentMethod === NEEDS_AUTHENTICATION) {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      intent.last_payment_error = null;
      emit('payment_intent.requires_action', intent, request);
      return null;
    }
    if (!SUCCEEDS.has(paymentMethod)) {
      throw invalidRequest(`No such PaymentMethod: '${paymentMethod}'`, { code: 'resource_missing', param: 'payment_method' });
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    emit('charge.succeeded', { id: chargeId, object: 'charge', amount: intent.amount, currency: 'usd', payment_intent: intent.id, paid: true, status: 'succeeded', metadata: intent.metadata }, request);
    emit('payment_intent.succeeded', intent, request);
    return null;
  }

  function findIntent(intentId: string): Json {
    const intent = intents.get(intentId);
    if (!intent) throw invalidRequest(`No such payment_intent: '${intentId}'`, { code: 'resource_missing', param: 'intent' }, 404);
    return intent;
  }

  function handle(method: string, path: string, params: Params, request: { requestId: string; idempotencyKey: string | null }): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(params.amount);
      if (!Number.isSafeInteger(amount)) throw invalidRequest('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
      if (params.currency !== 'usd') throw invalidRequest('This test server only speaks usd.', { code: 'parameter_invalid', param: 'currency' });
      if (amount < 50) throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
      if (amount > 99_999_999) throw invalidRequest('Amount must be no more than $999,999.99', { code: 'amount_too_large', param: 'amount' });
      const automatic = params.automatic_payment_methods as Params | undefined;
      if (params.confirm === 'true' && !params.payment_method) throw invalidRequest('You must provide a payment_method to confirm.', { param: 'payment_method' });
      if (params.confirm === 'true' && automatic?.enabled === 'true' && automatic.allow_redirects !== 'never' && !params.return_url) {
        throw invalidRequest('A return_url must be specified because this PaymentIntent is configured to automatically accept redirect-based payment methods.', { param: 'return_url' });
      }
      const intentId = id('pi');
      const intent: Json = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        automatic_payment_methods: automatic ? { enabled: automatic.enabled === 'true', allow_redirects: automatic.allow_redirects ?? 'always' } : null,
        capture_method: 'automatic_async',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        confirmation_method: 'automatic',
        created: now(),
        currency: 'usd',
        description: typeof params.description === 'string' ? params.description : null,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        metadata: stringRecord(params.metadata),
        next_action: null,
        payment_method: null,
        payment_method_types: ['card'],
        status: 'requires_payment_method',
      };
      intents.set(intentId, intent);
      emit('payment_intent.created', intent, request);
      if (params.confirm === 'true') {
        const declined = charge(intent, String(params.payment_method), request);
        if (declined) throw declined;
      }
      return { status: 200, body: intent };
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirm) {
      const intent = findIntent(decodeURIComponent(confirm[1]!));
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        throw invalidRequest(`You cannot confirm this PaymentIntent because it has a status of ${String(intent.status)}.`, { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) });
      }
      const paymentMethod = typeof params.payment_method === 'string' ? params.payment_method : (intent.payment_method as string | null);
      if (!paymentMethod) throw invalidRequest('You must provide a payment_method to confirm.', { param: 'payment_method' });
      const declined = charge(intent, paymentMethod, request);
      if (declined) throw declined;
      return { status: 200, body: intent };
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) {
      const intent = findIntent(decodeURIComponent(cancel[1]!));
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        throw invalidRequest(`You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`, { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) });
      }
      intent.status = 'canceled';
      intent.cancellation_reason = typeof params.cancellation_reason === 'string' ? params.cancellation_reason : null;
      intent.canceled_at = now();
      emit('payment_intent.canceled', intent, request);
      return { status: 200, body: intent };
    }
    const readIntent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && readIntent) return { status: 200, body: findIntent(decodeURIComponent(readIntent[1]!)) };
    if (method === 'POST' && path === '/v1/refunds') {
      const intentId = typeof params.payment_intent === 'string' ? params.payment_intent : '';
      const intent = findIntent(intentId);
      if (intent.status !== 'succeeded') throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, { param: 'payment_intent' });
      const left = Number(intent.amount_received) - (refundedByIntent.get(intentId) ?? 0);
      if (left <= 0) throw invalidRequest(`Charge ${String(intent.latest_charge)} has already been refunded.`, { code: 'charge_already_refunded' });
      const amount = params.amount === undefined ? left : Number(params.amount);
      if (!Number.isSafeInteger(amount) || amount < 1) throw invalidRequest('Invalid positive integer', { param: 'amount' });
      if (amount > left) {
        throw invalidRequest(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, { param: 'amount' });
      }
      refundedByIntent.set(intentId, (refundedByIntent.get(intentId) ?? 0) + amount);
      const refund: Json = {
        id: id('re'),
        object: 'refund',
        amount,
        balance_transaction: null,
        charge: intent.latest_charge,
        created: now(),
        currency: 'usd',
        metadata: stringRecord(params.metadata),
        payment_intent: intentId,
        reason: typeof params.reason === 'string' ? params.reason : null,
        receipt_number: null,
        status: 'succeeded',
      };
      refunds.set(String(refund.id), refund);
      emit('refund.created', refund, request);
      emit('charge.refunded', { id: intent.latest_charge, object: 'charge', amount: intent.amount, amount_refunded: refundedByIntent.get(intentId), payment_intent: intentId, refunded: refundedByIntent.get(intentId) === intent.amount }, request);
      return { status: 200, body: refund };
    }
    const readRefund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && readRefund) {
      const refund = refunds.get(decodeURIComponent(readRefund[1]!));
      if (!refund) throw invalidRequest(`No such refund: '${readRefund[1]}'`, { code: 'resource_missing', param: 'id' }, 404);
      return { status: 200, body: refund };
    }
    throw invalidRequest(`Unrecognized request URL (${method}: ${path}). This test server speaks only the PaymentIntents and Refunds calls the adapter uses.`, {}, 404);
  }

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), 'access-control-allow-origin': '*', ...headers });
    res.end(body);
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const keyHeader = req.headers['idempotency-key'];
    const idempotencyKey = typeof keyHeader === 'string' ? keyHeader : null;
    const params = method === 'POST' ? parseStripeForm(raw) : Object.fromEntries(url.searchParams);
    const record = (status: number, replayed = false) => log.push({ method, path, idempotencyKey, status, replayed, params });

    if (failures > 0) {
      failures -= 1;
      record(500);
      send(res, 500, JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred (injected by the test server).' } }));
      return;
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'authorization, content-type' });
      res.end();
      return;
    }
    // Stripe.js: the publishable key and the client secret of the one PaymentIntent it reads or confirms.
    const browserKey = typeof params.key === 'string' ? params.key : req.headers.authorization?.replace(/^Bearer /, '');
    if (browserKey === publishableKey) {
      const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
      const intent = intentPath ? intents.get(decodeURIComponent(intentPath[1]!)) : undefined;
      const allowed = intentPath && (intentPath[2] ? method === 'POST' : method === 'GET');
      if (!allowed || !intent || params.client_secret !== intent.client_secret) {
        record(404);
        send(res, 404, JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent (a publishable key reaches only the PaymentIntent of its client secret).' } }));
        return;
      }
      delete params.key;
      delete params.client_secret;
      delete params.return_url;
    } else if (req.headers.authorization !== `Bearer ${secretKey}`) {
      record(401);
      send(res, 401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } }));
      return;
    }
    if (idempotencyKey !== null && idempotencyKey.length > 255) {
      record(400);
      send(res, 400, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Idempotency-Key is longer than 255 characters.' } }));
      return;
    }
    const fingerprint = createHash('sha256').update(`${method} ${path}\n${raw}`).digest('hex');
    if (method === 'POST' && idempotencyKey) {
      const previous = saved.get(idempotencyKey);
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          record(400);
          send(
            res,
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            }),
          );
          return;
        }
        record(previous.status, true);
        send(res, previous.status, previous.body, { 'idempotent-replayed': 'true', 'idempotency-key': idempotencyKey });
        return;
      }
    }
    let status: number;
    let body: string;
    try {
      const answer = handle(method, path, params, { requestId: id('req'), idempotencyKey });
      status = answer.status;
      body = JSON.stringify(answer.body);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = JSON.stringify({ error: error.body });
    }
    if (method === 'POST' && idempotencyKey) saved.set(idempotencyKey, { fingerprint, status, body });
    record(status);
    send(res, status, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  }

  const server: Server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      send(res, 500, JSON.stringify({ error: { type: 'api_error', message: error instanceof Error ? error.message : 'test server failure' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function signedWebhook(event: Json, signing: { timestamp?: number; secret?: string } = {}) {
    // Stripe sends its events pretty-printed; the signature covers these exact bytes.
    const rawBody = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: signing.secret ?? webhookSecret,
      ...(signing.timestamp !== undefined ? { timestamp: signing.timestamp } : {}),
    });
    return { rawBody, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header } };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    publishableKey,
    webhookSecret,
    requests: () => log.map((entry) => ({ ...entry })),
    events: (type) => events.filter((event) => type === undefined || event.type === type).map((event) => structuredClone(event)),
    paymentIntent: (intentId) => (intents.has(intentId) ? structuredClone(intents.get(intentId)) : undefined),
    signedWebhook,
    async sendWebhook(url, event) {
      const { rawBody, headers } = signedWebhook(event);
      const response = await fetch(url, { method: 'POST', headers, body: rawBody, signal: AbortSignal.timeout(10_000) });
      await response.body?.cancel();
      return response.status;
    },
    failNext(count) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
