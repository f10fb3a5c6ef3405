/**
 * An online order's state as read back (issue 13), from the `online_orders` read model:
 *   GET /api/online-orders/{orderId}   the customer's own order (managers and admins: any)
 *   GET /api/online-orders             managers and admins: the orders, newest first, by status and location
 * The checkout's confirmation page reads it, so a reload or a return after a 3-D Secure step shows
 * the order's real state; while it is 'placed' the page asks again.
 */
import type { Money } from '../money/index';
import type { OnlineOrderProvider } from './events';

/** cancelled: not paid within a day; returned: paid when the pack could no longer be sold, refunded, nothing issued. */
export const ONLINE_ORDER_STATUSES = ['placed', 'paid', 'failed', 'refunded', 'cancelled', 'returned'] as const;
export type OnlineOrderStatus = (typeof ONLINE_ORDER_STATUSES)[number];

export const ONLINE_ORDER_STATUS_MESSAGES = {
  notFound: 'Order not found.',
} as const;

/** The most orders one list page holds, and the default. */
export const ONLINE_ORDER_LIST_MAX = 200;
export const ONLINE_ORDER_LIST_DEFAULT = 50;

export interface OnlineOrderStatusView {
  orderId: string;
  customerId: string;
  status: OnlineOrderStatus;
  packId: string;
  packName: string | null;
  locationId: number;
  locationName: string | null;
  price: Money;
  tax: Money;
  total: Money;
  taxExempt: boolean;
  provider: OnlineOrderProvider;
  /** The pack sale the payment issued (null until paid, and for a gift). */
  saleId: string | null;
  isGift: boolean;
  giftId: string | null;
  /** A paid gift order's gift as the buyer follows it (null for other orders, and before the gift is recorded). */
  gift: OnlineOrderGiftView | null;
  /** The last failed payment's message for the customer ("Your card was declined."), or null. */
  failureMessage: string | null;
  failureCount: number;
  refundAmount: Money | null;
  placedAt: string;
  paidAt: string | null;
  failedAt: string | null;
  refundedAt: string | null;
  cancelledAt: string | null;
}

/**
 * A gift as its buyer follows it: sent to whom (the buyer's personal data: null after the buyer's erasure), until when
 * the link can be claimed, and then claimed (when) or ended unclaimed (expired, or the pack could no longer be issued:
 * the buyer's payment is refunded, the order then reads 'refunded').
 */
export interface OnlineOrderGiftView {
  recipientEmail: string | null;
  expiresAt: string | null;
  claimedAt: string | null;
  endedAt: string | null;
  endReason: 'expired' | 'not-sellable' | null;
}

/** A row of the managers' list: the order and who placed it. */
export interface OnlineOrderListItem extends OnlineOrderStatusView {
  customerName: string | null;
}
