// GET /auth-api/redemption-verifications/by-token?token=: what the verify page shows to whoever holds the link
// (RO#, location, op codes with their answers, status, expiry; no names). Unknown or used link: 404 with
// 'This link is not valid or has already been used.'.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, PublicRedemptionVerification } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

export async function getVerificationByToken(token: string, signal?: AbortSignal): Promise<PublicRedemptionVerification> {
  // The token goes in the query string: request logs keep paths but drop query strings.
  const response = await api.get<ApiEnvelope<PublicRedemptionVerification>>('/auth-api/redemption-verifications/by-token', { params: { token }, signal });
  return response.dataSet;
}

export const redemptionAnswerKeys = {
  all: ['redemption-answer'] as const,
  byToken: (token: string) => [...redemptionAnswerKeys.all, 'by-token', token] as const,
  answer: () => [...redemptionAnswerKeys.all, 'answer'] as const,
};

export const getVerificationByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: redemptionAnswerKeys.byToken(token),
    queryFn: ({ signal }) => getVerificationByToken(token, signal),
    // Loaded once: after the answer the link is used, and a refetch would only say so.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useVerificationByToken(token: string) {
  return useQuery(getVerificationByTokenQueryOptions(token));
}
