// GET /api/opcode-verification-rules?locationId=: the op codes that need the customer's verification at a location.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, OpCodeVerificationRule } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { opCodeRuleKeys } from './opcode-rule-keys';

export async function getOpCodeRules(locationId: number, signal?: AbortSignal): Promise<OpCodeVerificationRule[]> {
  const response = await api.get<ApiEnvelope<OpCodeVerificationRule[] | null>>('/api/opcode-verification-rules', { params: { locationId }, signal });
  return response.dataSet ?? [];
}

export const getOpCodeRulesQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: opCodeRuleKeys.list(locationId),
    queryFn: ({ signal }) => getOpCodeRules(locationId, signal),
  });

/** The rules of one location; idle while no location is chosen. */
export function useOpCodeRules(locationId: number | null) {
  return useQuery({ ...getOpCodeRulesQueryOptions(locationId ?? 0), enabled: locationId !== null });
}
