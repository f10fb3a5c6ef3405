/**
 * The demo payment provider: demo mode and tests. No network, no money, deterministic.
 *
 * - Only PAYMENT_PROVIDER=demo selects it, the settings refuse that in production mode, and the
 *   constructor refuses APP_MODE=production again. The checkout must show its notice next to the
 *   pay button: "Demo payment: no money moves".
 * - "Cards" are Stripe's published test card numbers (spaces or dashes allowed) or Stripe's test
 *   PaymentMethod ids, so a test can drive either provider with the same input; any other number is
 *   refused (a real card number typed into the demo is never kept, nor charged):
 *     4242 4242 4242 4242 / pm_card_visa                                  succeeds
 *     4000 0000 0000 0002 / pm_card_chargeDeclined                        "Your card was declined."
 *     4000 0000 0000 9995 / pm_card_chargeDeclinedInsufficientFunds       "Your card has insufficient funds."
 *     4000 0000 0000 0069 / pm_card_chargeDeclinedExpiredCard             "Your card has expired."
 * - Idempotent like Stripe: the same key with the same request answers the first answer again;
 *   the same key with another request is an 'idempotency-conflict'. Ids derive from the keys, so
 *   they are the same on every run.
 * - Its own signed notifications (HMAC-SHA256 over "timestamp.body", header Demo-Signature), so
 *   the webhook route and the code behind it run in demo mode as they will with Stripe: each state
 *   change queues one, delivered through `deliver` when given (asynchronously, like a webhook), and
 *   always available from notifications() for a test to replay.
 * - State lives in memory: one process, forgotten on restart (a demo; the product's events keep
 *   what matters). Several command-api replicas each have their own demo provider.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  checkCancelInput,
  checkCreateInput,
  checkIdempotencyKey,
  checkPaymentId,
  checkPaymentMethod,
  checkRefundInput,
  PAYMENT_CURRENCY,
  PaymentProviderError,
  singleHeader,
  WebhookVerificationError,
  type CancelPaymentInput,
  type ConfirmPaymentInput,
  type CreatePaymentInput,
  type Payment,
  type PaymentFailure,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentRefund,
  type RefundPaymentInput,
  type WebhookRequest,
} from './port';

export const DEMO_PAYMENT_NOTICE = 'Demo payment: no money moves';
export const DEMO_SIGNATURE_HEADER = 'demo-signature';
/** Seconds a signed notification stays acceptable (Stripe's default tolerance). */
export const DEMO_WEBHOOK_TOLERANCE_SECONDS = 300;

type CardOutcome = { succeeds: true } | ({ succeeds: false } & PaymentFailure);

export const DEMO_TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { succeeds: true },
  '4000000000000002': { succeeds: false, code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { succeeds: false, code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { succeeds: false, code: 'expired_card', declineCode: null, message: 'Your card has expired.' },
};

const CARD_ALIASES: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
};

const USE_A_TEST_CARD = `${DEMO_PAYMENT_NOTICE}: use the test card 4242 4242 4242 4242 (it succeeds) or 4000 0000 0000 0002 (it is declined).`;

function cardOutcome(paymentMethod: string): { outcome: CardOutcome; last4: string } {
  const number = CARD_ALIASES[paymentMethod] ?? paymentMethod.replace(/[\s-]/g, '');
  const outcome = DEMO_TEST_CARDS[number];
  if (!outcome) throw new PaymentProviderError('invalid-request', 'not a demo test card', { customerMessage: USE_A_TEST_CARD, code: 'demo_unknown_card' });
  return { outcome, last4: number.slice(-4) };
}

function digest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex');
}

function dollars(cents: number): string {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

interface DemoPayment {
  paymentId: string;
  status: Payment['status'];
  amountCents: number;
  refundedCents: number;
  metadata: Record<string, string>;
  description: string | null;
  cardLast4: string | null;
  failure: PaymentFailure | null;
}

const notificationBody = z.discriminatedUnion('kind', [
  z.object({
    id: z.string().min(1).max(255),
    created: z.number().int(),
    kind: z.enum(['payment-succeeded', 'payment-canceled', 'payment-processing']),
    paymentId: z.string().min(1).max(255),
    amountCents: z.number().int().nonnegative(),
    orderId: z.string().nullable(),
  }),
  z.object({
    id: z.string().min(1).max(255),
    created: z.number().int(),
    kind: z.literal('payment-failed'),
    paymentId: z.string().min(1).max(255),
    amountCents: z.number().int().nonnegative(),
    orderId: z.string().nullable(),
    failureCode: z.string(),
    failureMessage: z.string(),
  }),
  z.object({
    id: z.string().min(1).max(255),
    created: z.number().int(),
    kind: z.literal('refund-succeeded'),
    paymentId: z.string().min(1).max(255),
    refundId: z.string().min(1).max(255),
    amountCents: z.number().int().nonnegative(),
    orderId: z.string().nullable(),
  }),
]);
type NotificationBody = z.infer<typeof notificationBody>;

type Stored = { fingerprint: string; outcome: { ok: true; value: unknown } | { ok: false; error: PaymentProviderError } };

export interface DemoPaymentOptions {
  /** The process's APP_MODE: the demo provider refuses to exist in production mode. */
  appMode: 'demo' | 'production';
  /** Signs and verifies the demo notifications (at least 16 characters). */
  webhookSecret: string;
  /** Hands a signed notification to the webhook route (e.g. fastify inject); failures are kept for redeliverPending(). */
  deliver?: (request: WebhookRequest) => Promise<void>;
  /** The clock (tests). */
  now?: () => Date;
}

export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo' as const;
  readonly notice = DEMO_PAYMENT_NOTICE;
  readonly publishableKey = null;
  readonly scriptUrl = null;
  private readonly payments = new Map<string, DemoPayment>();
  private readonly refunds = new Map<string, PaymentRefund>();
  private readonly idempotency = new Map<string, Stored>();
  private readonly sent: NotificationBody[] = [];
  private readonly undelivered: NotificationBody[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly now: () => Date;

  constructor(private readonly options: DemoPaymentOptions) {
    if (options.appMode !== 'demo') throw new Error('The demo payment provider runs only in demo mode (APP_MODE=demo): it moves no money');
    if (options.webhookSecret.length < 16) throw new Error('The demo payment provider needs a webhook secret of at least 16 characters');
    this.now = options.now ?? (() => new Date());
  }

  async createPayment(input: CreatePaymentInput): Promise<Payment> {
    const metadata = checkCreateInput(input);
    // A card number is part of the request but never stored: only its hash, in the fingerprint.
    return this.idempotent(input.idempotencyKey, ['create', input.amountCents, metadata, input.description ?? null, input.paymentMethod ?? null], () => {
      if (input.paymentMethod !== undefined) cardOutcome(input.paymentMethod);
      const payment: DemoPayment = {
        paymentId: `demo_pi_${digest('payment', input.idempotencyKey).slice(0, 24)}`,
        status: 'requires-payment-method',
        amountCents: input.amountCents,
        refundedCents: 0,
        metadata,
        description: input.description ?? null,
        cardLast4: null,
        failure: null,
      };
      this.payments.set(payment.paymentId, payment);
      if (input.paymentMethod !== undefined) this.attempt(payment, input.paymentMethod, input.idempotencyKey);
      return this.view(payment);
    });
  }

  async confirmPayment(input: ConfirmPaymentInput): Promise<Payment> {
    checkPaymentId(input.paymentId);
    checkPaymentMethod(input.paymentMethod);
    checkIdempotencyKey(input.idempotencyKey);
    return this.idempotent(input.idempotencyKey, ['confirm', input.paymentId, input.paymentMethod], () => {
      const payment = this.find(input.paymentId);
      if (payment.status === 'succeeded' || payment.status === 'canceled') {
        throw new PaymentProviderError('invalid-request', `payment ${payment.paymentId} is already ${payment.status}`, {
          customerMessage: payment.status === 'succeeded' ? 'This payment was already made.' : 'This payment was canceled.',
          code: 'payment_intent_unexpected_state',
        });
      }
      this.attempt(payment, input.paymentMethod, input.idempotencyKey);
      return this.view(payment);
    });
  }

  async getPayment(paymentId: string): Promise<Payment> {
    checkPaymentId(paymentId);
    return this.view(this.find(paymentId));
  }

  async cancelPayment(input: CancelPaymentInput): Promise<Payment> {
    checkCancelInput(input);
    return this.idempotent(input.idempotencyKey, ['cancel', input.paymentId, input.reason], () => {
      const payment = this.find(input.paymentId);
      if (payment.status === 'succeeded') {
        throw new PaymentProviderError('invalid-request', `payment ${payment.paymentId} succeeded: refund it instead`, {
          customerMessage: 'This payment was already made.',
          code: 'payment_intent_unexpected_state',
        });
      }
      if (payment.status !== 'canceled') {
        payment.status = 'canceled';
        payment.failure = null;
        this.emit({
          id: `demo_evt_${digest('payment-canceled', payment.paymentId).slice(0, 24)}`,
          created: this.unixNow(),
          kind: 'payment-canceled',
          paymentId: payment.paymentId,
          amountCents: payment.amountCents,
          orderId: payment.metadata.orderId ?? null,
        });
      }
      return this.view(payment);
    });
  }

  async refundPayment(input: RefundPaymentInput): Promise<PaymentRefund> {
    const metadata = checkRefundInput(input);
    return this.idempotent(input.idempotencyKey, ['refund', input.paymentId, input.amountCents ?? null, input.reason ?? null, metadata], () => {
      const payment = this.find(input.paymentId);
      if (payment.status !== 'succeeded') {
        throw new PaymentProviderError('invalid-request', `payment ${payment.paymentId} is ${payment.status}: nothing to refund`, {
          customerMessage: 'This payment was not completed, so there is nothing to refund.',
          code: 'charge_not_refundable',
        });
      }
      const left = payment.amountCents - payment.refundedCents;
      const amount = input.amountCents ?? left;
      if (left === 0) throw new PaymentProviderError('invalid-request', `payment ${payment.paymentId} is already refunded in full`, { code: 'charge_already_refunded' });
      if (amount > left) {
        throw new PaymentProviderError('invalid-request', `Refund amount (${dollars(amount)}) is greater than what is left to refund (${dollars(left)})`, {
          customerMessage: `At most ${dollars(left)} of this payment can still be refunded.`,
          code: 'amount_too_large',
        });
      }
      payment.refundedCents += amount;
      const refund: PaymentRefund = {
        provider: 'demo',
        refundId: `demo_re_${digest('refund', input.idempotencyKey).slice(0, 24)}`,
        paymentId: payment.paymentId,
        amountCents: amount,
        currency: PAYMENT_CURRENCY,
        status: 'succeeded',
        orderId: metadata.orderId ?? null,
        failureReason: null,
      };
      this.refunds.set(refund.refundId, refund);
      this.emit({
        id: `demo_evt_${digest('refund-succeeded', refund.refundId).slice(0, 24)}`,
        created: this.unixNow(),
        kind: 'refund-succeeded',
        paymentId: refund.paymentId,
        refundId: refund.refundId,
        amountCents: refund.amountCents,
        orderId: refund.orderId,
      });
      return { ...refund };
    });
  }

  async parseWebhook(request: WebhookRequest): Promise<PaymentNotification> {
    const header = singleHeader(request.headers, DEMO_SIGNATURE_HEADER);
    if (!header) throw new WebhookVerificationError(`no ${DEMO_SIGNATURE_HEADER} header`);
    if (typeof request.rawBody !== 'string' && !Buffer.isBuffer(request.rawBody)) throw new WebhookVerificationError('the body is not the raw bytes');
    const raw = Buffer.isBuffer(request.rawBody) ? request.rawBody.toString('utf8') : request.rawBody;
    const parts = Object.fromEntries(header.split(',').map((item) => item.split('=', 2) as [string, string]));
    const timestamp = Number(parts.t);
    if (!Number.isSafeInteger(timestamp) || !parts.v1 || !/^[0-9a-f]{64}$/.test(parts.v1)) throw new WebhookVerificationError('malformed signature header');
    const expected = Buffer.from(this.sign(timestamp, raw), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'))) throw new WebhookVerificationError('signature does not match the body');
    if (Math.abs(this.unixNow() - timestamp) > DEMO_WEBHOOK_TOLERANCE_SECONDS) throw new WebhookVerificationError('timestamp outside the tolerance');
    let body: NotificationBody;
    try {
      body = notificationBody.parse(JSON.parse(raw));
    } catch {
      throw new WebhookVerificationError('signed body is not a demo notification');
    }
    const { id, created, ...facts } = body;
    return { eventId: id, provider: 'demo', providerEventType: body.kind, occurredAt: new Date(created * 1000).toISOString(), ...facts };
  }

  /** Every notification so far, signed now, in order: what a test replays at the webhook route. */
  notifications(): WebhookRequest[] {
    return this.sent.map((body) => this.signed(body));
  }

  /** Tries again the notifications `deliver` failed on; resolves once those attempts are over. */
  async redeliverPending(): Promise<number> {
    const pending = this.undelivered.splice(0);
    for (const body of pending) this.deliverLater(body);
    await this.settled();
    return this.undelivered.length;
  }

  /** Resolves once every delivery started so far has finished (tests). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private attempt(payment: DemoPayment, paymentMethod: string, idempotencyKey: string) {
    const { outcome, last4 } = cardOutcome(paymentMethod);
    payment.cardLast4 = last4;
    const facts = { paymentId: payment.paymentId, amountCents: payment.amountCents, orderId: payment.metadata.orderId ?? null };
    if (outcome.succeeds) {
      payment.status = 'succeeded';
      payment.failure = null;
      this.emit({ id: `demo_evt_${digest('payment-succeeded', payment.paymentId).slice(0, 24)}`, created: this.unixNow(), kind: 'payment-succeeded', ...facts });
    } else {
      const { succeeds: _succeeds, ...failure } = outcome;
      payment.status = 'failed';
      payment.failure = failure;
      this.emit({
        id: `demo_evt_${digest('payment-failed', payment.paymentId, idempotencyKey).slice(0, 24)}`,
        created: this.unixNow(),
        kind: 'payment-failed',
        ...facts,
        failureCode: failure.declineCode ?? failure.code,
        failureMessage: failure.message,
      });
    }
  }

  private async idempotent<T>(key: string, request: unknown[], run: () => T): Promise<T> {
    const fingerprint = digest(JSON.stringify(request));
    const stored = this.idempotency.get(key);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        throw new PaymentProviderError('idempotency-conflict', `idempotency key ${key} was used with a different request`);
      }
      if (!stored.outcome.ok) throw stored.outcome.error;
      return structuredClone(stored.outcome.value) as T;
    }
    try {
      const value = run();
      this.idempotency.set(key, { fingerprint, outcome: { ok: true, value: structuredClone(value) } });
      return value;
    } catch (error) {
      // Like Stripe: an answer once the request ran is kept; an unknown card is refused before it runs.
      if (error instanceof PaymentProviderError && error.code !== 'demo_unknown_card') this.idempotency.set(key, { fingerprint, outcome: { ok: false, error } });
      throw error;
    }
  }

  private find(paymentId: string): DemoPayment {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new PaymentProviderError('not-found', `no demo payment ${paymentId}`, { code: 'resource_missing' });
    return payment;
  }

  private view(payment: DemoPayment): Payment {
    const final = payment.status === 'succeeded' || payment.status === 'canceled';
    return {
      provider: 'demo',
      paymentId: payment.paymentId,
      status: payment.status,
      amountCents: payment.amountCents,
      amountReceivedCents: payment.status === 'succeeded' ? payment.amountCents : 0,
      currency: PAYMENT_CURRENCY,
      orderId: payment.metadata.orderId ?? null,
      metadata: { ...payment.metadata },
      clientSecret: final ? null : `${payment.paymentId}_secret_${digest('secret', this.options.webhookSecret, payment.paymentId).slice(0, 16)}`,
      failure: payment.failure ? { ...payment.failure } : null,
    };
  }

  private emit(body: NotificationBody) {
    this.sent.push(body);
    if (this.options.deliver) this.deliverLater(body);
  }

  private deliverLater(body: NotificationBody) {
    const deliver = this.options.deliver;
    if (!deliver) return;
    const attempt = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => deliver(this.signed(body)))
      .catch(() => {
        this.undelivered.push(body);
      })
      .finally(() => this.inFlight.delete(attempt));
    this.inFlight.add(attempt);
  }

  private signed(body: NotificationBody): WebhookRequest {
    const rawBody = JSON.stringify(body);
    const t = this.unixNow();
    return { rawBody, headers: { 'content-type': 'application/json', [DEMO_SIGNATURE_HEADER]: `t=${t},v1=${this.sign(t, rawBody)}` } };
  }

  private sign(timestamp: number, rawBody: string): string {
    return createHmac('sha256', this.options.webhookSecret).update(`${timestamp}.${rawBody}`).digest('hex');
  }

  private unixNow(): number {
    return Math.floor(this.now().getTime() / 1000);
  }
}
