/** The state of one catalogue pack folded from its events; pure, shared by both sides. */
import type { PackEvent, PackItem, PackStatus, PackTerms } from '@dealer/contracts';

export interface PackState {
  packId: string;
  terms: PackTerms;
  /** In the order they were added. */
  items: PackItem[];
  status: PackStatus;
}

export const initialPackState = (): PackState | null => null;

export function evolvePack(state: PackState | null, event: { type: string; data: unknown }): PackState | null {
  const e = event as PackEvent;
  if (e.type === 'PackCreated') {
    const { packId, items, ...terms } = e.data;
    return { packId, terms, items, status: 'active' };
  }
  if (!state) return state;
  switch (e.type) {
    case 'PackEdited': {
      const { packId: _id, ...changes } = e.data;
      return { ...state, terms: { ...state.terms, ...changes } };
    }
    case 'PackDisabled':
      return { ...state, status: 'disabled' };
    case 'PackEnabled':
      return { ...state, status: 'active' };
    case 'PackCouponAdded':
      return { ...state, items: [...state.items, { couponId: e.data.couponId, quantity: e.data.quantity }] };
    case 'PackCouponQuantityChanged':
      return { ...state, items: state.items.map((i) => (i.couponId === e.data.couponId ? { ...i, quantity: e.data.quantity } : i)) };
    case 'PackCouponRemoved':
      return { ...state, items: state.items.filter((i) => i.couponId !== e.data.couponId) };
    default:
      return state;
  }
}
