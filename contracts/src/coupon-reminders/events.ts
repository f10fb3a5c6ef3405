/**
 * Coupon expiry reminders (issue 24 part 2): the one event that records a reminder, on the
 * customer's reminders stream `coupon-reminders-{customerId}` (no personal data: ids, names of
 * coupons, dates). A reminder is recorded right before its message goes out (the send is
 * idempotent under the reminder's id), so the stream says which coupon was reminded at which
 * threshold on which channel: never twice (decided against the stream's state, ADR 0090).
 */
import type { LocalDate } from '../coupons/expiry';
import type { MarketingChannel } from '../customers/marketing-consent';

export const couponRemindersStreamId = (customerId: string) => `coupon-reminders-${customerId}`;

/** Days before expiry a reminder goes out: a month ahead and a week ahead. */
export const REMINDER_THRESHOLDS = [30, 7] as const;
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number];

/** One coupon a reminder names. */
export interface RemindedCoupon {
  issuedCouponId: string;
  saleId: string;
  /** The coupon definition and its name as sold. */
  couponId: string;
  couponName: string;
  /** The last local day it is good. */
  expiresOn: LocalDate;
}

export interface CouponExpiryReminderSent {
  type: 'CouponExpiryReminderSent';
  data: {
    /** Derived from the facts (customer, location, threshold, channel, coupons): the message's idempotency key. */
    reminderId: string;
    customerId: string;
    /** The location the coupons were sold at (the message names it). */
    locationId: number;
    threshold: ReminderThreshold;
    channel: MarketingChannel;
    coupons: RemindedCoupon[];
    sentAt: string;
    /** The local date it went out in the location's zone (the report's month). */
    sentOn: LocalDate;
  };
}

export type CouponReminderEvent = CouponExpiryReminderSent;
export const COUPON_REMINDER_EVENT_TYPES = ['CouponExpiryReminderSent'] as const;
