/**
 * Commands of a catalogue pack and the decider (issue 11): create, edit, disable, enable, add
 * a coupon (or set its quantity), remove a coupon. Pure: the coupon definitions a command
 * refers to arrive in it (read from their streams by the handler). Concurrent edits are the
 * stream's expected revision's business; the decider is correct on the state it is given.
 */
import {
  changedPackTerms,
  PACK_LIMITS,
  PACK_MESSAGES,
  type PackEvent,
  type PackItem,
  type PackTerms,
} from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';
import { evolvePack, initialPackState, type PackState } from './state';
import type { CouponDefinitionState } from '../coupon/state';

export type PackCommand =
  | {
      type: 'CreatePack';
      data: { packId: string; terms: PackTerms; items: PackItem[]; coupons: Record<string, CouponDefinitionState | null> };
    }
  | { type: 'EditPack'; data: { terms: PackTerms } }
  | { type: 'DisablePack'; data: { reason: string | null } }
  | { type: 'EnablePack'; data: Record<string, never> }
  | { type: 'AddCouponToPack'; data: { item: PackItem; coupon: CouponDefinitionState | null } }
  | { type: 'RemoveCouponFromPack'; data: { couponId: string } };

const notFound = () => new DomainError('not_found', [PACK_MESSAGES.notFound]);

/** A coupon can go into a pack when it exists and is active. */
function assertAddable(couponId: string, coupon: CouponDefinitionState | null | undefined): void {
  if (!coupon || coupon.couponId !== couponId) throw new DomainError('validation', [PACK_MESSAGES.couponNotFound], { couponId: PACK_MESSAGES.couponNotFound });
  if (coupon.status !== 'active') {
    const message = PACK_MESSAGES.couponDisabled(coupon.terms.name);
    throw new DomainError('validation', [message], { couponId: message });
  }
}

function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < PACK_LIMITS.quantityMin || quantity > PACK_LIMITS.quantityMax) {
    throw new DomainError('validation', [PACK_MESSAGES.quantityRange], { quantity: PACK_MESSAGES.quantityRange });
  }
}

export function decidePack(command: PackCommand, state: PackState | null): PackEvent[] {
  if (command.type === 'CreatePack') {
    const { packId, terms, items, coupons } = command.data;
    const distinct: PackItem[] = [];
    for (const item of items) {
      if (distinct.some((i) => i.couponId === item.couponId)) continue;
      assertQuantity(item.quantity);
      distinct.push({ couponId: item.couponId, quantity: item.quantity });
    }
    if (distinct.length > PACK_LIMITS.itemsMax) throw new DomainError('validation', [PACK_MESSAGES.itemsMax]);
    if (state) {
      const same = Object.keys(changedPackTerms(state.terms, terms)).length === 0 && JSON.stringify(state.items) === JSON.stringify(distinct);
      if (same) return [];
      throw new DomainError('conflict', [PACK_MESSAGES.alreadyExists]);
    }
    for (const item of distinct) assertAddable(item.couponId, coupons[item.couponId]);
    return [{ type: 'PackCreated', data: { packId, items: distinct, ...terms } }];
  }
  if (!state) throw notFound();
  const { packId } = state;
  const assertActive = () => {
    if (state.status === 'disabled') throw new DomainError('conflict', [PACK_MESSAGES.disabledCannotChange]);
  };
  switch (command.type) {
    case 'EditPack': {
      const changes = changedPackTerms(state.terms, command.data.terms);
      if (Object.keys(changes).length === 0) return [];
      assertActive();
      return [{ type: 'PackEdited', data: { packId, ...changes } }];
    }
    case 'DisablePack':
      if (state.status === 'disabled') return [];
      return [{ type: 'PackDisabled', data: { packId, reason: command.data.reason } }];
    case 'EnablePack':
      if (state.status === 'active') return [];
      return [{ type: 'PackEnabled', data: { packId } }];
    case 'AddCouponToPack': {
      const { item, coupon } = command.data;
      assertQuantity(item.quantity);
      const existing = state.items.find((i) => i.couponId === item.couponId);
      if (existing && existing.quantity === item.quantity) return [];
      assertActive();
      assertAddable(item.couponId, coupon);
      if (existing) {
        return [{ type: 'PackCouponQuantityChanged', data: { packId, couponId: item.couponId, quantity: item.quantity, previousQuantity: existing.quantity } }];
      }
      if (state.items.length >= PACK_LIMITS.itemsMax) throw new DomainError('validation', [PACK_MESSAGES.itemsMax]);
      return [{ type: 'PackCouponAdded', data: { packId, couponId: item.couponId, quantity: item.quantity } }];
    }
    case 'RemoveCouponFromPack': {
      if (!state.items.some((i) => i.couponId === command.data.couponId)) throw new DomainError('not_found', [PACK_MESSAGES.couponNotInPack]);
      assertActive();
      return [{ type: 'PackCouponRemoved', data: { packId, couponId: command.data.couponId } }];
    }
  }
}

export const packDecider: Decider<PackState | null, PackCommand, PackEvent> = {
  initialState: initialPackState,
  evolve: evolvePack,
  decide: decidePack,
};
