import { describe, expect, it } from 'vitest';
import { changedCouponTerms, checkCouponTerms, type CouponTerms } from '@dealer/contracts';
import { evolveCoupon, initialCouponState } from './state';

const valid = {
  name: '  Oil and filter change ',
  description: 'Synthetic blend, up to 5 quarts.',
  opCodes: [' lof ', 'LOF', '01OILZ'],
  value: { kind: 'fixed', amount: 3995 },
  validity: { kind: 'monthsAfterSale', months: 12 },
  locationIds: [3, 1, 3],
};

describe('coupon state', () => {
  it('should fold definition, edit, disable and enable', () => {
    const terms = (checkCouponTerms(valid) as { value: CouponTerms }).value;
    const edited = { ...terms, name: 'Oil change', maxPerRo: 2 };
    const changes = changedCouponTerms(terms, edited);
    expect(changes).toEqual({ name: 'Oil change', maxPerRo: 2 });
    const events = [
      { type: 'CouponDefined', data: { couponId: 'c1', ...terms } },
      { type: 'CouponEdited', data: { couponId: 'c1', ...changes } },
      { type: 'CouponDisabled', data: { couponId: 'c1', reason: null } },
    ];
    const state = events.reduce(evolveCoupon, initialCouponState());
    expect(state).toEqual({ couponId: 'c1', terms: edited, status: 'disabled' });
    expect(evolveCoupon(state, { type: 'CouponEnabled', data: { couponId: 'c1' } })?.status).toBe('active');
  });
});
