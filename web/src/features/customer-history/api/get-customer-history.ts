// GET /api/customers/{id}/history?asOf=: the auditor's timeline of one customer and their state at a moment.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, CustomerHistory } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export type { CustomerHistory, FieldChange as HistoryChange, TimelineEntry as HistoryEntry } from '@dealer/contracts';

export const customerHistoryKeys = {
  all: ['customer-history'] as const,
  detail: (customerId: string, asOf: string | null) => [...customerHistoryKeys.all, customerId, asOf ?? 'now'] as const,
};

export async function getCustomerHistory(customerId: string, asOf: string | null, signal?: AbortSignal): Promise<CustomerHistory> {
  const response = await api.get<ApiEnvelope<CustomerHistory>>(`/api/customers/${encodeURIComponent(customerId)}/history`, {
    params: { asOf: asOf ?? undefined },
    signal,
  });
  return response.dataSet;
}

export const getCustomerHistoryQueryOptions = (customerId: string, asOf: string | null) =>
  queryOptions({
    queryKey: customerHistoryKeys.detail(customerId, asOf),
    queryFn: ({ signal }) => getCustomerHistory(customerId, asOf, signal),
    // An audit view shows what is recorded now; a past moment never changes.
    staleTime: asOf ? Infinity : 0,
  });

export function useCustomerHistory(customerId: string, asOf: string | null) {
  return useQuery(getCustomerHistoryQueryOptions(customerId, asOf));
}
