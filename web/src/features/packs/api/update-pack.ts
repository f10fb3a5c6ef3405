// PUT /api/packs/{id}: all the terms again, with the revision they were read at (a stale edit gets 412).
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { PackTerms } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import type { CommandEnvelope } from '../../../lib/command-answer';
import { packKeys } from './pack-keys';

export interface UpdatePackInput {
  packId: string;
  terms: PackTerms;
  expectedRevision: number;
}

export async function updatePack({ packId, terms, expectedRevision }: UpdatePackInput): Promise<CommandEnvelope> {
  return api.put<CommandEnvelope>(`/api/packs/${encodeURIComponent(packId)}`, { ...terms, expectedRevision });
}

type Options = Omit<UseMutationOptions<CommandEnvelope, ApiError, UpdatePackInput>, 'mutationFn'>;

export function useUpdatePack(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: packKeys.save(),
    mutationFn: updatePack,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: packKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
