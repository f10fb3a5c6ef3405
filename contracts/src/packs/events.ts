/**
 * Events of a coupon pack in the catalogue (stream `pack-{packId}`). Who and when are the
 * event's metadata. Sold packs never read these: a sale snapshots its terms (sale-events.ts).
 */
import type { PackItem, PackTerms } from './definition';

export const packStreamId = (packId: string) => `pack-${packId}`;

export interface PackCreated {
  type: 'PackCreated';
  data: { packId: string; items: PackItem[] } & PackTerms;
}

/** Only the terms whose value changed. */
export interface PackEdited {
  type: 'PackEdited';
  data: { packId: string } & Partial<PackTerms>;
}

export interface PackDisabled {
  type: 'PackDisabled';
  data: { packId: string; reason: string | null };
}

export interface PackEnabled {
  type: 'PackEnabled';
  data: { packId: string };
}

export interface PackCouponAdded {
  type: 'PackCouponAdded';
  data: { packId: string; couponId: string; quantity: number };
}

/** Adding a coupon the pack already holds sets its quantity. */
export interface PackCouponQuantityChanged {
  type: 'PackCouponQuantityChanged';
  data: { packId: string; couponId: string; quantity: number; previousQuantity: number };
}

export interface PackCouponRemoved {
  type: 'PackCouponRemoved';
  data: { packId: string; couponId: string };
}

export type PackEvent = PackCreated | PackEdited | PackDisabled | PackEnabled | PackCouponAdded | PackCouponQuantityChanged | PackCouponRemoved;
export const PACK_EVENT_TYPES = ['PackCreated', 'PackEdited', 'PackDisabled', 'PackEnabled', 'PackCouponAdded', 'PackCouponQuantityChanged', 'PackCouponRemoved'] as const;
