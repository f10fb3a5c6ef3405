// POST /api/opcode-verification-rules: marks an op code of a location as needing the customer's verification.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { OpCodeRule } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { opCodeRuleKeys } from './opcode-rule-keys';

export async function addOpCodeRule(input: OpCodeRule): Promise<void> {
  await api.post('/api/opcode-verification-rules', input);
}

type Options = Omit<UseMutationOptions<void, ApiError, OpCodeRule>, 'mutationFn'>;

export function useAddOpCodeRule(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: addOpCodeRule,
    onSuccess: async (...args) => {
      // The answer's position is remembered by the client, so this reload waits for the read model.
      await queryClient.invalidateQueries({ queryKey: opCodeRuleKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
