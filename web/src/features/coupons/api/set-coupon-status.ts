// POST /api/coupons/{id}/disable and /enable: a disabled coupon is no longer sold in new packs.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import type { CommandEnvelope } from '../../../lib/command-answer';
import { couponKeys } from './coupon-keys';

export interface SetCouponStatusInput {
  couponId: string;
  action: 'disable' | 'enable';
}

export async function setCouponStatus({ couponId, action }: SetCouponStatusInput): Promise<CommandEnvelope> {
  return api.post<CommandEnvelope>(`/api/coupons/${encodeURIComponent(couponId)}/${action}`, {});
}

type Options = Omit<UseMutationOptions<CommandEnvelope, ApiError, SetCouponStatusInput>, 'mutationFn'>;

export function useSetCouponStatus(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: setCouponStatus,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: couponKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
