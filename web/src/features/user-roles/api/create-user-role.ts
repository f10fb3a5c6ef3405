// POST /api/user-roles: gives an employee a role at a location; the list reloads.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { userRoleKeys } from './user-role-keys';

export interface CreateUserRoleInput {
  userId: string;
  roleName: string;
  locationId: number;
}

export async function createUserRole(input: CreateUserRoleInput): Promise<void> {
  await api.post('/api/user-roles', input);
}

type Options = Omit<UseMutationOptions<void, ApiError, CreateUserRoleInput>, 'mutationFn'>;

export function useCreateUserRole(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: userRoleKeys.save(),
    mutationFn: createUserRole,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: userRoleKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
