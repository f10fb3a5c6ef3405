// GET /api/parked-events: events a projection could not apply, parked with their error (admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, ParkedEvent } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { retryPollInterval, systemHealthKeys } from './system-health-keys';

export async function getParkedEvents(signal?: AbortSignal): Promise<ParkedEvent[]> {
  const response = await api.get<ApiEnvelope<ParkedEvent[] | null>>('/api/parked-events', { signal });
  return response.dataSet ?? [];
}

export const getParkedEventsQueryOptions = () =>
  queryOptions({
    queryKey: systemHealthKeys.parkedEvents(),
    queryFn: ({ signal }) => getParkedEvents(signal),
    staleTime: 0,
    // While a retry waits for the projector to pick it up, the list is read again every few seconds.
    refetchInterval: (query) => retryPollInterval(query.state.data),
  });

export function useParkedEvents() {
  return useQuery(getParkedEventsQueryOptions());
}
