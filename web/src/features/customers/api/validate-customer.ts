// POST /api/customer-validate: possible matches of a customer about to be created (SPEC 4). The server
// reads its search read model, so the request carries the read position of this tab's last write.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { MIN_POSITION_HEADER, type ApiEnvelope, type CustomerValidation } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { minPosition } from '../../../lib/read-position';
import { customerKeys } from './customer-keys';
import type { CustomerProfileBody } from './customer-profile-body';

export type { CustomerMatch, CustomerValidation } from '@dealer/contracts';

export async function validateCustomer(body: CustomerProfileBody): Promise<CustomerValidation> {
  const position = minPosition();
  const response = await api.post<ApiEnvelope<CustomerValidation>>('/api/customer-validate', body, {
    // The API client sends the read position on GETs only; this POST is a read too.
    headers: position ? { [MIN_POSITION_HEADER]: position } : undefined,
  });
  return { passed: response.dataSet.passed, customers: response.dataSet.customers ?? [] };
}

type Options = Omit<UseMutationOptions<CustomerValidation, ApiError, CustomerProfileBody>, 'mutationFn'>;

export function useValidateCustomer(options: Options = {}) {
  return useMutation({ ...options, mutationKey: customerKeys.save('validate'), mutationFn: validateCustomer });
}
