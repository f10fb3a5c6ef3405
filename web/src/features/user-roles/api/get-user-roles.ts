// GET /api/user-roles?locationId=: the user-roles of one location (0 = all), sorted by name (SPEC 6, 7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { sortUserRoles, type UserRole } from './user-role';
import { userRoleKeys } from './user-role-keys';

export const ALL_LOCATIONS = 0;

export async function getUserRoles(locationId: number, signal?: AbortSignal): Promise<UserRole[]> {
  const response = await api.get<ApiEnvelope<UserRole[] | null>>('/api/user-roles', { params: { locationId }, signal });
  return sortUserRoles(response.dataSet ?? []);
}

export const getUserRolesQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: userRoleKeys.list(locationId),
    queryFn: ({ signal }) => getUserRoles(locationId, signal),
  });

export function useUserRoles(locationId: number) {
  return useQuery(getUserRolesQueryOptions(locationId));
}
