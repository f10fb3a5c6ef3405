// POST /api/customers: creates a customer; invalidates every customer query on success.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { customerKeys } from './customer-keys';
import type { CustomerCommandResult, CustomerProfileBody } from './customer-profile-body';

export async function createCustomer(body: CustomerProfileBody): Promise<CustomerCommandResult> {
  const response = await api.post<ApiEnvelope<CustomerCommandResult>>('/api/customers', body);
  return response.dataSet;
}

type Options = Omit<UseMutationOptions<CustomerCommandResult, ApiError, CustomerProfileBody>, 'mutationFn'>;

export function useCreateCustomer(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: customerKeys.save('create'),
    mutationFn: createCustomer,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
