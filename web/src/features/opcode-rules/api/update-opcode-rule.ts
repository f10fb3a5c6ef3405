// PUT /api/opcode-verification-rules/{id}: changes the description of a rule (location and op code are its identity).
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { opCodeRuleKeys } from './opcode-rule-keys';

export interface UpdateOpCodeRuleInput {
  id: string;
  description: string | null;
}

export async function updateOpCodeRule({ id, description }: UpdateOpCodeRuleInput): Promise<void> {
  await api.put(`/api/opcode-verification-rules/${encodeURIComponent(id)}`, { description });
}

type Options = Omit<UseMutationOptions<void, ApiError, UpdateOpCodeRuleInput>, 'mutationFn'>;

export function useUpdateOpCodeRule(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: opCodeRuleKeys.update(),
    mutationFn: updateOpCodeRule,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: opCodeRuleKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
