// POST /api/customer-contact-form (issue 13): the customer's message to a location; answers the confirmation.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope, ContactFormRequest, ContactFormResult } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';

export async function sendContactForm(request: ContactFormRequest): Promise<ContactFormResult> {
  const response = await api.post<ApiEnvelope<ContactFormResult>>('/api/customer-contact-form', request);
  return response.dataSet;
}

type Options = Omit<UseMutationOptions<ContactFormResult, ApiError, ContactFormRequest>, 'mutationFn'>;

export function useSendContactForm(options: Options = {}) {
  return useMutation({ ...options, mutationKey: ['customer-contact', 'send'], mutationFn: sendContactForm });
}
