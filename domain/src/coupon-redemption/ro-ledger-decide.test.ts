import { describe, expect, it } from 'vitest';
import {
  COUPON_REDEMPTION_MESSAGES as M,
  RO_CLAIM_GRACE_MS,
  cents,
  roCouponLedgerStreamId,
  type IssuedCouponEvent,
  type RoCouponLedgerEvent,
  type RoRedemption,
} from '@dealer/contracts';
import { roCouponLedgerDecider, decideRoCouponLedger, type RoCouponLedgerCommand } from './ro-ledger-decide';
import { given as givenEvents } from '../testing/given';
import { evolveIssuedCoupon, initialIssuedCouponState } from './state';
import { evolveRoCouponLedger, initialRoCouponLedgerState, roClaimIsLive, type RoClaimLimits, type RoCouponLedgerState } from './ro-ledger';

const now = new Date('2026-03-01T18:00:00.000Z');
const limits: RoClaimLimits = { maxPerRo: 1, maxAmountPerRo: null, lineTotal: cents(9175) };
const claim = (overrides: Partial<RoRedemption> = {}): RoRedemption => ({ redemptionId: 'r-1', issuedCouponId: 'ic-1', couponId: 'oil', jobId: 2, amount: cents(4000), ...overrides });
const claimIt = (c: RoRedemption = claim(), l: Partial<RoClaimLimits> = {}, at = now): RoCouponLedgerCommand => ({
  type: 'ClaimRoCoupon',
  data: { locationId: 1, roNumber: 'RO100', claim: c, limits: { ...limits, ...l }, now: at },
});
const release = (redemptionId: string, reason: 'voided' | 'not-redeemed' = 'voided'): RoCouponLedgerCommand => ({ type: 'ReleaseRoCoupon', data: { locationId: 1, roNumber: 'RO100', redemptionId, reason, now } });

/** given(events).when(command) -> () => events (throws a DomainError when refused): the shared helper on the roCouponLedgerDecider. */
const given = (events: RoCouponLedgerEvent[]) => givenEvents(roCouponLedgerDecider, events);

describe("the RO's coupon ledger", () => {
  it('should name the stream by location and RO', () => {
    expect(roCouponLedgerStreamId(1, 'RO100')).toBe('ro-coupon-ledger-1-RO100');
  });

  it('should claim a line and amount, and record nothing for a retried claim', () => {
    const events = given([]).when(claimIt())();
    expect(events).toEqual([{ type: 'RoCouponClaimed', data: { ...claim(), locationId: 1, roNumber: 'RO100', claimedAt: now.toISOString() } }]);
    expect(given(events).when(claimIt())()).toEqual([]);
  });

  it('should refuse a second coupon of one definition on an RO with maxPerRo 1, however the two raced', () => {
    // Both planned against an empty ledger; the second claim finds the first.
    const first = given([]).when(claimIt())();
    expect(given(first).when(claimIt(claim({ redemptionId: 'r-2', issuedCouponId: 'ic-2', jobId: 3 })))).toThrow(expect.objectContaining({ kind: 'conflict', errors: [M.maxPerRoReached(1)] }));
    // Another definition is welcome, on what is left of the line.
    expect(given(first).when(claimIt(claim({ redemptionId: 'r-3', issuedCouponId: 'ic-3', couponId: 'rot', amount: cents(5175) })))()).toHaveLength(1);
    expect(given(first).when(claimIt(claim({ redemptionId: 'r-3', issuedCouponId: 'ic-3', couponId: 'rot', amount: cents(5176) })))).toThrow(M.lineNothingLeft);
  });

  it('should hold maxAmountPerRo and one coupon of a definition per line', () => {
    const first = given([]).when(claimIt(claim(), { maxPerRo: 3, maxAmountPerRo: cents(5000) }))();
    const second = claim({ redemptionId: 'r-2', issuedCouponId: 'ic-2', jobId: 3, amount: cents(1001) });
    expect(given(first).when(claimIt(second, { maxPerRo: 3, maxAmountPerRo: cents(5000) }))).toThrow(M.maxAmountPerRoReached(cents(5000)));
    expect(given(first).when(claimIt({ ...second, amount: cents(1000) }, { maxPerRo: 3, maxAmountPerRo: cents(5000) }))()).toHaveLength(1);
    expect(given(first).when(claimIt({ ...second, jobId: 2, amount: cents(100) }, { maxPerRo: 3 }))).toThrow(M.linesAllUsed);
  });

  it('should free the room when a claim is released (void, failed append), once', () => {
    const first = given([]).when(claimIt())();
    const released = given(first).when(release('r-1'))();
    expect(released).toEqual([{ type: 'RoCouponReleased', data: { locationId: 1, roNumber: 'RO100', redemptionId: 'r-1', issuedCouponId: 'ic-1', reason: 'voided', releasedAt: now.toISOString() } }]);
    expect(given([...first, ...released]).when(release('r-1'))()).toEqual([]);
    expect(given([...first, ...released]).when(claimIt(claim({ redemptionId: 'r-2', issuedCouponId: 'ic-2' })))()).toHaveLength(1);
  });

  it("should replace a coupon's older claim when the same coupon claims again", () => {
    const first = given([]).when(claimIt())();
    const again = given(first).when(claimIt(claim({ redemptionId: 'r-9' })))();
    expect(again.map((e) => e.type)).toEqual(['RoCouponReleased', 'RoCouponClaimed']);
    expect(again[0]).toMatchObject({ data: { redemptionId: 'r-1', reason: 'replaced' } });
    expect(given([...first, ...again]).state.claims.map((c) => c.redemptionId)).toEqual(['r-9']);
  });

  it("should treat a claim as live while its coupon holds that redemption on this RO, or within the grace", () => {
    const [claimed] = given([]).when(claimIt())() as [Extract<RoCouponLedgerEvent, { type: 'RoCouponClaimed' }>];
    const held = given([claimed]).state.claims[0]!;
    const at = { locationId: 1, roNumber: 'RO100' };
    const empty = initialIssuedCouponState();
    expect(roClaimIsLive(held, at, empty, new Date(now.getTime() + RO_CLAIM_GRACE_MS - 1))).toBe(true);
    expect(roClaimIsLive(held, at, empty, new Date(now.getTime() + RO_CLAIM_GRACE_MS))).toBe(false);
    const redeemed: IssuedCouponEvent = {
      type: 'CouponRedeemed',
      data: {
        redemptionId: 'r-1', issuedCouponId: 'ic-1', couponId: 'oil', couponName: 'Oil', saleId: 's', customerId: 'c', soldLocationId: 1, locationId: 1, timeZone: 'America/Denver',
        roNumber: 'RO100', line: { jobId: 2, lineNo: 2, opCode: 'LOF', laborType: 'C', lineTotal: cents(9175) }, amount: cents(4000), allocatedValue: cents(3000),
        redeemedBy: 'u', requestedAt: now.toISOString(), redeemedAt: now.toISOString(), redeemedOn: '2026-03-01', via: 'direct', redemptionVerificationId: null,
      },
    };
    const coupon = evolveIssuedCoupon(empty, redeemed);
    const later = new Date(now.getTime() + 86_400_000);
    expect(roClaimIsLive(held, at, coupon, later)).toBe(true);
    // Moved to another RO: the claim here is left behind.
    expect(roClaimIsLive(held, { locationId: 1, roNumber: 'RO200' }, coupon, later)).toBe(false);
  });
});
