// Which values of a possible match equal the entered customer (highlighting). The SPEC 5 collision rule lives in
// contracts (collidesWithMatches), shared with the server, which enforces it too (409).
import { digitsOnly, fullName, type CustomerMatch, type EnteredCustomer } from '@dealer/contracts';

export { collidesWithMatches, type EnteredCustomer } from '@dealer/contracts';

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
