// GET /api/packs?status=active&locationId=: the packs a location sells today (the sell dialog's choice).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOGUE_PAGE, type ApiEnvelope, type PackView } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { packSaleKeys } from './pack-sale-keys';

export async function getSellablePacks(locationId: number, signal?: AbortSignal): Promise<PackView[]> {
  const response = await api.get<ApiEnvelope<PackView[] | null>>('/api/packs', {
    params: { status: 'active', locationId, $limit: CATALOGUE_PAGE.maxLimit },
    signal,
  });
  return response.dataSet ?? [];
}

export const getSellablePacksQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: packSaleKeys.sellablePacks(locationId),
    queryFn: ({ signal }) => getSellablePacks(locationId, signal),
  });

export function useSellablePacks(locationId: number | null) {
  return useQuery({ ...getSellablePacksQueryOptions(locationId ?? 0), enabled: locationId !== null });
}
