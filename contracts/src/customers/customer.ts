/** The Customer entity of SPEC 3 as the read side answers it, with its derived titles. */
import { LIMITS } from '../constants';

export interface Customer {
  customerId: string;
  firstName: string | null;
  lastName: string | null;
  address: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  emailAddress: string | null;
  isEmailValidated: boolean;
  phoneMobile: string | null;
  isPhoneValidated: boolean;
  phoneOther: string | null;
  createdDate: string;
  modifiedDate: string;
  isEmployee: boolean;
  isRegistered: boolean;
  registrationUrl: string | null;
  noValidEmailFlag: boolean;
  isTaxExempt: boolean;
  verifyRedemptions: boolean;
  pendingEmail: string | null;
  pendingPhone: string | null;
  /** True once an admin erased the customer's personal data: the personal fields above are null for good. */
  personalDataErased?: boolean;
}

/** SPEC 3 customer search result. */
export interface CustomerSearchResult {
  customerId: string;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  searchType: CustomerSearchType;
  soldDMSNumber: string | null;
  soldLocationName: string | null;
  soldDate: string | null;
  phoneMobile: string | null;
}

export type CustomerSearchType = 'Phone' | 'Email' | 'Name' | 'RO';

export function fullName(c: { firstName?: string | null; lastName?: string | null }): string {
  return [c.firstName, c.lastName].filter(Boolean).join(' ');
}

export function emailVerificationTitle(c: Pick<Customer, 'isEmailValidated' | 'pendingEmail'>): string {
  if (c.pendingEmail) return 'Pending an email change';
  return c.isEmailValidated ? 'Verified' : 'Not verified';
}

export function phoneVerificationTitle(c: Pick<Customer, 'isPhoneValidated' | 'pendingPhone'>): string {
  if (c.pendingPhone) return 'Pending an phone number change';
  return c.isPhoneValidated ? 'Verified' : 'Not verified';
}

export const CUSTOMER_MESSAGES = {
  created: 'Successfully created new customer.',
  updated: 'Successfully updated profile.',
  notFound: 'Customer not found.',
  duplicate: 'You cannot save new customers with an existing email or phone.',
  /** SPEC 8, after a message went to the customer (a registration message, a verification). */
  sentTo: (name: string) => `Email or Text sent to ${name}.`,
  /** SPEC 5: a search term must be longer than 1 character (the search box and the API say the same). */
  searchTermTooShort: `Please enter at least ${LIMITS.searchTermMin} characters to search.`,
} as const;
