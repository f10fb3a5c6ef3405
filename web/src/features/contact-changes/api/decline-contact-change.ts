// POST /api/contact-change-declines {customerId, type}: the customer drops a pending e-mail or phone change
// (on /verify: "Not your change?"). Its link or code then confirms nothing. The answer's position is
// remembered by the API client, so the caller's refetch of the customer shows nothing pending.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiEnvelope, ContactKind } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';

export interface DeclineContactChangeInput {
  customerId: string;
  type: ContactKind;
}

export interface DeclinedContactChange {
  customerId: string;
  kind: ContactKind;
  /** False when nothing was pending any more. */
  declined: boolean;
}

export async function declineContactChange(input: DeclineContactChangeInput): Promise<DeclinedContactChange> {
  const response = await api.post<ApiEnvelope<DeclinedContactChange>>('/api/contact-change-declines', input);
  return response.dataSet;
}

type Options = Omit<UseMutationOptions<DeclinedContactChange, ApiError, DeclineContactChangeInput>, 'mutationFn'>;

export function useDeclineContactChange(options: Options = {}) {
  return useMutation({ ...options, mutationKey: ['contact-changes', 'decline'], mutationFn: declineContactChange });
}
