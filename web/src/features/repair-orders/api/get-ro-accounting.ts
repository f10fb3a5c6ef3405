// GET /api/ro-data?roNumber=&locationId=&accounting=1 : the RO's accounting postings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { AccountingDetail, RoInput } from './repair-order';
import { repairOrderKeys } from './repair-order-keys';

export async function getRoAccounting({ roNumber, locationId }: RoInput, signal?: AbortSignal): Promise<AccountingDetail[]> {
  const response = await api.get<ApiEnvelope<AccountingDetail[] | null>>('/api/ro-data', {
    params: { roNumber: roNumber.trim(), locationId, accounting: 1 },
    signal,
  });
  return response.dataSet ?? [];
}

export const getRoAccountingQueryOptions = (input: RoInput) =>
  queryOptions({
    queryKey: repairOrderKeys.accounting(input),
    queryFn: ({ signal }) => getRoAccounting(input, signal),
    staleTime: 5 * 60_000,
  });

export function useRoAccounting(input: RoInput | null) {
  return useQuery({ ...getRoAccountingQueryOptions(input ?? { roNumber: '', locationId: 0 }), enabled: input !== null });
}
