// GET /api/customers/{id}/service-history: the customer's visits (their ROs), newest first, one page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, PageMeta, ServiceVisitView } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { customerAreaKeys } from './customer-area-keys';

export interface ServiceHistoryPage {
  visits: ServiceVisitView[];
  page: PageMeta;
}

export async function getServiceHistory(customerId: string, limit: number, offset: number, signal?: AbortSignal): Promise<ServiceHistoryPage> {
  const response = await api.get<ApiEnvelope<ServiceVisitView[] | null>>(`/api/customers/${encodeURIComponent(customerId)}/service-history`, {
    params: { $limit: limit, $offset: offset },
    signal,
  });
  const meta = response.metaData as Partial<PageMeta> | undefined;
  const visits = response.dataSet ?? [];
  return { visits, page: { total: meta?.total ?? visits.length, limit: meta?.limit ?? limit, offset: meta?.offset ?? offset } };
}

export const getServiceHistoryQueryOptions = (customerId: string, limit: number, offset: number) =>
  queryOptions({
    queryKey: customerAreaKeys.serviceHistoryPage(customerId, limit, offset),
    queryFn: ({ signal }) => getServiceHistory(customerId, limit, offset, signal),
  });

/** The previous page stays on screen while the next one loads (Previous/Next does not flash a spinner). */
export function useServiceHistory(customerId: string, limit: number, offset: number) {
  return useQuery({ ...getServiceHistoryQueryOptions(customerId, limit, offset), placeholderData: keepPreviousData });
}
