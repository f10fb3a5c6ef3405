// POST /api/customer-erasure {customerId, reason} (admins): the customer's personal data becomes unreadable everywhere.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';

export interface EraseCustomerInput {
  customerId: string;
  reason: string;
}

export const erasureKeys = {
  erase: ['customer-erasure'] as const,
};

export async function eraseCustomer(input: EraseCustomerInput): Promise<void> {
  // Not repeated by the client: the server's answer decides, and the admin can press again (it is idempotent).
  await api.post('/api/customer-erasure', input, { retry: false });
}

type Options = Omit<UseMutationOptions<void, ApiError, EraseCustomerInput>, 'mutationFn'>;

/** The caller refreshes the customer it shows (the answer's position is remembered for read-your-writes). */
export function useEraseCustomer(options: Options = {}) {
  return useMutation({ ...options, mutationKey: erasureKeys.erase, mutationFn: eraseCustomer });
}
