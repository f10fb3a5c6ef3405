// POST /auth-api/login: signs in an employee (username) or a customer (e-mail); answers the token payload.
import { useMutation } from '@tanstack/react-query';
import type { ApiEnvelope, AuthTokenPayload } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { startSession } from '../../../lib/auth/session';
import type { Session } from '../../../lib/auth/session-store';

export interface LoginCredentials {
  username: string;
  password: string;
}

export async function login(credentials: LoginCredentials): Promise<Session> {
  // Not retried: a 429 here is the throttle speaking, and repeating would only prolong it.
  const response = await api.post<ApiEnvelope<AuthTokenPayload>>('/auth-api/login', credentials, { retry: false });
  return startSession(response.dataSet);
}

export function useLogin() {
  return useMutation<Session, ApiError, LoginCredentials>({ mutationFn: login });
}
