// Unit tests of the customer pages' wording: coupon values in plain words, terms, places, what became of a coupon,
// identical unused coupons counted once (a used one never merged), and a paper book shown only when the server sends one.
import { describe, expect, it } from 'vitest';
import { cents, type CustomerCouponView, type PackSaleView } from '@dealer/contracts';
import { couponUseWords, couponValueWords, formatDay, groupCoupons, groupName, paperBookOf, placesWords, termWords } from './components/customer-area-texts';

const coupon = (id: string, over: Partial<CustomerCouponView> = {}): CustomerCouponView =>
  ({
    issuedCouponId: id, saleId: 's1', couponId: 'oil', name: 'Oil and filter change', description: null, opCodes: ['LOF'],
    value: { kind: 'operation', maximum: cents(9995), referencePrice: cents(8995) }, laborTypes: ['C'], maxPerRo: 1, maxAmountPerRo: null,
    locationIds: [1, 2], locationNames: ['Front Range Toyota', null], packId: 'p1', packName: 'Oil Change 4-Pack', soldLocationId: 1,
    soldLocationName: 'Front Range Toyota', saleStatus: 'final', expiresOn: '2028-11-24', expiresAt: '2028-11-25T06:59:59.999Z',
    allocatedValue: cents(7475), status: 'available', redeemedAt: null, redemption: null, ...over,
  }) as CustomerCouponView;

describe('coupon words', () => {
  it('should say what a coupon is worth in plain words', () => {
    expect(couponValueWords({ kind: 'fixed', amount: cents(1000) } as CustomerCouponView['value'])).toBe('$10.00 off the service');
    expect(couponValueWords({ kind: 'percent', basisPoints: 1500 } as CustomerCouponView['value'])).toBe('15% off the service');
    expect(couponValueWords(coupon('a').value)).toBe('The service is covered, up to $99.95');
  });

  it('should give terms, places and local dates as a customer reads them', () => {
    expect(termWords(36, 36000)).toBe('36 months or 36,000 miles, whichever comes first');
    expect(termWords(1, null)).toBe('1 month');
    expect(placesWords(['Front Range Toyota', null], [1, 7])).toBe('Front Range Toyota, Location 7');
    expect(placesWords([], [])).toBe('-');
    expect(formatDay('2028-11-24')).toBe('11/24/2028');
    expect(formatDay('2026-03-02T16:00:00')).toBe('03/02/2026');
  });

  it('should say where a coupon was used, or that it waits for the customer', () => {
    expect(couponUseWords(coupon('a'))).toBeNull();
    const used = coupon('b', {
      status: 'redeemed',
      redemption: { redemptionId: 'r', state: 'redeemed', locationId: 2, locationName: null, roNumber: '1', opCode: 'LOF', laborType: 'C', amount: cents(8995), redeemedAt: '2026-03-02T16:00:00Z', redeemedBy: 'u', redeemedByName: 'Evan' },
    });
    expect(couponUseWords(used)).toMatch(/^Used 03\/0[12]\/2026 .* at Location 2$/);
    const held = coupon('c', { redemption: { ...used.redemption!, state: 'awaiting-verification', redeemedAt: null } });
    expect(couponUseWords(held)).toBe('Waiting for your approval for a visit at Location 2. Check your e-mail or texts.');
  });
});

describe('grouping a pack\'s coupons', () => {
  it('should count identical unused coupons once, keep used ones apart, and list available ones first', () => {
    const used = coupon('u', { status: 'redeemed', redemption: { redemptionId: 'r', state: 'redeemed', locationId: 1, locationName: 'A', roNumber: '1', opCode: 'LOF', laborType: 'C', amount: cents(1), redeemedAt: null, redeemedBy: 'x', redeemedByName: null } });
    const groups = groupCoupons([used, coupon('a'), coupon('b'), coupon('c', { couponId: 'rot', name: 'Tire rotation' }), coupon('d', { status: 'expired' })]);
    expect(groups.map((g) => [groupName(g), g.coupon.status])).toEqual([
      ['2 × Oil and filter change', 'available'],
      ['Tire rotation', 'available'],
      ['Oil and filter change', 'redeemed'],
      ['Oil and filter change', 'expired'],
    ]);
  });
});

describe('paper books', () => {
  it('should show a converted paper book only when the sale carries its number', () => {
    const sale = { saleId: 's1' } as PackSaleView;
    expect(paperBookOf(sale)).toBeNull();
    expect(paperBookOf({ ...sale, paperBookNumber: '  ' } as PackSaleView)).toBeNull();
    expect(paperBookOf({ ...sale, paperBookNumber: 'B-1042' } as PackSaleView)).toBe('B-1042');
  });
});
