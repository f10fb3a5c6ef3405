/**
 * The state of one coupon definition folded from its events. Pure; shared by the command side
 * (decisions) and the read side (the catalogue), so both agree on what a coupon is.
 */
import type { CouponEvent, CouponStatus, CouponTerms } from '@dealer/contracts';

export interface CouponDefinitionState {
  couponId: string;
  terms: CouponTerms;
  status: CouponStatus;
}

export const initialCouponState = (): CouponDefinitionState | null => null;

export function evolveCoupon(state: CouponDefinitionState | null, event: { type: string; data: unknown }): CouponDefinitionState | null {
  const e = event as CouponEvent;
  if (e.type === 'CouponDefined') {
    const { couponId, ...terms } = e.data;
    return { couponId, terms, status: 'active' };
  }
  if (!state) return state;
  switch (e.type) {
    case 'CouponEdited': {
      const { couponId: _id, ...changes } = e.data;
      return { ...state, terms: { ...state.terms, ...changes } };
    }
    case 'CouponDisabled':
      return { ...state, status: 'disabled' };
    case 'CouponEnabled':
      return { ...state, status: 'active' };
    default:
      return state;
  }
}
