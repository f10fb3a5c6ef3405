// POST /auth-api/self-registration: a visitor's own registration; the link to finish it is e-mailed.
import { useMutation } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import type { SelfRegistrationAnswer, SelfRegistrationInput } from '@dealer/contracts/customers/self-registration';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';

export async function selfRegister(input: SelfRegistrationInput): Promise<SelfRegistrationAnswer> {
  // Not retried: a 429 is the per-address limit speaking.
  const response = await api.post<ApiEnvelope<SelfRegistrationAnswer>>('/auth-api/self-registration', input, { retry: false });
  return response.dataSet;
}

export function useSelfRegister() {
  return useMutation<SelfRegistrationAnswer, ApiError, SelfRegistrationInput>({ mutationFn: selfRegister });
}
