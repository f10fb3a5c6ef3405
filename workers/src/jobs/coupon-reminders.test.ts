/** The reminder sweep's pure parts: grouping the read model's candidates, the job id from the facts, the links. */
import { describe, expect, it } from 'vitest';
import type { ReminderCandidate } from '@dealer/read-models/coupon-reminders/queries';
import { reminderGroups, reminderJobId, reminderLinks } from './coupon-reminders';

const alex = '0b6a3a52-5d1c-4b8e-9a51-2f0c8d3e4a11';
const blair = '1c7b4b63-6e2d-4c9f-8b62-3f1d9e4f5b22';
let n = 0;
const candidate = (over: Partial<ReminderCandidate> = {}): ReminderCandidate => ({
  issuedCouponId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  saleId: '11111111-1111-4111-8111-111111111111',
  customerId: alex,
  couponId: '22222222-2222-4222-8222-222222222222',
  couponName: 'Oil change',
  locationId: 1,
  timeZone: 'America/Denver',
  expiresOn: '2026-12-31',
  channels: ['email'],
  reminded: [],
  ...over,
});
// Noon in Denver on 6 December 2026: 25 days before 31 December.
const now = new Date('2026-12-06T19:00:00Z');

describe('reminder groups', () => {
  it('should make one group per customer, location, threshold and channel', () => {
    const a1 = candidate();
    const a2 = candidate({ couponName: 'Tire rotation', expiresOn: '2027-01-02' });
    const a3 = candidate({ expiresOn: '2026-12-10', channels: ['email', 'sms'] });
    const a4 = candidate({ locationId: 2 });
    const b1 = candidate({ customerId: blair, channels: ['sms'] });
    const groups = reminderGroups([a1, a2, a3, a4, b1], now);
    const ids = (cs: ReminderCandidate[]) => cs.map((c) => ({ issuedCouponId: c.issuedCouponId, saleId: c.saleId }));
    expect(groups).toEqual([
      { customerId: alex, locationId: 1, threshold: 30, channel: 'email', coupons: ids([a1, a2]) },
      { customerId: alex, locationId: 1, threshold: 7, channel: 'email', coupons: ids([a3]) },
      { customerId: alex, locationId: 1, threshold: 7, channel: 'sms', coupons: ids([a3]) },
      { customerId: alex, locationId: 2, threshold: 30, channel: 'email', coupons: ids([a4]) },
      { customerId: blair, locationId: 1, threshold: 30, channel: 'sms', coupons: ids([b1]) },
    ]);
  });

  it('should leave out a coupon reminded at the threshold due on that channel, expired, or too far out', () => {
    const reminded = candidate({ channels: ['email', 'sms'], reminded: ['30|email'] });
    const weekBefore = candidate({ expiresOn: '2026-12-12', reminded: ['30|email'] });
    const expired = candidate({ expiresOn: '2026-12-05' });
    const far = candidate({ expiresOn: '2027-01-06' });
    expect(reminderGroups([reminded, weekBefore, expired, far], now)).toEqual([
      { customerId: alex, locationId: 1, threshold: 30, channel: 'sms', coupons: [{ issuedCouponId: reminded.issuedCouponId, saleId: reminded.saleId }] },
      { customerId: alex, locationId: 1, threshold: 7, channel: 'email', coupons: [{ issuedCouponId: weekBefore.issuedCouponId, saleId: weekBefore.saleId }] },
    ]);
  });
});

describe('reminder job ids', () => {
  const group = { customerId: alex, locationId: 1, threshold: 30 as const, channel: 'email' as const, coupons: [candidate(), candidate()].map((c) => ({ issuedCouponId: c.issuedCouponId, saleId: c.saleId })) };

  it('should be the same for the same facts, whatever the order or case of the coupons, and BullMQ-safe', () => {
    const id = reminderJobId(group);
    expect(reminderJobId({ ...group, coupons: [...group.coupons].reverse() })).toBe(id);
    expect(reminderJobId({ ...group, customerId: alex.toUpperCase(), coupons: group.coupons.map((c) => ({ ...c, issuedCouponId: c.issuedCouponId.toUpperCase() })) })).toBe(id);
    expect(id).toMatch(new RegExp(`^coupon-reminder-${alex}-1-30-email-[0-9a-f]{24}$`));
    expect(id).not.toContain(':');
  });

  it('should differ for another threshold, channel, location or set of coupons', () => {
    const id = reminderJobId(group);
    expect(new Set([id, reminderJobId({ ...group, threshold: 7 }), reminderJobId({ ...group, channel: 'sms' }), reminderJobId({ ...group, locationId: 2 }), reminderJobId({ ...group, coupons: group.coupons.slice(1) })]).size).toBe(5);
  });
});

describe('reminder links', () => {
  it('should link My coupons and, for e-mail, the unsubscribe page and its one-click address', () => {
    expect(reminderLinks('https://coupons.example.test/', 'TOKEN')).toEqual({
      coupons: 'https://coupons.example.test/customer/coupons',
      unsubscribePage: 'https://coupons.example.test/unsubscribe/TOKEN',
      oneClick: 'https://coupons.example.test/api/unsubscribe/TOKEN',
    });
    expect(reminderLinks('https://coupons.example.test', null)).toEqual({ coupons: 'https://coupons.example.test/customer/coupons', unsubscribePage: null, oneClick: null });
  });
});
