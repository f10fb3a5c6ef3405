// GET /api/online-orders?status=&locationId=&$limit=&$offset= (managers and admins): online orders, newest first,
// at the locations the caller manages (admins: every location; metaData.locationIds says which).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@dealer/contracts';
import type { OnlineOrderListItem, OnlineOrderStatus } from '@dealer/contracts/online-orders/status';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { onlineOrderKeys } from './online-order-keys';

export interface OnlineOrderFilter {
  status: OnlineOrderStatus | null;
  locationId: number | null;
  limit: number;
  offset: number;
}

export interface OnlineOrderList {
  dataSet: OnlineOrderListItem[];
  /** locationIds: the locations the list covers (where the caller is a manager; admins every location). */
  metaData: PageMeta & { locationIds: number[] };
}

export async function listOnlineOrders(filter: OnlineOrderFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({ $limit: String(filter.limit), $offset: String(filter.offset) });
  if (filter.status) query.set('status', filter.status);
  if (filter.locationId !== null) query.set('locationId', String(filter.locationId));
  return api.get<OnlineOrderList>(`/api/online-orders?${query.toString()}`, { signal });
}

export function useOnlineOrders(filter: OnlineOrderFilter) {
  return useQuery<OnlineOrderList, ApiError>({
    queryKey: [...onlineOrderKeys.lists(), filter],
    queryFn: ({ signal }) => listOnlineOrders(filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
