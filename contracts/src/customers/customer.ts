/** The Customer entity of SPEC 3 as the read side answers it, with its derived titles. */
import { LIMITS } from '../constants';
import type { MarketingConsent } from './marketing-consent';

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
  /** Consent to coupon reminders per channel (issue 24): e-mail on and texts off until agreed. */
  marketingConsent?: MarketingConsent;
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
  /** Set on a 'Code' hit (issue 24): the desk code typed or scanned and what it belongs to. */
  deskCode?: DeskCodeHit | null;
}

/**
 * What a desk code belongs to: a pack sale or one issued coupon of it, with its status now
 * (a coupon: available, redeemed, expired or voided; a sale: pending, final or voided).
 */
export interface DeskCodeHit {
  code: string;
  kind: 'sale' | 'coupon';
  saleId: string;
  issuedCouponId: string | null;
  packName: string;
  /** The coupon's name (kind 'coupon'), else null. */
  couponName: string | null;
  status: 'available' | 'redeemed' | 'expired' | 'voided' | 'pending' | 'final';
}

export type CustomerSearchType = 'Phone' | 'Email' | 'Name' | 'RO' | 'Code';

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
  /** Issue 24: a code-shaped term that no sale or coupon has. */
  deskCodeNotFound: 'No coupon or pack has this code. Check the code and try again.',
  /** Issue 24: too many codes not found by one employee or address (throttled like sign-in). */
  deskCodeThrottled: 'Too many codes that were not found. Please wait 15 minutes, or search by name, phone or e-mail.',
} as const;

/** Issue 24: what the customer search says about a code's coupon or pack that cannot be redeemed now. */
export function deskCodeStatusNote(hit: Pick<DeskCodeHit, 'kind' | 'status'>): string | null {
  const what = hit.kind === 'coupon' ? 'This coupon' : 'This pack';
  switch (hit.status) {
    case 'redeemed':
      return 'This coupon has already been used.';
    case 'voided':
      return `${what} has been voided.`;
    case 'expired':
      return 'This coupon has expired.';
    default:
      return null;
  }
}
