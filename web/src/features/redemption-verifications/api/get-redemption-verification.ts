// GET /api/redemption-verifications/{id}: one verification, polled every 3 s until it is complete (SPEC 4).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS, type ApiEnvelope, type RedemptionVerification } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { redemptionVerificationKeys } from './redemption-verification-keys';

export async function getRedemptionVerification(id: string, signal?: AbortSignal): Promise<RedemptionVerification> {
  const response = await api.get<ApiEnvelope<RedemptionVerification>>(`/api/redemption-verifications/${encodeURIComponent(id)}`, { signal });
  return response.dataSet;
}

/** Poll every 3 s while the verification is open; stop once it is complete. */
export const pollInterval = (data: RedemptionVerification | undefined): number | false => (data?.isComplete ? false : TIMINGS.pollVerificationMs);

export const getRedemptionVerificationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: redemptionVerificationKeys.detail(id),
    queryFn: ({ signal }) => getRedemptionVerification(id, signal),
    // A failed poll keeps the last known value (React Query keeps `data` on error) and polls again.
    refetchInterval: (query) => pollInterval(query.state.data),
    staleTime: 0,
  });

export function usePolledRedemptionVerification(id: string | null) {
  return useQuery({ ...getRedemptionVerificationQueryOptions(id ?? ''), enabled: id !== null });
}
