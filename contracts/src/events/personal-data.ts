/**
 * Which event fields are personal data (SPEC privacy statement). Every event whose data has
 * a `customerId` stores these top-level fields encrypted with that customer's key, so that
 * erasing the key makes them unreadable everywhere the event went (crypto-shredding).
 */
export const PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'emailAddress',
  'phoneMobile',
  'phoneOther',
  'address',
  'address2',
  'city',
  'state',
  'zip',
  'pendingEmail',
  'pendingPhone',
  // The free text of a customer's contact form message (issue 13).
  'contactMessage',
  // A gift order's recipient e-mail and message (issue 13), sealed with the buyer's key.
  'recipientEmail',
  'giftMessage',
] as const;

export type PersonalField = (typeof PERSONAL_FIELDS)[number];
export const PERSONAL_FIELD_SET: ReadonlySet<string> = new Set(PERSONAL_FIELDS);
export const PERSONAL_DATA_SUBJECT_FIELD = 'customerId';
