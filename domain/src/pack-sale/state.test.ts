import { describe, expect, it } from 'vitest';
import { cents } from '@dealer/contracts';
import { couponTerms as terms } from '@dealer/contracts/coupons/test-fixtures';
import { soldCouponOf, type PackSaleState } from './state';

describe('the coupon as its sale sold it', () => {
  it('should give the coupon as its sale sold it', () => {
    const sale = {
      saleId: 'sale-1',
      customerId: 'cust-1',
      locationId: 2,
      status: 'pending',
      pack: { items: [{ couponId: 'oil', quantity: 1, coupon: terms(), standAloneValue: cents(4000) }] },
      coupons: [{ issuedCouponId: 'ic-1', couponId: 'oil', expiresOn: '2027-01-31', expiresAt: '2027-02-01T07:59:59.999Z', allocatedValue: cents(3791) }],
    } as unknown as PackSaleState;
    expect(soldCouponOf(sale, 'ic-1')).toEqual({
      issuedCouponId: 'ic-1',
      couponId: 'oil',
      saleId: 'sale-1',
      customerId: 'cust-1',
      saleStatus: 'pending',
      soldLocationId: 2,
      expiresOn: '2027-01-31',
      expiresAt: '2027-02-01T07:59:59.999Z',
      allocatedValue: 3791,
      terms: terms(),
    });
    expect(soldCouponOf(sale, 'nope')).toBeNull();
  });
});
