import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, cents, type CouponEvent, type CouponTerms } from '@dealer/contracts';
import { DomainError } from '../errors';
import { couponDecider, decideCoupon, type CouponCommand } from './decide';
import { given as givenEvents } from '../testing/given';
import { type CouponDefinitionState, evolveCoupon } from './state';

const couponId = '00000000-0000-4000-8000-00000000c001';
const terms: CouponTerms = {
  name: 'Oil and filter change',
  description: 'Up to 5 quarts synthetic blend.',
  opCodes: ['LOF'],
  value: { kind: 'fixed', amount: cents(3995) },
  laborTypes: ['C'],
  validity: { kind: 'monthsAfterSale', months: 12 },
  maxPerRo: 1,
  maxAmountPerRo: null,
  locationIds: [1, 2],
};
const defined: CouponEvent = { type: 'CouponDefined', data: { couponId, ...terms } };
const disabled: CouponEvent = { type: 'CouponDisabled', data: { couponId, reason: 'Replaced by the 2027 coupon' } };

/** given(events).when(command): the shared helper (domain/src/testing/given.ts) on the couponDecider. */
const given = (events: CouponEvent[]) => givenEvents(couponDecider, events);

describe('coupon definition decider', () => {
  it('should define a new coupon', () => {
    expect(given([]).when({ type: 'DefineCoupon', data: { couponId, terms } })()).toEqual([defined]);
  });

  it('should record nothing for a retried definition and refuse a different one under the same id', () => {
    expect(given([defined]).when({ type: 'DefineCoupon', data: { couponId, terms } })()).toEqual([]);
    expect(given([defined]).when({ type: 'DefineCoupon', data: { couponId, terms: { ...terms, name: 'Other' } } })).toThrow(COUPON_MESSAGES.alreadyExists);
  });

  it('should record only what an edit changed', () => {
    const edited = { ...terms, value: { kind: 'percent' as const, basisPoints: 2000, referencePrice: cents(6999) }, laborTypes: ['C' as const, 'W' as const] };
    expect(given([defined]).when({ type: 'EditCoupon', data: { terms: edited } })()).toEqual([
      { type: 'CouponEdited', data: { couponId, value: edited.value, laborTypes: ['C', 'W'] } },
    ]);
    expect(given([defined]).when({ type: 'EditCoupon', data: { terms } })()).toEqual([]);
  });

  it('should refuse to edit a coupon that does not exist or is disabled', () => {
    expect(given([]).when({ type: 'EditCoupon', data: { terms } })).toThrow(expect.objectContaining({ kind: 'not_found' }));
    expect(given([defined, disabled]).when({ type: 'EditCoupon', data: { terms: { ...terms, name: 'x' } } })).toThrow(COUPON_MESSAGES.disabledCannotEdit);
  });

  it('should disable and enable once each, a repeat recording nothing', () => {
    expect(given([defined]).when({ type: 'DisableCoupon', data: { reason: 'Replaced by the 2027 coupon' } })()).toEqual([disabled]);
    expect(given([defined, disabled]).when({ type: 'DisableCoupon', data: { reason: null } })()).toEqual([]);
    expect(given([defined, disabled]).when({ type: 'EnableCoupon', data: {} })()).toEqual([{ type: 'CouponEnabled', data: { couponId } }]);
    expect(given([defined]).when({ type: 'EnableCoupon', data: {} })()).toEqual([]);
    expect(given([]).when({ type: 'DisableCoupon', data: { reason: null } })).toThrow(DomainError);
  });
});
