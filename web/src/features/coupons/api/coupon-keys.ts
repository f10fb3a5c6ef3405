// Query-key factory of the coupons feature; every command invalidates `all`, so lists and details reload.
import type { CouponStatus } from '@dealer/contracts';

export interface CouponListParams {
  /** Name or op code; '' lists everything. */
  search: string;
  status: CouponStatus | 'all';
  offset: number;
  limit?: number;
}


export const couponKeys = {
  all: ['coupons'] as const,
  list: (params: CouponListParams) => [...couponKeys.all, 'list', params] as const,
  /** Mutation key of create and edit, for "is the coupon form saving?". */
  save: () => [...couponKeys.all, 'save'] as const,
};
