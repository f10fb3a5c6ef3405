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

/**
 * What the fold keeps of one customer between events: the domain state, and what only the row
 * keeps. A rebuild holds these across its batches (BulkCustomerRows) and makes rows of them only
 * when it writes; the live path makes them of the rows it loads.
 */
export interface CustomerEntry {
  state: ActiveCustomer;
  revision: number;
  created: string;
  modified: string;
  /** Verified by a confirmed change (the row's own fact; the domain state needs only the value). */
  emailValidated: boolean;
  phoneValidated: boolean;
}

/** A pending value of a stored row as the state keeps it (the row keeps values, not their change ids, which the columns do not need). */
const pendingOf = (value: string | null | undefined) => (value == null ? null : { changeId: '', value });

/** The entry a stored row stands for. */
export function entryOfRow(row: CustomerRow): CustomerEntry {
  const profile: Record<string, unknown> = {};
  for (const { field, column } of PROFILE_COLUMNS) profile[field] = row[column];
  return {
    state: {
      status: 'active',
      customerId: row.customer_id,
      profile: profile as CustomerProfile,
      isRegistered: row.is_registered,
      contact: { pending: { email: pendingOf(row.pending_email), phone: pendingOf(row.pending_phone) }, lastConfirmed: { email: null, phone: null } },
      personalDataErased: row.personal_data_erased,
      marketingConsent: { email: row.marketing_email, sms: row.marketing_sms },
    },
    revision: row.revision,
    created: row.created_date,
    modified: row.modified_date,
    emailValidated: row.is_email_validated,
    phoneValidated: row.is_phone_validated,
  };
}

/** The row of an entry: every column, in the table's order (one shape for every row). */
export function rowOfEntry(customerId: string, entry: CustomerEntry): CustomerRow {
  const { state } = entry;
  const erased = state.personalDataErased;
  const row: CustomerRow = {
    customer_id: customerId,
    first_name: null,
    last_name: null,
    email_address: null,
    phone_mobile: null,
    phone_other: null,
    address: null,
    address2: null,
    city: null,
    state: null,
    zip: null,
    is_tax_exempt: false,
    verify_redemptions: false,
    is_registered: state.isRegistered,
    is_email_validated: entry.emailValidated,
    is_phone_validated: entry.phoneValidated,
    pending_email: erased ? null : state.contact.pending.email?.value ?? null,
    pending_phone: erased ? null : state.contact.pending.phone?.value ?? null,
    personal_data_erased: erased,
    marketing_email: state.marketingConsent.email,
    marketing_sms: state.marketingConsent.sms,
    revision: entry.revision,
    created_date: entry.created,
    modified_date: entry.modified,
  };
  const columns = row as unknown as Record<string, unknown>;
  const profile = state.profile as Record<string, unknown>;
  for (const { field, column, personal, absent } of PROFILE_COLUMNS) columns[column] = erased && personal ? null : profile[field] ?? absent;
  return row;
}

/**
 * Applies events to the entries `held` answers (by customer id) without changing them: returns a
 * new entry for each customer an event changed (a batch that fails later leaves the held ones as
 * they were). An event of a customer with no entry, other than CustomerCreated, changes nothing.
 */
export function foldCustomerEntries(held: (customerId: string) => CustomerEntry | undefined, events: RecordedEvent[]): Map<string, CustomerEntry> {
  const changed = new Map<string, CustomerEntry>();
  for (const event of events) {
    const data = event.data as { customerId: string; kind?: unknown };
    const id = data.customerId;
    const time = event.metadata.time;
    if (event.type === 'CustomerCreated') {
      const created = evolveCustomer(initialCustomerState(), event);
      if (created.status !== 'active') continue;
      changed.set(id, { state: created, revision: event.revision, created: time, modified: time, emailValidated: false, phoneValidated: false });
      continue;
    }
    // Every other event changes an existing customer; each moves the row's revision.
    if (!CUSTOMER_EVENTS.has(event.type)) continue;
    let entry = changed.get(id);
    if (!entry) {
      const before = held(id);
      if (!before) continue;
      entry = { ...before };
      changed.set(id, entry);
    }
    const after = evolveCustomer(entry.state, event);
    if (after.status === 'active') entry.state = after;
    if (event.type === 'CustomerContactChangeConfirmed') {
      if (data.kind === 'email') entry.emailValidated = true;
      else entry.phoneValidated = true;
    }
    entry.revision = event.revision;
    if (!REVISION_ONLY_EVENTS.has(event.type)) entry.modified = time;
  }
  return changed;
}

/** Applies events to `rows` (keyed by customer id); returns the ids whose row changed. */
export function foldCustomerEvents(rows: Map<string, CustomerRow>, events: RecordedEvent[]): Set<string> {
  const changed = foldCustomerEntries((id) => {
    const row = rows.get(id);
    return row && entryOfRow(row);
  }, events);
  for (const [id, entry] of changed) rows.set(id, rowOfEntry(id, entry));
  return new Set(changed.keys());
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
