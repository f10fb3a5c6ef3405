// GET /api/users: the employees an admin can give a role to, sorted by name.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { sortEmployees, type EmployeeUser } from './user-role';
import { userRoleKeys } from './user-role-keys';

export async function getUsers(signal?: AbortSignal): Promise<EmployeeUser[]> {
  const response = await api.get<ApiEnvelope<EmployeeUser[] | null>>('/api/users', { signal });
  return sortEmployees(response.dataSet ?? []);
}

export const getUsersQueryOptions = () =>
  queryOptions({
    queryKey: userRoleKeys.users(),
    queryFn: ({ signal }) => getUsers(signal),
    staleTime: 5 * 60_000,
  });

export function useUsers(enabled = true) {
  return useQuery({ ...getUsersQueryOptions(), enabled });
}
