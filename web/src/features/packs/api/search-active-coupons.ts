// GET /api/coupons?status=active&search=: the coupons a pack can take, for the Add coupon dialog.
import { CATALOGUE_PAGE, type ApiEnvelope, type CouponView } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export async function searchActiveCoupons(term: string, signal?: AbortSignal): Promise<CouponView[]> {
  const response = await api.get<ApiEnvelope<CouponView[] | null>>('/api/coupons', {
    params: { status: 'active', search: term, $limit: CATALOGUE_PAGE.defaultLimit },
    signal,
  });
  return response.dataSet ?? [];
}
