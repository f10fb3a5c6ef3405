// GET /api/packs/{id}: one pack with its coupons (the pack detail reloads it after each change).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, PackView } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { packKeys } from './pack-keys';

export async function getPack(packId: string, signal?: AbortSignal): Promise<PackView> {
  const response = await api.get<ApiEnvelope<PackView>>(`/api/packs/${encodeURIComponent(packId)}`, { signal });
  return response.dataSet;
}

export const getPackQueryOptions = (packId: string) =>
  queryOptions({
    queryKey: packKeys.detail(packId),
    queryFn: ({ signal }) => getPack(packId, signal),
  });

/** The pack, starting from the list's copy so the detail shows at once. */
export function usePack(packId: string | null, initial?: PackView) {
  return useQuery({ ...getPackQueryOptions(packId ?? ''), enabled: packId !== null, placeholderData: initial });
}
