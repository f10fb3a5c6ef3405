// GET /api/customer-search?searchTerm=: customers matching a phone (any format), e-mail, name or RO#.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, CustomerSearchResult } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

export async function searchCustomers(searchTerm: string, signal?: AbortSignal): Promise<CustomerSearchResult[]> {
  const response = await api.get<ApiEnvelope<CustomerSearchResult[] | null>>('/api/customer-search', {
    params: { searchTerm },
    signal,
  });
  return response.dataSet ?? [];
}

export const searchCustomersQueryOptions = (searchTerm: string) =>
  queryOptions({
    queryKey: customerKeys.search(searchTerm),
    queryFn: ({ signal }) => searchCustomers(searchTerm, signal),
  });

/** Runs only once a term was submitted; null means no search yet. */
export function useSearchCustomers(searchTerm: string | null) {
  return useQuery({ ...searchCustomersQueryOptions(searchTerm ?? ''), enabled: searchTerm !== null });
}
