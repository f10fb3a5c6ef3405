/**
 * The customer read models' row: the domain's customer state (`evolveCustomer`, the one customer
 * fold of the product) mapped to columns, plus what only the row keeps (its revision, dates and
 * whether each channel was verified by a confirmed change). Set-based: a whole batch folds in
 * memory; the read models load the affected rows once, fold, and write them back once.
 */
import { PERSONAL_FIELD_SET, type CustomerProfile } from '@dealer/contracts';
import { evolveCustomer, initialCustomerState, type CustomerState } from '@dealer/domain/customer';
import type { RecordedEvent } from '@dealer/platform';

export interface CustomerRow {
  customer_id: string;
  first_name: string | null;
  last_name: string | null;
  email_address: string | null;
  phone_mobile: string | null;
  phone_other: string | null;
  address: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  is_tax_exempt: boolean;
  verify_redemptions: boolean;
  is_registered: boolean;
  is_email_validated: boolean;
  is_phone_validated: boolean;
  pending_email: string | null;
  pending_phone: string | null;
  personal_data_erased: boolean;
  /** Marketing consent per channel (issue 24): the state's, with the domain's defaults for rows from before it. */
  marketing_email: boolean;
  marketing_sms: boolean;
  revision: number;
  created_date: string;
  modified_date: string;
}

type ActiveCustomer = Extract<CustomerState, { status: 'active' }>;

/** Profile field -> column; an erased customer's personal columns read null (no event after an erasure can carry personal data: its key is gone); the flags default to false. */
const PROFILE_COLUMNS = (
  [
    ['firstName', 'first_name'],
    ['lastName', 'last_name'],
    ['emailAddress', 'email_address'],
    ['phoneMobile', 'phone_mobile'],
    ['phoneOther', 'phone_other'],
    ['address', 'address'],
    ['address2', 'address2'],
    ['city', 'city'],
    ['state', 'state'],
    ['zip', 'zip'],
    ['isTaxExempt', 'is_tax_exempt'],
    ['verifyRedemptions', 'verify_redemptions'],
  ] as const satisfies readonly (readonly [keyof CustomerProfile, keyof CustomerRow])[]
).map(([field, column]) => ({ field, column, personal: PERSONAL_FIELD_SET.has(field), absent: field === 'isTaxExempt' || field === 'verifyRedemptions' ? false : null }));

export const CUSTOMER_EVENTS: ReadonlySet<string> = new Set([
  'CustomerCreated',
  'CustomerEdited',
  'CustomerRegistered',
  'CustomerContactChangeRequested',
  'CustomerContactChangeConfirmed',
  'CustomerContactChangeDeclined',
  'CustomerPersonalDataErased',
  'CustomerMarketingConsentChanged',
  // Events of the customer stream that change no column still move the row's revision, so an
  // editor's expectedRevision (read from this row) matches the stream.
  'RegistrationMessageRequested',
  'RegistrationMessageSent',
  'CustomerContactVerificationSent',
]);

const REVISION_ONLY_EVENTS: ReadonlySet<string> = new Set(['RegistrationMessageRequested', 'RegistrationMessageSent', 'CustomerContactVerificationSent']);

/** The customer state a stored row stands for (the row keeps pending values, not their change ids, which the columns do not need). */
function stateOfRow(row: CustomerRow): ActiveCustomer {
  const profile: Record<string, unknown> = {};
  for (const { field, column } of PROFILE_COLUMNS) profile[field] = row[column];
  const pending = (value: string | null | undefined) => (value == null ? null : { changeId: '', value });
  return {
    status: 'active',
    customerId: row.customer_id,
    profile: profile as CustomerProfile,
    isRegistered: row.is_registered,
    contact: { pending: { email: pending(row.pending_email), phone: pending(row.pending_phone) }, lastConfirmed: { email: null, phone: null } },
    personalDataErased: row.personal_data_erased,
    marketingConsent: { email: row.marketing_email, sms: row.marketing_sms },
  };
}

/** Writes the state's columns into the row (its revision, dates and verified flags are the row's own). */
function writeState(row: CustomerRow, state: ActiveCustomer): void {
  const columns = row as unknown as Record<string, unknown>;
  const erased = state.personalDataErased;
  const profile = state.profile as Record<string, unknown>;
  for (const { field, column, personal, absent } of PROFILE_COLUMNS) columns[column] = erased && personal ? null : profile[field] ?? absent;
  row.pending_email = erased ? null : state.contact.pending.email?.value ?? null;
  row.pending_phone = erased ? null : state.contact.pending.phone?.value ?? null;
  row.is_registered = state.isRegistered;
  row.personal_data_erased = erased;
  row.marketing_email = state.marketingConsent.email;
  row.marketing_sms = state.marketingConsent.sms;
}

/** Applies events to `rows` (keyed by customer id); returns the ids whose row changed. */
export function foldCustomerEvents(rows: Map<string, CustomerRow>, events: RecordedEvent[]): Set<string> {
  const states = new Map<string, ActiveCustomer>();
  for (const event of events) {
    const data = event.data as { customerId: string; kind?: unknown };
    const id = data.customerId;
    const time = event.metadata.time;
    if (event.type === 'CustomerCreated') {
      const created = evolveCustomer(initialCustomerState(), event);
      if (created.status !== 'active') continue;
      states.set(id, created);
      rows.set(id, {
        customer_id: id,
        is_email_validated: false,
        is_phone_validated: false,
        revision: event.revision,
        created_date: time,
        modified_date: time,
      } as CustomerRow);
      continue;
    }
    // Every other event changes an existing row; each moves the row's revision.
    const row = rows.get(id);
    if (!row || !CUSTOMER_EVENTS.has(event.type)) continue;
    const before = states.get(id) ?? stateOfRow(row);
    const after = evolveCustomer(before, event);
    if (after.status === 'active') states.set(id, after);
    // A confirmed change verified its channel (the row's own fact; the domain state needs only the value).
    if (event.type === 'CustomerContactChangeConfirmed') {
      if (data.kind === 'email') row.is_email_validated = true;
      else row.is_phone_validated = true;
    }
    row.revision = event.revision;
    if (!REVISION_ONLY_EVENTS.has(event.type)) row.modified_date = time;
  }
  for (const [id, state] of states) writeState(rows.get(id)!, state);
  return new Set(states.keys());
}

/**
 * The customers whose stored row a batch needs: every customer an event names, except those whose
 * first event in the batch is CustomerCreated (the first event of a customer's stream, so no row
 * of theirs can exist yet: the checkpoint moves with the tables).
 */
export function customerIdsToLoad(events: RecordedEvent[]): string[] {
  const seen = new Set<string>();
  const load: string[] = [];
  for (const event of events) {
    const id = (event.data as { customerId: string }).customerId;
    if (seen.has(id)) continue;
    seen.add(id);
    if (event.type !== 'CustomerCreated') load.push(id);
  }
  return load;
}
