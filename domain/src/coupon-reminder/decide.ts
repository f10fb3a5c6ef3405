/**
 * A customer's coupon expiry reminders (stream `coupon-reminders-{customerId}`, issue 24 part 2,
 * ADR 0090) as a decider: which coupon was reminded at which threshold on which channel. The
 * worker decides each reminder here right before sending it, so a coupon is reminded at most
 * once per threshold and channel however often the sweep runs, a job is retried or two workers
 * race (the append's expected revision makes the loser decide again, on the winner's event). A
 * reminder already recorded under the same id decides nothing (the retried job sends the
 * recorded one again, which the sender's idempotency key delivers once). Pure: clock in the command.
 */
import {
  localDateOf,
  reminderThreshold,
  type CouponExpiryReminderSent,
  type CouponReminderEvent,
  type MarketingChannel,
  type RemindedCoupon,
  type ReminderThreshold,
} from '@dealer/contracts';
import type { Decider } from '../decider';

export interface CouponReminderState {
  /** `issuedCouponId|threshold|channel` of every coupon reminded. */
  reminded: ReadonlySet<string>;
  /** Every reminder recorded, by its id. */
  reminders: ReadonlyMap<string, CouponExpiryReminderSent['data']>;
}

export interface RecordCouponExpiryReminder {
  type: 'RecordCouponExpiryReminder';
  data: {
    reminderId: string;
    customerId: string;
    locationId: number;
    threshold: ReminderThreshold;
    channel: MarketingChannel;
    /** The coupons found still unused, unvoided and due this threshold (the worker checked their streams). */
    coupons: RemindedCoupon[];
  };
  now: Date;
  /** The location's zone: today's date for the threshold and the report's month. */
  timeZone: string;
}

export type CouponReminderCommand = RecordCouponExpiryReminder;

export const remindedKey = (issuedCouponId: string, threshold: ReminderThreshold, channel: MarketingChannel) => `${issuedCouponId.toLowerCase()}|${threshold}|${channel}`;

export const initialCouponReminderState = (): CouponReminderState => ({ reminded: new Set(), reminders: new Map() });

export function evolveCouponReminders(state: CouponReminderState, event: { type: string; data: unknown }): CouponReminderState {
  const e = event as CouponReminderEvent;
  if (e.type !== 'CouponExpiryReminderSent') return state;
  const reminded = new Set(state.reminded);
  for (const c of e.data.coupons) reminded.add(remindedKey(c.issuedCouponId, e.data.threshold, e.data.channel));
  return { reminded, reminders: new Map(state.reminders).set(e.data.reminderId, e.data) };
}

export const wasReminded = (state: CouponReminderState, issuedCouponId: string, threshold: ReminderThreshold, channel: MarketingChannel): boolean =>
  state.reminded.has(remindedKey(issuedCouponId, threshold, channel));

export function decideCouponReminders(command: CouponReminderCommand, state: CouponReminderState): CouponReminderEvent[] {
  const { reminderId, customerId, locationId, threshold, channel } = command.data;
  // The same reminder again (a retried job): recorded already, nothing new.
  if (state.reminders.has(reminderId)) return [];
  const today = localDateOf(command.now, command.timeZone);
  const seen = new Set<string>();
  const coupons = command.data.coupons.filter((c) => {
    const id = c.issuedCouponId.toLowerCase();
    if (seen.has(id)) return false;
    seen.add(id);
    // Never twice for one coupon, threshold and channel; and only while this threshold is the one due.
    return !wasReminded(state, c.issuedCouponId, threshold, channel) && reminderThreshold(c.expiresOn, today) === threshold;
  });
  if (coupons.length === 0) return [];
  return [{ type: 'CouponExpiryReminderSent', data: { reminderId, customerId, locationId, threshold, channel, coupons, sentAt: command.now.toISOString(), sentOn: today } }];
}

export const couponReminderDecider: Decider<CouponReminderState, CouponReminderCommand, CouponReminderEvent> = {
  initialState: initialCouponReminderState,
  evolve: evolveCouponReminders,
  decide: decideCouponReminders,
};
