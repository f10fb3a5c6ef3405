// POST /api/pack-sales/{id}/finalise: a manager makes a pending sale final without waiting for the RO to close.
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { usePackSaleCommand, type PackSaleAnswer, type PackSaleMutationOptions } from './pack-sale-command';

export interface FinalisePackSaleInput {
  saleId: string;
  customerId: string;
}

export async function finalisePackSale({ saleId }: FinalisePackSaleInput): Promise<PackSaleAnswer> {
  const response = await api.post<ApiEnvelope<PackSaleAnswer>>(`/api/pack-sales/${encodeURIComponent(saleId)}/finalise`, {});
  return response.dataSet;
}

export function useFinalisePackSale(options: PackSaleMutationOptions<FinalisePackSaleInput> = {}) {
  return usePackSaleCommand(finalisePackSale, options);
}
