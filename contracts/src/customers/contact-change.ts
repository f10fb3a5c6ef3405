/**
 * Contact changes (SPEC 2.5 Change Email / Change Phone, 3 Verification request, 4 Pending
 * contact change, 5 Email change / Phone change, 8 Verification Sent): the request and its
 * rules with SPEC's messages, the events, the limits of codes and links, and the dialog texts.
 * One place for the web dialogs and the server.
 */
import * as v from 'valibot';
import { isValidEmail } from './profile-rules';

export type ContactKind = 'email' | 'phone';
export const CONTACT_KINDS: readonly ContactKind[] = ['email', 'phone'];

export const CONTACT_CHANGE_MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Email is invalid.',
  phoneRequired: 'Mobile phone is required.',
  phoneInvalid: 'Mobile phone is invalid.',
  sameEmail: 'The new email is the same as the current email.',
  samePhone: 'The new mobile phone is the same as the current mobile phone.',
  emailInUse: 'This email is already used by another customer.',
  phoneInUse: 'This mobile phone is already used by another customer.',
  passwordRequired: 'Please enter your password to confirm this change.',
  passwordIncorrect: 'Password is incorrect.',
  codeRequired: 'Please enter the code.',
  codeIncorrect: 'The code is incorrect.',
  tooManyAttempts: 'Too many incorrect codes. Please request a new change.',
  codeExpired: 'The code has expired. Please request a new change.',
  codeInvalid: 'This code is no longer valid. Please request a new change.',
  linkInvalid: 'This link is not valid or has already been used.',
  emailConfirmed: 'Your email address has been changed.',
  phoneConfirmed: 'Your mobile phone has been changed.',
} as const;

/** SPEC 8: the success notification after a request. */
export const VERIFICATION_SENT = {
  title: 'Verification Sent',
  message: 'A verification email/text was sent to the customer. Their email/phone will not update until they accept.',
} as const;

/** SPEC 2.5 dialog texts. Employees see the customer wording; customers see 'your'. */
export const CONTACT_CHANGE_TEXTS = {
  email: {
    placeholder: 'Enter new email',
    submit: 'Change Email',
    employeeBanner:
      'Customer confirmation is required to change their email. A verification email will be sent to the old and new emails. The email will not be changed until the customer confirms.',
    employeeCheckCustomer: 'Please make sure you have the correct customer before proceeding.',
    employeePending: 'There is a pending change to this customers email.',
    customerBanner: 'A confirmation email will be sent to your email. The email will not be changed until you confirm.',
    customerPending: 'There is a pending change to your email.',
  },
  phone: {
    titlePrefix: 'Change Phone:',
    placeholder: 'Enter new mobile phone',
    submit: 'Change Phone',
    // SPEC describes this warning without quoting it; worded after the e-mail banner.
    employeeBanner:
      'Customer confirmation is required to change their phone number. A verification text will be sent to the old and new phone numbers. The phone number will not be changed until the customer confirms.',
    employeeCheckCustomer: 'Please make sure you have the correct customer before proceeding.',
    employeePending: 'There is a pending change to this customers phone number.',
    customerBanner: 'A confirmation text will be sent to your new phone number. The phone number will not be changed until you confirm.',
    customerPending: 'There is a pending change to your phone number.',
  },
} as const;

/** Codes and links: 6-digit SMS codes valid 10 minutes, e-mail links valid 24 hours, 5 wrong codes. */
export const CONTACT_CHANGE_LIMITS = {
  codeDigits: 6,
  smsCodeLifetimeMs: 10 * 60 * 1000,
  emailLinkLifetimeMs: 24 * 3600 * 1000,
  maxFailures: 5,
  /** Failures count within this window from the first one; only a success resets them earlier. */
  failureWindowMs: 60 * 60 * 1000,
} as const;

/** Path of the customer-area page an e-mail confirmation link opens (the token follows). */
export const CONTACT_VERIFY_PATH = '/verify/contact/';

const PHONE_DECORATION = /[\s().\-+]/g;

/** SPEC 5 Email change: required, then valid; stored lower-case. */
export const newEmailRule = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
  v.nonEmpty(CONTACT_CHANGE_MESSAGES.emailRequired),
  v.check(isValidEmail, CONTACT_CHANGE_MESSAGES.emailInvalid),
  v.transform((s) => s.toLowerCase()),
);

/** SPEC 5 Phone change: required, then 10 digits once the mask characters are removed. */
export const newPhoneRule = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').replace(PHONE_DECORATION, '')),
  v.nonEmpty(CONTACT_CHANGE_MESSAGES.phoneRequired),
  v.regex(/^\d{10}$/, CONTACT_CHANGE_MESSAGES.phoneInvalid),
);

/** Normalises the request's `type` (SPEC: email or phone; contact-edit kinds EMAIL and PHONE). */
export function contactKindOf(type: string | null | undefined): ContactKind | null {
  const t = (type ?? '').toLowerCase();
  return t === 'email' || t === 'phone' ? t : null;
}

/** Validates the new value of a change; the first message wins, as the dialogs show one. */
export function validateContactValue(kind: ContactKind, info: unknown): { ok: true; value: string } | { ok: false; error: string } {
  const result = v.safeParse(kind === 'email' ? newEmailRule : newPhoneRule, info);
  return result.success ? { ok: true, value: result.output } : { ok: false, error: result.issues[0]!.message };
}

/** SPEC 3 Verification request (contact change), plus the password a customer re-authenticates with. */
export interface ContactChangeRequest {
  type: ContactKind;
  info: string;
  customerId: string;
  password?: string;
}

export interface ContactChangeRequested {
  type: 'CustomerContactChangeRequested';
  /** pendingEmail / pendingPhone are personal data, sealed with the customer's key. */
  data: { customerId: string; changeId: string; kind: ContactKind; pendingEmail?: string; pendingPhone?: string };
}

export interface ContactChangeConfirmed {
  type: 'CustomerContactChangeConfirmed';
  data: { customerId: string; changeId: string; kind: ContactKind; emailAddress?: string; phoneMobile?: string };
}

/** The customer (or staff for them) declined the pending change: it is dropped and its link or code no longer confirms it. */
export interface ContactChangeDeclined {
  type: 'CustomerContactChangeDeclined';
  data: { customerId: string; changeId: string; kind: ContactKind };
}

/** Recorded by the workers once the code or link went out (no secret, no address). */
export interface ContactVerificationSent {
  type: 'CustomerContactVerificationSent';
  data: { customerId: string; changeId: string; kind: ContactKind };
}

export type ContactChangeEvent = ContactChangeRequested | ContactChangeConfirmed | ContactChangeDeclined | ContactVerificationSent;
