// GET /api/customers/{id}/gifts: the gifts the signed-in customer bought (paid gift orders, newest first), each with
// to whom it went and whether it was claimed, is waiting, or ended unclaimed and was refunded. The customer's own only.
import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import type { OnlineOrderStatusView } from '@dealer/contracts/online-orders/status';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { onlineOrderKeys } from '../../online-orders/api/online-order-keys';

export async function getGiftsSent(customerId: string, signal?: AbortSignal): Promise<OnlineOrderStatusView[]> {
  const response = await api.get<ApiEnvelope<OnlineOrderStatusView[]>>(`/api/customers/${encodeURIComponent(customerId)}/gifts`, { signal });
  return response.dataSet;
}

export function useGiftsSent(customerId: string) {
  return useQuery<OnlineOrderStatusView[], ApiError>({
    queryKey: onlineOrderKeys.giftsSent(customerId),
    queryFn: ({ signal }) => getGiftsSent(customerId, signal),
    staleTime: 0,
  });
}
