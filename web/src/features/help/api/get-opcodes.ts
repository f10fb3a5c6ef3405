// GET /api/opcodes?search=&locationId=&$limit=&$offset=: one page of the op codes in the DMS data, with how many
// jobs carry each and whether it needs the customer's verification at the location.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOGUE_PAGE, type ApiEnvelope, type PageMeta } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export interface OpCodeListed {
  opCode: string;
  description: string | null;
  jobCount: number;
  needsVerification: boolean;
}

export interface OpCodeListParams {
  /** Op code or description; '' lists everything. */
  search: string;
  /** null: every location. */
  locationId: number | null;
  offset: number;
  limit?: number;
}

export interface OpCodePage {
  opCodes: OpCodeListed[];
  total: number;
  limit: number;
  offset: number;
}

export const opCodeKeys = {
  all: ['help-opcodes'] as const,
  list: (params: OpCodeListParams) => [...opCodeKeys.all, 'list', params] as const,
};

export async function getOpCodes(params: OpCodeListParams, signal?: AbortSignal): Promise<OpCodePage> {
  const limit = params.limit ?? CATALOGUE_PAGE.defaultLimit;
  const response = await api.get<ApiEnvelope<OpCodeListed[] | null> & { metaData?: Partial<PageMeta> }>('/api/opcodes', {
    params: { search: params.search || undefined, locationId: params.locationId ?? undefined, $limit: limit, $offset: params.offset },
    signal,
  });
  const opCodes = response.dataSet ?? [];
  const meta = response.metaData ?? {};
  return { opCodes, total: meta.total ?? opCodes.length, limit: meta.limit ?? limit, offset: meta.offset ?? params.offset };
}

export const getOpCodesQueryOptions = (params: OpCodeListParams) =>
  queryOptions({ queryKey: opCodeKeys.list(params), queryFn: ({ signal }) => getOpCodes(params, signal) });

/** A page of op codes; the previous page stays on screen while the next one loads. Idle while `enabled` is false. */
export function useOpCodes(params: OpCodeListParams, enabled = true) {
  return useQuery({ ...getOpCodesQueryOptions(params), placeholderData: keepPreviousData, enabled });
}
