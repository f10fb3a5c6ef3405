/**
 * Buying a pack online (issue 13 "Buying a pack"): place an order (price and tax fixed and shown
 * before paying, the provider's payment created at once under `order:<orderId>:payment`), then
 * confirm it with a card (demo) or a Stripe PaymentMethod, or learn from the provider's webhook
 * that it was paid. A paid order issues its pack once: the sale id is
 * deterministicUuid(`online-order:${orderId}`), the PackSold is appended with expected revision
 * "no stream" and OnlineOrderPaid with the order's revision, so a double click, a retried request,
 * a confirm racing the webhook or a replayed webhook all end in one sale.
 *
 * The sale is recorded as `final` (the money is taken, there is no RO to close) on the RO number
 * ONLINE_SALE_RO_NUMBER, sold by the customer themself (`soldBy` is the customer's id: no
 * employee sold it; the metadata's actor says `customer:<id>` or `system:payment-webhook`).
 */
import {
  ONLINE_ORDER_ABANDON_AFTER_MS,
  ONLINE_ORDER_MESSAGES,
  checkGiftOrder,
  giftSentMessage,
  addMoney,
  checkConfirmOnlineOrder,
  checkPlaceOnlineOrder,
  foldOnlineOrder,
  onlineOrderStreamId,
  packSaleStreamId,
  percentOf,
  type Money,
  type OnlineOrderConfirmView,
  type OnlineOrderCancelled,
  type OnlineOrderEvent,
  type OnlineOrderPaid,
  type OnlineOrderPaymentFailed,
  type OnlineOrderPaymentReturned,
  type OnlineOrderPlaced,
  type OnlineOrderRefunded,
  type OnlineOrderPlacedView,
  type OnlineOrderState,
  type PackSold,
} from '@dealer/contracts';
import { onlineOrderDecider, type OnlineOrderCommand } from '@dealer/domain/online-order/decide';
import { DomainError, WrongExpectedRevisionError, createdByRequest, deterministicUuid, handle, lastPositionOf, toNewEvents, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { PaymentProviderError, type Payment, type PaymentProvider } from '@dealer/platform/payments/port';
import { packSaleDecider } from '@dealer/domain/pack-sale/decide';
import { loadCouponStates, loadCustomerTaxExempt, loadPackState, loadSaleLocation } from '../pack-sales/lookups';
import { customerEmailOf, giftSaleIdOf, readGift, recordGiftPurchased } from '../gifts/service';

export const ONLINE_SALE_RO_NUMBER = 'ONLINE';

export interface OnlineOrderDeps {
  store: EventStore;
  sql: Sql;
  /** Null: online purchase is off (production without PAYMENT_PROVIDER). */
  provider: PaymentProvider | null;
  /** The gift tokens' key (giftTokenKey): a paid gift order records its token's hash. */
  giftKey: Buffer;
}

export const onlineSaleIdOf = (orderId: string) => deterministicUuid(`online-order:${orderId}`);

function providerOf(deps: OnlineOrderDeps): PaymentProvider {
  if (!deps.provider) throw new DomainError('conflict', [ONLINE_ORDER_MESSAGES.notAvailable]);
  return deps.provider;
}

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

async function readOrder(store: EventStore, orderId: string) {
  const history = await store.readStream(onlineOrderStreamId(orderId));
  const revision = history.length > 0 ? history[history.length - 1]!.revision : -1;
  return { revision, state: foldOnlineOrder(history as unknown as OnlineOrderEvent[]) };
}

/**
 * Records one outcome on the order through its decider (domain/src/online-order), pinned to the
 * revision the caller decided on: another writer first is a WrongExpectedRevisionError, as
 * before. Answers the position recorded, or null when the decider recorded nothing.
 */
async function recordOnOrder(deps: Pick<OnlineOrderDeps, 'store'>, orderId: string, command: OnlineOrderCommand, ctx: CommandContext, expectedRevision: number): Promise<number | null> {
  return (await handle(deps.store, onlineOrderStreamId(orderId), onlineOrderDecider, command, ctx, { expectedRevision })).position;
}

/** POST /api/online-orders: the customer's own order of an active pack at a location that sells it. */
export async function placeOnlineOrder(
  deps: OnlineOrderDeps,
  customerId: string,
  input: { packId?: unknown; locationId?: unknown; recipientEmail?: unknown; giftMessage?: unknown },
  ctx: CommandContext,
): Promise<{ view: OnlineOrderPlacedView; position: number }> {
  const checked = checkPlaceOnlineOrder(input);
  const gift = checkGiftOrder(input, await customerEmailOf(deps.store, customerId));
  const errors = { ...(checked.ok ? {} : checked.errors), ...(gift.ok ? {} : gift.errors) };
  if (!checked.ok || !gift.ok) throw new DomainError('validation', Object.values(errors), errors);
  const provider = providerOf(deps);
  const { packId, locationId } = checked.value;
  const taxExempt = await loadCustomerTaxExempt(deps.store, customerId);
  if (taxExempt === null) throw new DomainError('not_found', ['Customer not found.']);
  const pack = await loadPackState(deps.store, packId);
  if (!pack || pack.status !== 'active' || pack.items.length === 0) {
    throw new DomainError('validation', [ONLINE_ORDER_MESSAGES.packUnknown], { packId: ONLINE_ORDER_MESSAGES.packUnknown });
  }
  const location = await loadSaleLocation(deps.sql, locationId);
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
  const created = await createdByRequest(deps.store, onlineOrderStreamId(orderId), ctx);
  const position = created ? created.position : (await recordOnOrder(deps, orderId, { type: 'PlaceOnlineOrder', data: placed.data }, ctx, -1))!;
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

/**
 * The pack sale a paid order records, as the pack-sale decider's SellPack command: the order's
 * price (the sale's list price is the price the customer agreed to, so no override), its tax
 * rate and exemption, final at once on RO ONLINE_SALE_RO_NUMBER, sold by the customer.
 */
async function saleCommandFor(deps: OnlineOrderDeps, order: OnlineOrderPlaced['data'], saleId: string, ctx: CommandContext) {
  const pack = await loadPackState(deps.store, order.packId);
  const coupons = await loadCouponStates(deps.store, pack?.items.map((i) => i.couponId) ?? []);
  const location = await loadSaleLocation(deps.sql, order.locationId);
  const agreed = pack ? { ...pack, terms: { ...pack.terms, price: order.price } } : null;
  let n = 0;
  return {
    type: 'SellPack' as const,
    data: {
      saleId,
      customerId: order.customerId,
      customerTaxExempt: order.taxExempt,
      pack: agreed,
      coupons,
      location: { locationId: location.locationId, isUsingCrm: location.isUsingCrm, timeZone: location.timeZone },
      saleRoNumber: ONLINE_SALE_RO_NUMBER,
      roStatus: 'closed' as const,
      price: null,
      priceOverrideReason: null,
      taxRateBasisPoints: order.taxRateBasisPoints,
      mileageAtSale: null,
      actor: { userId: order.customerId, isManager: false },
      now: ctx.now(),
      // Issued coupon ids derive from the order, so a retry that lost the race appends the same ids.
      newId: () => deterministicUuid(`online-order:${order.orderId}:coupon:${n++}`),
    },
  };
}

/**
 * The pack sale of a paid order, then OnlineOrderPaid, each at most once. The sale uses the
 * price and tax of the order (what the customer paid), whatever the catalogue says now.
 */
async function recordPaid(
  deps: OnlineOrderDeps,
  state: OnlineOrderState,
  revision: number,
  via: 'confirm' | 'webhook',
  ctx: CommandContext,
): Promise<{ position: number | null; saleId: string | null; giftId: string | null }> {
  const order = state.order;
  // A gift order issues no pack to the buyer: the gift is recorded and the recipient claims it.
  const gift = order.recipientEmail ? await recordGiftPurchased(deps, order, ctx) : null;
  const saleId = gift ? null : onlineSaleIdOf(order.orderId);
  let position: number | null = gift?.position ?? null;
  const saleStream = saleId ? packSaleStreamId(saleId) : null;
  if (saleId && saleStream && (await deps.store.readStream(saleStream)).length === 0) {
    const events = packSaleDecider.decide(await saleCommandFor(deps, order, saleId, ctx), null);
    const sold = events.map((e) => (e.type === 'PackSold' ? ({ ...e, data: { ...e.data, onlineOrderId: order.orderId } } satisfies PackSold) : e));
    try {
      position = (await deps.store.appendToStream(saleStream, toNewEvents(sold, ctx), { expectedRevision: 'no_stream' })).position;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  const paid: OnlineOrderPaid = {
    type: 'OnlineOrderPaid',
    data: {
      orderId: order.orderId,
      customerId: order.customerId,
      paymentId: order.paymentId,
      saleId,
      ...(gift ? { giftId: gift.giftId } : {}),
      via,
      paidAt: ctx.now().toISOString(),
    },
  };
  try {
    position = await recordOnOrder(deps, order.orderId, { type: 'RecordOnlineOrderPaid', data: paid.data }, ctx, revision);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const again = await readOrder(deps.store, order.orderId);
    if (again.state?.status !== 'paid' && again.state?.status !== 'refunded') return recordPaid(deps, again.state!, again.revision, via, ctx);
  }
  // Recorded by another writer (the webhook or another click): its OnlineOrderPaid comes after the sale or gift.
  if (position === null) position = await lastPositionOf(deps.store, onlineOrderStreamId(order.orderId));
  return { position, saleId, giftId: gift?.giftId ?? null };
}

/** The customer's own order, or 404 (another customer's order is not named). */
async function ownOrder(deps: OnlineOrderDeps, orderId: string, customerId: string): Promise<{ revision: number; state: OnlineOrderState }> {
  const read = await readOrder(deps.store, orderId);
  if (!read.state || read.state.order.customerId !== customerId) throw new DomainError('not_found', [ONLINE_ORDER_MESSAGES.orderUnknown]);
  return { revision: read.revision, state: read.state };
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
  const { revision, state } = await ownOrder(deps, orderId, customerId);
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
  const failures = (await deps.store.readStream(onlineOrderStreamId(orderId))).filter((e) => e.type === 'OnlineOrderPaymentFailed').length;
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
    const paid = await recordPaid(deps, state, revision, 'confirm', ctx);
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
      position = (await recordOnOrder(deps, orderId, { type: 'RecordOnlineOrderPaymentFailed', data: failed.data }, ctx, revision))!;
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

/** A provider notification that an order's payment succeeded (the webhook): issue the pack once. */
export async function onlineOrderPaymentSucceeded(deps: OnlineOrderDeps, orderId: string, paymentId: string, amountCents: number, ctx: CommandContext): Promise<void> {
  // A payment the product did not create (e.g. from the provider's dashboard) names no order of ours.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(orderId)) return;
  const { revision, state } = await readOrder(deps.store, orderId);
  if (!state || state.order.paymentId !== paymentId || state.order.total !== (amountCents as Money)) return;
  if (state.status === 'paid' || state.status === 'refunded' || state.status === 'returned') return;
  // The customer paid (a 3-D Secure step finished late, the browser went away) but the pack can no longer be
  // sold, or the order was cancelled as abandoned meanwhile: nothing is issued and the payment goes back.
  if (state.status === 'cancelled' || !(await stillSellable(deps, state, ctx))) {
    await returnPayment(deps, state, revision, ctx);
    return;
  }
  await recordPaid(deps, state, revision, 'webhook', ctx);
}

/** The sale's own decision (pack and coupons active, the location selling it), tried without recording anything. */
async function stillSellable(deps: OnlineOrderDeps, state: OnlineOrderState, ctx: CommandContext): Promise<boolean> {
  try {
    packSaleDecider.decide(await saleCommandFor(deps, state.order, onlineSaleIdOf(state.order.orderId), ctx), null);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/**
 * A payment that arrived for an order that cannot be sold: refunded in full through the provider
 * (key `order:<orderId>:refund:not-sellable`, so a replayed notification asks for the same refund),
 * then OnlineOrderPaymentReturned. A provider error is thrown: the notification is answered with an
 * error and the provider sends it again later.
 */
async function returnPayment(deps: OnlineOrderDeps, state: OnlineOrderState, revision: number, ctx: CommandContext): Promise<void> {
  const provider = providerOf(deps);
  const { orderId, customerId, paymentId } = state.order;
  const refund = await provider.refundPayment({ paymentId, idempotencyKey: `order:${orderId}:refund:not-sellable`, orderId, reason: 'requested_by_customer' });
  const returned: OnlineOrderPaymentReturned = {
    type: 'OnlineOrderPaymentReturned',
    data: {
      orderId,
      customerId,
      paymentId,
      refundId: refund.refundId,
      amount: refund.amountCents as Money,
      status: refund.status,
      message: ONLINE_ORDER_MESSAGES.returned,
      returnedAt: ctx.now().toISOString(),
    },
  };
  try {
    await recordOnOrder(deps, orderId, { type: 'ReturnOnlineOrderPayment', data: returned.data }, ctx, revision);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    // Something was recorded meanwhile (a decline, a cancel): decide again on the order as it is now.
    const again = await readOrder(deps.store, orderId);
    if (again.state && again.state.status !== 'returned' && again.state.status !== 'paid' && again.state.status !== 'refunded') {
      return returnPayment(deps, again.state, again.revision, ctx);
    }
  }
}

/**
 * An order placed and not paid within ONLINE_ORDER_ABANDON_AFTER_MS of being placed: its payment is
 * cancelled at the provider (key `order:<orderId>:cancel`) and OnlineOrderCancelled recorded, so a
 * checkout left open cannot charge it later. A payment the provider already took (its notification
 * lost, the browser gone) is not cancelled: it issues the pack, or goes back when the pack can no
 * longer be sold. Answers what became of the order, or null when there was nothing to do.
 */
export async function cancelAbandonedOrder(deps: OnlineOrderDeps, orderId: string, now: Date, ctx: CommandContext): Promise<'cancelled' | 'paid' | 'returned' | null> {
  const history = await deps.store.readStream(onlineOrderStreamId(orderId));
  const revision = history.length > 0 ? history[history.length - 1]!.revision : -1;
  const state = foldOnlineOrder(history as unknown as OnlineOrderEvent[]);
  if (!state || (state.status !== 'placed' && state.status !== 'failed')) return null;
  const placedAt = Date.parse(history[0]!.metadata.time);
  if (!(now.getTime() - placedAt >= ONLINE_ORDER_ABANDON_AFTER_MS)) return null;
  const provider = providerOf(deps);
  const taken = async (payment: Payment) => {
    await onlineOrderPaymentSucceeded(deps, orderId, payment.paymentId, payment.amountCents, ctx);
    return (await readOrder(deps.store, orderId)).state?.status === 'returned' ? ('returned' as const) : ('paid' as const);
  };
  let payment: Payment | null;
  try {
    payment = await provider.getPayment(state.order.paymentId);
  } catch (error) {
    // The provider does not know the payment (the demo provider forgets on restart): nothing can charge it.
    if (!(error instanceof PaymentProviderError) || error.kind !== 'not-found') throw error;
    payment = null;
  }
  if (payment?.status === 'succeeded') return taken(payment);
  // requires-action (3-D Secure waiting) and processing are cancelled too: the customer left them a day ago.
  if (payment && payment.status !== 'canceled') {
    try {
      await provider.cancelPayment({ paymentId: payment.paymentId, idempotencyKey: `order:${orderId}:cancel`, reason: 'abandoned' });
    } catch (error) {
      // Paid between the look and the cancel: the payment stands.
      const now = await provider.getPayment(payment.paymentId);
      if (now.status === 'succeeded') return taken(now);
      throw error;
    }
  }
  const cancelled: OnlineOrderCancelled = {
    type: 'OnlineOrderCancelled',
    data: { orderId, customerId: state.order.customerId, paymentId: state.order.paymentId, reason: 'abandoned', cancelledAt: now.toISOString() },
  };
  try {
    await recordOnOrder(deps, orderId, { type: 'CancelOnlineOrder', data: cancelled.data }, ctx, revision);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    return null;
  }
  return 'cancelled';
}


/**
 * A manager voided the pack sale of a paid online order: the whole payment goes back through the
 * provider (key `order:<orderId>:refund:void`: one void per sale, so a retried void asks for the
 * same refund and gets the first answer), then OnlineOrderRefunded. Nothing when the order is
 * already refunded. A provider that cannot refund now answers the manager's void with its message
 * (the void itself stays recorded; voiding again retries the refund).
 */
export async function refundVoidedOnlineOrder(deps: Pick<OnlineOrderDeps, 'store' | 'provider'>, orderId: string, ctx: CommandContext): Promise<number | null> {
  const { revision, state } = await readOrder(deps.store, orderId);
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
    return await recordOnOrder(deps, orderId, { type: 'RecordOnlineOrderRefund', data: refunded.data }, ctx, revision);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    return null;
  }
}
