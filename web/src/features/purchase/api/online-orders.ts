// POST /api/online-orders (place: price, tax and total fixed before paying) and POST /api/online-orders/{id}/confirm
// (pay with the demo provider's test card). A paid order's coupons are the customer's at once, so both of their lists
// are read again; the client's read position makes that read see the sale (read-your-writes).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope, OnlineOrderConfirmView, OnlineOrderPlacedView, PlaceOnlineOrderRequest } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { packSaleKeys } from '../../pack-sales/api/pack-sale-keys';

export async function placeOnlineOrder(request: PlaceOnlineOrderRequest): Promise<OnlineOrderPlacedView> {
  const response = await api.post<ApiEnvelope<OnlineOrderPlacedView>>('/api/online-orders', request);
  return response.dataSet;
}

export interface ConfirmOnlineOrderInput {
  orderId: string;
  cardNumber: string;
}

export async function confirmOnlineOrder({ orderId, cardNumber }: ConfirmOnlineOrderInput): Promise<OnlineOrderConfirmView> {
  const response = await api.post<ApiEnvelope<OnlineOrderConfirmView>>(`/api/online-orders/${encodeURIComponent(orderId)}/confirm`, { cardNumber });
  return response.dataSet;
}

export function usePlaceOnlineOrder() {
  return useMutation<OnlineOrderPlacedView, ApiError, PlaceOnlineOrderRequest>({ mutationKey: ['online-orders', 'place'], mutationFn: placeOnlineOrder });
}

export function useConfirmOnlineOrder(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation<OnlineOrderConfirmView, ApiError, ConfirmOnlineOrderInput>({
    mutationKey: ['online-orders', 'confirm'],
    mutationFn: confirmOnlineOrder,
    onSuccess: (result) => {
      if (result.status === 'paid') void queryClient.invalidateQueries({ queryKey: packSaleKeys.customer(customerId) });
    },
  });
}
