// POST /api/coupons: defines a coupon (all its terms); the lists reload.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { CouponTerms } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import type { CommandEnvelope } from '../../../lib/command-answer';
import { couponKeys } from './coupon-keys';

export async function createCoupon(terms: CouponTerms): Promise<CommandEnvelope> {
  return api.post<CommandEnvelope>('/api/coupons', terms);
}

type Options = Omit<UseMutationOptions<CommandEnvelope, ApiError, CouponTerms>, 'mutationFn'>;

export function useCreateCoupon(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: couponKeys.save(),
    mutationFn: createCoupon,
    onSuccess: async (...args) => {
      // The answer's position is remembered by the client, so this reload waits for the read model.
      await queryClient.invalidateQueries({ queryKey: couponKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
