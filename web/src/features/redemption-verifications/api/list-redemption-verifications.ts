// GET /api/redemption-verifications?customerId=&getStatuses=0|1: a customer's open verifications (Pending
// Approvals) or all of them with their statuses (the 10 s listener, SPEC 4).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS, type ApiEnvelope, type RedemptionVerification } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { redemptionVerificationKeys } from './redemption-verification-keys';

export async function listRedemptionVerifications(customerId: string, withStatuses: boolean, signal?: AbortSignal): Promise<RedemptionVerification[]> {
  const response = await api.get<ApiEnvelope<RedemptionVerification[] | null>>('/api/redemption-verifications', {
    params: { customerId, getStatuses: withStatuses ? 1 : 0 },
    signal,
  });
  return response.dataSet ?? [];
}

export const listRedemptionVerificationsQueryOptions = (customerId: string, withStatuses: boolean) =>
  queryOptions({
    queryKey: redemptionVerificationKeys.list(customerId, withStatuses),
    queryFn: ({ signal }) => listRedemptionVerifications(customerId, withStatuses, signal),
    staleTime: 0,
  });

/** The Pending Approvals list: the customer's verifications that are still open. */
export function usePendingApprovals(customerId: string) {
  return useQuery(listRedemptionVerificationsQueryOptions(customerId, false));
}

/**
 * The listener on a customer's verifications: refreshed every 10 s while a customer is selected, stopped
 * when none is (null), and reset when the customer changes (the id is part of the query key).
 */
export function useCustomerVerificationListener(customerId: string | null) {
  return useQuery({
    ...listRedemptionVerificationsQueryOptions(customerId ?? '', true),
    enabled: customerId !== null,
    refetchInterval: customerId === null ? false : TIMINGS.pollCustomerVerificationsMs,
  });
}
