// What the coupon-redemption commands share: the answer type and a mutation hook that refreshes the customer's
// coupons and purchase history once the command is done (the api-client's read position makes the re-read see it).
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { CommandAnswer, Money } from '@dealer/contracts';
import type { ApiError } from '../../../lib/api-error';
import { packSaleKeys } from './pack-sale-keys';

/** 201/200 of the redemption commands: the redemption and where it stands. */
export type RedemptionAnswer = CommandAnswer & {
  redemptionId?: string;
  issuedCouponId?: string;
  status?: 'redeemed' | 'awaiting-verification';
  amount?: Money;
};

export type RedemptionMutationOptions<TInput> = Omit<UseMutationOptions<RedemptionAnswer, ApiError, TInput>, 'mutationFn'>;

export function useRedemptionCommand<TInput extends { customerId: string }>(
  run: (input: TInput) => Promise<RedemptionAnswer>,
  options: RedemptionMutationOptions<TInput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: run,
    onSuccess: async (answer, input, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: packSaleKeys.customer(input.customerId) });
      await options.onSuccess?.(answer, input, ...rest);
    },
  });
}
