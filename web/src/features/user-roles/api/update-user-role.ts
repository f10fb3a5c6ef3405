// PUT /api/user-roles/{userRoleId}: changes the role or location of a user-role; the list reloads.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { userRoleKeys } from './user-role-keys';

export interface UpdateUserRoleInput {
  userRoleId: number | string;
  roleName: string;
  locationId: number;
}

export async function updateUserRole({ userRoleId, ...body }: UpdateUserRoleInput): Promise<void> {
  await api.put(`/api/user-roles/${encodeURIComponent(String(userRoleId))}`, body);
}

type Options = Omit<UseMutationOptions<void, ApiError, UpdateUserRoleInput>, 'mutationFn'>;

export function useUpdateUserRole(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: userRoleKeys.save(),
    mutationFn: updateUserRole,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: userRoleKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
