/**
 * The coupon events' plain-English summaries in a customer's history (issue 12): a sale names its
 * pack and coupons, so a later void, release or withdrawal (which carry only ids) still names the
 * coupon; amounts are money; locations are named (or "location N" when unknown); reasons and notes
 * are quoted; every coupon event type has a summary and a name; unknown types answer null.
 */
import { describe, expect, it } from 'vitest';
import { COUPON_HISTORY_EVENT_TYPES, couponHistorySummarizer, historyEventName, HISTORY_EVENT_NAMES } from './timeline';

const locations = new Map([[1, 'Denver Toyota'], [2, 'Boulder Honda']]);
const names = { locationName: (id: number) => locations.get(id) ?? null };

const saleId = 'sale-1';
const packSold = {
  saleId,
  customerId: 'c1',
  pack: { name: 'Essential Maintenance', items: [{ couponId: 'oil', coupon: { name: 'Oil and filter change' } }, { couponId: 'rot', coupon: { name: 'Tire rotation' } }] },
  locationId: 1,
  saleRoNumber: '419901',
  total: 21653,
  status: 'pending',
  priceOverride: null,
  coupons: [
    { issuedCouponId: 'ic-1', couponId: 'oil' },
    { issuedCouponId: 'ic-2', couponId: 'rot' },
  ],
};

describe('coupon history summaries', () => {
  it('should tell a sale, its redemptions, an RO change, a void and a review in plain English', () => {
    const s = couponHistorySummarizer(names);
    expect(s.summary('PackSold', packSold)).toBe('Bought pack Essential Maintenance on RO# 419901 at Denver Toyota for $216.53 (2 coupons, pending until the RO closes)');
    expect(s.summary('PackSaleFinalised', { saleId, via: 'ro-closed' })).toBe('Pack sale of Essential Maintenance final: its RO closed');
    const redeemed = { redemptionId: 'r1', issuedCouponId: 'ic-1', couponName: 'Oil and filter change', locationId: 1, roNumber: '7300001', amount: 6995, via: 'direct', line: { opCode: 'LOF' } };
    expect(s.summary('CouponRedeemed', redeemed)).toBe('Redeemed coupon Oil and filter change on RO# 7300001 at Denver Toyota ($69.95 off)');
    expect(s.summary('CouponRedeemed', { ...redeemed, via: 'verification' })).toBe("Redeemed coupon Oil and filter change on RO# 7300001 at Denver Toyota ($69.95 off) after the customer's verification");
    expect(
      s.summary('CouponRedemptionRoChanged', { redemptionId: 'r1', issuedCouponId: 'ic-1', from: { locationId: 1, roNumber: '7300001' }, to: { locationId: 2, roNumber: '2200001', amount: 5000 } }),
    ).toBe('Moved the redemption of coupon Oil and filter change from RO# 7300001 at Denver Toyota to RO# 2200001 at Boulder Honda ($50.00 off)');
    expect(
      s.summary('CouponRedemptionRoChanged', { redemptionId: 'r1', issuedCouponId: 'ic-1', from: { locationId: 1, roNumber: '7300001' }, to: { locationId: 1, roNumber: '7300002', amount: 6995 } }),
    ).toBe('Moved the redemption of coupon Oil and filter change from RO# 7300001 to RO# 7300002 at Denver Toyota ($69.95 off)');
    // A void carries no coupon name: it comes from the redemption (or the sale) seen before.
    expect(s.summary('CouponRedemptionVoided', { redemptionId: 'r1', issuedCouponId: 'ic-1', locationId: 1, roNumber: '7300002', amount: 6995, reason: 'Wrong coupon' })).toBe(
      'Voided the redemption of coupon Oil and filter change on RO# 7300002 at Denver Toyota ($69.95 no longer off) (reason: Wrong coupon)',
    );
    expect(s.summary('RedemptionReviewKept', { redemptionId: 'r1', kind: 'coupon', issuedCouponId: 'ic-1', bookNumber: null, locationId: 1, roNumber: '7300002', note: 'RO re-opened as 7300009' })).toBe(
      'Kept the redemption of coupon Oil and filter change on RO# 7300002 at Denver Toyota, which the DMS shows voided (note: RO re-opened as 7300009)',
    );
  });

  it('should name the coupon of a held, released, withdrawn and reinstated coupon from the sale', () => {
    const s = couponHistorySummarizer(names);
    s.summary('PackSold', packSold);
    expect(s.summary('CouponRedemptionAwaitingVerification', { redemptionId: 'r2', issuedCouponId: 'ic-2', couponName: 'Tire rotation', locationId: 2, roNumber: '2200002', line: { opCode: 'ROT' } })).toBe(
      'Coupon Tire rotation held on RO# 2200002 at Boulder Honda until the customer verifies op code ROT',
    );
    expect(s.summary('CouponRedemptionReleased', { redemptionId: 'r2', issuedCouponId: 'ic-2', roNumber: '2200002', outcome: 'declined' })).toBe(
      "Coupon Tire rotation released from RO# 2200002: the customer's verification was declined",
    );
    expect(s.summary('CouponRedemptionReleased', { redemptionId: 'r2', issuedCouponId: 'ic-2', roNumber: '2200002', outcome: 'expired' })).toContain('verification expired');
    expect(s.summary('IssuedCouponWithdrawn', { issuedCouponId: 'ic-1', saleId })).toBe('Coupon Oil and filter change withdrawn while its pack sale is voided');
    expect(s.summary('IssuedCouponReinstated', { issuedCouponId: 'ic-1', saleId })).toBe('Coupon Oil and filter change given back: its pack sale was not voided');
    expect(s.summary('PackSaleVoided', { saleId, refund: 21653, reason: 'Changed their mind' })).toBe('Pack sale of Essential Maintenance voided, $216.53 refunded (reason: Changed their mind)');
    expect(s.summary('PackSaleLocationCorrected', { saleId, fromLocationId: 1, toLocationId: 9, reason: 'Sold at the other store' })).toBe(
      'Pack sale of Essential Maintenance moved from Denver Toyota to location 9 (reason: Sold at the other store)',
    );
  });

  it('should tell a paper book, its redemptions, its conversion and a conversion sale', () => {
    const s = couponHistorySummarizer(names);
    const book = { bookNumber: 'B-100', pack: packSold.pack, locationId: 1, saleRoNumber: '400100', coupons: [{ number: 1, paperCouponId: 'pc-1', couponId: 'oil' }] };
    expect(s.summary('PaperBookRegistered', book)).toBe('Paper book B-100 of pack Essential Maintenance registered: sold on RO# 400100 at Denver Toyota');
    expect(s.summary('PaperCouponRedeemed', { bookNumber: 'B-100', redemptionId: 'p1', paperCouponNumber: 1, paperCouponId: 'pc-1', couponName: 'Oil and filter change', locationId: 1, roNumber: '7300005', amount: 4995 })).toBe(
      'Redeemed paper coupon #1 (Oil and filter change) of book B-100 on RO# 7300005 at Denver Toyota ($49.95 off)',
    );
    expect(s.summary('PaperCouponRedemptionVoided', { bookNumber: 'B-100', redemptionId: 'p1', paperCouponNumber: 1, locationId: 1, roNumber: '7300005', reason: 'Wrong book' })).toBe(
      'Voided the redemption of paper coupon #1 of book B-100 on RO# 7300005 at Denver Toyota (reason: Wrong book)',
    );
    expect(s.summary('RedemptionReviewKept', { redemptionId: 'p1', kind: 'paper', issuedCouponId: 'pc-1', bookNumber: 'B-100', locationId: 1, roNumber: '7300005', note: 'Fine' })).toBe(
      'Kept the redemption of paper coupon Oil and filter change of book B-100 on RO# 7300005 at Denver Toyota, which the DMS shows voided (note: Fine)',
    );
    expect(s.summary('PaperBookConverted', { bookNumber: 'B-100', convertedCouponNumbers: [2, 3, 4], convertedValue: 14925 })).toBe('Paper book B-100 converted to the digital pack: 3 coupons worth $149.25');
    expect(s.summary('PackSold', { ...packSold, saleId: 'sale-2', paperBookNumber: 'B-100', coupons: [packSold.coupons[0]] })).toBe(
      'Paper book B-100 converted to pack Essential Maintenance (1 coupon; paid for on paper)',
    );
  });

  it('should still read as words with missing data, and answer null for other types', () => {
    const s = couponHistorySummarizer();
    expect(s.summary('CouponRedemptionVoided', { roNumber: '1', locationId: 3 })).toBe('Voided the redemption of a coupon on RO# 1 at location 3 (? no longer off)');
    expect(s.summary('CouponRedemptionVoided', null)).toBe('Voided the redemption of a coupon on RO# ? at location ? (? no longer off)');
    expect(s.summary('CustomerCreated', {})).toBeNull();
  });

  it('should give every coupon event type a summary and a plain-English name', () => {
    const s = couponHistorySummarizer(names);
    for (const type of COUPON_HISTORY_EVENT_TYPES) {
      expect(s.summary(type, {}), type).toMatch(/^[A-Z]/);
      expect(HISTORY_EVENT_NAMES[type], type).toBeDefined();
      expect(historyEventName(type)).not.toBe(type);
    }
  });
});
