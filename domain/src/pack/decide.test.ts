import { describe, expect, it } from 'vitest';
import { PACK_MESSAGES, cents, type PackEvent, type PackTerms } from '@dealer/contracts';
import { packDecider, decidePack, type PackCommand } from './decide';
import { given as givenEvents } from '../testing/given';
import { evolvePack, type PackState } from './state';
import type { CouponDefinitionState } from '../coupon/state';

const packId = '00000000-0000-4000-8000-00000000a001';
const terms: PackTerms = { name: 'Maintenance pack', description: null, price: cents(19900), locationIds: [1, 2], termMonths: 24, termMileage: 30000 };
const coupon = (couponId: string, status: 'active' | 'disabled' = 'active'): CouponDefinitionState => ({
  couponId,
  status,
  terms: {
    name: couponId === 'oil' ? 'Oil and filter' : 'Tire rotation',
    description: null,
    opCodes: [couponId.toUpperCase()],
    value: { kind: 'fixed', amount: cents(3000) },
    laborTypes: ['C'],
    validity: { kind: 'monthsAfterSale', months: 12 },
    maxPerRo: 1,
    maxAmountPerRo: null,
    locationIds: [1],
  },
});
const created: PackEvent = { type: 'PackCreated', data: { packId, items: [{ couponId: 'oil', quantity: 4 }], ...terms } };
const disabled: PackEvent = { type: 'PackDisabled', data: { packId, reason: null } };

/** given(events).when(command): the shared helper (domain/src/testing/given.ts) on the packDecider. */
const given = (events: PackEvent[]) => givenEvents(packDecider, events);

describe('pack decider: create and edit', () => {
  it('should create a pack with its coupons, once', () => {
    const create: PackCommand = { type: 'CreatePack', data: { packId, terms, items: [{ couponId: 'oil', quantity: 4 }], coupons: { oil: coupon('oil') } } };
    expect(given([]).when(create)()).toEqual([created]);
    expect(given([created]).when(create)()).toEqual([]);
    expect(given([created]).when({ ...create, data: { ...create.data, terms: { ...terms, price: cents(1) } } })).toThrow(PACK_MESSAGES.alreadyExists);
  });

  it('should refuse a pack with a missing or disabled coupon', () => {
    const items = [{ couponId: 'oil', quantity: 1 }];
    expect(given([]).when({ type: 'CreatePack', data: { packId, terms, items, coupons: {} } })).toThrow(PACK_MESSAGES.couponNotFound);
    expect(given([]).when({ type: 'CreatePack', data: { packId, terms, items, coupons: { oil: coupon('oil', 'disabled') } } })).toThrow(
      'The coupon Oil and filter is disabled and cannot be added to a pack.',
    );
  });

  it('should record only what an edit changed, and nothing for no change', () => {
    expect(given([created]).when({ type: 'EditPack', data: { terms: { ...terms, price: cents(17900), termMileage: null } } })()).toEqual([
      { type: 'PackEdited', data: { packId, price: 17900, termMileage: null } },
    ]);
    expect(given([created]).when({ type: 'EditPack', data: { terms } })()).toEqual([]);
  });

  it('should refuse changes to a disabled pack and to one that does not exist', () => {
    expect(given([created, disabled]).when({ type: 'EditPack', data: { terms: { ...terms, name: 'New' } } })).toThrow(PACK_MESSAGES.disabledCannotChange);
    expect(given([]).when({ type: 'EditPack', data: { terms } })).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('should disable and enable, a repeat recording nothing', () => {
    expect(given([created]).when({ type: 'DisablePack', data: { reason: null } })()).toEqual([disabled]);
    expect(given([created, disabled]).when({ type: 'DisablePack', data: { reason: null } })()).toEqual([]);
    expect(given([created, disabled]).when({ type: 'EnablePack', data: {} })()).toEqual([{ type: 'PackEnabled', data: { packId } }]);
  });
});

describe('pack decider: coupons in the pack', () => {
  it('should add a coupon with its quantity', () => {
    expect(given([created]).when({ type: 'AddCouponToPack', data: { item: { couponId: 'rot', quantity: 2 }, coupon: coupon('rot') } })()).toEqual([
      { type: 'PackCouponAdded', data: { packId, couponId: 'rot', quantity: 2 } },
    ]);
  });

  it('should set the quantity of a coupon already in the pack, and record nothing for the same quantity', () => {
    expect(given([created]).when({ type: 'AddCouponToPack', data: { item: { couponId: 'oil', quantity: 3 }, coupon: coupon('oil') } })()).toEqual([
      { type: 'PackCouponQuantityChanged', data: { packId, couponId: 'oil', quantity: 3, previousQuantity: 4 } },
    ]);
    expect(given([created]).when({ type: 'AddCouponToPack', data: { item: { couponId: 'oil', quantity: 4 }, coupon: coupon('oil') } })()).toEqual([]);
  });

  it('should refuse a disabled coupon, a bad quantity and a full pack', () => {
    expect(given([created]).when({ type: 'AddCouponToPack', data: { item: { couponId: 'rot', quantity: 1 }, coupon: coupon('rot', 'disabled') } })).toThrow(
      'The coupon Tire rotation is disabled and cannot be added to a pack.',
    );
    expect(given([created]).when({ type: 'AddCouponToPack', data: { item: { couponId: 'rot', quantity: 0 }, coupon: coupon('rot') } })).toThrow(PACK_MESSAGES.quantityRange);
    const full: PackEvent[] = [created, ...Array.from({ length: 49 }, (_, i): PackEvent => ({ type: 'PackCouponAdded', data: { packId, couponId: `c${i}`, quantity: 1 } }))];
    expect(given(full).when({ type: 'AddCouponToPack', data: { item: { couponId: 'rot', quantity: 1 }, coupon: coupon('rot') } })).toThrow(PACK_MESSAGES.itemsMax);
  });

  it('should remove a coupon in the pack and refuse one that is not', () => {
    expect(given([created]).when({ type: 'RemoveCouponFromPack', data: { couponId: 'oil' } })()).toEqual([{ type: 'PackCouponRemoved', data: { packId, couponId: 'oil' } }]);
    expect(given([created]).when({ type: 'RemoveCouponFromPack', data: { couponId: 'rot' } })).toThrow(PACK_MESSAGES.couponNotInPack);
  });

  it('should keep every change when many edits and coupon changes follow one another on the stream', () => {
    // The stream's expected revision serialises concurrent commands; each decides on the state
    // the previous ones left, so 20 in a row all land.
    let history: PackEvent[] = [created];
    for (let i = 0; i < 20; i++) {
      const command: PackCommand =
        i % 2 === 0
          ? { type: 'EditPack', data: { terms: { ...terms, price: cents(10000 + i) } } }
          : { type: 'AddCouponToPack', data: { item: { couponId: `c${i}`, quantity: 1 }, coupon: coupon(`c${i}`) } };
      history = [...history, ...given(history).when(command)()];
    }
    const state = history.reduce<PackState | null>(evolvePack, null)!;
    expect(history).toHaveLength(21);
    expect(state.terms.price).toBe(10018);
    expect(state.items).toHaveLength(11);
  });
});
