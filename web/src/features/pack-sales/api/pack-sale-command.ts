// What the pack-sale commands share: the answer type and a mutation hook that refreshes the customer's purchase
// history and coupons once the command is done (the api-client's read position makes the re-read see it).
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { CommandAnswer } from '@dealer/contracts';
import type { ApiError } from '../../../lib/api-error';
import { packSaleKeys } from './pack-sale-keys';

/** POST /api/pack-sales also says whether the new sale is pending or final. */
export type PackSaleAnswer = CommandAnswer & { status?: 'pending' | 'final' };

export type PackSaleMutationOptions<TInput, TAnswer = PackSaleAnswer> = Omit<UseMutationOptions<TAnswer, ApiError, TInput>, 'mutationFn'>;

/** A command about one customer's packs or coupons (sales and redemptions alike). */
export function usePackSaleCommand<TInput extends { customerId: string }, TAnswer = PackSaleAnswer>(
  run: (input: TInput) => Promise<TAnswer>,
  options: PackSaleMutationOptions<TInput, TAnswer>,
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
