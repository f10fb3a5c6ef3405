// Query-key factory of the packs feature; every command invalidates `all`, so lists and the open pack reload.
import type { PackStatus } from '@dealer/contracts';

export interface PackListParams {
  /** Part of a name; '' lists everything. */
  search: string;
  status: PackStatus | 'all';
  offset: number;
  limit?: number;
}


export const packKeys = {
  all: ['packs'] as const,
  list: (params: PackListParams) => [...packKeys.all, 'list', params] as const,
  detail: (packId: string) => [...packKeys.all, 'detail', packId] as const,
  /** Active coupons offered by the Add coupon dialog. */
  couponSearch: (term: string) => [...packKeys.all, 'coupon-search', term] as const,
  /** Mutation key of create and edit, for "is the pack form saving?". */
  save: () => [...packKeys.all, 'save'] as const,
  /** Mutation key of adding a coupon, for "is the quantity dialog saving?". */
  addCoupon: () => [...packKeys.all, 'add-coupon'] as const,
};
