/**
 * Buying a pack online (issue 13 "Buying a pack"): place an order (price and tax fixed and shown
 * before paying, the provider's payment created at once under `order:<orderId>:payment`), then
 * confirm it with a card (demo) or a Stripe PaymentMethod, or learn from the provider's webhook
 * that it was paid. What a taken payment records (the pack sale once, OnlineOrderPaid, or the
 * payment back when the pack can no longer be sold) is platform/src/online-orders/payment-outcomes.ts,
 * shared with the workers' abandoned-order sweep. Each command reads the order's stream once and
 * records its outcome on the revision it read.
 */
import {
  ONLINE_ORDER_MESSAGES,
  checkGiftOrder,
  giftSentMessage,
  addMoney,
  checkConfirmOnlineOrder,
  checkPlaceOnlineOrder,
  customerStreamId,
  onlineOrderStreamId,
  percentOf,
  type Money,
  type OnlineOrderConfirmView,
  type OnlineOrderPaymentFailed,
  type OnlineOrderPlaced,
  type OnlineOrderRefunded,
  type OnlineOrderPlacedView,
} from '@dealer/contracts';
import { DomainError, WrongExpectedRevisionError, lastPositionOf, load, recordOfRequest, type CommandContext } from '@dealer/platform';
import { PaymentProviderError, type Payment } from '@dealer/platform/payments/port';
import { packSaleDecider } from '@dealer/domain/pack-sale/decide';
import {
  onlineSaleIdOf,
  providerOf,
  readOrder,
  recordOnOrder,
  recordPaid,
  saleCommandFor,
  type ExistingOrder,
  type OnlineOrderDeps,
} from '@dealer/platform/online-orders/payment-outcomes';
import { giftSaleIdOf, readGift } from '@dealer/platform/gifts/gift-stream';
import { loadPackState, loadSaleLocation, taxExemptIn } from '../pack-sales/lookups';
import { customerEmailIn } from '../gifts/service';
import { customerDecider } from '@dealer/domain/customer/decider';

export { ONLINE_SALE_RO_NUMBER, onlineOrderPaymentSucceeded, onlineSaleIdOf, type OnlineOrderDeps } from '@dealer/platform/online-orders/payment-outcomes';

/** A provider error as the customer reads it (never the provider's raw text). */
function asDomainError(error: unknown, field: string): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  const message = error.customerMessage;
  switch (error.kind) {
    case 'declined':
    case 'invalid-request':
      return new DomainError('validation', [message], { [field]: message });
    case 'rate-limited':
      return new DomainError('rate_limited', [message]);
    default:
      // unavailable, configuration, idempotency-conflict, not-found: nothing was charged twice; try again later.
      return new DomainError('conflict', [message]);
  }
}

/** POST /api/online-orders: the customer's own order of an active pack at a location that sells it. */
export async function placeOnlineOrder(
  deps: OnlineOrderDeps,
  customerId: string,
  input: { packId?: unknown; locationId?: unknown; recipientEmail?: unknown; giftMessage?: unknown },
  ctx: CommandContext,
): Promise<{ view: OnlineOrderPlacedView; position: number }> {
  const checked = checkPlaceOnlineOrder(input);
  // The customer's stream (read once), the pack and the location, read together.
  const [customer, pack, location] = await Promise.all([
    load(deps.store, customerStreamId(customerId), customerDecider),
    checked.ok ? loadPackState(deps.store, checked.value.packId) : null,
    checked.ok ? loadSaleLocation(deps.sql, checked.value.locationId) : null,
  ]);
  const gift = checkGiftOrder(input, customerEmailIn(customer.state));
  const errors = { ...(checked.ok ? {} : checked.errors), ...(gift.ok ? {} : gift.errors) };
  if (!checked.ok || !gift.ok || !location) throw new DomainError('validation', Object.values(errors), errors);
  const provider = providerOf(deps);
  const { packId, locationId } = checked.value;
  const taxExempt = taxExemptIn(customer.state);
  if (taxExempt === null) throw new DomainError('not_found', ['Customer not found.']);
  if (!pack || pack.status !== 'active' || pack.items.length === 0) {
    throw new DomainError('validation', [ONLINE_ORDER_MESSAGES.packUnknown], { packId: ONLINE_ORDER_MESSAGES.packUnknown });
  }
  if (!location.isUsingCrm || !pack.terms.locationIds.includes(locationId)) {
    throw new DomainError('validation', [ONLINE_ORDER_MESSAGES.locationNotSelling], { locationId: ONLINE_ORDER_MESSAGES.locationNotSelling });
  }
  const price = pack.terms.price;
  const taxRateBasisPoints = taxExempt ? 0 : location.salesTaxRateBasisPoints;
  const tax = percentOf(price, taxRateBasisPoints, 'half-up');
  const total = addMoney(price, tax);
  const orderId = ctx.newId();
  let payment: Payment;
  try {
    payment = await provider.createPayment({
      amountCents: total,
      idempotencyKey: `order:${orderId}:payment`,
      orderId,
      description: pack.terms.name,
      metadata: { customerId, packId, gift: gift.value.recipientEmail ? 'yes' : 'no' },
    });
  } catch (error) {
    throw asDomainError(error, 'packId');
  }
  const placed: OnlineOrderPlaced = {
    type: 'OnlineOrderPlaced',
    data: {
      orderId,
      customerId,
      packId,
      locationId,
      price,
      taxExempt,
      taxRateBasisPoints,
      tax,
      total,
      provider: payment.provider,
      paymentId: payment.paymentId,
      // Only a gift order carries the gift fields (personal data, sealed with the buyer's key).
      ...(gift.value.recipientEmail ? { recipientEmail: gift.value.recipientEmail, giftMessage: gift.value.giftMessage } : {}),
    },
  };
  // A retry of this very request after a crash (its derived order id, the provider's payment
  // found again by its idempotency key) answers the order it placed.
  const read = await readOrder(deps.store, orderId);
  const created = recordOfRequest(read.history, ctx);
  // Anything else on the new order's stream: another writer got there first, as the append expecting no stream would say.
  if (!created && read.revision !== -1) throw new WrongExpectedRevisionError(onlineOrderStreamId(orderId), 'no_stream', read.revision);
  const position = created ? created.position : (await recordOnOrder(deps, read, orderId, { type: 'PlaceOnlineOrder', data: placed.data }, ctx))!;
  return {
    view: { orderId, price, tax, total, provider: payment.provider, notice: provider.notice, clientSecret: payment.clientSecret, publishableKey: provider.publishableKey, scriptUrl: provider.scriptUrl },
    position,
  };
}

function paidView(orderId: string, saleId: string): OnlineOrderConfirmView {
  return { orderId, status: 'paid', saleId, message: ONLINE_ORDER_MESSAGES.paid };
}

/** A paid order's answer: its sale, or for a gift order who the gift went to (no sale for the buyer). */
async function paidViewOf(deps: OnlineOrderDeps, orderId: string, paid: { saleId: string | null; giftId: string | null }): Promise<OnlineOrderConfirmView> {
  if (!paid.giftId) return paidView(orderId, paid.saleId!);
  const gift = (await readGift(deps.store, paid.giftId)).state?.gift;
  const recipientEmail = gift?.recipientEmail ?? '';
  return { orderId, status: 'paid', saleId: null, message: giftSentMessage(recipientEmail), gift: gift ? { recipientEmail, expiresAt: gift.expiresAt } : null };
}

/** The customer's own order, or 404 (another customer's order is not named). */
async function ownOrder(deps: OnlineOrderDeps, orderId: string, customerId: string): Promise<ExistingOrder> {
  const read = await readOrder(deps.store, orderId);
  if (!read.state || read.state.order.customerId !== customerId) throw new DomainError('not_found', [ONLINE_ORDER_MESSAGES.orderUnknown]);
  return read as ExistingOrder;
}

export class PaymentDeclinedError extends DomainError {
  constructor(
    message: string,
    field: string,
    readonly view: OnlineOrderConfirmView,
    readonly position: number,
  ) {
    super('validation', [message], { [field]: message });
  }
}

/**
 * POST /api/online-orders/{orderId}/confirm: pays the order with the card (demo) or the payment
 * method (Stripe). Paid already: the same answer again, nothing charged. A decline records
 * OnlineOrderPaymentFailed and answers 400 with the provider's message; nothing is issued and
 * the customer may try another card (the confirm key counts the failures recorded so far).
 */
export async function confirmOnlineOrder(
  deps: OnlineOrderDeps,
  customerId: string,
  orderId: string,
  input: { cardNumber?: unknown; paymentMethodId?: unknown },
  ctx: CommandContext,
): Promise<{ view: OnlineOrderConfirmView; position: number | null }> {
  const read = await ownOrder(deps, orderId, customerId);
  const state = read.state;
  if (state.status === 'paid') return { view: await paidViewOf(deps, orderId, state), position: null };
  if (state.status === 'refunded') throw new DomainError('conflict', [ONLINE_ORDER_MESSAGES.alreadyRefunded]);
  if (state.status === 'cancelled') throw new DomainError('conflict', [ONLINE_ORDER_MESSAGES.cancelled]);
  if (state.status === 'returned') throw new DomainError('conflict', [ONLINE_ORDER_MESSAGES.returned]);
  const checked = checkConfirmOnlineOrder(input);
  if (!checked.ok) throw new DomainError('validation', Object.values(checked.errors), checked.errors);
  const field = 'cardNumber' in checked.value ? 'cardNumber' : 'paymentMethodId';
  const paymentMethod = 'cardNumber' in checked.value ? checked.value.cardNumber : checked.value.paymentMethodId;
  const provider = providerOf(deps);
  // The pack must still be sellable (active, its coupons active, the location selling it) before
  // any money moves: the same decision the sale makes after the payment, tried first.
  packSaleDecider.decide(await saleCommandFor(deps, state.order, onlineSaleIdOf(orderId), ctx), null);
  const failures = read.history.filter((e) => e.type === 'OnlineOrderPaymentFailed').length;
  let payment: Payment;
  try {
    // Stripe.js confirms in the browser and then asks this route to record it: a payment that already
    // succeeded is read and recorded, never confirmed again (Stripe refuses that).
    const current = field === 'paymentMethodId' ? await provider.getPayment(state.order.paymentId) : null;
    payment = current?.status === 'succeeded' ? current : await provider.confirmPayment({ paymentId: state.order.paymentId, paymentMethod, idempotencyKey: `order:${orderId}:confirm:${failures}` });
  } catch (error) {
    throw asDomainError(error, field);
  }
  if (payment.status === 'succeeded') {
    if (payment.amountReceivedCents !== state.order.total && payment.amountCents !== state.order.total) throw new DomainError('conflict', [ONLINE_ORDER_MESSAGES.notAvailable]);
    const paid = await recordPaid(deps, read, 'confirm', ctx);
    return { view: await paidViewOf(deps, orderId, paid), position: paid.position };
  }
  if (payment.status === 'failed' || payment.status === 'canceled') {
    const message = payment.failure?.message ?? 'Your card was declined.';
    const failed: OnlineOrderPaymentFailed = {
      type: 'OnlineOrderPaymentFailed',
      data: { orderId, customerId, paymentId: state.order.paymentId, message, code: payment.failure?.code ?? null, failedAt: ctx.now().toISOString() },
    };
    let position: number;
    try {
      position = (await recordOnOrder(deps, read, orderId, { type: 'RecordOnlineOrderPaymentFailed', data: failed.data }, ctx))!;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      // The webhook or another click got there first: answer what the order says now.
      const again = await readOrder(deps.store, orderId);
      const recorded = (await lastPositionOf(deps.store, onlineOrderStreamId(orderId)))!;
      if (again.state?.status === 'paid') return { view: await paidViewOf(deps, orderId, again.state), position: recorded };
      position = recorded;
    }
    throw new PaymentDeclinedError(message, field, { orderId, status: 'failed', saleId: null, message }, position);
  }
  // requires-action (3-D Secure) or processing: the browser finishes it; the webhook issues the pack.
  throw new DomainError('conflict', [ONLINE_ORDER_MESSAGES.processing]);
}

/**
 * A manager voided the pack sale of a paid online order: the whole payment goes back through the
 * provider (key `order:<orderId>:refund:void`: one void per sale, so a retried void asks for the
 * same refund and gets the first answer), then OnlineOrderRefunded. Nothing when the order is
 * already refunded. A provider that cannot refund now answers the manager's void with its message
 * (the void itself stays recorded; voiding again retries the refund).
 */
export async function refundVoidedOnlineOrder(deps: Pick<OnlineOrderDeps, 'store' | 'provider'>, orderId: string, ctx: CommandContext): Promise<number | null> {
  const read = await readOrder(deps.store, orderId);
  const state = read.state;
  if (!state || state.status !== 'paid') return null;
  if (!deps.provider) throw new DomainError('conflict', [ONLINE_ORDER_MESSAGES.refundUnavailable]);
  let refund;
  try {
    refund = await deps.provider.refundPayment({ paymentId: state.order.paymentId, idempotencyKey: `order:${orderId}:refund:void`, orderId, reason: 'requested_by_customer' });
  } catch (error) {
    throw asDomainError(error, 'reason');
  }
  const refunded: OnlineOrderRefunded = {
    type: 'OnlineOrderRefunded',
    data: {
      orderId,
      customerId: state.order.customerId,
      paymentId: state.order.paymentId,
      // A gift order's sale is the recipient's (its void refunds the buyer's payment).
      saleId: state.saleId ?? giftSaleIdOf(state.giftId!),
      refundId: refund.refundId,
      amount: refund.amountCents as Money,
      status: refund.status,
      refundedAt: ctx.now().toISOString(),
    },
  };
  try {
    return await recordOnOrder(deps, read, orderId, { type: 'RecordOnlineOrderRefund', data: refunded.data }, ctx);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    return null;
  }
}
