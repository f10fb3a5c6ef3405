// POST /auth-api/contact-change/confirm {token}: confirms an e-mail change from the link sent to the new
// address. Public (the token is the secret); the verify page posts it only when the customer asks, so mail
// scanners that prefetch the link confirm nothing.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope, ContactKind } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';

export interface ConfirmedContactChange {
  customerId: string;
  changeId: string;
  kind: ContactKind;
}

export async function confirmContactLink(token: string): Promise<ConfirmedContactChange> {
  // Never retried: a used link answers 'not valid' the second time, which would hide the first success.
  const response = await api.post<ApiEnvelope<ConfirmedContactChange>>('/auth-api/contact-change/confirm', { token }, { retry: false });
  return response.dataSet;
}

type Options = Omit<UseMutationOptions<ConfirmedContactChange, ApiError, string>, 'mutationFn'>;

export function useConfirmContactLink(options: Options = {}) {
  return useMutation({ ...options, mutationFn: confirmContactLink });
}
