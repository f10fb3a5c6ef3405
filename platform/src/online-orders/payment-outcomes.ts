/**
 * What the provider's money means for an online order (issue 13 "Buying a pack"), shared by the
 * command API (the confirm and the provider's webhook) and the workers' abandoned-order sweep (a
 * payment the provider took while its notification was lost): a paid order issues its pack once,
 * a payment for an order that can no longer be sold goes back.
 *
 * A paid order issues its pack once: the sale id is deterministicUuid(`online-order:${orderId}`),
 * the PackSold is appended with expected revision "no stream" and OnlineOrderPaid with the
 * revision the order was read at, so a double click, a retried request, a confirm racing the
 * webhook or a replayed webhook all end in one sale. The sale is recorded as `final` (the money is
 * taken, there is no RO to close) on the RO number ONLINE_SALE_RO_NUMBER, sold by the customer
 * themself (`soldBy` is the customer's id: no employee sold it; the metadata's actor says
 * `customer:<id>`, `system:payment-webhook` or `system:abandoned-orders`).
 *
 * Each command reads the order's stream once (readOrder: read and fold through the domain's
 * online-order decider) and records its outcome on what it read (recordOnOrder); another writer in
 * between is a WrongExpectedRevisionError, after which the order is read again and decided anew.
 */
import {
  ONLINE_ORDER_MESSAGES,
  onlineOrderStreamId,
  packSaleStreamId,
  type Money,
  type OnlineOrderPaid,
  type OnlineOrderPaymentReturned,
  type OnlineOrderPlaced,
} from '@dealer/contracts';
import { DomainError } from '@dealer/domain/errors';
import { onlineOrderDecider, type OnlineOrderCommand } from '@dealer/domain/online-order/decide';
import { packSaleDecider } from '@dealer/domain/pack-sale/decide';
import { WrongExpectedRevisionError, lastPositionOf, type EventStore } from '../event-store/port';
import type { Sql } from '../db/postgres';
import { deterministicUuid, type CommandContext } from '../metadata';
import { decideOn, load, type Loaded } from '../command-handling';
import type { PaymentProvider } from '../payments/port';
import { recordGiftPurchased } from '../gifts/gift-stream';
import { loadPackWithCoupons, loadSaleLocation } from './sale-inputs';
import type { OnlineOrderState } from '@dealer/domain/online-order/state';

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

/** The provider, or 409 "not available" when online purchase is off. */
export function providerOf(deps: Pick<OnlineOrderDeps, 'provider'>): PaymentProvider {
  if (!deps.provider) throw new DomainError('conflict', [ONLINE_ORDER_MESSAGES.notAvailable]);
  return deps.provider;
}

/** An order as read (its state null: no such order). */
export type ReadOrder = Loaded<OnlineOrderState | null>;
/** An order as read that exists. */
export type ExistingOrder = Loaded<OnlineOrderState>;

/** The order's stream read once and folded through its decider. */
export function readOrder(store: EventStore, orderId: string): Promise<ReadOrder> {
  return load(store, onlineOrderStreamId(orderId), onlineOrderDecider);
}

/**
 * Records one outcome on the order through its decider (domain/src/online-order), on the order
 * as the caller read it: another writer first is a WrongExpectedRevisionError. Answers the
 * position recorded, or null when the decider recorded nothing.
 */
export async function recordOnOrder(deps: Pick<OnlineOrderDeps, 'store'>, order: ReadOrder, orderId: string, command: OnlineOrderCommand, ctx: CommandContext): Promise<number | null> {
  return (await decideOn(deps.store, onlineOrderStreamId(orderId), onlineOrderDecider, order, command, ctx)).position;
}

/** What an online pack sale (a paid order's, or a claimed gift's) is made of. */
export interface OnlineSale {
  saleId: string;
  /** Whose coupons they are: the buyer, or a gift's recipient. */
  customerId: string;
  /** Who sold it: the customer who paid (no employee sold it). */
  buyerId: string;
  packId: string;
  locationId: number;
  /** The price paid: the sale's list price, so no override. */
  price: OnlineOrderPlaced['data']['price'];
  taxExempt: boolean;
  taxRateBasisPoints: number;
  orderId: string;
  /** The issued coupon ids derive from this and their number, so a retry that lost the race appends the same ids. */
  couponIdPrefix: string;
}

/**
 * An online pack sale as the pack-sale decider's SellPack command: the price and tax paid (whatever
 * the catalogue says now), final at once on RO ONLINE_SALE_RO_NUMBER, sold by the customer who paid.
 */
export async function onlineSaleCommand(deps: Pick<OnlineOrderDeps, 'store' | 'sql'>, sale: OnlineSale, ctx: CommandContext) {
  const [{ pack, coupons }, location] = await Promise.all([loadPackWithCoupons(deps.store, sale.packId), loadSaleLocation(deps.sql, sale.locationId)]);
  const agreed = pack ? { ...pack, terms: { ...pack.terms, price: sale.price } } : null;
  let n = 0;
  return {
    type: 'SellPack' as const,
    data: {
      saleId: sale.saleId,
      customerId: sale.customerId,
      customerTaxExempt: sale.taxExempt,
      pack: agreed,
      coupons,
      location: { locationId: location.locationId, isUsingCrm: location.isUsingCrm, timeZone: location.timeZone },
      saleRoNumber: ONLINE_SALE_RO_NUMBER,
      roStatus: 'closed' as const,
      price: null,
      priceOverrideReason: null,
      taxRateBasisPoints: sale.taxRateBasisPoints,
      mileageAtSale: null,
      actor: { userId: sale.buyerId, isManager: false },
      now: ctx.now(),
      newId: () => deterministicUuid(`${sale.couponIdPrefix}:coupon:${n++}`),
      onlineOrderId: sale.orderId,
    },
  };
}

/** The pack sale a paid order records (onlineSaleCommand): the order's price, tax rate and exemption, for the customer who placed it. */
export function saleCommandFor(deps: Pick<OnlineOrderDeps, 'store' | 'sql'>, order: OnlineOrderPlaced['data'], saleId: string, ctx: CommandContext) {
  return onlineSaleCommand(
    deps,
    {
      saleId,
      customerId: order.customerId,
      buyerId: order.customerId,
      packId: order.packId,
      locationId: order.locationId,
      price: order.price,
      taxExempt: order.taxExempt,
      taxRateBasisPoints: order.taxRateBasisPoints,
      orderId: order.orderId,
      couponIdPrefix: `online-order:${order.orderId}`,
    },
    ctx,
  );
}

/**
 * The pack sale of a paid order, then OnlineOrderPaid, each at most once. The sale uses the
 * price and tax of the order (what the customer paid), whatever the catalogue says now.
 */
export async function recordPaid(
  deps: OnlineOrderDeps,
  read: ExistingOrder,
  via: 'confirm' | 'webhook',
  ctx: CommandContext,
): Promise<{ position: number | null; saleId: string | null; giftId: string | null }> {
  const order = read.state.order;
  // A gift order issues no pack to the buyer: the gift is recorded and the recipient claims it.
  const gift = order.recipientEmail ? await recordGiftPurchased(deps, order, ctx) : null;
  const saleId = gift ? null : onlineSaleIdOf(order.orderId);
  let position: number | null = gift?.position ?? null;
  const saleStream = saleId ? packSaleStreamId(saleId) : null;
  // The sale's stream and what a sale is decided on, read together (the sale is nearly always not there yet).
  const [sale, sell] = await Promise.all([
    saleStream ? load(deps.store, saleStream, packSaleDecider) : null,
    saleId ? saleCommandFor(deps, order, saleId, ctx) : null,
  ]);
  if (saleId && saleStream && sale && sell && sale.revision === -1) {
    try {
      // Decided on the sale as read (none yet) and appended as a new stream.
      position = (await decideOn(deps.store, saleStream, packSaleDecider, sale, sell, ctx)).position;
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
    position = await recordOnOrder(deps, read, order.orderId, { type: 'RecordOnlineOrderPaid', data: paid.data }, ctx);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const again = await readOrder(deps.store, order.orderId);
    if (again.state?.status !== 'paid' && again.state?.status !== 'refunded') return recordPaid(deps, again as ExistingOrder, via, ctx);
  }
  // Recorded by another writer (the webhook or another click): its OnlineOrderPaid comes after the sale or gift.
  if (position === null) position = await lastPositionOf(deps.store, onlineOrderStreamId(order.orderId));
  return { position, saleId, giftId: gift?.giftId ?? null };
}

/** A provider notification that an order's payment succeeded (the webhook, or the abandoned-order sweep): issue the pack once. */
export async function onlineOrderPaymentSucceeded(deps: OnlineOrderDeps, orderId: string, paymentId: string, amountCents: number, ctx: CommandContext): Promise<void> {
  // A payment the product did not create (e.g. from the provider's dashboard) names no order of ours.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(orderId)) return;
  const read = await readOrder(deps.store, orderId);
  const state = read.state;
  if (!state || state.order.paymentId !== paymentId || state.order.total !== (amountCents as Money)) return;
  if (state.status === 'paid' || state.status === 'refunded' || state.status === 'returned') return;
  const order = read as ExistingOrder;
  // The customer paid (a 3-D Secure step finished late, the browser went away) but the pack can no longer be
  // sold, or the order was cancelled as abandoned meanwhile: nothing is issued and the payment goes back.
  if (state.status === 'cancelled' || !(await stillSellable(deps, state, ctx))) {
    await returnPayment(deps, order, ctx);
    return;
  }
  await recordPaid(deps, order, 'webhook', ctx);
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
async function returnPayment(deps: OnlineOrderDeps, read: ExistingOrder, ctx: CommandContext): Promise<void> {
  const provider = providerOf(deps);
  const { orderId, customerId, paymentId } = read.state.order;
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
    await recordOnOrder(deps, read, orderId, { type: 'ReturnOnlineOrderPayment', data: returned.data }, ctx);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    // Something was recorded meanwhile (a decline, a cancel): decide again on the order as it is now.
    const again = await readOrder(deps.store, orderId);
    if (again.state && again.state.status !== 'returned' && again.state.status !== 'paid' && again.state.status !== 'refunded') {
      return returnPayment(deps, again as ExistingOrder, ctx);
    }
  }
}
