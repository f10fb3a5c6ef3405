/**
 * Folds customer events into one row per customer, in memory, for a whole batch: the
 * customer read models load the affected rows once, fold, and write them back once.
 */
import { PERSONAL_FIELD_SET } from '@dealer/contracts';
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
  revision: number;
  created_date: string;
  modified_date: string;
}

const FIELD_COLUMNS: Record<string, keyof CustomerRow> = {
  firstName: 'first_name',
  lastName: 'last_name',
  emailAddress: 'email_address',
  phoneMobile: 'phone_mobile',
  phoneOther: 'phone_other',
  address: 'address',
  address2: 'address2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  isTaxExempt: 'is_tax_exempt',
  verifyRedemptions: 'verify_redemptions',
  pendingEmail: 'pending_email',
  pendingPhone: 'pending_phone',
};

/** Columns holding personal data (the contracts' personal fields). */
const PERSONAL_COLUMNS = Object.entries(FIELD_COLUMNS)
  .filter(([field]) => PERSONAL_FIELD_SET.has(field))
  .map(([, column]) => column);

export const CUSTOMER_EVENTS: ReadonlySet<string> = new Set([
  'CustomerCreated',
  'CustomerEdited',
  'CustomerRegistered',
  'CustomerContactChangeRequested',
  'CustomerContactChangeConfirmed',
  'CustomerPersonalDataErased',
  // Events of the customer stream that change no column still move the row's revision, so an
  // editor's expectedRevision (read from this row) matches the stream.
  'RegistrationMessageRequested',
  'RegistrationMessageSent',
  'CustomerContactVerificationSent',
]);

const REVISION_ONLY_EVENTS: ReadonlySet<string> = new Set(['RegistrationMessageRequested', 'RegistrationMessageSent', 'CustomerContactVerificationSent']);

function applyFields(row: CustomerRow, data: Record<string, unknown>): void {
  for (const field in data) {
    const column = FIELD_COLUMNS[field];
    if (column) (row as unknown as Record<string, unknown>)[column] = data[field];
  }
  if (data.personalDataErased === true) row.personal_data_erased = true;
}

/** Applies events to `rows` (keyed by customer id); returns the ids whose row changed. */
export function foldCustomerEvents(rows: Map<string, CustomerRow>, events: RecordedEvent[]): Set<string> {
  const touched = new Set<string>();
  for (const event of events) {
    const data = event.data as Record<string, unknown> & { customerId: string };
    const time = event.metadata.time;
    if (event.type === 'CustomerCreated') {
      const row: CustomerRow = {
        customer_id: data.customerId,
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
        is_registered: false,
        is_email_validated: false,
        is_phone_validated: false,
        pending_email: null,
        pending_phone: null,
        personal_data_erased: false,
        revision: event.revision,
        created_date: time,
        modified_date: time,
      };
      applyFields(row, data);
      rows.set(data.customerId, row);
      touched.add(data.customerId);
      continue;
    }
    // Every other event changes an existing row: how, per type; each moves the row's revision.
    const row = rows.get(data.customerId);
    if (!row) continue;
    if (event.type === 'CustomerRegistered') {
      row.is_registered = true;
    } else if (event.type === 'CustomerContactChangeConfirmed') {
      // The confirmed value replaces the old one; pending is cleared and the channel verified.
      applyFields(row, data);
      if (data.kind === 'email') {
        row.pending_email = null;
        row.is_email_validated = true;
      } else {
        row.pending_phone = null;
        row.is_phone_validated = true;
      }
    } else if (event.type === 'CustomerPersonalDataErased') {
      // Erasure: every personal column goes; flags and dates (the non-personal facts) stay.
      for (const column of PERSONAL_COLUMNS) (row as unknown as Record<string, unknown>)[column] = null;
      row.personal_data_erased = true;
    } else if (event.type === 'CustomerEdited' || event.type === 'CustomerContactChangeRequested') {
      // A contact change request sets pendingEmail / pendingPhone: the value waits for confirmation.
      applyFields(row, data);
    } else if (!REVISION_ONLY_EVENTS.has(event.type)) {
      continue;
    }
    row.revision = event.revision;
    if (!REVISION_ONLY_EVENTS.has(event.type)) row.modified_date = time;
    touched.add(data.customerId);
  }
  return touched;
}

export function customerIdsOf(events: RecordedEvent[]): string[] {
  return [...new Set(events.map((e) => (e.data as { customerId: string }).customerId))];
}
