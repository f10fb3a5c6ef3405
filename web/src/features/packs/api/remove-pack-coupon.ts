// DELETE /api/packs/{id}/coupons/{couponId}: takes a coupon out of the pack.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import type { CommandEnvelope } from '../../../lib/command-answer';
import { packKeys } from './pack-keys';

export interface RemovePackCouponInput {
  packId: string;
  couponId: string;
}

export async function removePackCoupon({ packId, couponId }: RemovePackCouponInput): Promise<CommandEnvelope> {
  return api.delete<CommandEnvelope>(`/api/packs/${encodeURIComponent(packId)}/coupons/${encodeURIComponent(couponId)}`);
}

type Options = Omit<UseMutationOptions<CommandEnvelope, ApiError, RemovePackCouponInput>, 'mutationFn'>;

export function useRemovePackCoupon(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: removePackCoupon,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: packKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
