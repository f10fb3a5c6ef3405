// POST /api/coupon-redemption-reviews {redemptionId, note}: a manager keeps a redemption on a voided RO (the work
// stands); it leaves the list. 409 when it is no longer live on a voided RO or was reviewed already.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { redemptionReviewKeys } from './redemption-review-keys';

export interface KeepRedemptionInput {
  redemptionId: string;
  note: string;
}

export interface KeepRedemptionAnswer {
  id: string;
  redemptionId: string;
  message: string;
}

export async function keepRedemption(input: KeepRedemptionInput): Promise<KeepRedemptionAnswer> {
  const response = await api.post<ApiEnvelope<KeepRedemptionAnswer>>('/api/coupon-redemption-reviews', input);
  return response.dataSet;
}

type Options = Omit<UseMutationOptions<KeepRedemptionAnswer, ApiError, KeepRedemptionInput>, 'mutationFn'>;

export function useKeepRedemption(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: keepRedemption,
    onSuccess: async (...args) => {
      // The answer's position is remembered by the client, so this reload waits for the read model.
      await queryClient.invalidateQueries({ queryKey: redemptionReviewKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
