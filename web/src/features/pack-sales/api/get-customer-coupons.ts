// GET /api/customers/{id}/coupons: the coupons the customer owns, with their status, expiry and value.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, CustomerCouponView } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { whilePending } from './get-customer-purchases';
import { packSaleKeys } from './pack-sale-keys';

export async function getCustomerCoupons(customerId: string, signal?: AbortSignal): Promise<CustomerCouponView[]> {
  const response = await api.get<ApiEnvelope<CustomerCouponView[] | null>>(`/api/customers/${encodeURIComponent(customerId)}/coupons`, { signal });
  return response.dataSet ?? [];
}

export const getCustomerCouponsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: packSaleKeys.coupons(customerId),
    queryFn: ({ signal }) => getCustomerCoupons(customerId, signal),
  });

/** Read again while a coupon's sale is pending, as the purchase history is (the sale may turn final any time). */
export function useCustomerCoupons(customerId: string, pendingRefreshMs = 5000) {
  return useQuery({
    ...getCustomerCouponsQueryOptions(customerId),
    refetchInterval: (query) => whilePending(query.state.data?.map((c) => ({ status: c.saleStatus })), pendingRefreshMs),
  });
}
