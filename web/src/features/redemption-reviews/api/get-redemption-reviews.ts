// GET /api/coupon-redemption-reviews?locationId=: the live redemptions on ROs the DMS data shows voided, that no
// manager kept, newest first (managers and admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, VoidedRoRedemptionView } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { redemptionReviewKeys } from './redemption-review-keys';

export async function getRedemptionReviews(locationId: number, signal?: AbortSignal): Promise<VoidedRoRedemptionView[]> {
  const response = await api.get<ApiEnvelope<VoidedRoRedemptionView[] | null>>('/api/coupon-redemption-reviews', { params: { locationId }, signal });
  return response.dataSet ?? [];
}

export const getRedemptionReviewsQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: redemptionReviewKeys.list(locationId),
    queryFn: ({ signal }) => getRedemptionReviews(locationId, signal),
  });

/** The list at one location; idle while no location is chosen or the user may not see it. */
export function useRedemptionReviews(locationId: number | null, enabled = true) {
  return useQuery({ ...getRedemptionReviewsQueryOptions(locationId ?? 0), enabled: enabled && locationId !== null });
}
