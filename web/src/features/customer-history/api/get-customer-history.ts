// GET /api/customers/{id}/history?asOf=: the auditor's timeline of one customer and their state at a moment.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export interface HistoryChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  eventId: string;
  streamId: string;
  revision: number;
  globalPosition: string;
  type: string;
  /** The event in words, worded by the server. */
  summary: string;
  time: string;
  actor: string;
  /** A staff actor's name (null for customers, links and the system). */
  actorName: string | null;
  correlationId: string;
  causationId: string | null;
  changes: HistoryChange[];
  personalDataErased: boolean;
}

export interface CustomerHistory {
  customerId: string;
  asOf: string | null;
  /** False for controllers: personal values arrive replaced by the server. */
  personalDataShown: boolean;
  state: Record<string, unknown>;
  /** Oldest first, as recorded. */
  entries: HistoryEntry[];
}

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
