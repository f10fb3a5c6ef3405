import { describe, expect, it } from 'vitest';
import { initialPaperBookState, paperClaimIsLive } from './state';

describe('a paper claim on the RO ledger', () => {
  it('should be live while young, and after the grace only while the book holds its redemption there', () => {
    const now = new Date('2026-03-01T18:00:00Z');
    const claim = { redemptionId: 'r-1', claimedAt: '2026-03-01T17:59:50Z' };
    const old = { ...claim, claimedAt: '2026-03-01T17:00:00Z' };
    const empty = initialPaperBookState();
    const at = { locationId: 1, roNumber: 'RO9' };
    expect(paperClaimIsLive(claim, at, empty, now, 30_000)).toBe(true);
    expect(paperClaimIsLive(old, at, empty, now, 30_000)).toBe(false);
    const holding = { ...empty, redemptions: { 1: { redemptionId: 'r-1', locationId: 1, roNumber: 'RO9' } } } as unknown as typeof empty;
    expect(paperClaimIsLive(old, at, holding, now, 30_000)).toBe(true);
    expect(paperClaimIsLive(old, { locationId: 2, roNumber: 'RO9' }, holding, now, 30_000)).toBe(false);
  });
});
