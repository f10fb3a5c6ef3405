// GET /api/coupons?search=&status=&$limit=&$offset=: one page of the coupon catalogue, with its total.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOGUE_PAGE, type ApiEnvelope, type CouponStatus, type CouponView, type PageMeta } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { couponKeys, type CouponListParams } from './coupon-keys';

export type { CouponListParams } from './coupon-keys';

export interface CouponPage {
  coupons: CouponView[];
  total: number;
  limit: number;
  offset: number;
}

export async function getCoupons(params: CouponListParams, signal?: AbortSignal): Promise<CouponPage> {
  const limit = params.limit ?? CATALOGUE_PAGE.defaultLimit;
  const response = await api.get<ApiEnvelope<CouponView[] | null> & { metaData?: Partial<PageMeta> }>('/api/coupons', {
    params: {
      search: params.search,
      status: params.status === 'all' ? undefined : params.status,
      $limit: limit,
      $offset: params.offset,
    },
    signal,
  });
  const coupons = response.dataSet ?? [];
  const meta = response.metaData ?? {};
  return { coupons, total: meta.total ?? coupons.length, limit: meta.limit ?? limit, offset: meta.offset ?? params.offset };
}

export const getCouponsQueryOptions = (params: CouponListParams) =>
  queryOptions({
    queryKey: couponKeys.list(params),
    queryFn: ({ signal }) => getCoupons(params, signal),
  });

/** A page of coupons; the previous page stays on screen while the next one loads. */
export function useCoupons(params: CouponListParams) {
  return useQuery({ ...getCouponsQueryOptions(params), placeholderData: keepPreviousData });
}
