// Test fixture shared by the redemption rules' tests (contracts) and the issued coupon's decider tests
// (command-api): a coupon sold on a final sale, expiring at the end of Mar 31 2026 in Los Angeles, with
// couponTerms() changed by termOverrides.
import { cents } from '../money/index';
import { endOfLocalDay } from '../coupons/expiry';
import type { CouponTerms } from '../coupons/definition';
import { couponTerms } from '../coupons/test-fixtures';
import type { SoldCoupon } from './rules';

export const soldCoupon = (overrides: Partial<SoldCoupon> = {}, termOverrides: Partial<CouponTerms> = {}): SoldCoupon => ({
  issuedCouponId: 'ic-1',
  couponId: 'oil',
  saleId: 'sale-1',
  customerId: 'cust-1',
  saleStatus: 'final',
  soldLocationId: 1,
  expiresOn: '2026-03-31',
  expiresAt: endOfLocalDay('2026-03-31', 'America/Los_Angeles').toISOString(),
  allocatedValue: cents(3791),
  terms: couponTerms(termOverrides),
  ...overrides,
});
