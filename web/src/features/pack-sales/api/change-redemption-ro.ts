// PUT /api/coupon-redemptions/{issuedCouponId}: move a redemption to another RO number (and location).
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { useRedemptionCommand, type RedemptionAnswer, type RedemptionMutationOptions } from './redemption-command';

export interface ChangeRedemptionRoInput {
  issuedCouponId: string;
  redemptionId: string;
  customerId: string;
  locationId: number;
  roNumber: string;
}

export async function changeRedemptionRo({ issuedCouponId, redemptionId, locationId, roNumber }: ChangeRedemptionRoInput): Promise<RedemptionAnswer> {
  const response = await api.put<ApiEnvelope<RedemptionAnswer>>(`/api/coupon-redemptions/${encodeURIComponent(issuedCouponId)}`, { redemptionId, locationId, roNumber });
  return response.dataSet;
}

export function useChangeRedemptionRo(options: RedemptionMutationOptions<ChangeRedemptionRoInput> = {}) {
  return useRedemptionCommand(changeRedemptionRo, options);
}
