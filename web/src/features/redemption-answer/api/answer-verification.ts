// PUT /api/redemption-verifications {codeId, code, reply} (SPEC 7 code submission): the customer's answer per
// op code. Public: the link token is the secret. The answer is the verification as it now stands.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope, PublicRedemptionVerification, RedemptionVerificationCodeSubmission } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { redemptionAnswerKeys } from './get-verification-by-token';

export async function answerVerification(submission: RedemptionVerificationCodeSubmission): Promise<PublicRedemptionVerification> {
  const response = await api.put<ApiEnvelope<PublicRedemptionVerification>>('/api/redemption-verifications', submission);
  return response.dataSet;
}

type Options = Omit<UseMutationOptions<PublicRedemptionVerification, ApiError, RedemptionVerificationCodeSubmission>, 'mutationFn'>;

export function useAnswerVerification(options: Options = {}) {
  return useMutation({ ...options, mutationKey: redemptionAnswerKeys.answer(), mutationFn: answerVerification });
}
