// POST /api/coupon-redemptions: redeem the selected customer's coupon on an RO (Enter Redemption RO #).
// 201 redeemed or held for the customer's verification; 412 when the op code needs a verification first.
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { useRedemptionCommand, type RedemptionAnswer, type RedemptionMutationOptions } from './redemption-command';

export interface RedeemCouponInput {
  issuedCouponId: string;
  customerId: string;
  locationId: number;
  roNumber: string;
}

export async function redeemCoupon(input: RedeemCouponInput): Promise<RedemptionAnswer> {
  const response = await api.post<ApiEnvelope<RedemptionAnswer>>('/api/coupon-redemptions', input);
  return response.dataSet;
}

export function useRedeemCoupon(options: RedemptionMutationOptions<RedeemCouponInput> = {}) {
  return useRedemptionCommand(redeemCoupon, options);
}
