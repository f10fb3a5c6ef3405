// POST /api/email-phone-verification: asks for an e-mail or phone change; the value changes only once the
// customer confirms (pendingEmail / pendingPhone meanwhile). The caller refreshes its customer views.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope, ContactChangeRequest } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';

export interface ContactChangeResult {
  customerId: string;
  changeId: string;
}

export async function requestContactChange(request: ContactChangeRequest): Promise<ContactChangeResult> {
  const response = await api.post<ApiEnvelope<ContactChangeResult>>('/api/email-phone-verification', request);
  return response.dataSet;
}

export const contactChangeKeys = { request: ['contact-changes', 'request'] as const };

type Options = Omit<UseMutationOptions<ContactChangeResult, ApiError, ContactChangeRequest>, 'mutationFn'>;

export function useRequestContactChange(options: Options = {}) {
  return useMutation({ ...options, mutationKey: contactChangeKeys.request, mutationFn: requestContactChange });
}
