// GET /api/locations: the dealership locations (SPEC 3), fetched once and cached for the session.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export interface Location {
  locationId: number;
  locationName: string;
  locId: string | null;
  isUsingCrm: boolean;
  /** IANA zone of the location (issue 11; optional until every server sends it). */
  timeZone?: string | null;
  /** Sales tax rate in basis points (725 = 7.25 %); optional until every server sends it. */
  salesTaxRateBasisPoints?: number | null;
}

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
