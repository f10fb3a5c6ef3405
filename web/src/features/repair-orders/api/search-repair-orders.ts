// GET /api/ro-search: repair orders by advisor, customer name, VIN, status and dates, a page at a time.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, RoSearchPage, RoSearchQuery } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { repairOrderKeys } from './repair-order-keys';

export async function searchRepairOrders(query: RoSearchQuery, signal?: AbortSignal): Promise<RoSearchPage> {
  const response = await api.get<ApiEnvelope<RoSearchPage>>('/api/ro-search', { params: { ...query }, signal });
  return response.dataSet;
}

/** One page of the search; null until the first search. The last page stays shown while the next one loads. */
export function useRepairOrderSearch(query: RoSearchQuery | null) {
  return useQuery({
    queryKey: repairOrderKeys.search(query ?? {}),
    queryFn: ({ signal }) => searchRepairOrders(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    // An import adds ROs at any moment; a search asked again asks the server again.
    staleTime: 0,
  });
}
