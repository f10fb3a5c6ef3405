import { describe, expect, it } from 'vitest';
import { cents, GIFT_MESSAGES, type GiftEvent } from '@dealer/contracts';
import { foldGift, giftExpiresNow, giftRefusal } from './state';

describe('gift state', () => {
  const purchased: GiftEvent = {
    type: 'GiftPurchased',
    data: {
      giftId: 'g1', customerId: 'buyer', orderId: 'o1', packId: 'p1', locationId: 1, price: cents(1000), tax: cents(0), total: cents(1000),
      recipientEmail: 'f@example.com', giftMessage: null, tokenHash: 'h', purchasedAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-31T00:00:00.000Z',
    },
  };
  const claimed = (customerId: string): GiftEvent => ({
    type: 'GiftClaimed',
    data: { giftId: 'g1', orderId: 'o1', customerId, buyerCustomerId: 'buyer', saleId: 's1', via: 'sign-in', claimedAt: '2026-01-02T00:00:00.000Z' },
  });

  it('should keep the first claim and refuse a second use, an expired link and an erased address', () => {
    expect(foldGift([])).toBeNull();
    expect(giftRefusal(foldGift([]), new Date('2026-01-02'))).toBe('linkInvalid');
    expect(giftRefusal(foldGift([purchased]), new Date('2026-01-30T23:59:59Z'))).toBeNull();
    expect(giftRefusal(foldGift([purchased]), new Date('2026-01-31T00:00:00Z'))).toBe('expired');
    expect(foldGift([purchased, claimed('a'), claimed('b')])?.claim?.customerId).toBe('a');
    expect(giftRefusal(foldGift([purchased, claimed('a')]), new Date('2026-01-02'))).toBe('alreadyClaimed');
    const erased = { ...purchased, data: { ...purchased.data, recipientEmail: null } } as GiftEvent;
    expect(giftRefusal(foldGift([erased]), new Date('2026-01-02'))).toBe('linkInvalid');
  });

  it('should end a gift once: expired or claimed, whichever was recorded first, and refuse a claim after it', () => {
    const ended = (reason: 'expired' | 'not-sellable'): GiftEvent => ({
      type: 'GiftExpired',
      data: { giftId: 'g1', orderId: 'o1', customerId: 'buyer', saleId: 's1', reason, refund: cents(1000), refundTax: cents(0), expiredAt: '2026-01-31T00:10:00.000Z' },
    });
    expect(giftExpiresNow(foldGift([purchased]), new Date('2026-01-30T23:59:59Z'))).toBe(false);
    expect(giftExpiresNow(foldGift([purchased]), new Date('2026-01-31T00:00:00Z'))).toBe(true);
    expect(giftExpiresNow(foldGift([purchased, claimed('a')]), new Date('2026-02-01'))).toBe(false);
    const expired = foldGift([purchased, ended('expired'), claimed('a')]);
    expect(expired?.claim).toBeNull();
    expect(expired?.expiry?.reason).toBe('expired');
    expect(giftExpiresNow(expired, new Date('2026-02-01'))).toBe(false);
    expect(giftRefusal(expired, new Date('2026-01-02'))).toBe('expiredRefunded');
    expect(giftRefusal(foldGift([purchased, ended('not-sellable')]), new Date('2026-01-02'))).toBe('notSellableRefunded');
    // A claim first: a later GiftExpired (which the command never appends) changes nothing.
    expect(foldGift([purchased, claimed('a'), ended('expired')])?.expiry).toBeNull();
    expect(GIFT_MESSAGES.expiredRefunded).toMatch(/refunded/);
  });
});
