// GET /api/parked-events: events a projection could not apply, parked with their error (admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, ParkedEvent } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { systemHealthKeys } from './system-health-keys';

export async function getParkedEvents(signal?: AbortSignal): Promise<ParkedEvent[]> {
  const response = await api.get<ApiEnvelope<ParkedEvent[] | null>>('/api/parked-events', { signal });
  return response.dataSet ?? [];
}

export const getParkedEventsQueryOptions = () =>
  queryOptions({
    queryKey: systemHealthKeys.parkedEvents(),
    queryFn: ({ signal }) => getParkedEvents(signal),
    staleTime: 0,
  });

export function useParkedEvents() {
  return useQuery(getParkedEventsQueryOptions());
}
