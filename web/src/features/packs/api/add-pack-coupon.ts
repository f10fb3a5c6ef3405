// POST /api/packs/{id}/coupons {couponId, quantity}: adds a coupon (or sets the quantity of one already in the pack).
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import type { CommandEnvelope } from '../../../lib/command-answer';
import { packKeys } from './pack-keys';

export interface AddPackCouponInput {
  packId: string;
  couponId: string;
  quantity: number;
}

export async function addPackCoupon({ packId, ...body }: AddPackCouponInput): Promise<CommandEnvelope> {
  return api.post<CommandEnvelope>(`/api/packs/${encodeURIComponent(packId)}/coupons`, body);
}

type Options = Omit<UseMutationOptions<CommandEnvelope, ApiError, AddPackCouponInput>, 'mutationFn'>;

export function useAddPackCoupon(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: packKeys.addCoupon(),
    mutationFn: addPackCoupon,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: packKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
