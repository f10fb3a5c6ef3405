/**
 * The payment provider port (issue 13): what the online purchase flow needs from a card
 * processor, in the product's own words. Two adapters: Stripe (stripe.ts, the official package)
 * and the demo provider (demo.ts: no network, no money, demo mode and tests only).
 *
 * Money is integer cents in USD (DOMAIN "Money and reports"). Every call that changes something
 * at the provider carries the caller's idempotency key, so a retried request, a double click or a
 * restarted command makes one charge and one refund: derive the key from the order (for example
 * `order:<orderId>:payment`, `order:<orderId>:refund:<voidEventId>`), never from the attempt.
 *
 * Webhooks: parseWebhook verifies the provider's signature over the raw body and turns the event
 * into a PaymentNotification. A provider delivers an event at least once, so a replay is normal:
 * it carries the same eventId, and the caller records handled eventIds (for example as the event
 * id of what it appends) and handles each once. Refund notifications also name the refundId:
 * a provider can report one refund's success twice under two event ids (Stripe: refund.created
 * and refund.updated), so refunds are de-duplicated by refundId as well.
 */
import { DomainError } from '@dealer/domain/errors';

export const PAYMENT_CURRENCY = 'usd';
/** Stripe's smallest USD charge is $0.50, its largest $999,999.99; the demo provider keeps the same bounds. */
export const MIN_PAYMENT_CENTS = 50;
export const MAX_PAYMENT_CENTS = 99_999_999;
/** Stripe's limit for an idempotency key. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export type PaymentProviderName = 'stripe' | 'demo';

export type PaymentStatus =
  /** Created; the customer has not given a payment method yet (the browser confirms with clientSecret). */
  | 'requires-payment-method'
  | 'requires-confirmation'
  /** The card wants the customer's authentication (3-D Secure): the browser finishes it with clientSecret. */
  | 'requires-action'
  | 'processing'
  | 'succeeded'
  /** The last attempt was declined (failure says why); the same payment can be retried with another card. */
  | 'failed'
  | 'canceled';

export interface PaymentFailure {
  /** Provider code: card_declined, expired_card, incorrect_cvc, processing_error, ... */
  code: string;
  /** The issuer's reason when the card was declined: generic_decline, insufficient_funds, ... */
  declineCode: string | null;
  /** A sentence the customer can read ("Your card was declined."). Never holds card data. */
  message: string;
}

export interface Payment {
  provider: PaymentProviderName;
  paymentId: string;
  status: PaymentStatus;
  amountCents: number;
  amountReceivedCents: number;
  currency: typeof PAYMENT_CURRENCY;
  orderId: string | null;
  metadata: Record<string, string>;
  /**
   * What the browser needs to confirm the payment with the provider's script (Stripe.js), or
   * null once the payment is final. A secret of the customer's session: never log it or store it
   * in an event.
   */
  clientSecret: string | null;
  failure: PaymentFailure | null;
}

export interface CreatePaymentInput {
  amountCents: number;
  /** 1 to 255 characters; the same key with the same input returns the same payment. */
  idempotencyKey: string;
  /** The order this pays for; stored in the provider's metadata and echoed in notifications. */
  orderId: string;
  /** More metadata (at most 20 keys of up to 40 characters, values up to 500). No personal data. */
  metadata?: Record<string, string>;
  /** Shown in the provider's dashboard and on the card statement's detail (no personal data). */
  description?: string;
  /**
   * A payment method to charge at once (Stripe: a PaymentMethod id made by Stripe.js, or a test
   * one such as pm_card_visa; demo: a test card number, see demo.ts). Without it the payment
   * waits for the browser to confirm it with clientSecret.
   */
  paymentMethod?: string;
}

export interface ConfirmPaymentInput {
  paymentId: string;
  paymentMethod: string;
  idempotencyKey: string;
}

export interface CancelPaymentInput {
  paymentId: string;
  idempotencyKey: string;
  /** abandoned: the checkout expired or the customer left; duplicate: another payment paid the order. */
  reason: 'abandoned' | 'duplicate' | 'requested_by_customer';
}

export type RefundReason = 'requested_by_customer' | 'duplicate' | 'fraudulent';

export interface RefundPaymentInput {
  paymentId: string;
  /** Part of the payment; omitted: whatever of it is not refunded yet. */
  amountCents?: number;
  idempotencyKey: string;
  /** Echoed in refund notifications (Stripe does not copy a payment's metadata to its refunds). */
  orderId: string;
  reason?: RefundReason;
  metadata?: Record<string, string>;
}

export type RefundStatus = 'pending' | 'requires-action' | 'succeeded' | 'failed' | 'canceled';

export interface PaymentRefund {
  provider: PaymentProviderName;
  refundId: string;
  paymentId: string;
  amountCents: number;
  currency: typeof PAYMENT_CURRENCY;
  status: RefundStatus;
  orderId: string | null;
  failureReason: string | null;
}

/** A webhook request as it arrived: the raw body bytes (never a re-serialised object) and its headers. */
export interface WebhookRequest {
  rawBody: Buffer | string;
  headers: Record<string, string | string[] | undefined>;
}

interface NotificationBase {
  /** The provider's event id: the same on every delivery of the same event (replays). */
  eventId: string;
  provider: PaymentProviderName;
  /** The provider's own name for the event (payment_intent.succeeded, refund.updated, ...). */
  providerEventType: string;
  /** When the provider created the event (ISO 8601). */
  occurredAt: string;
}

interface PaymentFacts {
  paymentId: string;
  amountCents: number;
  orderId: string | null;
}

export type PaymentNotification =
  | (NotificationBase & PaymentFacts & { kind: 'payment-succeeded' | 'payment-canceled' | 'payment-processing' })
  | (NotificationBase & PaymentFacts & { kind: 'payment-failed'; failureCode: string; failureMessage: string })
  | (NotificationBase & PaymentFacts & { kind: 'refund-succeeded'; refundId: string })
  | (NotificationBase & PaymentFacts & { kind: 'refund-failed'; refundId: string; failureMessage: string })
  /** Verified, but nothing the product acts on (answer 2xx so the provider stops resending it). */
  | (NotificationBase & { kind: 'ignored' });

export type PaymentNotificationKind = PaymentNotification['kind'];

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * What the checkout must show next to the pay button: for the demo provider and Stripe's test
   * keys, "Demo payment: no money moves" / "Stripe test mode: no money moves"; null for live.
   */
  readonly notice: string | null;
  /** The key the browser loads the provider's script with (Stripe.js: pk_...); null for the demo provider. */
  readonly publishableKey: string | null;
  /** Where the browser loads the provider's script from (Stripe.js, never bundled); null for the demo provider. */
  readonly scriptUrl: string | null;
  createPayment(input: CreatePaymentInput): Promise<Payment>;
  confirmPayment(input: ConfirmPaymentInput): Promise<Payment>;
  getPayment(paymentId: string): Promise<Payment>;
  /**
   * Stops a payment that has not succeeded (an abandoned or replaced checkout), so a browser that
   * comes back later cannot pay an order that no longer waits for it. A succeeded payment is
   * refunded instead ('invalid-request' here).
   */
  cancelPayment(input: CancelPaymentInput): Promise<Payment>;
  refundPayment(input: RefundPaymentInput): Promise<PaymentRefund>;
  /** Verifies the signature (throws WebhookVerificationError) and reads the event. */
  parseWebhook(request: WebhookRequest): Promise<PaymentNotification>;
}

export type PaymentErrorKind =
  /** The card was refused without a payment to report (declines normally come back as status 'failed'). */
  | 'declined'
  /** The request was wrong (an amount over what is left to refund, an unknown payment, ...). */
  | 'invalid-request'
  /** An idempotency key was used again with a different request. */
  | 'idempotency-conflict'
  | 'not-found'
  /** Wrong or missing keys, or the account may not do this: for the operator, not the customer. */
  | 'configuration'
  | 'rate-limited'
  /** The provider could not be reached or failed; retrying with the same idempotency key is safe. */
  | 'unavailable';

const CUSTOMER_MESSAGE: Record<PaymentErrorKind, string> = {
  declined: 'Your card was declined.',
  'invalid-request': 'The payment could not be made. Nothing was charged.',
  'idempotency-conflict': 'This payment was already started with different details. Reload the page and try again.',
  'not-found': 'The payment could not be found.',
  configuration: 'Online payments are not available right now. Nothing was charged.',
  'rate-limited': 'Payments are busy right now. Try again in a minute; you will not be charged twice.',
  unavailable: 'The payment could not be confirmed right now. Try again; you will not be charged twice.',
};

/**
 * A provider error in the product's words. `message` is for logs (the provider's text, never a
 * key, card number or client secret); `customerMessage` is what a customer may read.
 */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  readonly customerMessage: string;
  /** The provider's code (card_declined, charge_already_refunded, ...) when it gave one. */
  readonly code: string | null;
  constructor(
    readonly kind: PaymentErrorKind,
    message: string,
    options: { customerMessage?: string | undefined; code?: string | null; requestId?: string | undefined } = {},
  ) {
    super(message);
    this.customerMessage = options.customerMessage ?? CUSTOMER_MESSAGE[kind];
    this.code = options.code ?? null;
    this.providerRequestId = options.requestId ?? null;
  }
  /** The provider's id of the failed request (Stripe: req_...), for support; null when it gave none. */
  readonly providerRequestId: string | null;
  /** Whether the same call with the same idempotency key may succeed later. */
  get retryable(): boolean {
    return this.kind === 'unavailable' || this.kind === 'rate-limited';
  }
}

/** The webhook route answers 400 with this (the error handler maps DomainError 'validation'). */
export class WebhookVerificationError extends DomainError {
  constructor(readonly reason: string) {
    super('validation', ['The webhook signature is missing or invalid.']);
  }
}

/** Header lookup that does not care how the transport spelled the name; refuses repeated headers. */
export function singleHeader(headers: WebhookRequest['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    if (Array.isArray(value)) {
      if (value.length !== 1) throw new WebhookVerificationError(`more than one ${name} header`);
      return value[0];
    }
    return value;
  }
  return undefined;
}

function invalid(message: string): PaymentProviderError {
  return new PaymentProviderError('invalid-request', message);
}

export function checkIdempotencyKey(key: unknown): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw invalid(`an idempotency key of 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters is required`);
  }
}

export function checkAmount(amountCents: unknown, what = 'amount'): void {
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents < MIN_PAYMENT_CENTS || amountCents > MAX_PAYMENT_CENTS) {
    throw invalid(`${what} must be whole cents from ${MIN_PAYMENT_CENTS} to ${MAX_PAYMENT_CENTS}`);
  }
}

/** Provider metadata limits (Stripe: 50 keys, key 40 characters, value 500); orderId is reserved. */
export function buildMetadata(orderId: string, extra: Record<string, string> = {}): Record<string, string> {
  if (typeof orderId !== 'string' || orderId.length === 0 || orderId.length > 500) throw invalid('orderId of 1 to 500 characters is required');
  const entries = Object.entries(extra);
  if (entries.length > 20) throw invalid('at most 20 metadata keys');
  for (const [key, value] of entries) {
    if (key === 'orderId') throw invalid('metadata.orderId is set from orderId');
    if (key.length === 0 || key.length > 40 || /[[\]]/.test(key)) throw invalid('metadata keys are 1 to 40 characters without brackets');
    if (typeof value !== 'string' || value.length > 500) throw invalid('metadata values are strings of up to 500 characters');
  }
  return { ...extra, orderId };
}

export function checkCreateInput(input: CreatePaymentInput): Record<string, string> {
  checkAmount(input.amountCents);
  checkIdempotencyKey(input.idempotencyKey);
  if (input.description !== undefined && (typeof input.description !== 'string' || input.description.length > 1000)) {
    throw invalid('description is at most 1000 characters');
  }
  if (input.paymentMethod !== undefined) checkPaymentMethod(input.paymentMethod);
  return buildMetadata(input.orderId, input.metadata);
}

export function checkPaymentMethod(paymentMethod: unknown): void {
  if (typeof paymentMethod !== 'string' || paymentMethod.length === 0 || paymentMethod.length > 255) throw invalid('paymentMethod of 1 to 255 characters is required');
}

export function checkPaymentId(paymentId: unknown): void {
  if (typeof paymentId !== 'string' || !/^[A-Za-z0-9_]{1,255}$/.test(paymentId)) throw invalid('paymentId is not a payment id');
}

export function checkCancelInput(input: CancelPaymentInput): void {
  checkPaymentId(input.paymentId);
  checkIdempotencyKey(input.idempotencyKey);
  if (!['abandoned', 'duplicate', 'requested_by_customer'].includes(input.reason)) throw invalid('unknown cancellation reason');
}

export function checkRefundInput(input: RefundPaymentInput): Record<string, string> {
  checkPaymentId(input.paymentId);
  checkIdempotencyKey(input.idempotencyKey);
  if (input.amountCents !== undefined) {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > MAX_PAYMENT_CENTS) {
      throw invalid(`refund amount must be whole cents from 1 to ${MAX_PAYMENT_CENTS}`);
    }
  }
  if (input.reason !== undefined && !['requested_by_customer', 'duplicate', 'fraudulent'].includes(input.reason)) throw invalid('unknown refund reason');
  return buildMetadata(input.orderId, input.metadata);
}
