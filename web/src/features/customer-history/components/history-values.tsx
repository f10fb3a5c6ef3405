// How the history shows fields, values and actors: SPEC wording for fields, phones masked, personal
// data the server withheld marked "Hidden", and actor ids in words with the full id on hover.
import { PERSONAL_FIELD_SET, phoneOrDash } from '@dealer/contracts';

/** What the server sends in place of a personal value for a viewer who may not see it. */
const WITHHELD = '[personal data]';

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  emailAddress: 'Email',
  phoneMobile: 'Mobile Phone',
  phoneOther: 'Other Phone',
  address: 'Address',
  address2: 'Address 2',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  isTaxExempt: 'Tax Exempt',
  verifyRedemptions: 'Verify Redemptions',
  noValidEmailFlag: 'No Valid Email',
  isEmployee: 'Employee',
  isRegistered: 'Registered',
  pendingEmail: 'Pending Email',
  pendingPhone: 'Pending Phone',
  isEmailValidated: 'Email Verified',
  isPhoneValidated: 'Phone Verified',
  kind: 'Kind',
};

const PHONE_FIELDS = new Set(['phoneMobile', 'phoneOther', 'pendingPhone']);

/** 'noValidEmailFlag' -> 'No valid email flag' for fields without a SPEC label. */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const isWithheld = (field: string, value: unknown) => PERSONAL_FIELD_SET.has(field) && value === WITHHELD;

export function FieldValue({ field, value }: { field: string; value: unknown }) {
  if (isWithheld(field, value))
    return (
      <span className="history-hidden" title="Personal data is hidden for your role.">
        Hidden
      </span>
    );
  if (value === null || value === undefined || value === '') return <span className="muted">-</span>;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  if (PHONE_FIELDS.has(field) && typeof value === 'string') return <>{phoneOrDash(value)}</>;
  if (typeof value === 'object') return <>{JSON.stringify(value)}</>;
  return <>{String(value)}</>;
}

/** The parts of the product that act on their own, in words (never their internal names). */
const SYSTEM_PARTS: Record<string, string> = {
  workers: 'System (messaging)',
  'demo-seed': 'Demo data',
  'self-registration': 'The customer (registration)',
  'redemption-settle': 'System (held redemptions)',
  'gift-expiry': 'System (gift expiry)',
  'abandoned-orders': 'System (unpaid orders)',
  'pack-sale-finaliser': 'System (closed repair orders)',
  import: 'System (import)',
  'import-paper-books': 'System (paper book import)',
};

/** Actor ids as recorded (`user:<id>`, `customer:<id>`, `customer-link:<id>`, `system:<part>`) in words. */
export function actorLabel(actor: string, customerId: string): string {
  const [kind, ...rest] = actor.split(':');
  const id = rest.join(':');
  switch (kind) {
    case 'user':
      return `Staff user ${id.slice(0, 8)}`;
    case 'customer':
      return id === customerId ? 'The customer (signed in)' : `Customer ${id.slice(0, 8)}`;
    case 'customer-link':
      return id === customerId ? 'The customer (by link)' : `Customer ${id.slice(0, 8)} (by link)`;
    case 'system':
      return SYSTEM_PARTS[id] ?? 'System';
    default:
      return actor;
  }
}
