// POST /api/packs/{id}/disable and /enable: a disabled pack is no longer sold (packs already sold keep their terms).
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import type { CommandEnvelope } from '../../../lib/command-answer';
import { packKeys } from './pack-keys';

export interface SetPackStatusInput {
  packId: string;
  action: 'disable' | 'enable';
}

export async function setPackStatus({ packId, action }: SetPackStatusInput): Promise<CommandEnvelope> {
  return api.post<CommandEnvelope>(`/api/packs/${encodeURIComponent(packId)}/${action}`, {});
}

type Options = Omit<UseMutationOptions<CommandEnvelope, ApiError, SetPackStatusInput>, 'mutationFn'>;

export function useSetPackStatus(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: setPackStatus,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: packKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
