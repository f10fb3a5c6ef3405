// GET /api/failed-jobs: message jobs that failed for good, kept for an operator's retry (admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, FailedJob } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { retryPollInterval, systemHealthKeys } from './system-health-keys';

export async function getFailedJobs(signal?: AbortSignal): Promise<FailedJob[]> {
  const response = await api.get<ApiEnvelope<FailedJob[] | null>>('/api/failed-jobs', { signal });
  return response.dataSet ?? [];
}

export const getFailedJobsQueryOptions = () =>
  queryOptions({
    queryKey: systemHealthKeys.failedJobs(),
    queryFn: ({ signal }) => getFailedJobs(signal),
    staleTime: 0,
    // While a retry waits for the reactor to pick it up, the list is read again every few seconds.
    refetchInterval: (query) => retryPollInterval(query.state.data),
  });

export function useFailedJobs() {
  return useQuery(getFailedJobsQueryOptions());
}
