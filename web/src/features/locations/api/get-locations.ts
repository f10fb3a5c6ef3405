// GET /api/locations: the dealership locations (SPEC 3), fetched once and cached for the session.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, LocationWithSettings } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export type Location = LocationWithSettings;

export async function getLocations(signal?: AbortSignal): Promise<Location[]> {
  const response = await api.get<ApiEnvelope<Location[] | null>>('/api/locations', { signal });
  return response.dataSet ?? [];
}

export const getLocationsQueryOptions = () =>
  queryOptions({
    queryKey: ['locations'] as const,
    queryFn: ({ signal }) => getLocations(signal),
    staleTime: Infinity,
  });

export function useLocations() {
  return useQuery(getLocationsQueryOptions());
}
