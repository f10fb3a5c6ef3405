// 'Verification Sent' (SPEC 8) in the words of who asked: staff get SPEC's text about "the customer"; a customer
// changing their own e-mail or phone is told what happens next in their words (SPEC is silent on the customer's).
import { VERIFICATION_SENT, type ContactKind } from '@dealer/contracts';
/** Who is looking at the contact-change dialog. */
export type ContactChangeAudience = 'employee' | 'customer';

export const CUSTOMER_VERIFICATION_SENT: Record<ContactKind, string> = {
  email: 'We sent you a confirmation email. Your email address will not change until you confirm it.',
  phone: 'We texted a code to your new phone number. Your phone number will not change until you enter the code.',
};

export function verificationSentMessage(kind: ContactKind, audience: ContactChangeAudience): string {
  return audience === 'customer' ? CUSTOMER_VERIFICATION_SENT[kind] : VERIFICATION_SENT.message;
}
