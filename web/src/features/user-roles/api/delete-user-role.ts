// DELETE /api/user-roles/{userRoleId}: removes a user-role; the list reloads.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { userRoleKeys } from './user-role-keys';

export async function deleteUserRole(userRoleId: number | string): Promise<void> {
  await api.delete(`/api/user-roles/${encodeURIComponent(String(userRoleId))}`);
}

type Options = Omit<UseMutationOptions<void, ApiError, number | string>, 'mutationFn'>;

export function useDeleteUserRole(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteUserRole,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: userRoleKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
