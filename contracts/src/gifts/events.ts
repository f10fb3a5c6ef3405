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

export type GiftEvent = GiftPurchased | GiftClaimed;
export const GIFT_EVENT_TYPES = ['GiftPurchased', 'GiftClaimed'] as const;
