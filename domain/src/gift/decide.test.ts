import { describe, expect, it } from 'vitest';
import { GIFT_MESSAGES, cents, type GiftEvent } from '@dealer/contracts';
import { given as givenEvents } from '../testing/given';
import { giftDecider, type GiftCommand } from './decide';

const given = (events: GiftEvent[]) => givenEvents(giftDecider, events);
const bought = new Date('2026-11-01T12:00:00.000Z');
const inTime = new Date('2026-11-15T12:00:00.000Z');
const late = new Date('2026-12-02T12:00:00.000Z');
const purchased: GiftEvent = {
  type: 'GiftPurchased',
  data: {
    giftId: 'g-1', customerId: 'buyer', orderId: 'o-1', packId: 'p-1', locationId: 1, price: cents(19_900), tax: cents(1_592), total: cents(21_492),
    recipientEmail: 'friend@example.com', giftMessage: null, tokenHash: 'h', purchasedAt: bought.toISOString(), expiresAt: '2026-12-01T12:00:00.000Z',
  },
};
const claimedData = { giftId: 'g-1', orderId: 'o-1', customerId: 'friend', buyerCustomerId: 'buyer', saleId: 's-1', via: 'sign-in' as const, claimedAt: inTime.toISOString() };
const expiredData = (reason: 'expired' | 'not-sellable', at: Date) => ({ giftId: 'g-1', orderId: 'o-1', customerId: 'buyer', saleId: 's-1', reason, refund: cents(21_492), refundTax: cents(1_592), expiredAt: at.toISOString() });
const claim = (now: Date): GiftCommand => ({ type: 'ClaimGift', data: claimedData, now });
const end = (reason: 'expired' | 'not-sellable', now: Date): GiftCommand => ({ type: 'EndGift', data: expiredData(reason, now), now });
const claimed: GiftEvent = { type: 'GiftClaimed', data: claimedData };
const ended: GiftEvent = { type: 'GiftExpired', data: expiredData('expired', late) };

describe('the gift decider', () => {
  it('should record the purchase once', () => {
    expect(given([]).when({ type: 'PurchaseGift', data: purchased.data as never })()).toEqual([purchased]);
    expect(given([purchased]).when({ type: 'PurchaseGift', data: purchased.data as never })()).toEqual([]);
  });

  it('should let the recipient claim while the link lasts, once', () => {
    expect(given([purchased]).when(claim(inTime))()).toEqual([claimed]);
    expect(given([purchased, claimed]).when(claim(inTime))).toThrow(GIFT_MESSAGES.alreadyClaimed);
    expect(given([purchased]).when(claim(late))).toThrow(GIFT_MESSAGES.expired);
    expect(given([]).when(claim(inTime))).toThrow(GIFT_MESSAGES.linkInvalid);
  });

  it('should refuse a claim of an ended gift with why', () => {
    expect(given([purchased, ended]).when(claim(late))).toThrow(GIFT_MESSAGES.expiredRefunded);
    const unsellable: GiftEvent = { type: 'GiftExpired', data: expiredData('not-sellable', inTime) };
    expect(given([purchased, unsellable]).when(claim(inTime))).toThrow(GIFT_MESSAGES.notSellableRefunded);
  });

  it('should end an unclaimed gift once: expired only after the link, not sellable at once', () => {
    expect(given([purchased]).when(end('expired', inTime))()).toEqual([]);
    expect(given([purchased]).when(end('expired', late))()).toEqual([{ type: 'GiftExpired', data: expiredData('expired', late) }]);
    expect(given([purchased]).when(end('not-sellable', inTime))()).toEqual([{ type: 'GiftExpired', data: expiredData('not-sellable', inTime) }]);
    expect(given([purchased, ended]).when(end('expired', late))()).toEqual([]);
    expect(given([purchased, claimed]).when(end('expired', late))()).toEqual([]);
  });
});
