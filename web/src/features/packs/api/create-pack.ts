// POST /api/packs: creates a pack (its coupons are added one by one afterwards); the lists reload.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { PackItem, PackTerms } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import type { CommandEnvelope } from '../../../lib/command-answer';
import { packKeys } from './pack-keys';

export type CreatePackInput = PackTerms & { items: PackItem[] };

export async function createPack(input: CreatePackInput): Promise<CommandEnvelope> {
  return api.post<CommandEnvelope>('/api/packs', input);
}

type Options = Omit<UseMutationOptions<CommandEnvelope, ApiError, CreatePackInput>, 'mutationFn'>;

export function useCreatePack(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: packKeys.save(),
    mutationFn: createPack,
    onSuccess: async (...args) => {
      // The answer's position is remembered by the client, so this reload waits for the read model.
      await queryClient.invalidateQueries({ queryKey: packKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
