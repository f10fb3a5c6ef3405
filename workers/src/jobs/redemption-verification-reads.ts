/**
 * What the redemption-verification jobs read: the verification's state (its stream), the
 * customer's current first name and addresses (their stream, opened by the vault) and the
 * location's name (DMS reference data).
 */
import { customerStreamId, redemptionVerificationStreamId, type RedemptionVerificationState } from '@dealer/contracts';
import type { EventStore, RecordedEvent, Sql } from '@dealer/platform';
import { contactOf, foldCustomer } from '@dealer/domain/customer';
import { evolveRedemptionVerification } from '@dealer/domain/redemption-verification/state';

export async function readVerification(store: EventStore, redemptionVerificationId: string): Promise<{ state: RedemptionVerificationState | null; revision: number }> {
  const history: RecordedEvent[] = await store.readStream(redemptionVerificationStreamId(redemptionVerificationId));
  return { state: history.reduce(evolveRedemptionVerification, null), revision: history.length > 0 ? history[history.length - 1]!.revision : -1 };
}

export interface CustomerAddresses {
  firstName: string | null;
  emailAddress: string | null;
  phoneMobile: string | null;
}

export async function customerAddresses(store: EventStore, customerId: string): Promise<CustomerAddresses> {
  const c = contactOf(foldCustomer(await store.readStream(customerStreamId(customerId))));
  // An empty value is no address.
  return { firstName: c.firstName || null, emailAddress: c.emailAddress || null, phoneMobile: c.phoneMobile || null };
}

export async function locationNameOf(sql: Sql, locationId: number): Promise<string | null> {
  const [row] = await sql<{ location_name: string }[]>`select location_name from ref.locations where location_id = ${locationId}`;
  return row?.location_name ?? null;
}

export const opCodesOf = (state: RedemptionVerificationState) => state.opCodes.map((opCode) => ({ opCode, description: state.opCodeDescriptions[opCode] ?? null }));
