/**
 * Events of a coupon definition (stream `coupon-{couponId}`). Flat data; who and when are the
 * event's metadata (actor, time), as on every stream. Issued coupons of a sale are not here:
 * a sale snapshots the terms it was sold with (packs/sale-events.ts).
 */
import type { CouponTerms } from './definition';

export const couponStreamId = (couponId: string) => `coupon-${couponId}`;

export interface CouponDefined {
  type: 'CouponDefined';
  data: { couponId: string } & CouponTerms;
}

/** Only the terms whose value changed (what changed; who and when in metadata). */
export interface CouponEdited {
  type: 'CouponEdited';
  data: { couponId: string } & Partial<CouponTerms>;
}

export interface CouponDisabled {
  type: 'CouponDisabled';
  data: { couponId: string; reason: string | null };
}

export interface CouponEnabled {
  type: 'CouponEnabled';
  data: { couponId: string };
}

export type CouponEvent = CouponDefined | CouponEdited | CouponDisabled | CouponEnabled;
export const COUPON_EVENT_TYPES = ['CouponDefined', 'CouponEdited', 'CouponDisabled', 'CouponEnabled'] as const;
