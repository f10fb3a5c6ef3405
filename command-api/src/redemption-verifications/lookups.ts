/**
 * What the redemption-verification commands look up before deciding: the RO's op codes (DMS
 * reference tables), the op codes marked for its location and an open verification of the
 * same RO (read models), the location's name, and the customer (their own stream, the source
 * of truth for the Verify Redemptions switch and the contact details).
 */
import { customerStreamId, type VerificationCustomer } from '@dealer/contracts';
import { load, type EventStore, type Sql } from '@dealer/platform';
import { customerDecider } from '@dealer/domain/customer/decider';
import type { CustomerContact } from '@dealer/domain/redemption-verification/decide';
import type { RoOpCode } from '@dealer/domain/redemption-verification/op-codes-needing-verification';
import { ruleOpCodesAt } from '@dealer/read-models/opcode-rules/queries';
import { openVerificationIdOf } from '@dealer/read-models/pending-approvals/queries';

/** Read model tables these commands consult (projector: opcode-rules, pending-approvals). */
export const OPCODE_RULES_READ_MODEL = 'opcode_rules';
export const PENDING_APPROVALS_READ_MODEL = 'pending_approvals';

/** The RO's jobs in RO order, or null when the RO is not in the DMS data. */
export async function roOpCodes(sql: Sql, locationId: number, roNumber: string): Promise<RoOpCode[] | null> {
  const [ro] = await sql`select 1 as found from ref.repair_orders where location_id = ${locationId} and ro_number = ${roNumber}`;
  if (!ro) return null;
  return sql<RoOpCode[]>`
    select op_code as "opCode", op_code_desc as "description" from ref.ro_jobs
    where location_id = ${locationId} and ro_number = ${roNumber} order by line_no nulls last, job_id`;
}

export async function ruleOpCodes(sql: Sql, locationId: number): Promise<string[]> {
  return ruleOpCodesAt(sql, locationId);
}

export async function locationName(sql: Sql, locationId: number): Promise<string | null> {
  const [row] = await sql<{ location_name: string }[]>`select location_name from ref.locations where location_id = ${locationId}`;
  return row?.location_name ?? null;
}

/** The verification of this RO and customer that is still open, if any (the newest). */
export async function openVerificationOf(sql: Sql, key: { locationId: number; roNumber: string; customerId: string }, now: Date): Promise<string | null> {
  return openVerificationIdOf(sql, key, now);
}

export interface VerificationCustomerRecord extends VerificationCustomer, CustomerContact {}

/** The customer as their stream says now (personal fields opened by the vault); null when unknown. */
export async function loadCustomer(store: EventStore, customerId: string): Promise<VerificationCustomerRecord | null> {
  const { state } = await load(store, customerStreamId(customerId), customerDecider);
  if (state.status !== 'active') return null;
  const p = state.profile;
  return {
    firstName: p.firstName ?? null,
    lastName: p.lastName ?? null,
    emailAddress: p.emailAddress ?? null,
    phoneMobile: p.phoneMobile || null,
    verifyRedemptions: p.verifyRedemptions === true,
  };
}
