// GET /api/online-orders/{orderId}: the customer's order as the server has it (placed, paid, failed, refunded), read
// again every 3 s while the payment is still being confirmed (a 3-D Secure step, a webhook on its way).
import { useQuery } from '@tanstack/react-query';
import { TIMINGS, type ApiEnvelope } from '@dealer/contracts';
import type { OnlineOrderStatusView } from '@dealer/contracts/online-orders/status';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { onlineOrderKeys } from '../../online-orders/api/online-order-keys';

export async function getOnlineOrder(orderId: string, signal?: AbortSignal): Promise<OnlineOrderStatusView> {
  const response = await api.get<ApiEnvelope<OnlineOrderStatusView>>(`/api/online-orders/${encodeURIComponent(orderId)}`, { signal });
  return response.dataSet;
}

/** Poll while the order waits for its payment's outcome; stop once it is paid, failed or refunded. */
export const orderPollInterval = (order: OnlineOrderStatusView | undefined): number | false =>
  order === undefined || order.status === 'placed' ? TIMINGS.pollVerificationMs : false;

export function useOnlineOrder(orderId: string) {
  return useQuery<OnlineOrderStatusView, ApiError>({
    queryKey: onlineOrderKeys.detail(orderId),
    queryFn: ({ signal }) => getOnlineOrder(orderId, signal),
    refetchInterval: (query) => (query.state.error ? false : orderPollInterval(query.state.data)),
    staleTime: 0,
    retry: false,
  });
}
