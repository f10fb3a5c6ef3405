// GET /api/report-locations: the locations the signed-in user reads reports at (admins every location; controllers
// and managers where they hold a controller or manager role), which the report pages offer. The server narrows a
// report's locations to the same list, so nothing offered is dropped.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export interface ReportLocationRow {
  locationId: number;
  name: string;
}

export async function getReportLocations(signal?: AbortSignal): Promise<ReportLocationRow[]> {
  const response = await api.get<ApiEnvelope<ReportLocationRow[] | null>>('/api/report-locations', { signal });
  return response.dataSet ?? [];
}

export const getReportLocationsQueryOptions = () =>
  queryOptions({
    queryKey: ['report-locations'] as const,
    queryFn: ({ signal }) => getReportLocations(signal),
  });

export function useReportLocations() {
  return useQuery(getReportLocationsQueryOptions());
}
