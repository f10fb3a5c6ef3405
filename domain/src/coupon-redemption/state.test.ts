import { describe, expect, it } from 'vitest';
import { cents, type IssuedCouponEvent, type Money } from '@dealer/contracts';
import { evolveIssuedCoupon, initialIssuedCouponState, issuedCouponStreamStatus } from './state';

describe('the issued coupon stream', () => {
  const facts = {
    redemptionId: 'r1',
    issuedCouponId: 'ic-1',
    couponId: 'oil',
    couponName: 'Oil and filter',
    saleId: 'sale-1',
    customerId: 'cust-1',
    soldLocationId: 1,
    locationId: 1,
    timeZone: 'America/Los_Angeles',
    roNumber: 'RO100',
    line: { jobId: 1, lineNo: 1, opCode: 'LOF', laborType: 'C' as const, lineTotal: cents(5995) },
    amount: cents(4000) as Money,
    allocatedValue: cents(3791) as Money,
    redeemedBy: 'u-staff',
    requestedAt: '2026-03-01T12:00:00.000Z',
  };
  const fold = (events: IssuedCouponEvent[]) => events.reduce(evolveIssuedCoupon, initialIssuedCouponState());

  it('should be held, redeemed, available after a void and withdrawn with its sale', () => {
    const held = fold([{ type: 'CouponRedemptionAwaitingVerification', data: { ...facts, redemptionVerificationId: 'rv-1' } }]);
    expect(issuedCouponStreamStatus(held)).toBe('awaiting-verification');
    const redeemed = fold([{ type: 'CouponRedeemed', data: { ...facts, redeemedAt: facts.requestedAt, redeemedOn: '2026-03-01', via: 'direct', redemptionVerificationId: null } }]);
    expect(issuedCouponStreamStatus(redeemed)).toBe('redeemed');
    const voided = evolveIssuedCoupon(redeemed, {
      type: 'CouponRedemptionVoided',
      data: { ...facts, reason: 'wrong RO', by: 'u-staff', voidedAt: '2026-03-01T13:00:00.000Z' },
    });
    expect(issuedCouponStreamStatus(voided)).toBe('available');
    expect(voided.ended).toEqual([{ redemptionId: 'r1', locationId: 1, roNumber: 'RO100', outcome: 'voided', at: '2026-03-01T13:00:00.000Z' }]);
    const withdrawn = fold([{ type: 'IssuedCouponWithdrawn', data: { issuedCouponId: 'ic-1', couponId: 'oil', saleId: 'sale-1', customerId: 'cust-1', by: 'u-m', withdrawnAt: 'x' } }]);
    expect(issuedCouponStreamStatus(withdrawn)).toBe('withdrawn');
    expect(issuedCouponStreamStatus(evolveIssuedCoupon(withdrawn, { type: 'IssuedCouponReinstated', data: { issuedCouponId: 'ic-1', couponId: 'oil', saleId: 'sale-1', customerId: 'cust-1', by: 'u-m', reinstatedAt: 'y' } }))).toBe('available');
  });
});
