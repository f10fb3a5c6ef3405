/**
 * The customer profile rules of SPEC 5, with its exact messages. One schema serves the
 * web form (react-hook-form) and the server (command-api), so a rule is written once.
 */
import * as v from 'valibot';
import { LIMITS } from '../constants';

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First Name is required.',
  lastNameRequired: 'Last Name is required.',
  nameMax: 'Only 100 characters are allowed.',
  emailInvalid: 'Email is invalid.',
  mobileRequired: 'Mobile is required.',
  phoneInvalid: 'Enter valid phone number.',
  phoneMin: 'Please enter at least 10 characters.',
  onlyNumber: 'Enter only number.',
  addressMin: 'Please enter at least 3 characters.',
  addressMax: 'Only 200 characters are allowed.',
  cityMax: 'Only 20 characters are allowed.',
  stateMax: 'Only 2 characters are allowed.',
  zipMin: 'Zip must be at least 5 characters long.',
  zipMax: 'Only 5 characters are allowed.',
} as const;

/** Characters a phone mask or a person typing a phone adds around the digits. */
const PHONE_DECORATION = /[\s().\-+]/g;

/** The e-mail pattern limit of SPEC 5: at most 254 characters, 64 before the at-sign. */
export function isValidEmail(value: string): boolean {
  if (value.length > LIMITS.emailMax) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > LIMITS.emailLocalMax) return false;
  return /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(
    value,
  );
}

/** An optional text: absent, null and blank all mean null; otherwise trimmed, then checked. */
function optionalText(...checks: v.PipeItem<string, string, v.BaseIssue<unknown>>[]) {
  return v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((s) => (s ?? '').trim() || null),
    v.nullable(v.pipe(v.string(), ...checks)),
  );
}

function requiredName(requiredMessage: string) {
  return v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => (s ?? '').trim()),
    v.nonEmpty(requiredMessage),
    v.maxLength(LIMITS.nameMax, PROFILE_MESSAGES.nameMax),
  );
}

export const emailAddressRule = optionalText(
  v.check(isValidEmail, PROFILE_MESSAGES.emailInvalid),
  v.transform((s) => s.toLowerCase()),
);

export const phoneMobileRule = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').replace(PHONE_DECORATION, '')),
  v.nonEmpty(PROFILE_MESSAGES.mobileRequired),
  v.regex(/^\d+$/, PROFILE_MESSAGES.phoneInvalid),
  v.minLength(LIMITS.phoneMinDigits, PROFILE_MESSAGES.phoneMin),
  v.maxLength(LIMITS.phoneMinDigits, PROFILE_MESSAGES.phoneInvalid),
);

export const phoneOtherRule = v.pipe(
  v.optional(v.nullable(v.string()), null),
  v.transform((s) => (s ?? '').replace(PHONE_DECORATION, '') || null),
  v.nullable(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, PROFILE_MESSAGES.onlyNumber),
      v.minLength(LIMITS.phoneMinDigits, PROFILE_MESSAGES.phoneMin),
      v.maxLength(LIMITS.phoneOtherMaxDigits, PROFILE_MESSAGES.phoneInvalid),
    ),
  ),
);

const addressRule = optionalText(
  v.minLength(LIMITS.addressMin, PROFILE_MESSAGES.addressMin),
  v.maxLength(LIMITS.addressMax, PROFILE_MESSAGES.addressMax),
);

export const customerProfileSchema = v.object({
  firstName: requiredName(PROFILE_MESSAGES.firstNameRequired),
  lastName: requiredName(PROFILE_MESSAGES.lastNameRequired),
  emailAddress: emailAddressRule,
  phoneMobile: phoneMobileRule,
  phoneOther: phoneOtherRule,
  address: addressRule,
  address2: addressRule,
  city: optionalText(v.maxLength(LIMITS.cityMax, PROFILE_MESSAGES.cityMax)),
  state: v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((s) => (s ?? '').replace(/\s+/g, '').toUpperCase() || null),
    v.nullable(v.pipe(v.string(), v.maxLength(LIMITS.stateMax, PROFILE_MESSAGES.stateMax))),
  ),
  zip: optionalText(
    v.regex(/^\d+$/, PROFILE_MESSAGES.onlyNumber),
    v.minLength(LIMITS.zipLength, PROFILE_MESSAGES.zipMin),
    v.maxLength(LIMITS.zipLength, PROFILE_MESSAGES.zipMax),
  ),
  isTaxExempt: v.optional(v.boolean(), false),
  verifyRedemptions: v.optional(v.boolean(), false),
});

/** What the form holds (raw input) and what a validated profile is (normalised output). */
export type CustomerProfileInput = v.InferInput<typeof customerProfileSchema>;
export type CustomerProfile = v.InferOutput<typeof customerProfileSchema>;

/** Field name -> first message, for answering a server-side validation failure. */
export function validateProfile(
  input: unknown,
): { ok: true; value: CustomerProfile } | { ok: false; errors: string[]; fields: Record<string, string> } {
  const result = v.safeParse(customerProfileSchema, input);
  if (result.success) return { ok: true, value: result.output };
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '_';
    fields[key] ??= issue.message;
  }
  return { ok: false, errors: Object.values(fields), fields };
}
