// POST /api/pack-sales/{id}/void: a manager voids a sale (and its coupons) with a reason, while no coupon is used.
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { usePackSaleCommand, type PackSaleAnswer, type PackSaleMutationOptions } from './pack-sale-command';

export interface VoidPackSaleInput {
  saleId: string;
  customerId: string;
  reason: string;
}

export async function voidPackSale({ saleId, reason }: VoidPackSaleInput): Promise<PackSaleAnswer> {
  const response = await api.post<ApiEnvelope<PackSaleAnswer>>(`/api/pack-sales/${encodeURIComponent(saleId)}/void`, { reason });
  return response.dataSet;
}

export function useVoidPackSale(options: PackSaleMutationOptions<VoidPackSaleInput> = {}) {
  return usePackSaleCommand(voidPackSale, options);
}
