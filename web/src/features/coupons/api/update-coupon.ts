// PUT /api/coupons/{id}: all the terms again, with the revision they were read at (a stale edit gets 412).
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { CouponTerms } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import type { CommandEnvelope } from '../../../lib/command-answer';
import { couponKeys } from './coupon-keys';

export interface UpdateCouponInput {
  couponId: string;
  terms: CouponTerms;
  /** The view's revision when the form opened. */
  expectedRevision: number;
}

export async function updateCoupon({ couponId, terms, expectedRevision }: UpdateCouponInput): Promise<CommandEnvelope> {
  return api.put<CommandEnvelope>(`/api/coupons/${encodeURIComponent(couponId)}`, { ...terms, expectedRevision });
}

type Options = Omit<UseMutationOptions<CommandEnvelope, ApiError, UpdateCouponInput>, 'mutationFn'>;

export function useUpdateCoupon(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: couponKeys.save(),
    mutationFn: updateCoupon,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: couponKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
