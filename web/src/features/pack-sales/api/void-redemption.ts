// POST /api/coupon-redemptions/{issuedCouponId}/void: void a coupon's redemption with a reason; the coupon is
// available again. The server decides who may (staff their own on the day, managers any).
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { useRedemptionCommand, type RedemptionAnswer, type RedemptionMutationOptions } from './redemption-command';

export interface VoidRedemptionInput {
  issuedCouponId: string;
  redemptionId: string;
  customerId: string;
  reason: string;
}

export async function voidRedemption({ issuedCouponId, redemptionId, reason }: VoidRedemptionInput): Promise<RedemptionAnswer> {
  const response = await api.post<ApiEnvelope<RedemptionAnswer>>(`/api/coupon-redemptions/${encodeURIComponent(issuedCouponId)}/void`, { redemptionId, reason });
  return response.dataSet;
}

export function useVoidRedemption(options: RedemptionMutationOptions<VoidRedemptionInput> = {}) {
  return useRedemptionCommand(voidRedemption, options);
}
