import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents } from '../money/index';
import { couponTerms } from '../coupons/test-fixtures';
import { checkPackItem, checkPackTerms, PACK_MESSAGES, type PackTerms } from './definition';
import { allocatePackPrice, couponExpiresOn, issueCoupons } from './issue';
import { checkPackSaleRequest, PACK_SALE_MESSAGES } from './sale-rules';
import type { PackSnapshot } from './sale-events';

const coupon = couponTerms;

const snapshot = (items: PackSnapshot['items'], termMonths = 24): PackSnapshot => ({
  packId: 'p1',
  name: 'Maintenance pack',
  description: null,
  listPrice: cents(19900),
  termMonths,
  termMileage: 30000,
  locationIds: [1],
  items,
});

describe('pack terms', () => {
  const valid = { name: 'Maintenance pack', price: 19900, locationIds: [2, 1], termMonths: 24, termMileage: 30000 };

  it('should normalise a valid pack, a free pack and no mileage limit', () => {
    expect(checkPackTerms(valid)).toEqual({ ok: true, value: { name: 'Maintenance pack', description: null, price: 19900, locationIds: [1, 2], termMonths: 24, termMileage: 30000 } });
    expect(checkPackTerms({ ...valid, price: 0, termMileage: null }).ok).toBe(true);
  });

  it('should answer each wrong field with its message', () => {
    const r = checkPackTerms({ price: 10_000_001, termMonths: 0, termMileage: 0, locationIds: [] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fields).toEqual({
      name: PACK_MESSAGES.nameRequired,
      price: 'The price can be at most $100,000.00.',
      locationIds: PACK_MESSAGES.locationsRequired,
      termMonths: PACK_MESSAGES.termMonthsRange,
      termMileage: PACK_MESSAGES.termMileageRange,
    });
    expect(checkPackItem({ couponId: 'c1', quantity: 100 })).toMatchObject({ ok: false, fields: { quantity: PACK_MESSAGES.quantityRange } });
    expect(checkPackItem({ couponId: 'c1' })).toEqual({ ok: true, value: { couponId: 'c1', quantity: 1 } });
  });

  it("should carry SPEC 8's texts", () => {
    expect(PACK_MESSAGES).toMatchObject({
      created: 'Successfully created coupon pack.',
      edited: 'Successfully edited coupon pack.',
      disabled: 'Successfully disabled coupon pack.',
      couponAdded: 'Successfully added coupon to pack.',
      couponRemoved: 'Successfully removed coupon from pack.',
      unknownError: 'Unknown error submitting coupon pack.',
    });
  });

});

describe('issuing the coupons of a sale', () => {
  it('should spread the price over each coupon by stand-alone value, summing exactly to the price', () => {
    // 4 oil changes worth $40 and 2 rotations worth $25: $210 of stand-alone value sold for $199.
    const pack = snapshot([
      { couponId: 'oil', quantity: 4, coupon: coupon(), standAloneValue: cents(4000) },
      { couponId: 'rot', quantity: 2, coupon: coupon({ name: 'Rotation' }), standAloneValue: cents(2500) },
    ]);
    const values = allocatePackPrice(cents(19900), pack);
    // 19900 * 4000 / 21000 = 3790.476.. ; 19900 * 2500 / 21000 = 2369.047.. : the floors leave
    // 2 cents, which go to the largest remainders (the oil changes, the earlier first).
    expect(values).toEqual([3791, 3791, 3790, 3790, 2369, 2369]);
    expect(values.reduce((a, b) => a + b, 0)).toBe(19900);
  });

  it('should give every coupon its own id, expiry at the end of the local day in Denver and allocated value', () => {
    let n = 0;
    const pack = snapshot(
      [
        { couponId: 'oil', quantity: 2, coupon: coupon(), standAloneValue: cents(4000) },
        { couponId: 'align', quantity: 1, coupon: coupon({ validity: { kind: 'fixedDate', date: '2026-06-30' } }), standAloneValue: cents(0) },
        { couponId: 'long', quantity: 1, coupon: coupon({ validity: { kind: 'monthsAfterSale', months: 60 } }), standAloneValue: cents(1000) },
      ],
      24,
    );
    const issued = issueCoupons({ pack, price: cents(9000), soldOn: '2026-01-31', timeZone: 'America/Denver', newId: () => `id-${++n}` });
    expect(issued).toEqual([
      // Jan 31 + 12 months; MST: end of day is 06:59:59.999 UTC next day.
      { issuedCouponId: 'id-1', couponId: 'oil', expiresOn: '2027-01-31', expiresAt: '2027-02-01T06:59:59.999Z', allocatedValue: 4000 },
      { issuedCouponId: 'id-2', couponId: 'oil', expiresOn: '2027-01-31', expiresAt: '2027-02-01T06:59:59.999Z', allocatedValue: 4000 },
      // A fixed date in summer: MDT, UTC-6.
      { issuedCouponId: 'id-3', couponId: 'align', expiresOn: '2026-06-30', expiresAt: '2026-07-01T05:59:59.999Z', allocatedValue: 0 },
      // 60 months is cut off at the pack's 24-month term.
      { issuedCouponId: 'id-4', couponId: 'long', expiresOn: '2028-01-31', expiresAt: '2028-02-01T06:59:59.999Z', allocatedValue: 1000 },
    ]);
  });

  it('should cut a coupon off at the pack term and clamp month ends', () => {
    expect(couponExpiresOn({ kind: 'monthsAfterSale', months: 1 }, '2026-01-31', 12)).toBe('2026-02-28');
    expect(couponExpiresOn({ kind: 'monthsAfterSale', months: 36 }, '2026-01-31', 12)).toBe('2027-01-31');
    expect(couponExpiresOn({ kind: 'fixedDate', date: '2030-01-01' }, '2026-01-31', 12)).toBe('2027-01-31');
  });

  it('should always allocate the whole price, whatever the pack', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 99 }), value: fc.integer({ min: 0, max: 1_000_000 }) }), { minLength: 1, maxLength: 50 }),
        (price, items) => {
          const pack = snapshot(items.map((i, k) => ({ couponId: `c${k}`, quantity: i.quantity, coupon: coupon(), standAloneValue: cents(i.value) })));
          const values = allocatePackPrice(cents(price), pack);
          expect(values).toHaveLength(items.reduce((a, i) => a + i.quantity, 0));
          expect(values.reduce((a, b) => a + b, 0)).toBe(price);
          expect(values.every((v) => Number.isInteger(v) && v >= 0)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('sale request', () => {
  it('should normalise the RO number and refuse a missing one with SPEC 5 text', () => {
    expect(checkPackSaleRequest({ customerId: 'c', packId: 'p', locationId: 1, roNumber: ' ro-1 ' })).toEqual({
      ok: true,
      value: { customerId: 'c', packId: 'p', locationId: 1, roNumber: 'RO-1', price: null, priceOverrideReason: null },
    });
    const r = checkPackSaleRequest({ customerId: 'c', packId: 'p' });
    expect(r).toMatchObject({ ok: false, fields: { roNumber: 'RO Number is required', locationId: 'Location is required' } });
    expect(checkPackSaleRequest({ customerId: 'c', packId: 'p', locationId: 1, roNumber: 'RO 1' })).toMatchObject({ fields: { roNumber: PACK_SALE_MESSAGES.roNumberInvalid } });
  });
});
