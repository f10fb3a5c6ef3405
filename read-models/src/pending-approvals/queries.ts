/**
 * Queries of the `pending-approvals` read model (tables: ./projection.ts). A
 * verification's read shape is computed from its folded state as of now (an expiry shows as
 * soon as it passes), with the customer's names and addresses joined from
 * `customer-details` and the location's name from the DMS reference data.
 */
import {
  redemptionVerificationStreamId,
  redemptionVerificationView,
  type RedemptionVerification,
  type RedemptionVerificationState,
} from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { PREPARED } from '../projection';

export const PENDING_APPROVALS = 'pending_approvals';

/** The newest verifications of a customer one answer lists. */
const LIST_LIMIT = 100;

interface VerificationRow {
  state: RedemptionVerificationState;
  first_name: string | null;
  last_name: string | null;
  email_address: string | null;
  phone_mobile: string | null;
  location_name: string | null;
}

const SELECT = `
  select v.state, c.first_name, c.last_name, c.email_address, c.phone_mobile, l.location_name
  from rm_pending_approvals.verifications v
  left join rm_customer_details.customers c on c.customer_id = v.customer_id
  left join ref.locations l on l.location_id = v.location_id`;

function toVerification(row: VerificationRow, now: Date): RedemptionVerification {
  const customer = { firstName: row.first_name, lastName: row.last_name, emailAddress: row.email_address, phoneMobile: row.phone_mobile };
  return redemptionVerificationView(row.state, customer, now, row.location_name);
}

export async function getRedemptionVerification(sql: Sql, redemptionVerificationId: string, now: Date): Promise<RedemptionVerification | null> {
  const [row] = await sql.unsafe<VerificationRow[]>(`${SELECT} where v.redemption_verification_id = $1`, [redemptionVerificationId], PREPARED);
  return row ? toVerification(row, now) : null;
}

/**
 * A customer's verifications, newest first: only the open ones (not final, not past their
 * expiry), or with `includeFinal` every one with its status.
 */
export async function listCustomerRedemptionVerifications(
  sql: Sql,
  customerId: string,
  options: { includeFinal: boolean },
  now: Date,
): Promise<RedemptionVerification[]> {
  const open = options.includeFinal ? '' : 'and v.outcome is null and v.expires > $2';
  const rows = await sql.unsafe<VerificationRow[]>(
    `${SELECT} where v.customer_id = $1 ${open} order by v.started_at desc limit ${LIST_LIMIT}`,
    (options.includeFinal ? [customerId] : [customerId, now]) as never[],
    PREPARED,
  );
  return rows.map((r) => toVerification(r, now));
}

/** The streams of a customer's verifications (the auditor's history replays them). */
export async function redemptionVerificationStreamsOf(sql: Sql, customerId: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select redemption_verification_id::text as id from rm_pending_approvals.verifications where customer_id = ${customerId} order by started_at`;
  return rows.map((r) => redemptionVerificationStreamId(r.id));
}

/** A verification's RO and customer. */
export interface VerificationKey {
  locationId: number;
  roNumber: string;
  customerId: string;
}

/** The verification of this RO and customer that is still open at `now`, if any (the newest). */
export async function openVerificationIdOf(sql: Sql, key: VerificationKey, now: Date): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`
    select redemption_verification_id as id from rm_pending_approvals.verifications
    where location_id = ${key.locationId} and ro_number = ${key.roNumber} and customer_id = ${key.customerId}
      and outcome is null and expires > ${now}
    order by started_at desc limit 1`;
  return row?.id ?? null;
}

/** The newest verification of this RO and customer (any outcome), if any. */
export async function latestVerificationIdOf(sql: Sql, key: VerificationKey): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`
    select redemption_verification_id::text as id from rm_pending_approvals.verifications
    where location_id = ${key.locationId} and ro_number = ${key.roNumber} and customer_id = ${key.customerId}
    order by started_at desc limit 1`;
  return row?.id ?? null;
}

/** Locations of these verifications (the live stream tells staff there, ADR 0087); ids not in the read model are left out. */
export async function verificationLocationsOf(sql: Sql, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: string; location_id: number }[]>`
    select redemption_verification_id::text as id, location_id from rm_pending_approvals.verifications where redemption_verification_id = any(${ids}::uuid[])`;
  return new Map(rows.map((r) => [r.id, r.location_id]));
}
