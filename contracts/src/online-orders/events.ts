/**
 * Events of one online order (stream `online-order-{orderId}`, issue 13 "Buying a pack"): a
 * customer buys a pack on the web and pays through the payment provider. The order is placed
 * with its price and tax fixed (shown before paying), then paid (the pack sale is recorded with
 * `saleId = deterministicUuid('online-order:{orderId}')`, so it is issued once whichever of the
 * browser's confirm or the provider's webhook comes first), or its payment fails (nothing issued,
 * the provider's message kept for the customer), and a manager's void refunds it.
 *
 * The client secret of a payment is never in an event (it belongs to the customer's session).
 */
import type { BasisPoints, Money } from '../money/index';

export const onlineOrderStreamId = (orderId: string) => `online-order-${orderId}`;

/** The payment provider that takes the money: Stripe in production, the demo provider in demo mode and tests. */
export type OnlineOrderProvider = 'stripe' | 'demo';

export interface OnlineOrderPlaced {
  type: 'OnlineOrderPlaced';
  data: {
    orderId: string;
    customerId: string;
    packId: string;
    /** The location the pack is sold with (SPEC 1): its sales tax and the coupons' time zone. */
    locationId: number;
    /** The pack's list price before tax. */
    price: Money;
    /** A tax-exempt customer pays no tax (like a staff sale). */
    taxExempt: boolean;
    taxRateBasisPoints: BasisPoints;
    tax: Money;
    /** price + tax: what the payment is for. */
    total: Money;
    provider: OnlineOrderProvider;
    /** The provider's payment id, recorded at once (a later retry reuses it, never creates again). */
    paymentId: string;
    /**
     * A gift order (issue 13 "Gifts"): the recipient's e-mail (lower-case) and the buyer's short
     * message, both personal data sealed with the buyer's key. Absent or null: the pack is the buyer's.
     */
    recipientEmail?: string | null;
    giftMessage?: string | null;
  };
}

export interface OnlineOrderPaid {
  type: 'OnlineOrderPaid';
  data: {
    orderId: string;
    customerId: string;
    paymentId: string;
    /**
     * The pack sale this payment issued: deterministicUuid(`online-order:${orderId}`); null for a
     * gift order, whose pack is issued when the recipient claims the gift (`giftId`).
     */
    saleId: string | null;
    /** A gift order's gift (stream `gift-{giftId}`). */
    giftId?: string;
    /** Who saw the success first: the browser's confirm or the provider's notification. */
    via: 'confirm' | 'webhook';
    paidAt: string;
  };
}

export interface OnlineOrderPaymentFailed {
  type: 'OnlineOrderPaymentFailed';
  data: {
    orderId: string;
    customerId: string;
    paymentId: string;
    /** What the customer reads, e.g. "Your card was declined." */
    message: string;
    code: string | null;
    failedAt: string;
  };
}

export interface OnlineOrderRefunded {
  type: 'OnlineOrderRefunded';
  data: {
    orderId: string;
    customerId: string;
    paymentId: string;
    saleId: string;
    refundId: string;
    amount: Money;
    /** The provider's refund status when recorded ('succeeded' or 'pending'). */
    status: string;
    refundedAt: string;
  };
}

/**
 * An order placed but not paid in time (ONLINE_ORDER_ABANDON_AFTER_MS): its payment was cancelled
 * at the provider (key `order:<orderId>:cancel`), so no later attempt can charge it.
 */
export interface OnlineOrderCancelled {
  type: 'OnlineOrderCancelled';
  data: {
    orderId: string;
    customerId: string;
    paymentId: string;
    reason: 'abandoned';
    cancelledAt: string;
  };
}

/**
 * A payment that succeeded for an order whose pack could no longer be sold (the pack or one of
 * its coupons disabled, the location no longer selling it, or the order cancelled) after the
 * customer paid, e.g. a 3-D Secure payment finished later: nothing is issued and the whole payment
 * goes back (key `order:<orderId>:refund:not-sellable`). No sale exists, unlike OnlineOrderRefunded.
 */
export interface OnlineOrderPaymentReturned {
  type: 'OnlineOrderPaymentReturned';
  data: {
    orderId: string;
    customerId: string;
    paymentId: string;
    refundId: string;
    amount: Money;
    /** The provider's refund status when recorded ('succeeded' or 'pending'). */
    status: string;
    /** Why nothing was issued, as the customer reads it. */
    message: string;
    returnedAt: string;
  };
}

export type OnlineOrderEvent = OnlineOrderPlaced | OnlineOrderPaid | OnlineOrderPaymentFailed | OnlineOrderRefunded | OnlineOrderCancelled | OnlineOrderPaymentReturned;
export const ONLINE_ORDER_EVENT_TYPES = [
  'OnlineOrderPlaced',
  'OnlineOrderPaid',
  'OnlineOrderPaymentFailed',
  'OnlineOrderRefunded',
  'OnlineOrderCancelled',
  'OnlineOrderPaymentReturned',
] as const;
