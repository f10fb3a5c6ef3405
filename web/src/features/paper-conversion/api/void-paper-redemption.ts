// POST /api/paper-books/{bookNumber}/redemptions/{redemptionId}/void: voids a paper coupon's redemption with a
// reason; the coupon is available again while it is valid. The server decides who may (managers any, staff
// their own on the day) and answers 403 with its message otherwise.
import type { ApiEnvelope, PaperRedemptionAnswer } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { usePaperBookCommand, type PaperBookMutationOptions } from './paper-book-command';

export interface VoidPaperRedemptionInput {
  bookNumber: string;
  redemptionId: string;
  /** The paper coupon's number, so its row can show the command running. */
  paperCouponNumber: number;
  reason: string;
}

export async function voidPaperRedemption({ bookNumber, redemptionId, reason }: VoidPaperRedemptionInput): Promise<PaperRedemptionAnswer> {
  const path = `/api/paper-books/${encodeURIComponent(bookNumber)}/redemptions/${encodeURIComponent(redemptionId)}/void`;
  const response = await api.post<ApiEnvelope<PaperRedemptionAnswer>>(path, { reason });
  return response.dataSet;
}

export function useVoidPaperRedemption(options: PaperBookMutationOptions<VoidPaperRedemptionInput, PaperRedemptionAnswer> = {}) {
  return usePaperBookCommand(voidPaperRedemption, options);
}
