// GET /api/packs?search=&status=&$limit=&$offset=: one page of the packs, with its total.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOGUE_PAGE, type ApiEnvelope, type PackStatus, type PackView, type PageMeta } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { packKeys, type PackListParams } from './pack-keys';

export type { PackListParams } from './pack-keys';

export interface PackPage {
  packs: PackView[];
  total: number;
  limit: number;
  offset: number;
}

export async function getPacks(params: PackListParams, signal?: AbortSignal): Promise<PackPage> {
  const limit = params.limit ?? CATALOGUE_PAGE.defaultLimit;
  const response = await api.get<ApiEnvelope<PackView[] | null> & { metaData?: Partial<PageMeta> }>('/api/packs', {
    params: { search: params.search, status: params.status === 'all' ? undefined : params.status, $limit: limit, $offset: params.offset },
    signal,
  });
  const packs = response.dataSet ?? [];
  const meta = response.metaData ?? {};
  return { packs, total: meta.total ?? packs.length, limit: meta.limit ?? limit, offset: meta.offset ?? params.offset };
}

export const getPacksQueryOptions = (params: PackListParams) =>
  queryOptions({
    queryKey: packKeys.list(params),
    queryFn: ({ signal }) => getPacks(params, signal),
  });

/** A page of packs; the previous page stays on screen while the next one loads. */
export function usePacks(params: PackListParams) {
  return useQuery({ ...getPacksQueryOptions(params), placeholderData: keepPreviousData });
}
