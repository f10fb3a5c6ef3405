// GET /api/customer-info-from-ro?roNumber=&locationId=&isClosedRo=1|0 : the customer on an RO, to prefill a
// new customer (Populate from RO / Populate from Closed RO). Fetched on demand, never cached.
import type { ApiEnvelope, CustomerInfoFromRo } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export type { CustomerInfoFromRo };

export interface CustomerInfoFromRoInput {
  roNumber: string;
  locationId: number;
  isClosedRo: boolean;
}

export async function getCustomerInfoFromRo({ roNumber, locationId, isClosedRo }: CustomerInfoFromRoInput): Promise<CustomerInfoFromRo> {
  const response = await api.get<ApiEnvelope<CustomerInfoFromRo>>('/api/customer-info-from-ro', {
    params: { roNumber: roNumber.trim(), locationId, isClosedRo: isClosedRo ? 1 : 0 },
  });
  return response.dataSet;
}
