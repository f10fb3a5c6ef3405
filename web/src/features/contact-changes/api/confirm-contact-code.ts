// POST /api/contact-change-confirmations {customerId, code}: confirms a pending phone change with the code
// texted to the new number (the customer, or staff typing the code the customer reads out). The answer's
// position is remembered by the API client, so the caller's refetch of the customer shows the new number.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import type { ConfirmedContactChange } from './confirm-contact-link';

export interface ConfirmContactCodeInput {
  customerId: string;
  code: string;
}

export async function confirmContactCode(input: ConfirmContactCodeInput): Promise<ConfirmedContactChange> {
  // Not retried: each wrong attempt counts against the limit of 5.
  const response = await api.post<ApiEnvelope<ConfirmedContactChange>>('/api/contact-change-confirmations', input, { retry: false });
  return response.dataSet;
}

export const contactCodeKeys = { confirm: ['contact-changes', 'confirm-code'] as const };

type Options = Omit<UseMutationOptions<ConfirmedContactChange, ApiError, ConfirmContactCodeInput>, 'mutationFn'>;

export function useConfirmContactCode(options: Options = {}) {
  return useMutation({ ...options, mutationKey: contactCodeKeys.confirm, mutationFn: confirmContactCode });
}
