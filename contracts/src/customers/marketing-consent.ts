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

export interface MarketingConsent {
  email: boolean;
  sms: boolean;
}

export const DEFAULT_MARKETING_CONSENT: Readonly<MarketingConsent> = Object.freeze({ email: true, sms: false });

export interface CustomerMarketingConsentChanged {
  type: 'CustomerMarketingConsentChanged';
  data: { customerId: string; channel: MarketingChannel; granted: boolean; source: ConsentSource };
}
