// Unit tests of the review list's words and its void routing: a paper redemption names its book and coupon
// number and voids through the paper-book route, a digital one through the coupon's; the DMS void date reads as
// month/day/year without a time-zone shift.
import { describe, expect, it, vi } from 'vitest';
import { cents, type VoidedRoRedemptionView } from '@dealer/contracts';
import { voidReviewedRedemption } from './api/void-reviewed-redemption';
import { couponLabel, customerLabel, redeemedLabel, roVoidDateLabel } from './components/redemption-review-texts';

const digital: VoidedRoRedemptionView = {
  redemptionId: 'r-1',
  kind: 'coupon',
  issuedCouponId: 'ic-1',
  bookNumber: null,
  paperCouponNumber: null,
  customerId: 'c-1',
  customerName: 'Pat Customer',
  couponName: 'Oil and filter change',
  locationId: 1,
  locationName: 'Front Range Toyota',
  roNumber: '7420001',
  roVoidDate: '2026-03-03T23:30:00',
  opCode: 'LOF',
  laborType: 'C',
  amount: cents(6995),
  redeemedAt: '2026-03-02T16:30:00.000Z',
  redeemedBy: 'u-1',
  redeemedByName: 'Evan Employee',
};
const paper: VoidedRoRedemptionView = { ...digital, redemptionId: 'p-1', kind: 'paper', issuedCouponId: 'pc-1', bookNumber: 'B-100', paperCouponNumber: 3, customerId: null, customerName: null };

describe('redemption review list', () => {
  it('should name the coupon, the customer and the DMS void date', () => {
    expect(couponLabel(digital)).toBe('Oil and filter change');
    expect(couponLabel(paper)).toBe('Oil and filter change (paper book B-100, coupon #3)');
    expect(customerLabel(digital)).toBe('Pat Customer');
    expect(customerLabel(paper)).toBe('Paper coupon (no customer)');
    expect(customerLabel({ ...digital, customerName: null })).toBe('-');
    expect(roVoidDateLabel(digital)).toBe('03/03/2026');
    expect(redeemedLabel(digital)).toMatch(/^03\/02\/2026 .* by Evan Employee$/);
  });

  it('should void a digital redemption through the coupon route and a paper one through the book route', async () => {
    const voids = { voidCouponRedemption: vi.fn(async () => ({ message: 'coupon' })), voidPaperRedemption: vi.fn(async () => ({ message: 'paper' })) };
    expect(await voidReviewedRedemption(voids, { redemption: digital, reason: 'RO voided' })).toEqual({ message: 'coupon' });
    expect(voids.voidCouponRedemption).toHaveBeenCalledWith({ issuedCouponId: 'ic-1', redemptionId: 'r-1', customerId: 'c-1', reason: 'RO voided' });
    expect(await voidReviewedRedemption(voids, { redemption: paper, reason: 'RO voided' })).toEqual({ message: 'paper' });
    expect(voids.voidPaperRedemption).toHaveBeenCalledWith({ bookNumber: 'B-100', redemptionId: 'p-1', paperCouponNumber: 3, reason: 'RO voided' });
  });
});
