// GET /api/customers/{id}: one customer, with empty values loaded as null (SPEC 3).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { emptyToNull, type ApiEnvelope, type Customer } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/** A customer as the read side answers it, with the stream revision used for optimistic concurrency. */
export type CustomerRecord = Customer & { revision?: number };

export async function getCustomer(customerId: string, signal?: AbortSignal): Promise<CustomerRecord> {
  const response = await api.get<ApiEnvelope<CustomerRecord>>(`/api/customers/${encodeURIComponent(customerId)}`, { signal });
  return emptyToNull(response.dataSet);
}

export const getCustomerQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: customerKeys.detail(customerId),
    queryFn: ({ signal }) => getCustomer(customerId, signal),
  });

export function useCustomer(customerId: string | null) {
  return useQuery({ ...getCustomerQueryOptions(customerId ?? ''), enabled: customerId !== null });
}
