/**
 * Messages of redemption verification: SPEC 8's confirmation and success texts, and the
 * server's refusals where SPEC shows none (worded here, listed in docs/decisions/0022-0024).
 */
import { CUSTOMER_MESSAGES } from '../customers/customer';
import { RO_INPUT_MESSAGES } from '../repair-orders/ro-records';
import { REDEMPTION_VERIFICATION_LIMITS } from './constants';

export const REDEMPTION_MESSAGES = {
  typeInvalid: 'Type must be email or text.',
  ...RO_INPUT_MESSAGES,
  customerRequired: 'Customer is required.',
  customerNotFound: 'Customer not found.',
  roNotFound: 'Repair order not found.',
  noOpCodes: "No op codes on this RO need the customer's verification.",
  needsEmail: 'This customer has no email address. Add one or send a text instead.',
  needsMobile: 'This customer has no mobile phone. Add one or send an email instead.',
  notFound: 'Redemption verification not found.',
  linkInvalid: 'This link is not valid or has already been used.',
  rateLimited: (seconds: number) => `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before sending the verification again.`,
  answerIncomplete: 'Please approve or decline each service.',
  answerUnknown: 'The answer names a service that is not part of this verification.',
  answerBoth: 'A service cannot be both approved and declined.',
  finalCannotApprove: 'This verification is final and cannot be approved.',
  overrideReasonMax: `Only ${REDEMPTION_VERIFICATION_LIMITS.overrideReasonMax} characters are allowed.`,
} as const;

/** Why a verification is final (the read shape's errorMessage, the Approve button's hint). */
export const REDEMPTION_FINAL_REASONS = {
  accepted: 'The customer already accepted this verification.',
  declined: 'The customer declined this verification.',
  overridden: "This verification was already accepted on the customer's behalf.",
  expired: 'This verification has expired.',
} as const;

/** SPEC 8 texts of the Pending Approvals dialog and the send flow. */
export const REDEMPTION_TEXTS = {
  overrideConfirm: (name: string) => `Are you sure you want to accept this verification on behalf of ${name}? The customer will be notified.`,
  overrideSuccess: (roNumber: string) => `Redemption verification for RO# ${roNumber} successfully accepted.`,
  sent: CUSTOMER_MESSAGES.sentTo,
  pendingApprovalsEmpty: 'No Pending Verifications',
} as const;

/** Op-code verification rules (managers): SPEC 8's generic '{Item} successfully ...' texts. */
export const OPCODE_RULE_MESSAGES = {
  added: 'Op code verification rule successfully added.',
  updated: 'Op code verification rule successfully updated.',
  removed: 'Op code verification rule successfully removed.',
  removeConfirm: 'Are you sure you want to remove op code verification rule?',
  opCodeRequired: 'Op code is required.',
  opCodeMax: `Only ${REDEMPTION_VERIFICATION_LIMITS.opCodeMax} characters are allowed.`,
  descriptionMax: `Only ${REDEMPTION_VERIFICATION_LIMITS.ruleDescriptionMax} characters are allowed.`,
  locationRequired: 'Location is required',
  locationUnknown: 'Location not found.',
  duplicate: 'This op code already needs verification at this location.',
  notFound: 'Op code verification rule not found.',
} as const;
