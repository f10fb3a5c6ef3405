/**
 * A visitor's own registration from /purchase (issue 13): name, e-mail, mobile phone and the
 * age confirmation (SPEC 9: minimum age 18). The account is finished from the registration link
 * e-mailed to that address (the password is chosen there), so only the owner of the e-mail
 * address can hold an account under it. One schema for the web form and the server.
 */
import * as v from 'valibot';
import { LIMITS } from '../constants';
import { emailAddressRule, PROFILE_MESSAGES, phoneMobileRule } from './profile-rules';

export const SELF_REGISTRATION_MESSAGES = {
  emailRequired: 'Email is required.',
  adultRequired: 'You must be 18 or older to register.',
  alreadyRegistered: 'Customer is already registered.',
  mobileTaken: "This mobile phone is on another customer's profile. Enter another number, or ask the dealership to send you a registration link.",
  throttled: 'Too many registrations from this address. Please try again in 15 minutes.',
  sent: 'Success! Please check your email. If you do not see the email, please check your spam folder',
} as const;

function requiredName(message: string) {
  return v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => (s ?? '').trim()),
    v.nonEmpty(message),
    v.maxLength(LIMITS.nameMax, PROFILE_MESSAGES.nameMax),
  );
}

export const selfRegistrationSchema = v.object({
  firstName: requiredName(PROFILE_MESSAGES.firstNameRequired),
  lastName: requiredName(PROFILE_MESSAGES.lastNameRequired),
  emailAddress: v.pipe(
    emailAddressRule,
    v.check((s): boolean => s !== null, SELF_REGISTRATION_MESSAGES.emailRequired),
    v.transform((s) => s as string),
  ),
  phoneMobile: phoneMobileRule,
  isAdult: v.pipe(
    v.optional(v.boolean(), false),
    v.check((b) => b === true, SELF_REGISTRATION_MESSAGES.adultRequired),
  ),
});

export type SelfRegistrationInput = v.InferInput<typeof selfRegistrationSchema>;
export type SelfRegistration = v.InferOutput<typeof selfRegistrationSchema>;

/** The answer: the link went to this address (also when the address had an unregistered profile already). */
export interface SelfRegistrationAnswer {
  emailAddress: string;
}
