/**
 * What the redemption-verification jobs read: the verification's state (its stream), the
 * customer's current first name and addresses (their stream, opened by the vault) and the
 * location's name (DMS reference data).
 */
import { customerDecider, contactOf } from '@dealer/domain/customer';
import { customerStreamId, redemptionVerificationStreamId, type RedemptionVerificationState } from '@dealer/contracts';
import { load, type EventStore, type Sql } from '@dealer/platform';
import { redemptionVerificationDecider } from '@dealer/domain/redemption-verification/decide';

export async function readVerification(store: EventStore, redemptionVerificationId: string): Promise<{ state: RedemptionVerificationState | null; revision: number }> {
  const { state, revision } = await load(store, redemptionVerificationStreamId(redemptionVerificationId), redemptionVerificationDecider);
  return { state, revision };
}

export interface CustomerAddresses {
  firstName: string | null;
  emailAddress: string | null;
  phoneMobile: string | null;
}

export async function customerAddresses(store: EventStore, customerId: string): Promise<CustomerAddresses> {
  const c = contactOf((await load(store, customerStreamId(customerId), customerDecider)).state);
  // An empty value is no address.
  return { firstName: c.firstName || null, emailAddress: c.emailAddress || null, phoneMobile: c.phoneMobile || null };
}

export async function locationNameOf(sql: Sql, locationId: number): Promise<string | null> {
  const [row] = await sql<{ location_name: string }[]>`select location_name from ref.locations where location_id = ${locationId}`;
  return row?.location_name ?? null;
}

export const opCodesOf = (state: RedemptionVerificationState) => state.opCodes.map((opCode) => ({ opCode, description: state.opCodeDescriptions[opCode] ?? null }));
