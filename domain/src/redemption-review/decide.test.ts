import { describe, expect, it } from 'vitest';
import { REDEMPTION_REVIEW_MESSAGES as M, type RedemptionReviewKept } from '@dealer/contracts';
import { given as givenOn } from '../testing/given';
import { redemptionReviewDecider, type KeepRedemption, type LiveRedemption, type RedemptionReviewCommand } from './decide';

const now = new Date('2026-03-02T15:00:00.000Z');
const live: LiveRedemption = { redemptionId: 'r-1', kind: 'coupon', issuedCouponId: 'ic-1', bookNumber: null, locationId: 1, roNumber: 'RO100' };
const keep = (overrides: Partial<KeepRedemption> = {}): RedemptionReviewCommand => ({
  type: 'KeepRedemption',
  data: { redemption: live, roVoidDate: '2026-03-01', note: 'Customer paid in cash', by: 'u-manager', now, ...overrides },
});
const kept: RedemptionReviewKept = {
  type: 'RedemptionReviewKept',
  data: { redemptionId: 'r-1', kind: 'coupon', issuedCouponId: 'ic-1', bookNumber: null, locationId: 1, roNumber: 'RO100', note: 'Customer paid in cash', by: 'u-manager', keptAt: now.toISOString() },
};
const given = (events: RedemptionReviewKept[]) => givenOn(redemptionReviewDecider, events);

describe('keeping a redemption on a voided RO', () => {
  it('should keep a live redemption on an RO the DMS data shows voided', () => {
    expect(given([]).when(keep())()).toEqual([kept]);
  });

  it('should record nothing for the same keep again, and refuse another note or manager on that RO', () => {
    expect(given([kept]).when(keep())()).toEqual([]);
    expect(given([kept]).when(keep({ note: 'Another note' }))).toThrow(M.notOnVoidedRo);
    expect(given([kept]).when(keep({ by: 'u-other' }))).toThrow(M.notOnVoidedRo);
  });

  it('should keep it again once it moved to another voided RO', () => {
    const moved = { ...live, roNumber: 'RO200' };
    expect(given([kept]).when(keep({ redemption: moved }))()).toEqual([{ ...kept, data: { ...kept.data, roNumber: 'RO200' } }]);
  });

  it('should refuse a redemption that is no longer live, or on an RO not voided', () => {
    expect(given([]).when(keep({ redemption: null }))).toThrow(M.notOnVoidedRo);
    expect(given([]).when(keep({ roVoidDate: null }))).toThrow(M.notOnVoidedRo);
  });
});
