// POST /api/failed-jobs/{id}/retry: queues a failed message job again (after a fix); the list reloads.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { systemHealthKeys } from './system-health-keys';

export async function retryFailedJob(id: string): Promise<{ id: string }> {
  const response = await api.post<ApiEnvelope<{ id: string }>>(`/api/failed-jobs/${encodeURIComponent(id)}/retry`, {});
  return response.dataSet;
}

type Options = Omit<UseMutationOptions<{ id: string }, ApiError, string>, 'mutationFn'>;

export function useRetryFailedJob(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: [...systemHealthKeys.failedJobs(), 'retry'],
    mutationFn: retryFailedJob,
    // Success or not (404: already retried elsewhere), the list is read again.
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: systemHealthKeys.failedJobs() });
      await options.onSettled?.(...args);
    },
  });
}
