// GET /api/ro-data?roNumber=&locationId= : one repair order with its jobs (DMS reference data).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { RepairOrder, RoInput } from './repair-order';
import { repairOrderKeys } from './repair-order-keys';

export async function getRepairOrder({ roNumber, locationId }: RoInput, signal?: AbortSignal): Promise<RepairOrder> {
  const response = await api.get<ApiEnvelope<RepairOrder>>('/api/ro-data', { params: { roNumber: roNumber.trim(), locationId }, signal });
  return response.dataSet;
}

export const getRepairOrderQueryOptions = (input: RoInput) =>
  queryOptions({
    queryKey: repairOrderKeys.detail(input),
    queryFn: ({ signal }) => getRepairOrder(input, signal),
    // ROs are imported reference data: they do not change while someone looks at one.
    staleTime: 5 * 60_000,
  });

export function useRepairOrder(input: RoInput | null) {
  return useQuery({ ...getRepairOrderQueryOptions(input ?? { roNumber: '', locationId: 0 }), enabled: input !== null });
}
