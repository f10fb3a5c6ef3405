// Test fixture shared by the coupon, pack and redemption tests: one coupon's terms ($40 off an oil change on
// customer-pay labour, 12 months after the sale, once per RO, at locations 1 and 2), changed by overrides.
import { cents } from '../money/index';
import type { CouponTerms } from './definition';

export const couponTerms = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  name: 'Oil and filter',
  description: null,
  opCodes: ['LOF'],
  value: { kind: 'fixed', amount: cents(4000) },
  laborTypes: ['C'],
  validity: { kind: 'monthsAfterSale', months: 12 },
  maxPerRo: 1,
  maxAmountPerRo: null,
  locationIds: [1, 2],
  ...overrides,
});
