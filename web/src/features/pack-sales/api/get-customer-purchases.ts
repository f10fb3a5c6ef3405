// GET /api/customers/{id}/purchases: every pack the customer bought (purchase history), newest first as answered.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, PackSaleView } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { packSaleKeys } from './pack-sale-keys';

export async function getCustomerPurchases(customerId: string, signal?: AbortSignal): Promise<PackSaleView[]> {
  const response = await api.get<ApiEnvelope<PackSaleView[] | null>>(`/api/customers/${encodeURIComponent(customerId)}/purchases`, { signal });
  return response.dataSet ?? [];
}

export const getCustomerPurchasesQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: packSaleKeys.purchases(customerId),
    queryFn: ({ signal }) => getCustomerPurchases(customerId, signal),
  });

/** How often to read again: every `ms` while any sale is pending, otherwise never. */
export function whilePending(sales: readonly { status: string }[] | undefined, ms: number): number | false {
  return sales?.some((s) => s.status === 'pending') ? ms : false;
}

/**
 * While a sale is pending the worker may finalise it at any moment (an import closed its RO): the list is
 * read again every `pendingRefreshMs` until nothing is pending.
 */
export function useCustomerPurchases(customerId: string, pendingRefreshMs = 5000) {
  return useQuery({
    ...getCustomerPurchasesQueryOptions(customerId),
    refetchInterval: (query) => whilePending(query.state.data, pendingRefreshMs),
  });
}
