// POST /api/paper-books/{bookNumber}/redemptions: one paper coupon of the book against an RO (Enter Redemption
// RO #). Paper coupons need no verification by the customer: the answer is redeemed or a refusal.
import type { ApiEnvelope, PaperRedemptionAnswer, PaperRedemptionRequest } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { usePaperBookCommand, type PaperBookMutationOptions } from './paper-book-command';

export type RedeemPaperCouponInput = PaperRedemptionRequest & { bookNumber: string };

export async function redeemPaperCoupon({ bookNumber, ...body }: RedeemPaperCouponInput): Promise<PaperRedemptionAnswer> {
  const response = await api.post<ApiEnvelope<PaperRedemptionAnswer>>(`/api/paper-books/${encodeURIComponent(bookNumber)}/redemptions`, body);
  return response.dataSet;
}

export function useRedeemPaperCoupon(options: PaperBookMutationOptions<RedeemPaperCouponInput, PaperRedemptionAnswer> = {}) {
  return usePaperBookCommand(redeemPaperCoupon, options);
}
