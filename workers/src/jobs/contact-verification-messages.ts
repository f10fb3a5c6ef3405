/**
 * Texts of the contact-change messages: the link or code for the new address, and the notice
 * to the old one. The notice carries neither the secret nor the new address.
 */
import type { ContactKind } from '@dealer/contracts';

export const DEFAULT_CONTACT_LINE = 'If you did not ask for this change, please contact your dealership right away.';

export interface MessageText {
  subject: string;
  body: string;
}

const greeting = (firstName: string | null | undefined) => (firstName ? `Hello ${firstName},` : 'Hello,');

/** To the new e-mail address: the confirmation link, valid 24 hours. */
export function emailConfirmationText(firstName: string | null | undefined, link: string): MessageText {
  return {
    subject: 'Confirm your new email address',
    body:
      `${greeting(firstName)}\n\n` +
      'A change of the email address on your Dealer Coupons account to this address was requested.\n' +
      `To confirm it, open this link: ${link}\n\n` +
      'This link is valid for 24 hours and can be used once. Your email address will not change until you confirm.\n' +
      'If you did not ask for this change, ignore this message.',
  };
}

/** To the new mobile phone: the 6-digit code, valid 10 minutes. */
export function smsCodeText(code: string): MessageText {
  return {
    subject: 'Phone change code',
    body: `Dealer Coupons: your code to confirm this phone number is ${code}. It is valid for 10 minutes. Do not share it.`,
  };
}

/** To the old address or number: a change was requested. */
export function changeNoticeText(kind: ContactKind, firstName: string | null | undefined, contactLine: string): MessageText {
  if (kind === 'email') {
    return {
      subject: 'A change of your email address was requested',
      body:
        `${greeting(firstName)}\n\n` +
        'A change of the email address on your Dealer Coupons account was requested. ' +
        'The new address will be used only after it is confirmed from that address.\n\n' +
        contactLine,
    };
  }
  return {
    subject: 'Phone change requested',
    body: `Dealer Coupons: a change of the mobile phone on your account was requested. ${contactLine}`,
  };
}
