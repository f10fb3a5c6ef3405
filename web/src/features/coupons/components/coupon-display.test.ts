import { describe, expect, it } from 'vitest';
import { couponStatus } from './coupon-display';

describe('couponStatus', () => {
  const fixed = (date: string) => ({ kind: 'fixedDate' as const, date });
  it("should read Ended for an active coupon whose 'Through' date has passed, never Active", () => {
    expect(couponStatus({ status: 'active', validity: fixed('2026-03-31') }, '2026-11-27')).toEqual({ key: 'ended', text: 'Ended' });
  });
  it('should read Active through the last day itself, and for coupons counted from the sale', () => {
    expect(couponStatus({ status: 'active', validity: fixed('2026-11-27') }, '2026-11-27')).toEqual({ key: 'active', text: 'Active' });
    expect(couponStatus({ status: 'active', validity: { kind: 'monthsAfterSale', months: 12 } }, '2099-01-01')).toEqual({ key: 'active', text: 'Active' });
  });
  it('should keep Disabled for a disabled coupon', () => {
    expect(couponStatus({ status: 'disabled', validity: fixed('2026-03-31') }, '2026-11-27')).toEqual({ key: 'disabled', text: 'Disabled' });
  });
});
