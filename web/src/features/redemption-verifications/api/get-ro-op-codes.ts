// GET /api/ro-data?roNumber=&locationId= read for its jobs' op codes: what staff may pre-approve when they start a
// verification (the customer agreed to those services in person). Only the op codes are kept, distinct and in RO
// order, each with the first description the RO gives it (as the server does when it asks the customer).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { normalizeOpCode, type ApiEnvelope, type RepairOrder } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { redemptionVerificationKeys } from './redemption-verification-keys';

export interface RoOpCode {
  opCode: string;
  description: string | null;
}

/** Distinct op codes of the RO's jobs (blank ones dropped), in the RO's line order. */
export function distinctRoOpCodes(jobs: readonly { opCode: string; opCodeDesc: string | null; lineNo?: number | null }[]): RoOpCode[] {
  const seen = new Map<string, RoOpCode>();
  for (const job of jobs) {
    const opCode = normalizeOpCode(job.opCode);
    if (!opCode) continue;
    const description = job.opCodeDesc?.trim() || null;
    const known = seen.get(opCode);
    if (!known) seen.set(opCode, { opCode, description });
    else if (!known.description && description) known.description = description;
  }
  return [...seen.values()];
}

/** The RO's location name (as the DMS data names it) and its distinct op codes. */
export interface RoOpCodes {
  locationName: string | null;
  opCodes: RoOpCode[];
}

export async function getRoOpCodes(ro: { roNumber: string; locationId: number }, signal?: AbortSignal): Promise<RoOpCodes> {
  const response = await api.get<ApiEnvelope<RepairOrder>>('/api/ro-data', { params: { roNumber: ro.roNumber.trim(), locationId: ro.locationId }, signal });
  return { locationName: response.dataSet.locationName || null, opCodes: distinctRoOpCodes(response.dataSet.jobs ?? []) };
}

export const roOpCodesQueryOptions = (ro: { roNumber: string; locationId: number }) =>
  queryOptions({
    queryKey: redemptionVerificationKeys.roOpCodes(ro.locationId, ro.roNumber),
    queryFn: ({ signal }) => getRoOpCodes(ro, signal),
    // ROs are imported reference data: they do not change while the dialog is open.
    staleTime: 5 * 60_000,
  });

export function useRoOpCodes(ro: { roNumber: string; locationId: number } | null) {
  return useQuery({ ...roOpCodesQueryOptions(ro ?? { roNumber: '', locationId: 0 }), enabled: ro !== null });
}
