// Voiding a redemption from the review list, through the redemption's own void route: digital coupons
// (POST /api/coupon-redemptions/{issuedCouponId}/void) and paper coupons
// (POST /api/paper-books/{bookNumber}/redemptions/{redemptionId}/void). The calls themselves belong to the
// features that own those routes; the route module hands them in (features meet only in app/routes).
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { VoidedRoRedemptionView } from '@dealer/contracts';
import type { ApiError } from '../../../lib/api-error';
import { redemptionReviewKeys } from './redemption-review-keys';

/** What a void answers: at least the success text for the toast. */
export interface VoidAnswer {
  message: string;
}

/** The void calls of the pack-sales and paper-book features. */
export interface RedemptionVoids {
  voidCouponRedemption: (input: { issuedCouponId: string; redemptionId: string; customerId: string; reason: string }) => Promise<VoidAnswer>;
  voidPaperRedemption: (input: { bookNumber: string; redemptionId: string; paperCouponNumber: number; reason: string }) => Promise<VoidAnswer>;
}

export interface VoidReviewedInput {
  redemption: VoidedRoRedemptionView;
  reason: string;
}

export function voidReviewedRedemption(voids: RedemptionVoids, { redemption: r, reason }: VoidReviewedInput): Promise<VoidAnswer> {
  if (r.kind === 'paper') return voids.voidPaperRedemption({ bookNumber: r.bookNumber ?? '', redemptionId: r.redemptionId, paperCouponNumber: r.paperCouponNumber ?? 0, reason });
  return voids.voidCouponRedemption({ issuedCouponId: r.issuedCouponId, redemptionId: r.redemptionId, customerId: r.customerId ?? '', reason });
}

type Options = Omit<UseMutationOptions<VoidAnswer, ApiError, VoidReviewedInput>, 'mutationFn'>;

export function useVoidReviewedRedemption(voids: RedemptionVoids, options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: VoidReviewedInput) => voidReviewedRedemption(voids, input),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: redemptionReviewKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
