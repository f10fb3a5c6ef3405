/**
 * The Stripe adapter of the payment port, on the official `stripe` package (v23, API version
 * pinned by the package: Stripe.API_VERSION).
 *
 * - Payments are PaymentIntents in USD with automatic payment methods (redirect-based methods
 *   off, so a server-side confirm never needs a return URL). Created without a payment method,
 *   the browser confirms them with the client secret and Stripe.js; created or confirmed with one
 *   (a PaymentMethod id Stripe.js made), Stripe charges at once.
 * - Every POST carries the caller's idempotency key (the package would otherwise invent one per
 *   call, which protects only its own retries, not ours). GETs need none.
 * - A declined card is not an exception: Stripe answers 402 with the PaymentIntent, which comes
 *   back as status 'failed' with Stripe's customer-facing message ("Your card was declined.").
 *   Other Stripe errors become PaymentProviderError with a kind the caller can act on.
 * - Webhooks are verified with stripe.webhooks.constructEvent, the raw body and the endpoint's
 *   signing secret (STRIPE_WEBHOOK_SECRET), within the package's default five-minute tolerance.
 *
 * STRIPE_API_URL (tests only; the settings refuse it in production mode) points the package at
 * another server through its host, port and protocol options.
 */
import type { Agent } from 'node:http';
import Stripe from 'stripe';
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
  type PaymentStatus,
  type RefundPaymentInput,
  type RefundStatus,
  type WebhookRequest,
} from './port';

export interface StripeSettings {
  /** sk_live_..., sk_test_... or a restricted key rk_... with PaymentIntents and Refunds write access. */
  secretKey: string;
  /** pk_live_... / pk_test_...: handed to the browser for Stripe.js (not used by the server). */
  publishableKey?: string | undefined;
  /** The webhook endpoint's signing secret, whsec_... */
  webhookSecret: string;
  /** Where the browser loads Stripe.js (default STRIPE_JS_URL_DEFAULT); tests point it at a local fake. */
  jsUrl?: string | undefined;
  /** Another Stripe-speaking server (tests): http(s)://host:port. */
  apiUrl?: string | undefined;
  /** Tests pass an agent that refuses any host but the local one. */
  httpAgent?: Agent;
  timeoutMs?: number;
  /** Retries of the package on connection errors, 409 and 5xx, with the same idempotency key. Default 2. */
  maxNetworkRetries?: number;
}

/** Stripe.js, loaded from Stripe itself as Stripe asks (never bundled or hosted by us). */
export const STRIPE_JS_URL_DEFAULT = 'https://js.stripe.com/v3';

/** What a customer reads when Stripe gave no message for a card error (Stripe's own wording). */
const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_number: 'Your card number is incorrect.',
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
};

function apiLocation(apiUrl: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('STRIPE_API_URL must be an http(s) URL');
  if (url.pathname !== '/' || url.search || url.username) throw new Error('STRIPE_API_URL is a scheme, host and port only (the package adds /v1/...)');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

const STATUS: Record<string, PaymentStatus> = {
  requires_payment_method: 'requires-payment-method',
  requires_confirmation: 'requires-confirmation',
  requires_action: 'requires-action',
  processing: 'processing',
  // Capture is automatic here; a manual-capture intent waiting for it is still in progress.
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

function failureOf(error: { code?: string | null; decline_code?: string | null; message?: string | null } | null | undefined): PaymentFailure | null {
  if (!error) return null;
  const code = error.code ?? 'card_declined';
  const declineCode = error.decline_code ?? null;
  const message = error.message || DECLINE_MESSAGES[declineCode ?? ''] || DECLINE_MESSAGES[code] || 'Your payment was not accepted.';
  return { code, declineCode, message };
}

function toPayment(intent: Stripe.PaymentIntent): Payment {
  const failure = failureOf(intent.last_payment_error);
  let status = STATUS[intent.status] ?? 'processing';
  // After a decline Stripe puts the intent back to requires_payment_method with the error.
  if (status === 'requires-payment-method' && failure) status = 'failed';
  if (intent.currency !== PAYMENT_CURRENCY) throw new PaymentProviderError('invalid-request', `payment ${intent.id} is in ${intent.currency}, not ${PAYMENT_CURRENCY}`);
  const final = status === 'succeeded' || status === 'canceled';
  return {
    provider: 'stripe',
    paymentId: intent.id,
    status,
    amountCents: intent.amount,
    amountReceivedCents: intent.amount_received ?? 0,
    currency: PAYMENT_CURRENCY,
    orderId: intent.metadata?.orderId ?? null,
    metadata: { ...(intent.metadata ?? {}) },
    clientSecret: final ? null : intent.client_secret,
    failure: status === 'failed' ? failure : null,
  };
}

const REFUND_STATUS: Record<string, RefundStatus> = {
  pending: 'pending',
  requires_action: 'requires-action',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
};

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function toRefund(refund: Stripe.Refund): PaymentRefund {
  return {
    provider: 'stripe',
    refundId: refund.id,
    paymentId: idOf(refund.payment_intent) ?? '',
    amountCents: refund.amount,
    currency: PAYMENT_CURRENCY,
    status: REFUND_STATUS[refund.status ?? ''] ?? 'pending',
    orderId: refund.metadata?.orderId ?? null,
    failureReason: refund.failure_reason ?? null,
  };
}

/**
 * Stripe's errors in the port's words; a card error that carries its intent is an outcome, not an
 * error. The Stripe error is not kept as `cause`: its raw body can hold a client secret.
 */
function translate(error: unknown): PaymentProviderError | { declined: Payment } {
  const errors = Stripe.errors;
  if (error instanceof errors.StripeCardError) {
    const intent = error.payment_intent as Stripe.PaymentIntent | undefined;
    if (intent?.id) {
      const payment = toPayment(intent);
      // The 402's own error is the freshest word on this attempt.
      return { declined: { ...payment, status: 'failed', clientSecret: intent.client_secret, failure: failureOf(error) } };
    }
    const failure = failureOf(error);
    return new PaymentProviderError('declined', error.message, { customerMessage: failure?.message, code: error.code ?? null, requestId: error.requestId });
  }
  if (error instanceof errors.StripeIdempotencyError) return new PaymentProviderError('idempotency-conflict', error.message, { requestId: error.requestId });
  if (error instanceof errors.StripeRateLimitError) return new PaymentProviderError('rate-limited', error.message, { requestId: error.requestId });
  if (error instanceof errors.StripeInvalidRequestError) {
    if (error.statusCode === 404 || error.code === 'resource_missing') {
      return new PaymentProviderError('not-found', error.message, { code: error.code ?? null, requestId: error.requestId });
    }
    return new PaymentProviderError('invalid-request', error.message, { code: error.code ?? null, requestId: error.requestId });
  }
  if (error instanceof errors.StripeAuthenticationError || error instanceof errors.StripePermissionError) {
    // The message can quote part of the key: keep only the kind.
    return new PaymentProviderError('configuration', `Stripe refused the API key (${error.type})`, { code: error.code ?? null, requestId: error.requestId });
  }
  if (error instanceof errors.StripeConnectionError || error instanceof errors.StripeAPIError) {
    return new PaymentProviderError('unavailable', error.message, { requestId: error.requestId });
  }
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof errors.StripeError) return new PaymentProviderError('unavailable', error.message, { requestId: error.requestId });
  return new PaymentProviderError('unavailable', error instanceof Error ? error.message : 'Stripe call failed');
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly notice: string | null;
  readonly publishableKey: string | null;
  readonly scriptUrl: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(settings: StripeSettings) {
    if (!/^(sk|rk)_(test|live)_\S+$/.test(settings.secretKey)) throw new Error('STRIPE_SECRET_KEY must be a secret key (sk_live_..., sk_test_...) or restricted key (rk_...)');
    if (!/^whsec_\S+$/.test(settings.webhookSecret)) throw new Error('STRIPE_WEBHOOK_SECRET must be the endpoint signing secret (whsec_...)');
    this.webhookSecret = settings.webhookSecret;
    this.publishableKey = settings.publishableKey ?? null;
    this.scriptUrl = settings.jsUrl ?? STRIPE_JS_URL_DEFAULT;
    this.notice = /^(sk|rk)_test_/.test(settings.secretKey) ? 'Stripe test mode: no money moves' : null;
    this.stripe = new Stripe(settings.secretKey, {
      ...apiLocation(settings.apiUrl),
      ...(settings.httpAgent ? { httpAgent: settings.httpAgent } : {}),
      maxNetworkRetries: settings.maxNetworkRetries ?? 2,
      timeout: settings.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'dealer-coupons' },
    });
  }

  /** Where the package sends requests (tests assert it is not api.stripe.com). */
  get apiHost(): string {
    return String(this.stripe.getApiField('host'));
  }

  async createPayment(input: CreatePaymentInput): Promise<Payment> {
    const metadata = checkCreateInput(input);
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amountCents,
      currency: PAYMENT_CURRENCY,
      metadata,
      automatic_payment_methods: input.paymentMethod ? { enabled: true, allow_redirects: 'never' } : { enabled: true },
      ...(input.description ? { description: input.description } : {}),
      ...(input.paymentMethod ? { payment_method: input.paymentMethod, confirm: true } : {}),
    };
    return this.call(() => this.stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey }));
  }

  async confirmPayment(input: ConfirmPaymentInput): Promise<Payment> {
    checkPaymentId(input.paymentId);
    checkPaymentMethod(input.paymentMethod);
    checkIdempotencyKey(input.idempotencyKey);
    return this.call(() => this.stripe.paymentIntents.confirm(input.paymentId, { payment_method: input.paymentMethod }, { idempotencyKey: input.idempotencyKey }));
  }

  async getPayment(paymentId: string): Promise<Payment> {
    checkPaymentId(paymentId);
    return this.call(() => this.stripe.paymentIntents.retrieve(paymentId));
  }

  async cancelPayment(input: CancelPaymentInput): Promise<Payment> {
    checkCancelInput(input);
    return this.call(() => this.stripe.paymentIntents.cancel(input.paymentId, { cancellation_reason: input.reason }, { idempotencyKey: input.idempotencyKey }));
  }

  async refundPayment(input: RefundPaymentInput): Promise<PaymentRefund> {
    const metadata = checkRefundInput(input);
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: input.paymentId,
          ...(input.amountCents !== undefined ? { amount: input.amountCents } : {}),
          ...(input.reason ? { reason: input.reason } : {}),
          metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toRefund(refund);
    } catch (error) {
      const translated = translate(error);
      if ('declined' in translated) throw new PaymentProviderError('invalid-request', 'refund refused as a card error');
      throw translated;
    }
  }

  async parseWebhook(request: WebhookRequest): Promise<PaymentNotification> {
    const signature = singleHeader(request.headers, 'stripe-signature');
    if (!signature) throw new WebhookVerificationError('no Stripe-Signature header');
    if (typeof request.rawBody !== 'string' && !Buffer.isBuffer(request.rawBody)) throw new WebhookVerificationError('the body is not the raw bytes');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(request.rawBody, signature, this.webhookSecret) as Stripe.Event;
    } catch (error) {
      throw new WebhookVerificationError(error instanceof Error ? error.message.split('\n')[0]! : 'signature check failed');
    }
    return notificationOf(event);
  }

  private async call(request: () => Promise<Stripe.PaymentIntent>): Promise<Payment> {
    try {
      return toPayment(await request());
    } catch (error) {
      const translated = translate(error);
      if ('declined' in translated) return translated.declined;
      throw translated;
    }
  }
}

/** Stripe gives a refund's failure as a code (expired_or_canceled_card, lost_or_stolen_card, ...). */
export function refundFailureMessage(reason: string | null): string {
  return reason ? `The refund failed (${reason.replaceAll('_', ' ')}).` : 'The refund failed.';
}

/** A verified Stripe event in the port's words; events the product does not act on are 'ignored'. */
export function notificationOf(event: Stripe.Event): PaymentNotification {
  const base = {
    eventId: event.id,
    provider: 'stripe' as const,
    providerEventType: event.type,
    occurredAt: new Date(event.created * 1000).toISOString(),
  };
  const object = event.data.object as { object?: string };
  if (object.object === 'payment_intent') {
    const intent = object as Stripe.PaymentIntent;
    const facts = { paymentId: intent.id, amountCents: intent.amount, orderId: intent.metadata?.orderId ?? null };
    switch (event.type) {
      case 'payment_intent.succeeded':
        return { ...base, ...facts, kind: 'payment-succeeded' };
      case 'payment_intent.canceled':
        return { ...base, ...facts, kind: 'payment-canceled' };
      case 'payment_intent.processing':
        return { ...base, ...facts, kind: 'payment-processing' };
      case 'payment_intent.payment_failed': {
        const failure = failureOf(intent.last_payment_error) ?? { code: 'payment_failed', declineCode: null, message: 'Your payment was not accepted.' };
        return { ...base, ...facts, kind: 'payment-failed', failureCode: failure.declineCode ?? failure.code, failureMessage: failure.message };
      }
      default:
        return { ...base, kind: 'ignored' };
    }
  }
  if (object.object === 'refund' && (event.type === 'refund.created' || event.type === 'refund.updated' || event.type === 'refund.failed')) {
    const refund = toRefund(object as Stripe.Refund);
    const facts = { paymentId: refund.paymentId, amountCents: refund.amountCents, orderId: refund.orderId, refundId: refund.refundId };
    if (event.type === 'refund.failed' || refund.status === 'failed') {
      return { ...base, ...facts, kind: 'refund-failed', failureMessage: refundFailureMessage(refund.failureReason) };
    }
    if (refund.status === 'succeeded') return { ...base, ...facts, kind: 'refund-succeeded' };
  }
  return { ...base, kind: 'ignored' };
}
