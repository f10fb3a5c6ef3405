// GET /api/ro-data?roNumber=&locationId=&findCustomers=1 : the CRM customers matching an RO's customer.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, RoCustomer } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

export type { RoCustomer };

export interface RoRef {
  roNumber: string;
  locationId: number;
}

export async function getRoCustomers({ roNumber, locationId }: RoRef, signal?: AbortSignal): Promise<RoCustomer[]> {
  const response = await api.get<ApiEnvelope<RoCustomer[] | null>>('/api/ro-data', {
    params: { roNumber: roNumber.trim(), locationId, findCustomers: 1 },
    signal,
  });
  return response.dataSet ?? [];
}

export const getRoCustomersQueryOptions = (ro: RoRef) =>
  queryOptions({
    queryKey: customerKeys.roCustomers(ro.locationId, ro.roNumber),
    queryFn: ({ signal }) => getRoCustomers(ro, signal),
  });

export function useRoCustomers(ro: RoRef | null) {
  return useQuery({ ...getRoCustomersQueryOptions(ro ?? { roNumber: '', locationId: 0 }), enabled: ro !== null });
}
