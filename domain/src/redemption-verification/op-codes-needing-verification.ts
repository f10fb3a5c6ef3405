/**
 * Which op codes of a repair order need the customer's verification (issue 5): those a
 * manager marked for the RO's location, or every one when the customer's Verify Redemptions
 * switch is on. Pure.
 */
import { normalizeOpCode } from '@dealer/contracts';

export interface RoOpCode {
  opCode: string;
  description: string | null;
}

/** Distinct op codes in RO order, each with the first description the RO gives it. */
export function distinctOpCodes(jobs: RoOpCode[]): RoOpCode[] {
  const seen = new Map<string, RoOpCode>();
  for (const job of jobs) {
    const opCode = normalizeOpCode(job.opCode);
    if (!opCode) continue;
    const known = seen.get(opCode);
    if (!known) seen.set(opCode, { opCode, description: job.description?.trim() || null });
    else if (!known.description && job.description?.trim()) known.description = job.description.trim();
  }
  return [...seen.values()];
}

export function opCodesNeedingVerification(jobs: RoOpCode[], ruleOpCodes: readonly string[], customerVerifiesRedemptions: boolean): RoOpCode[] {
  const marked = new Set(ruleOpCodes.map(normalizeOpCode));
  return distinctOpCodes(jobs).filter((j) => customerVerifiesRedemptions || marked.has(j.opCode));
}
