// What the coupon-redemption commands share: the answer type and the pack-sale commands' mutation hook, which
// refreshes the customer's coupons and purchase history once the command is done.
import type { CommandAnswer, Money } from '@dealer/contracts';
import { usePackSaleCommand, type PackSaleMutationOptions } from './pack-sale-command';

/** 201/200 of the redemption commands: the redemption and where it stands. */
export type RedemptionAnswer = CommandAnswer & {
  redemptionId?: string;
  issuedCouponId?: string;
  status?: 'redeemed' | 'awaiting-verification';
  amount?: Money;
};

export type RedemptionMutationOptions<TInput> = PackSaleMutationOptions<TInput, RedemptionAnswer>;

export function useRedemptionCommand<TInput extends { customerId: string }>(
  run: (input: TInput) => Promise<RedemptionAnswer>,
  options: RedemptionMutationOptions<TInput>,
) {
  return usePackSaleCommand<TInput, RedemptionAnswer>(run, options);
}
