// POST /api/parked-events/{id}/retry: asks the projector to apply a parked event again (after a fix); the list reloads.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { systemHealthKeys } from './system-health-keys';

export async function retryParkedEvent(id: string): Promise<{ id: string }> {
  const response = await api.post<ApiEnvelope<{ id: string }>>(`/api/parked-events/${encodeURIComponent(id)}/retry`, {});
  return response.dataSet;
}

type Options = Omit<UseMutationOptions<{ id: string }, ApiError, string>, 'mutationFn'>;

export function useRetryParkedEvent(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: [...systemHealthKeys.parkedEvents(), 'retry'],
    mutationFn: retryParkedEvent,
    // Success or not (404: someone else's retry already applied it), the list is read again.
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: systemHealthKeys.parkedEvents() });
      await options.onSettled?.(...args);
    },
  });
}
