/**
 * The RO coupon ledger's stream and events (issue 12), stream `ro-coupon-ledger-{locationId}-{roNumber}`:
 * what one RO has taken in coupons. Its state, evolve and the claim checks are the domain's
 * (`domain/src/coupon-redemption/ro-ledger.ts`), which says why the ledger exists.
 */
import type { RoRedemption } from './rules';

export const roCouponLedgerStreamId = (locationId: number, roNumber: string) => `ro-coupon-ledger-${locationId}-${roNumber}`;

/** How long a claim may wait for its coupon's event before a reader treats it as left behind. */
export const RO_CLAIM_GRACE_MS = 30_000;

export interface RoClaim extends RoRedemption {
  claimedAt: string;
}

export interface RoCouponClaimed {
  type: 'RoCouponClaimed';
  data: RoClaim & { locationId: number; roNumber: string };
}

export interface RoCouponReleased {
  type: 'RoCouponReleased';
  data: {
    locationId: number;
    roNumber: string;
    redemptionId: string;
    issuedCouponId: string;
    /** voided, released (verification declined/expired), ro-changed, not-redeemed (the coupon append failed), replaced (the coupon claimed again), stale. */
    reason: 'voided' | 'released' | 'ro-changed' | 'not-redeemed' | 'replaced' | 'stale';
    releasedAt: string;
  };
}

export type RoCouponLedgerEvent = RoCouponClaimed | RoCouponReleased;
export const RO_COUPON_LEDGER_EVENT_TYPES = ['RoCouponClaimed', 'RoCouponReleased'] as const;

