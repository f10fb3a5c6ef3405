// PUT /api/customers/{id}: saves a customer's profile; invalidates every customer query on success.
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { customerKeys } from './customer-keys';
import type { CustomerCommandResult, CustomerProfileBody } from './customer-profile-body';

export interface UpdateCustomerInput {
  customerId: string;
  body: CustomerProfileBody;
  /**
   * The revision the editor loaded (GET /api/customers/{id} answers it). The server answers 428
   * without it, and 409 when the customer changed since, instead of overwriting the newer changes.
   */
  expectedRevision: number | undefined;
}

export async function updateCustomer({ customerId, body, expectedRevision }: UpdateCustomerInput): Promise<CustomerCommandResult> {
  const response = await api.put<ApiEnvelope<CustomerCommandResult>>(
    `/api/customers/${encodeURIComponent(customerId)}`,
    { ...body, expectedRevision },
  );
  return response.dataSet ?? { customerId };
}

type Options = Omit<UseMutationOptions<CustomerCommandResult, ApiError, UpdateCustomerInput>, 'mutationFn'>;

export function useUpdateCustomer(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: customerKeys.save('update'),
    mutationFn: updateCustomer,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
      await options.onSuccess?.(...args);
    },
    onError: async (error, input, ...rest) => {
      // Someone else saved first: reload the customer so the next attempt starts from their version.
      if (error.status === 409) await queryClient.invalidateQueries({ queryKey: customerKeys.detail(input.customerId) });
      await options.onError?.(error, input, ...rest);
    },
  });
}
