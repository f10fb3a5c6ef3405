/**
 * What the redemption-verification jobs read: the verification's state (its stream), the
 * customer's current first name and addresses (their stream, opened by the vault) and the
 * location's name (DMS reference data).
 */
import { customerStreamId, evolveRedemptionVerification, redemptionVerificationStreamId, type RedemptionVerificationState } from '@dealer/contracts';
import type { EventStore, RecordedEvent, Sql } from '@dealer/platform';

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
  const contact: CustomerAddresses = { firstName: null, emailAddress: null, phoneMobile: null };
  for (const e of await store.readStream(customerStreamId(customerId))) {
    const d = e.data as Record<string, string | null | undefined>;
    for (const key of ['firstName', 'emailAddress', 'phoneMobile'] as const) if (key in d) contact[key] = d[key] || null;
  }
  return contact;
}

export async function locationNameOf(sql: Sql, locationId: number): Promise<string | null> {
  const [row] = await sql<{ location_name: string }[]>`select location_name from ref.locations where location_id = ${locationId}`;
  return row?.location_name ?? null;
}

export const opCodesOf = (state: RedemptionVerificationState) => state.opCodes.map((opCode) => ({ opCode, description: state.opCodeDescriptions[opCode] ?? null }));
