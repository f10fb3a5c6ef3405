/** The state of one pack sale folded from its events; pure, shared by both sides. */
import type { IssuedCoupon, IssuedCouponStatus, PackSaleEvent, PackSaleStatus, PackSnapshot, PackSold, SoldCoupon } from '@dealer/contracts';

export interface PackSaleState {
  saleId: string;
  customerId: string;
  pack: PackSnapshot;
  locationId: number;
  timeZone: string;
  saleRoNumber: string;
  soldAt: string;
  soldOn: string;
  soldBy: string;
  price: PackSold['data']['price'];
  tax: PackSold['data']['tax'];
  total: PackSold['data']['total'];
  status: PackSaleStatus | 'voided';
  coupons: IssuedCoupon[];
  void: { reason: string; by: string; at: string } | null;
}

export const initialPackSaleState = (): PackSaleState | null => null;

export function evolvePackSale(state: PackSaleState | null, event: { type: string; data: unknown }): PackSaleState | null {
  const e = event as PackSaleEvent;
  if (e.type === 'PackSold') {
    const d = e.data;
    return {
      saleId: d.saleId,
      customerId: d.customerId,
      pack: d.pack,
      locationId: d.locationId,
      timeZone: d.timeZone,
      saleRoNumber: d.saleRoNumber,
      soldAt: d.soldAt,
      soldOn: d.soldOn,
      soldBy: d.soldBy,
      price: d.price,
      tax: d.tax,
      total: d.total,
      status: d.status,
      coupons: d.coupons,
      void: null,
    };
  }
  if (!state) return state;
  switch (e.type) {
    case 'PackSaleFinalised':
      return state.status === 'pending' ? { ...state, status: 'final' } : state;
    case 'PackSaleLocationCorrected': {
      const expiries = new Map(e.data.coupons.map((c) => [c.issuedCouponId, c.expiresAt]));
      return {
        ...state,
        locationId: e.data.toLocationId,
        timeZone: e.data.timeZone,
        coupons: state.coupons.map((c) => ({ ...c, expiresAt: expiries.get(c.issuedCouponId) ?? c.expiresAt })),
      };
    }
    case 'PackSaleVoided':
      return { ...state, status: 'voided', void: { reason: e.data.reason, by: e.data.by, at: e.data.voidedAt } };
    default:
      return state;
  }
}

/** The terms an issued coupon was sold with (from the sale's snapshot); null for a coupon not of this sale. */
export function soldCouponTerms(state: PackSaleState, issuedCouponId: string): (IssuedCoupon & { terms: PackSnapshot['items'][number]['coupon'] }) | null {
  const issued = state.coupons.find((c) => c.issuedCouponId === issuedCouponId);
  const item = issued && state.pack.items.find((i) => i.couponId === issued.couponId);
  return issued && item ? { ...issued, terms: item.coupon } : null;
}

/** The coupon as sold by `sale`; null when the sale has no such coupon. */
export function soldCouponOf(sale: PackSaleState, issuedCouponId: string): SoldCoupon | null {
  const c = soldCouponTerms(sale, issuedCouponId);
  if (!c) return null;
  return {
    issuedCouponId: c.issuedCouponId,
    couponId: c.couponId,
    saleId: sale.saleId,
    customerId: sale.customerId,
    saleStatus: sale.status,
    soldLocationId: sale.locationId,
    expiresOn: c.expiresOn,
    expiresAt: c.expiresAt,
    allocatedValue: c.allocatedValue,
    terms: c.terms,
  };
}


/**
 * A voided sale's coupons are voided; a used one is redeemed; past the end of its last local
 * day it is expired; otherwise available (a pending sale's coupons are available, with what
 * staff can do limited by SPEC 2.5's pending rules).
 */
export function issuedCouponStatus(input: { saleStatus: PackSaleState['status']; expiresAt: string; redeemed: boolean }, now: Date): IssuedCouponStatus {
  if (input.saleStatus === 'voided') return 'voided';
  if (input.redeemed) return 'redeemed';
  if (now.getTime() > Date.parse(input.expiresAt)) return 'expired';
  return 'available';
}
