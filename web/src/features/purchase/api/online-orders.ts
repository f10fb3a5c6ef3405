// POST /api/online-orders (place: price, tax and total fixed before paying) and POST /api/online-orders/{id}/confirm
// (pay with the demo provider's test card, or record a payment Stripe.js confirmed in the browser). A paid order's coupons are the customer's at once, so both of their lists
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

/** The demo provider's test card, or the PaymentMethod Stripe.js confirmed the payment with (the server records it). */
export type ConfirmOnlineOrderInput = { orderId: string; cardNumber: string } | { orderId: string; paymentMethodId: string };

export async function confirmOnlineOrder(input: ConfirmOnlineOrderInput): Promise<OnlineOrderConfirmView> {
  const body = 'cardNumber' in input ? { cardNumber: input.cardNumber } : { paymentMethodId: input.paymentMethodId };
  const response = await api.post<ApiEnvelope<OnlineOrderConfirmView>>(`/api/online-orders/${encodeURIComponent(input.orderId)}/confirm`, body);
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
