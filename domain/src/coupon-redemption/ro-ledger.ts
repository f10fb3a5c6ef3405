/**
 * What one RO has taken in coupons (issue 12), stream `ro-coupon-ledger-{locationId}-{roNumber}`.
 *
 * The coupon's own stream makes each coupon used once; the RO's caps (maxPerRo, maxAmountPerRo,
 * one coupon of a definition per line, a line never discounted below zero) span several
 * coupons' streams, so two coupons of one definition redeemed at the same moment on one RO
 * would both pass a check read beforehand. Every redemption therefore first claims its line
 * and amount here, with this stream's expected revision; the claim re-checks the caps against
 * the claims already made. A claim whose coupon append then fails is released; voids,
 * releases and RO changes release theirs. A claim left behind by a crash between the two
 * appends is recognised as stale (its coupon's stream does not hold that redemption) after
 * RO_CLAIM_GRACE_MS and released by the next reader.
 */
import { subtractMoney, sumMoney, COUPON_REDEMPTION_MESSAGES as M, RO_CLAIM_GRACE_MS, type Money, type RedemptionRefusal, type RoClaim, type RoCouponLedgerEvent, type RoRedemption } from '@dealer/contracts';
import type { IssuedCouponState } from './state';

export interface RoCouponLedgerState {
  claims: RoClaim[];
}

export const initialRoCouponLedgerState = (): RoCouponLedgerState => ({ claims: [] });

export function evolveRoCouponLedger(state: RoCouponLedgerState, event: { type: string; data: unknown }): RoCouponLedgerState {
  const e = event as RoCouponLedgerEvent;
  switch (e.type) {
    case 'RoCouponClaimed': {
      const { locationId: _l, roNumber: _r, ...claim } = e.data;
      return { claims: [...state.claims.filter((c) => c.redemptionId !== claim.redemptionId), claim] };
    }
    case 'RoCouponReleased':
      return { claims: state.claims.filter((c) => c.redemptionId !== e.data.redemptionId) };
    default:
      return state;
  }
}

/** The caps a claim is checked against: the coupon's terms and the line's total. */
export interface RoClaimLimits {
  maxPerRo: number;
  maxAmountPerRo: Money | null;
  lineTotal: Money;
}

/**
 * Does the RO still have room for this claim, given the claims of other coupons? (The
 * coupon's own earlier claim is not counted: its stream holds one redemption at a time.)
 */
export function checkRoClaim(claims: readonly RoRedemption[], claim: RoRedemption, limits: RoClaimLimits): RedemptionRefusal | null {
  const others = claims.filter((c) => c.issuedCouponId !== claim.issuedCouponId);
  const sameKind = others.filter((c) => c.couponId === claim.couponId);
  if (sameKind.length >= limits.maxPerRo) return { kind: 'conflict', message: M.maxPerRoReached(limits.maxPerRo), field: 'roNumber' };
  if (limits.maxAmountPerRo !== null && sumMoney([...sameKind.map((c) => c.amount), claim.amount]) > limits.maxAmountPerRo) {
    return { kind: 'conflict', message: M.maxAmountPerRoReached(limits.maxAmountPerRo), field: 'roNumber' };
  }
  if (sameKind.some((c) => c.jobId === claim.jobId)) return { kind: 'conflict', message: M.linesAllUsed, field: 'roNumber' };
  const left = subtractMoney(limits.lineTotal, sumMoney(others.filter((c) => c.jobId === claim.jobId).map((c) => c.amount)));
  if (claim.amount > left) return { kind: 'conflict', message: M.lineNothingLeft, field: 'roNumber' };
  return null;
}

/**
 * A claim is live while its coupon's stream holds that redemption on this RO, or while it is
 * younger than the grace (its coupon append, or the RO change moving it here, may be under way).
 */
export function roClaimIsLive(claim: RoClaim, ro: { locationId: number; roNumber: string }, coupon: IssuedCouponState, now: Date): boolean {
  const current = coupon.current;
  if (current?.redemptionId === claim.redemptionId && current.locationId === ro.locationId && current.roNumber === ro.roNumber) return true;
  return now.getTime() - Date.parse(claim.claimedAt) < RO_CLAIM_GRACE_MS;
}
