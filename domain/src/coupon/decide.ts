/**
 * Commands of a coupon definition and the decider (issue 11): define, edit (records only what
 * changed), disable and enable. Pure; who and when go into the metadata at handle(). The terms
 * arrive checked (checkCouponTerms); managers and admins only is the route's access rule.
 */
import {
  changedCouponTerms,
  COUPON_MESSAGES,
  type CouponEvent,
  type CouponTerms,
} from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';
import { type CouponDefinitionState, evolveCoupon, initialCouponState } from './state';

export type CouponCommand =
  | { type: 'DefineCoupon'; data: { couponId: string; terms: CouponTerms } }
  | { type: 'EditCoupon'; data: { terms: CouponTerms } }
  | { type: 'DisableCoupon'; data: { reason: string | null } }
  | { type: 'EnableCoupon'; data: Record<string, never> };

const notFound = () => new DomainError('not_found', [COUPON_MESSAGES.notFound]);

export function decideCoupon(command: CouponCommand, state: CouponDefinitionState | null): CouponEvent[] {
  if (command.type === 'DefineCoupon') {
    const { couponId, terms } = command.data;
    if (state) {
      // A retried create with the same terms records nothing; different terms are a conflict.
      if (Object.keys(changedCouponTerms(state.terms, terms)).length === 0) return [];
      throw new DomainError('conflict', [COUPON_MESSAGES.alreadyExists]);
    }
    return [{ type: 'CouponDefined', data: { couponId, ...terms } }];
  }
  if (!state) throw notFound();
  const { couponId } = state;
  switch (command.type) {
    case 'EditCoupon': {
      const changes = changedCouponTerms(state.terms, command.data.terms);
      if (Object.keys(changes).length === 0) return [];
      if (state.status === 'disabled') throw new DomainError('conflict', [COUPON_MESSAGES.disabledCannotEdit]);
      return [{ type: 'CouponEdited', data: { couponId, ...changes } }];
    }
    case 'DisableCoupon':
      if (state.status === 'disabled') return [];
      return [{ type: 'CouponDisabled', data: { couponId, reason: command.data.reason } }];
    case 'EnableCoupon':
      if (state.status === 'active') return [];
      return [{ type: 'CouponEnabled', data: { couponId } }];
  }
}

export const couponDecider: Decider<CouponDefinitionState | null, CouponCommand, CouponEvent> = {
  initialState: initialCouponState,
  evolve: evolveCoupon,
  decide: decideCoupon,
};
