/**
 * Customer validation before creation (SPEC 3, 4, 5): the possible matches POST /api/customer-validate
 * answers, and the rule that a new customer may not reuse a listed match's e-mail or mobile phone
 * ('You cannot save new customers with an existing email or phone.'), applied by the Existing
 * Customers dialog and enforced again by the server.
 */
import { digitsOnly } from '../format/phone';

/** A possible match (SPEC 3 Customer validation result). */
export interface CustomerMatch {
  customerId: string;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  phoneMobile: string | null;
  phoneOther: string | null;
}

export interface CustomerValidation {
  passed: boolean;
  customers: CustomerMatch[];
}

/** The customer being entered, as far as matching goes. */
export interface EnteredCustomer {
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null | undefined;
  phoneMobile: string | null | undefined;
  phoneOther?: string | null;
}

const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/** SPEC 5: blocked by a listed match with the same e-mail (any case) or the same mobile phone (any format). */
export function collidesWithMatches(matches: readonly CustomerMatch[], entered: Pick<EnteredCustomer, 'emailAddress' | 'phoneMobile'>): boolean {
  const email = lower(entered.emailAddress);
  const mobile = digitsOnly(entered.phoneMobile);
  return matches.some((m) => (email !== '' && lower(m.emailAddress) === email) || (mobile !== '' && digitsOnly(m.phoneMobile) === mobile));
}
