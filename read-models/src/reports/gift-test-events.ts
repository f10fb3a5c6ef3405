/**
 * Gift events for the reports and liability projection tests (issue 13 "Gifts"): a paid gift
 * (GiftPurchased at a Denver location), the recipient's claim (GiftClaimed and its PackSold, sale
 * id deterministicUuid('gift:{giftId}'), sold by the buyer, final, the gift's price and tax) and the
 * end of an unclaimed gift (GiftExpired) with the buyer's refund (OnlineOrderRefunded).
 */
import { randomUUID } from 'node:crypto';
import { cents, giftStreamId, type CouponTerms, type GiftExpired, type GiftPurchased, type OnlineOrderRefunded, type PackSold } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { packSold } from '../pack-sales/test-events';

export { giftStreamId };
export const giftSaleId = (giftId: string) => deterministicUuid(`gift:${giftId}`);

export function giftPurchased(input: { buyerId: string; purchasedAt: string; price?: number; locationId?: number; facts?: boolean }): GiftPurchased['data'] {
  const giftId = randomUUID();
  const price = cents(input.price ?? 19900);
  const tax = cents(Math.round((price * 881) / 10000));
  return {
    giftId,
    customerId: input.buyerId,
    orderId: randomUUID(),
    packId: randomUUID(),
    locationId: input.locationId ?? 1,
    price,
    tax,
    total: cents(price + tax),
    recipientEmail: 'friend@gifts.example',
    giftMessage: null,
    tokenHash: 'ab'.repeat(32),
    purchasedAt: input.purchasedAt,
    expiresAt: new Date(Date.parse(input.purchasedAt) + 30 * 86_400_000).toISOString(),
    ...(input.facts === false ? {} : { packName: 'Care Pack', couponCount: 3, timeZone: 'America/Denver' }),
  };
}

/** The recipient's PackSold when they claim the gift on `soldOn` (coupons issued from that day). */
export function giftClaimSale(gift: GiftPurchased['data'], recipientId: string, items: { couponId: string; terms: CouponTerms; quantity: number }[], soldOn: string): PackSold['data'] {
  const sold = packSold({ customerId: recipientId, items, status: 'final', soldOn, saleRoNumber: 'ONLINE', locationId: gift.locationId, soldBy: gift.customerId, price: gift.price });
  return { ...sold, saleId: giftSaleId(gift.giftId), onlineOrderId: gift.orderId };
}

export const giftClaimed = (gift: GiftPurchased['data'], recipientId: string, claimedAt: string) => ({
  type: 'GiftClaimed',
  data: { giftId: gift.giftId, orderId: gift.orderId, customerId: recipientId, buyerCustomerId: gift.customerId, saleId: giftSaleId(gift.giftId), via: 'sign-in', claimedAt },
});

export function giftExpired(gift: GiftPurchased['data'], expiredAt: string, reason: GiftExpired['data']['reason'] = 'expired'): GiftExpired {
  return {
    type: 'GiftExpired',
    data: { giftId: gift.giftId, orderId: gift.orderId, customerId: gift.customerId, saleId: giftSaleId(gift.giftId), reason, refund: gift.total, refundTax: gift.tax, expiredAt },
  };
}

export function giftRefunded(gift: GiftPurchased['data'], refundedAt: string): OnlineOrderRefunded {
  return {
    type: 'OnlineOrderRefunded',
    data: { orderId: gift.orderId, customerId: gift.customerId, paymentId: `pay-${gift.orderId}`, saleId: giftSaleId(gift.giftId), refundId: `re-${gift.giftId}`, amount: gift.total, status: 'succeeded', refundedAt },
  };
}
