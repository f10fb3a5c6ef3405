/**
 * Marketing consent's shape and defaults (ADR 0089: e-mail on, texts off until agreed), and the words of the
 * selected customer's row on /employee/sales: a module of its own, so the sales page's first load carries only
 * this (the rest of marketing-consent.ts loads with My profile, the unsubscribe page and the staff dialog).
 */
export interface MarketingConsent {
  email: boolean;
  sms: boolean;
}

export const DEFAULT_MARKETING_CONSENT: Readonly<MarketingConsent> = Object.freeze({ email: true, sms: false });

export const CONSENT_ROW_TEXTS = {
  title: 'Coupon reminders',
  summary: (consent: MarketingConsent = DEFAULT_MARKETING_CONSENT) => `E-mail ${consent.email ? 'on' : 'off'}, texts ${consent.sms ? 'on' : 'off'}`,
  change: 'Change',
  changeLabel: 'Change coupon reminders',
} as const;
