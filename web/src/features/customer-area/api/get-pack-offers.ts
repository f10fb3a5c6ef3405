// GET /api/pack-offers: the dealership family's active packs (public), for Current offers and the /purchase landing.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, PackOfferView } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { customerAreaKeys } from './customer-area-keys';

export async function getPackOffers(locationId: number | null, signal?: AbortSignal): Promise<PackOfferView[]> {
  const response = await api.get<ApiEnvelope<PackOfferView[] | null>>('/api/pack-offers', { params: { locationId }, signal });
  return response.dataSet ?? [];
}

export const getPackOffersQueryOptions = (locationId: number | null = null) =>
  queryOptions({
    queryKey: customerAreaKeys.offers(locationId),
    queryFn: ({ signal }) => getPackOffers(locationId, signal),
    // The catalogue changes rarely; a minute old is fresh enough for a list of offers.
    staleTime: 60_000,
  });

export function usePackOffers(locationId: number | null = null) {
  return useQuery(getPackOffersQueryOptions(locationId));
}
