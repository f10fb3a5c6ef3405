// POST /api/customer-resend-registration: sends the registration message by e-mail or text (SPEC 7).
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { customerKeys } from './customer-keys';

export interface ResendRegistrationInput {
  customerId: string;
  channel: 'email' | 'text';
}

export async function resendRegistration({ customerId, channel }: ResendRegistrationInput): Promise<void> {
  await api.post('/api/customer-resend-registration', channel === 'email' ? { customerId, isEmail: true } : { customerId, isText: true });
}

type Options = Omit<UseMutationOptions<void, ApiError, ResendRegistrationInput>, 'mutationFn'>;

export function useResendRegistration(options: Options = {}) {
  return useMutation({ ...options, mutationKey: customerKeys.registration(), mutationFn: resendRegistration });
}
