/**
 * The state of one issued coupon's stream, folded from its events: the redemption that holds it
 * now (awaiting the customer's verification, or redeemed), the redemptions that ended (voided
 * or released), and whether its sale's void withdrew it. Pure; shared by the decider, the
 * projections and the query side so every part agrees on "used".
 */
import type { IssuedCouponEvent, LocalDate, RedemptionFacts } from '@dealer/contracts';

export interface ActiveRedemption extends RedemptionFacts {
  status: 'awaiting-verification' | 'redeemed';
  redemptionVerificationId: string | null;
  /** Set once redeemed. */
  redeemedAt: string | null;
  redeemedOn: LocalDate | null;
}

export interface EndedRedemption {
  redemptionId: string;
  locationId: number;
  roNumber: string;
  outcome: 'voided' | 'released';
  at: string;
}

export interface IssuedCouponState {
  issuedCouponId: string | null;
  /** The sale whose void withdrew it (null: not withdrawn, or reinstated). */
  withdrawnBySaleId: string | null;
  /** The redemption holding the coupon now. */
  current: ActiveRedemption | null;
  /** Ended redemptions, oldest first. */
  ended: EndedRedemption[];
}

export const initialIssuedCouponState = (): IssuedCouponState => ({ issuedCouponId: null, withdrawnBySaleId: null, current: null, ended: [] });

export function evolveIssuedCoupon(state: IssuedCouponState, event: { type: string; data: unknown }): IssuedCouponState {
  const e = event as IssuedCouponEvent;
  switch (e.type) {
    case 'CouponRedemptionAwaitingVerification': {
      const { redemptionVerificationId, ...facts } = e.data;
      return {
        ...state,
        issuedCouponId: e.data.issuedCouponId,
        current: { ...facts, status: 'awaiting-verification', redemptionVerificationId, redeemedAt: null, redeemedOn: null },
      };
    }
    case 'CouponRedeemed': {
      const { redeemedAt, redeemedOn, via: _via, redemptionVerificationId, ...facts } = e.data;
      return { ...state, issuedCouponId: e.data.issuedCouponId, current: { ...facts, status: 'redeemed', redemptionVerificationId, redeemedAt, redeemedOn } };
    }
    case 'CouponRedemptionReleased':
    case 'CouponRedemptionVoided': {
      if (!state.current || state.current.redemptionId !== e.data.redemptionId) return state;
      const at = e.type === 'CouponRedemptionVoided' ? e.data.voidedAt : e.data.releasedAt;
      const ended: EndedRedemption = {
        redemptionId: e.data.redemptionId,
        locationId: state.current.locationId,
        roNumber: state.current.roNumber,
        outcome: e.type === 'CouponRedemptionVoided' ? 'voided' : 'released',
        at,
      };
      return { ...state, current: null, ended: [...state.ended, ended] };
    }
    case 'CouponRedemptionRoChanged': {
      if (!state.current || state.current.redemptionId !== e.data.redemptionId) return state;
      const { locationId, timeZone, roNumber, line, amount } = e.data.to;
      return { ...state, current: { ...state.current, locationId, timeZone, roNumber, line, amount } };
    }
    case 'IssuedCouponWithdrawn':
      return { ...state, issuedCouponId: e.data.issuedCouponId, withdrawnBySaleId: e.data.saleId };
    case 'IssuedCouponReinstated':
      return state.withdrawnBySaleId === e.data.saleId ? { ...state, withdrawnBySaleId: null } : state;
    default:
      return state;
  }
}

/** What the coupon's stream says of it (expiry and the sale's own status are the caller's to add). */
export type IssuedCouponStreamStatus = 'available' | 'awaiting-verification' | 'redeemed' | 'withdrawn';

export function issuedCouponStreamStatus(state: IssuedCouponState): IssuedCouponStreamStatus {
  if (state.current) return state.current.status;
  if (state.withdrawnBySaleId) return 'withdrawn';
  return 'available';
}
