/**
 * The RO's coupon ledger (stream `ro-coupon-ledger-{locationId}-{roNumber}`): claims and
 * releases of what each redemption takes off the RO, so the RO's caps hold across coupons
 * redeemed at the same moment (contracts coupon-redemptions/ro-ledger.ts). Pure.
 *
 * The service claims with the revision it planned against (pinned expectedRevision); on a
 * conflict it reads the ledger again and plans again, because the line and amount depend on
 * what the other claims took.
 */
import {
  type RoCouponLedgerEvent,
  type RoCouponReleased,
  type RoRedemption,
} from '@dealer/contracts';
import { refused } from './decide';
import type { Decider } from '../decider';
import { checkRoClaim, evolveRoCouponLedger, initialRoCouponLedgerState, type RoClaimLimits, type RoCouponLedgerState } from './ro-ledger';

export type RoCouponLedgerCommand =
  | { type: 'ClaimRoCoupon'; data: { locationId: number; roNumber: string; claim: RoRedemption; limits: RoClaimLimits; now: Date } }
  | { type: 'ReleaseRoCoupon'; data: { locationId: number; roNumber: string; redemptionId: string; reason: RoCouponReleased['data']['reason']; now: Date } };

export function decideRoCouponLedger(command: RoCouponLedgerCommand, state: RoCouponLedgerState): RoCouponLedgerEvent[] {
  const { locationId, roNumber, now } = command.data;
  const at = now.toISOString();
  if (command.type === 'ReleaseRoCoupon') {
    const claim = state.claims.find((c) => c.redemptionId === command.data.redemptionId);
    if (!claim) return [];
    return [{ type: 'RoCouponReleased', data: { locationId, roNumber, redemptionId: claim.redemptionId, issuedCouponId: claim.issuedCouponId, reason: command.data.reason, releasedAt: at } }];
  }
  const { claim, limits } = command.data;
  // A retried claim (same redemption, same line and amount) records nothing.
  const same = state.claims.find((c) => c.redemptionId === claim.redemptionId);
  if (same && same.jobId === claim.jobId && same.amount === claim.amount) return [];
  const refusal = checkRoClaim(state.claims, claim, limits);
  if (refusal) throw refused(refusal);
  // The coupon's stream holds one redemption at a time: an older claim of the same coupon here is dead.
  const replaced: RoCouponLedgerEvent[] = state.claims
    .filter((c) => c.issuedCouponId === claim.issuedCouponId && c.redemptionId !== claim.redemptionId)
    .map((c) => ({ type: 'RoCouponReleased', data: { locationId, roNumber, redemptionId: c.redemptionId, issuedCouponId: c.issuedCouponId, reason: 'replaced', releasedAt: at } }));
  return [...replaced, { type: 'RoCouponClaimed', data: { ...claim, locationId, roNumber, claimedAt: at } }];
}

export const roCouponLedgerDecider: Decider<RoCouponLedgerState, RoCouponLedgerCommand, RoCouponLedgerEvent> = {
  initialState: initialRoCouponLedgerState,
  evolve: evolveRoCouponLedger,
  decide: decideRoCouponLedger,
};
