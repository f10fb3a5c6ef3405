/**
 * Marketing consent per channel (issue 24 part 2): whether the customer agrees to marketing
 * messages (coupon expiry reminders) by e-mail and by text. Recorded as events on the customer's
 * stream; transactional messages (verifications, receipts, gift e-mails) never look at it.
 *
 * Defaults (ADR 0089): e-mail on (a customer's own coupons at their dealer; every such e-mail
 * carries an unsubscribe link and one-click List-Unsubscribe), texts off until the customer
 * agrees (My profile, START by text, or staff recording the customer's spoken agreement).
 */
export const MARKETING_CHANNELS = ['email', 'sms'] as const;
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];

/** Where a consent change came from: shown in the customer's history and kept for proof. */
export const CONSENT_SOURCES = ['profile', 'staff', 'unsubscribe-link', 'sms-keyword'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

// The consent's shape, its defaults and the staff row's words live apart: the sales page's first load carries them.
export { CONSENT_ROW_TEXTS, DEFAULT_MARKETING_CONSENT, type MarketingConsent } from './marketing-consent-row';
import type { MarketingConsent } from './marketing-consent-row';

export interface CustomerMarketingConsentChanged {
  type: 'CustomerMarketingConsentChanged';
  data: { customerId: string; channel: MarketingChannel; granted: boolean; source: ConsentSource };
}

/** The request of PUT /api/customers/{customerId}/marketing-consent. */
export interface MarketingConsentRequest {
  channel: MarketingChannel;
  granted: boolean;
}

/** The answer of PUT /api/customers/{customerId}/marketing-consent and POST /api/unsubscribe/{token}. */
export interface MarketingConsentResult {
  customerId: string;
  channel: MarketingChannel;
  granted: boolean;
  /** Whether this request changed it (false: it already was so). */
  changed: boolean;
}

export const MARKETING_CONSENT_MESSAGES = {
  smsNeedsMobile: 'Add a mobile phone number before turning on reminder texts.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid. You can turn reminders off in My profile after signing in.',
  unsubscribeThrottled: 'Too many unsubscribe links that are not valid came from your network. Please try again in 15 minutes.',
} as const;

/**
 * What people read about reminders: My profile's Reminders section, the staff panel and the
 * unsubscribe page. Texts carry the standard US disclosure (frequency, rates, STOP and HELP).
 */
export const MARKETING_CONSENT_TEXTS = {
  sectionTitle: 'Reminders',
  sectionIntro: 'We can remind you 30 days and 7 days before your coupons expire, so you do not miss them.',
  emailLabel: 'E-mail me before my coupons expire',
  smsLabel: 'Text me before my coupons expire',
  smsDisclosure:
    'By turning this on you agree to receive automated reminder texts from Dealer Coupons at your mobile number: at most 2 messages per coupon. Consent is not a condition of purchase. Msg & data rates may apply. Reply STOP to opt out, HELP for help.',
  smsNeedsMobile: 'Add a mobile phone number to your profile to get reminder texts.',
  saved: (channel: MarketingChannel, granted: boolean) =>
    `${channel === 'email' ? 'Reminder e-mails' : 'Reminder texts'} turned ${granted ? 'on' : 'off'}.`,
  staffTitle: 'Coupon reminders',
  staffIntro: (name: string) => `Record what ${name || 'the customer'} agreed to. Reminder texts need their spoken or written agreement.`,
  staffEmailLabel: 'Reminder e-mails',
  staffSmsLabel: 'Reminder texts',
  staffNeedsMobile: 'No mobile phone on file: texts cannot be turned on.',
  staffSmsDisclosure: 'Turn texts on only when the customer agreed to automated reminder texts at their mobile number. They can reply STOP to opt out.',
  unsubscribeTitle: 'Coupon reminders',
  unsubscribeQuestion: (channel: MarketingChannel) =>
    channel === 'email'
      ? 'Stop e-mails from Dealer Coupons reminding you before your coupons expire?'
      : 'Stop texts from Dealer Coupons reminding you before your coupons expire?',
  unsubscribeExplain: 'Receipts, verification codes and other messages about your purchases still arrive.',
  unsubscribeButton: (channel: MarketingChannel) => (channel === 'email' ? 'Stop reminder e-mails' : 'Stop reminder texts'),
  unsubscribeDone: (channel: MarketingChannel) =>
    channel === 'email' ? 'Done: we will not e-mail you reminders before your coupons expire.' : 'Done: we will not text you reminders before your coupons expire.',
  unsubscribeUndo: 'Changed your mind? Turn reminders back on in My profile.',
  unsubscribeProfileLink: 'Go to My profile',
  unsubscribeInvalid: 'This unsubscribe link is not valid. It may have been copied only in part. You can turn reminders off in My profile after signing in.',
} as const;

/** How the customer history names a consent change (issue 24): "Reminder texts turned off (replied STOP)". */
const CONSENT_SOURCE_WORDS: Record<ConsentSource, string> = {
  profile: 'in My profile',
  staff: 'by staff at the dealership',
  'unsubscribe-link': 'unsubscribe link',
  'sms-keyword': '',
};

export function consentChangeSummary(data: { channel?: unknown; granted?: unknown; source?: unknown }): string {
  const what = data.channel === 'sms' ? 'Reminder texts' : 'Reminder e-mails';
  const state = data.granted === true ? 'turned on' : 'turned off';
  const source = typeof data.source === 'string' ? (data.source as ConsentSource) : null;
  const why =
    source === 'sms-keyword'
      ? data.granted === true
        ? 'replied START'
        : 'replied STOP'
      : source && source in CONSENT_SOURCE_WORDS
        ? CONSENT_SOURCE_WORDS[source]
        : '';
  return why ? `${what} ${state} (${why})` : `${what} ${state}`;
}
