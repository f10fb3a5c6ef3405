// POST /api/redemption-verification-overrides: staff accept a pending verification on the customer's behalf;
// the workers notify the customer. A final verification answers 409 with the reason; a reason over the
// server's bound answers 400.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope, RedemptionVerification } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { applyVerificationAnswer } from './apply-verification';
import { redemptionVerificationKeys } from './redemption-verification-keys';

export interface OverrideRedemptionVerificationInput {
  redemptionVerificationId: string;
  /** Why staff accept on the customer's behalf; the server keeps it with who and when. */
  reason: string;
}

export async function overrideRedemptionVerification(input: OverrideRedemptionVerificationInput): Promise<RedemptionVerification> {
  const response = await api.post<ApiEnvelope<RedemptionVerification>>('/api/redemption-verification-overrides', input);
  return response.dataSet;
}

type Options = Omit<UseMutationOptions<RedemptionVerification, ApiError, OverrideRedemptionVerificationInput>, 'mutationFn'>;

export function useOverrideRedemptionVerification(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: redemptionVerificationKeys.override(),
    mutationFn: overrideRedemptionVerification,
    // The accepted row leaves Pending Approvals (and its badge) together with the success message.
    onSuccess: async (verification, ...rest) => {
      await applyVerificationAnswer(queryClient, verification);
      await options.onSuccess?.(verification, ...rest);
    },
    // A 409 means the list is out of date: the customer's lists are refetched.
    onError: async (error, ...rest) => {
      void queryClient.invalidateQueries({ queryKey: redemptionVerificationKeys.lists() });
      await options.onError?.(error, ...rest);
    },
  });
}
