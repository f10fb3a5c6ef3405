// POST /api/gift-claims: the signed-in customer claims the gift of a /login/{giftToken} link (issue 13 "Gifts").
// The server checks the token (single use, 30 days) and that the gift was sent to this customer's e-mail.
import type { ApiEnvelope, GiftClaimView } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export async function claimGift(giftToken: string): Promise<GiftClaimView> {
  const response = await api.post<ApiEnvelope<GiftClaimView>>('/api/gift-claims', { giftToken });
  return response.dataSet;
}
