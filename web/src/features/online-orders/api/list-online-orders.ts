// GET /api/online-orders?status=&locationId=&$limit=&$offset= (managers and admins): online orders, newest first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@dealer/contracts';
import type { OnlineOrderListItem, OnlineOrderStatus } from '@dealer/contracts/online-orders/status';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';

export interface OnlineOrderFilter {
  status: OnlineOrderStatus | null;
  locationId: number | null;
  limit: number;
  offset: number;
}

export async function listOnlineOrders(filter: OnlineOrderFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({ $limit: String(filter.limit), $offset: String(filter.offset) });
  if (filter.status) query.set('status', filter.status);
  if (filter.locationId !== null) query.set('locationId', String(filter.locationId));
  return api.get<{ dataSet: OnlineOrderListItem[]; metaData: PageMeta }>(`/api/online-orders?${query.toString()}`, { signal });
}

export function useOnlineOrders(filter: OnlineOrderFilter) {
  return useQuery<{ dataSet: OnlineOrderListItem[]; metaData: PageMeta }, ApiError>({
    queryKey: ['online-orders', 'list', filter],
    queryFn: ({ signal }) => listOnlineOrders(filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
