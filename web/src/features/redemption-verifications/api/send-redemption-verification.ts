// POST /api/redemption-verifications (start) and POST /api/redemption-verifications/{id}/resend: send the
// customer the verification link. The server's rate limit answers 429 'Please wait {n} seconds ...'.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope, RedemptionVerification, RedemptionVerificationType, StartRedemptionVerificationRequest } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { applyVerificationAnswer } from './apply-verification';
import { redemptionVerificationKeys } from './redemption-verification-keys';

export type SendRedemptionVerificationInput =
  | { kind: 'start'; request: StartRedemptionVerificationRequest }
  | { kind: 'resend'; redemptionVerificationId: string; type: RedemptionVerificationType };

/** The verification as the command answers it, with the text to show ('Email or Text sent to {name}.'). */
export type SentRedemptionVerification = RedemptionVerification & { message?: string };

// No client retries: a 429 here is the rate limit, which repeating the request within 3 s cannot cure.
export async function sendRedemptionVerification(input: SendRedemptionVerificationInput): Promise<SentRedemptionVerification> {
  const response =
    input.kind === 'start'
      ? await api.post<ApiEnvelope<SentRedemptionVerification>>('/api/redemption-verifications', input.request, { retry: false })
      : await api.post<ApiEnvelope<SentRedemptionVerification>>(
          `/api/redemption-verifications/${encodeURIComponent(input.redemptionVerificationId)}/resend`,
          { type: input.type },
          { retry: false },
        );
  return response.dataSet;
}

type Options = Omit<UseMutationOptions<SentRedemptionVerification, ApiError, SendRedemptionVerificationInput>, 'mutationFn'>;

export function useSendRedemptionVerification(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: redemptionVerificationKeys.send(),
    mutationFn: sendRedemptionVerification,
    onSuccess: async (verification, ...rest) => {
      // The answer is the newest state: polling starts from it, Pending Approvals counts it at once.
      await applyVerificationAnswer(queryClient, verification);
      await options.onSuccess?.(verification, ...rest);
    },
  });
}
