// Which values of a possible match equal the entered customer (highlighting), and the SPEC 5 rule that a new
// customer may not reuse a listed match's e-mail or mobile phone. The server enforces the same rule (409).
import { digitsOnly, fullName } from '@dealer/contracts';
import type { CustomerMatch } from '../api/validate-customer';

export interface EnteredCustomer {
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  phoneMobile: string | null;
  phoneOther: string | null;
}

export interface MatchedFields {
  name: boolean;
  email: boolean;
  phoneMobile: boolean;
  phoneOther: boolean;
}

const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

export function matchedFields(match: CustomerMatch, entered: EnteredCustomer): MatchedFields {
  const phones = new Set([digitsOnly(entered.phoneMobile), digitsOnly(entered.phoneOther)].filter(Boolean));
  const name = lower(fullName(entered));
  return {
    // SPEC 5: name matching is case-insensitive on 'first last'.
    name: name !== '' && lower(fullName(match)) === name,
    email: lower(entered.emailAddress) !== '' && lower(match.emailAddress) === lower(entered.emailAddress),
    phoneMobile: phones.has(digitsOnly(match.phoneMobile)),
    phoneOther: phones.has(digitsOnly(match.phoneOther)),
  };
}

/** SPEC 5: creating from the matches modal is blocked by a listed match with the same e-mail or mobile phone. */
export function collidesWithMatches(matches: readonly CustomerMatch[], entered: EnteredCustomer): boolean {
  const email = lower(entered.emailAddress);
  const mobile = digitsOnly(entered.phoneMobile);
  return matches.some((m) => (email !== '' && lower(m.emailAddress) === email) || (mobile !== '' && digitsOnly(m.phoneMobile) === mobile));
}
