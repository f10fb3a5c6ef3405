// POST /auth-api/registration and /auth-api/registration/gift: a customer sets a password and is signed in.
import { useMutation } from '@tanstack/react-query';
import type { ApiEnvelope, AuthTokenPayload } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { startSession } from '../../../lib/auth/session';
import type { Session } from '../../../lib/auth/session-store';

export interface Passwords {
  password: string;
  passwordConfirm: string;
}

export interface RegistrationInput extends Passwords {
  securityToken: string;
}

export interface GiftRegistrationInput extends Passwords {
  email: string;
  giftToken: string;
  firstName: string;
  lastName: string;
  phoneMobile: string;
}

export async function register(input: RegistrationInput): Promise<Session> {
  const response = await api.post<ApiEnvelope<AuthTokenPayload>>('/auth-api/registration', input, { retry: false });
  return startSession(response.dataSet);
}

export async function registerWithGift(input: GiftRegistrationInput): Promise<Session> {
  const response = await api.post<ApiEnvelope<AuthTokenPayload>>('/auth-api/registration/gift', input, { retry: false });
  return startSession(response.dataSet);
}

export function useRegister() {
  return useMutation<Session, ApiError, RegistrationInput>({ mutationFn: register });
}

export function useRegisterWithGift() {
  return useMutation<Session, ApiError, GiftRegistrationInput>({ mutationFn: registerWithGift });
}
