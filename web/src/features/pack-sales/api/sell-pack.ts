// POST /api/pack-sales: sells a pack to the customer on a sale RO (201 with the sale's id, status and message).
import type { ApiEnvelope, PackSaleRequest } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { usePackSaleCommand, type PackSaleAnswer, type PackSaleMutationOptions } from './pack-sale-command';
import { packSaleKeys } from './pack-sale-keys';

export async function sellPack(input: PackSaleRequest): Promise<PackSaleAnswer> {
  const response = await api.post<ApiEnvelope<PackSaleAnswer>>('/api/pack-sales', input);
  return response.dataSet;
}

export function useSellPack(options: PackSaleMutationOptions<PackSaleRequest> = {}) {
  return usePackSaleCommand(sellPack, { mutationKey: packSaleKeys.sell(), ...options });
}
