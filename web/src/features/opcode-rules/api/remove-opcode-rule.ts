// DELETE /api/opcode-verification-rules/{id}: the op code no longer needs the customer's verification there.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { opCodeRuleKeys } from './opcode-rule-keys';

export async function removeOpCodeRule(id: string): Promise<void> {
  await api.delete(`/api/opcode-verification-rules/${encodeURIComponent(id)}`);
}

type Options = Omit<UseMutationOptions<void, ApiError, string>, 'mutationFn'>;

export function useRemoveOpCodeRule(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: removeOpCodeRule,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: opCodeRuleKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
