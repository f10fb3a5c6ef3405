/**
 * Events of one gift pack (stream `gift-{giftId}`, issue 13 "Gifts"): a customer buys a pack
 * online for someone else's e-mail. When the order is paid the pack is not issued to the buyer:
 * GiftPurchased records the gift (giftId = deterministicUuid('online-order:{orderId}:gift')),
 * the recipient is e-mailed a link with a secret token, and GiftClaimed records who claimed it
 * (appended with the gift stream's expected revision, so a gift is claimed once whatever the
 * races); the claim then issues the pack to the recipient as a PackSold with the order's
 * onlineOrderId.
 *
 * The token itself is never in an event: GiftPurchased keeps only its SHA-256 (`tokenHash`).
 * `customerId` of GiftPurchased is the BUYER (the subject whose key seals `recipientEmail` and
 * `giftMessage`, both personal data); `customerId` of GiftClaimed is the RECIPIENT.
 */
import type { Money } from '../money/index';

export const giftStreamId = (giftId: string) => `gift-${giftId}`;

export interface GiftPurchased {
  type: 'GiftPurchased';
  data: {
    giftId: string;
    /** The buyer. */
    customerId: string;
    orderId: string;
    packId: string;
    locationId: number;
    price: Money;
    tax: Money;
    total: Money;
    /** Lower-case; personal data (sealed with the buyer's key). */
    recipientEmail: string | null;
    /** The buyer's short message to the recipient; personal data. */
    giftMessage: string | null;
    /** SHA-256 (hex) of the gift token sent to the recipient. */
    tokenHash: string;
    purchasedAt: string;
    /** The link stops working after this moment. */
    expiresAt: string;
    /**
     * The pack's name, how many coupons it issues and the location's time zone at payment (the
     * reports count the gift as an online sale on its payment day). Absent on gifts recorded before
     * they were added: readers fall back (the claim's PackSold has the name and coupons).
     */
    packName?: string;
    couponCount?: number;
    timeZone?: string;
  };
}

export interface GiftClaimed {
  type: 'GiftClaimed';
  data: {
    giftId: string;
    orderId: string;
    /** The recipient who claimed it (the pack sale's customer). */
    customerId: string;
    buyerCustomerId: string;
    /** The recipient's pack sale: deterministicUuid('gift:{giftId}'). */
    saleId: string;
    /** A new customer registering from the gift link, or an existing one signed in. */
    via: 'registration' | 'sign-in';
    claimedAt: string;
  };
}

/**
 * The gift ended unclaimed and its payment goes back to the buyer: its link expired (`expired`,
 * found by the command API's gift-expiry sweep), or the pack could no longer be issued when the
 * recipient came to claim it (`not-sellable`). Appended with the gift stream's expected revision,
 * so of a claim and an expiry racing exactly one is recorded; a claim after it is refused. The
 * buyer's refund follows as OnlineOrderRefunded on the order (provider key
 * `gift:{giftId}:refund`), naming the gift's sale id deterministicUuid('gift:{giftId}'), which
 * never existed as a pack sale: the reports count the gift as an online sale on its payment day
 * and this as its void (refund = total, refundTax = tax) on the local day of `expiredAt`.
 */
export interface GiftExpired {
  type: 'GiftExpired';
  data: {
    giftId: string;
    orderId: string;
    /** The buyer (who is refunded). */
    customerId: string;
    /** deterministicUuid('gift:{giftId}'): the sale the reports counted on the payment day. */
    saleId: string;
    reason: 'expired' | 'not-sellable';
    /** What goes back: the gift's total, and the tax in it. */
    refund: Money;
    refundTax: Money;
    expiredAt: string;
  };
}

export type GiftEvent = GiftPurchased | GiftClaimed | GiftExpired;
export const GIFT_EVENT_TYPES = ['GiftPurchased', 'GiftClaimed', 'GiftExpired'] as const;
