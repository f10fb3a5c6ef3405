// POST /api/pack-sales/{id}/location: corrects where a sale was made (any employee, with a reason).
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { usePackSaleCommand, type PackSaleAnswer, type PackSaleMutationOptions } from './pack-sale-command';

export interface CorrectPackSaleLocationInput {
  saleId: string;
  customerId: string;
  locationId: number;
  reason: string;
}

export async function correctPackSaleLocation({ saleId, locationId, reason }: CorrectPackSaleLocationInput): Promise<PackSaleAnswer> {
  const response = await api.post<ApiEnvelope<PackSaleAnswer>>(`/api/pack-sales/${encodeURIComponent(saleId)}/location`, { locationId, reason });
  return response.dataSet;
}

export function useCorrectPackSaleLocation(options: PackSaleMutationOptions<CorrectPackSaleLocationInput> = {}) {
  return usePackSaleCommand(correctPackSaleLocation, options);
}
