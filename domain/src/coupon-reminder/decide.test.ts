import { describe, expect, it } from 'vitest';
import type { CouponReminderEvent, RemindedCoupon } from '@dealer/contracts';
import { given } from '../testing/given';
import { couponReminderDecider, wasReminded, type RecordCouponExpiryReminder } from './decide';

const customerId = '0b6a3a52-5d1c-4b8e-9a51-2f0c8d3e4a11';
const coupon = (n: number, expiresOn = '2026-12-31'): RemindedCoupon => ({
  issuedCouponId: `00000000-0000-4000-8000-00000000000${n}`,
  saleId: '11111111-1111-4111-8111-111111111111',
  couponId: '22222222-2222-4222-8222-222222222222',
  couponName: 'Oil change',
  expiresOn,
});
// Noon in Denver on 6 December 2026: 25 days before 31 December.
const now = new Date('2026-12-06T19:00:00Z');
const record = (reminderId: string, coupons: RemindedCoupon[], over: Partial<RecordCouponExpiryReminder['data']> = {}): RecordCouponExpiryReminder => ({
  type: 'RecordCouponExpiryReminder',
  data: { reminderId, customerId, locationId: 1, threshold: 30, channel: 'email', coupons, ...over },
  now,
  timeZone: 'America/Denver',
});
const sent = (reminderId: string, coupons: RemindedCoupon[], over: Partial<Extract<CouponReminderEvent, { type: 'CouponExpiryReminderSent' }>['data']> = {}): CouponReminderEvent => ({
  type: 'CouponExpiryReminderSent',
  data: { reminderId, customerId, locationId: 1, threshold: 30, channel: 'email', coupons, sentAt: now.toISOString(), sentOn: '2026-12-06', ...over },
});

describe('coupon reminders decider', () => {
  it('should record a reminder of the coupons due, with the local date it went out', () => {
    expect(given(couponReminderDecider, []).when(record('r1', [coupon(1), coupon(2)]))()).toEqual([sent('r1', [coupon(1), coupon(2)])]);
  });

  it('should record nothing for the same reminder again (a retried job)', () => {
    expect(given(couponReminderDecider, [sent('r1', [coupon(1)])]).when(record('r1', [coupon(1)]))()).toEqual([]);
  });

  it('should never remind a coupon twice at one threshold on one channel, whatever the reminder', () => {
    const history = [sent('r1', [coupon(1)])];
    expect(given(couponReminderDecider, history).when(record('r2', [coupon(1)]))()).toEqual([]);
    // A second sweep found one more coupon: only the new one is reminded.
    expect(given(couponReminderDecider, history).when(record('r2', [coupon(1), coupon(2)]))()).toEqual([sent('r2', [coupon(2)])]);
  });

  it('should remind the same coupon at the other threshold and on the other channel', () => {
    const history = [sent('r1', [coupon(1)])];
    expect(given(couponReminderDecider, history).when(record('r2', [coupon(1)], { channel: 'sms' }))()).toEqual([sent('r2', [coupon(1)], { channel: 'sms' })]);
    const weekBefore = coupon(1, '2026-12-10');
    expect(given(couponReminderDecider, history).when(record('r3', [weekBefore], { threshold: 7 }))()).toEqual([sent('r3', [weekBefore], { threshold: 7 })]);
  });

  it('should leave out coupons the threshold is not due for: inside 7 days for the 30-day one, expired, or too far out', () => {
    const inside7 = coupon(1, '2026-12-12');
    const expired = coupon(2, '2026-12-05');
    const far = coupon(3, '2027-01-06');
    expect(given(couponReminderDecider, []).when(record('r1', [inside7, expired, far]))()).toEqual([]);
    expect(given(couponReminderDecider, []).when(record('r1', [inside7, expired, far], { threshold: 7 }))()).toEqual([sent('r1', [inside7], { threshold: 7 })]);
  });

  it('should name a coupon once even when asked twice in one reminder', () => {
    expect(given(couponReminderDecider, []).when(record('r1', [coupon(1), { ...coupon(1), issuedCouponId: coupon(1).issuedCouponId.toUpperCase() }]))()).toEqual([sent('r1', [coupon(1)])]);
  });

  it('should fold which coupons were reminded', () => {
    const { state } = given(couponReminderDecider, [sent('r1', [coupon(1)]), sent('r2', [coupon(2)], { threshold: 7, channel: 'sms' })]);
    expect(wasReminded(state, coupon(1).issuedCouponId, 30, 'email')).toBe(true);
    expect(wasReminded(state, coupon(1).issuedCouponId, 30, 'sms')).toBe(false);
    expect(wasReminded(state, coupon(2).issuedCouponId, 7, 'sms')).toBe(true);
    expect(state.reminders.get('r2')?.coupons).toEqual([coupon(2)]);
  });
});
