// GET /auth-api/registration/{securityToken}: who a registration link belongs to (400 when not valid).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export interface RegistrationInvite {
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
}

export async function getRegistration(securityToken: string, signal?: AbortSignal): Promise<RegistrationInvite> {
  const response = await api.get<ApiEnvelope<RegistrationInvite>>(`/auth-api/registration/${encodeURIComponent(securityToken)}`, { signal });
  return response.dataSet;
}

export const getRegistrationQueryOptions = (securityToken: string) =>
  queryOptions({
    queryKey: ['auth', 'registration', securityToken] as const,
    queryFn: ({ signal }) => getRegistration(securityToken, signal),
    staleTime: Infinity,
  });

export function useRegistration(securityToken: string) {
  return useQuery(getRegistrationQueryOptions(securityToken));
}
