import { describe, expect, it } from 'vitest';
import {
  couponCount,
  daysLeft,
  inQuietHours,
  localTimeInstant,
  nameInSentence,
  pluralName,
  reminderEmail,
  reminderSentence,
  reminderSubject,
  reminderText,
  reminderThreshold,
  reminderThresholdAt,
  textSendTime,
} from './index';

describe('reminder thresholds', () => {
  it('should count local days, the last day being 0', () => {
    expect(daysLeft('2026-12-31', '2026-12-31')).toBe(0);
    expect(daysLeft('2027-01-01', '2026-12-31')).toBe(1);
    expect(daysLeft('2026-03-09', '2026-03-07')).toBe(2); // across the spring DST change
    expect(daysLeft('2026-12-30', '2026-12-31')).toBe(-1);
  });

  it('should give the 30-day reminder from 30 to 8 days before, the 7-day one from 7 days to the last day, none otherwise', () => {
    const today = '2026-12-01';
    expect(reminderThreshold('2027-01-01', today)).toBeNull(); // 31 days
    expect(reminderThreshold('2026-12-31', today)).toBe(30); // 30 days
    expect(reminderThreshold('2026-12-26', today)).toBe(30); // 25 days
    expect(reminderThreshold('2026-12-09', today)).toBe(30); // 8 days
    expect(reminderThreshold('2026-12-08', today)).toBe(7); // 7 days: first seen inside 7 days, only the 7-day one
    expect(reminderThreshold('2026-12-01', today)).toBe(7); // its last day
    expect(reminderThreshold('2026-11-30', today)).toBeNull(); // expired
  });

  it("should count today in the coupon's zone, not in UTC", () => {
    // 03:00 UTC on Dec 2 is still Dec 1 in Denver: 8 days to Dec 9 there (the 30-day reminder), 7 in UTC.
    const now = new Date('2026-12-02T03:00:00Z');
    expect(reminderThresholdAt('2026-12-09', now, 'America/Denver')).toBe(30);
    expect(reminderThresholdAt('2026-12-09', now, 'UTC')).toBe(7);
    // 31 days in Denver, 30 in UTC.
    expect(reminderThresholdAt('2027-01-01', now, 'America/Denver')).toBeNull();
    expect(reminderThresholdAt('2027-01-01', now, 'UTC')).toBe(30);
  });
});

describe('quiet hours', () => {
  const denver = 'America/Denver';

  it('should let texts go out from 08:00 to 20:59 local and hold them from 21:00 to 07:59', () => {
    // Denver in December is UTC-7.
    expect(inQuietHours(new Date('2026-12-01T15:00:00Z'), denver)).toBe(false); // 08:00
    expect(inQuietHours(new Date('2026-12-01T14:59:59Z'), denver)).toBe(true); // 07:59:59
    expect(inQuietHours(new Date('2026-12-02T03:59:59Z'), denver)).toBe(false); // 20:59:59
    expect(inQuietHours(new Date('2026-12-02T04:00:00Z'), denver)).toBe(true); // 21:00
    expect(inQuietHours(new Date('2026-12-02T04:00:00Z'), 'America/New_York')).toBe(true); // 23:00 there
    expect(inQuietHours(new Date('2026-12-02T04:00:00Z'), 'America/Los_Angeles')).toBe(false); // 20:00 there
  });

  it('should send now outside quiet hours', () => {
    const now = new Date('2026-12-01T18:30:00Z');
    expect(textSendTime(now, denver)).toEqual(now);
  });

  it('should hold a text due at night until 08:00 local the next morning, and one due early until 08:00 that day', () => {
    expect(textSendTime(new Date('2026-12-02T05:30:00Z'), denver).toISOString()).toBe('2026-12-02T15:00:00.000Z'); // 22:30 -> 08:00
    expect(textSendTime(new Date('2026-12-02T09:00:00Z'), denver).toISOString()).toBe('2026-12-02T15:00:00.000Z'); // 02:00 -> 08:00
    expect(textSendTime(new Date('2026-12-01T07:00:00Z'), 'UTC').toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });

  it('should find 08:00 on the days the clocks change (a 23-hour and a 25-hour day)', () => {
    // Spring forward in Denver: Sunday 8 March 2026, 02:00 -> 03:00 (MST -7 to MDT -6).
    expect(textSendTime(new Date('2026-03-08T05:00:00Z'), denver).toISOString()).toBe('2026-03-08T14:00:00.000Z'); // 22:00 Mar 7 MST -> 08:00 MDT
    expect(textSendTime(new Date('2026-03-08T08:30:00Z'), denver).toISOString()).toBe('2026-03-08T14:00:00.000Z'); // 01:30 MST -> 08:00 MDT
    // Fall back: Sunday 1 November 2026, 02:00 -> 01:00 (MDT -6 to MST -7).
    expect(textSendTime(new Date('2026-11-01T04:00:00Z'), denver).toISOString()).toBe('2026-11-01T15:00:00.000Z'); // 22:00 Oct 31 MDT -> 08:00 MST
    expect(textSendTime(new Date('2026-11-01T08:30:00Z'), denver).toISOString()).toBe('2026-11-01T15:00:00.000Z'); // 01:30 MST (second time) -> 08:00
    // Europe changes on another day: London 29 March 2026, 01:00 -> 02:00.
    expect(textSendTime(new Date('2026-03-28T22:00:00Z'), 'Europe/London').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(localTimeInstant('2026-03-29', 8, 'Europe/London').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(localTimeInstant('2026-03-28', 8, 'Europe/London').toISOString()).toBe('2026-03-28T08:00:00.000Z');
  });
});

describe('reminder wording', () => {
  it('should put a coupon name in a sentence and make it plural in plain words', () => {
    expect(nameInSentence('Oil and filter change')).toBe('oil and filter change');
    expect(nameInSentence('Tire Rotation')).toBe('tire rotation');
    expect(nameInSentence('BG Fuel Service')).toBe('BG fuel service');
    expect(nameInSentence('Toyota Care oil change')).toBe('Toyota Care oil change');
    expect(pluralName('oil change')).toBe('oil changes');
    expect(pluralName('battery')).toBe('batteries');
    expect(pluralName('car wash')).toBe('car washes');
    expect(pluralName('wiper blades')).toBe('wiper blades');
    expect(pluralName('$10 off')).toBe('$10 offs');
    expect(pluralName('Service 2')).toBe('Service 2 coupons');
    expect(couponCount('Oil change', 2)).toBe('2 oil changes');
    expect(couponCount('Tire rotation', 1)).toBe('1 tire rotation');
  });

  it("should say the issue's sentence for two of one kind on one date", () => {
    const coupons = [
      { couponName: 'Oil change', expiresOn: '2026-12-31' },
      { couponName: 'Oil change', expiresOn: '2026-12-31' },
    ];
    expect(reminderSentence(coupons, 'Front Range Toyota')).toBe('You have 2 oil changes left at Front Range Toyota; they expire on 12/31/2026.');
    expect(reminderSubject(coupons, 'Front Range Toyota')).toBe('Your coupons at Front Range Toyota expire on 12/31/2026');
  });

  it('should say one coupon in the singular', () => {
    const coupons = [{ couponName: 'Tire rotation', expiresOn: '2027-01-05' }];
    expect(reminderSentence(coupons, 'Flatirons Honda')).toBe('You have 1 tire rotation left at Flatirons Honda; it expires on 01/05/2027.');
    expect(reminderSubject(coupons, 'Flatirons Honda')).toBe('Your coupon at Flatirons Honda expires on 01/05/2027');
  });

  it('should list several kinds on one date', () => {
    const coupons = [
      { couponName: 'Tire rotation', expiresOn: '2026-12-31' },
      { couponName: 'Oil and filter change', expiresOn: '2026-12-31' },
      { couponName: 'Oil and filter change', expiresOn: '2026-12-31' },
      { couponName: 'Multi-point inspection', expiresOn: '2026-12-31' },
    ];
    expect(reminderSentence(coupons, 'Front Range Toyota')).toBe(
      'You have 1 multi-point inspection, 2 oil and filter changes and 1 tire rotation left at Front Range Toyota; they expire on 12/31/2026.',
    );
  });

  it('should give each date when they differ, soonest first', () => {
    const coupons = [
      { couponName: 'Tire rotation', expiresOn: '2027-01-15' },
      { couponName: 'Oil change', expiresOn: '2026-12-31' },
      { couponName: 'Oil change', expiresOn: '2026-12-31' },
    ];
    expect(reminderSentence(coupons, 'Front Range Toyota')).toBe(
      'You have 3 coupons left at Front Range Toyota: 2 oil changes that expire on 12/31/2026 and 1 tire rotation that expires on 01/15/2027.',
    );
    expect(reminderSubject(coupons, 'Front Range Toyota')).toBe('Your coupons at Front Range Toyota expire soon, the first on 12/31/2026');
  });

  it('should write the e-mail with the links, and the text with the dealer, the link and the opt-out last', () => {
    const coupons = [{ couponName: 'Oil change', expiresOn: '2026-12-31' }, { couponName: 'Oil change', expiresOn: '2026-12-31' }];
    const email = reminderEmail({ coupons, locationName: 'Front Range Toyota', firstName: 'Pat', couponsUrl: 'https://x.test/customer/coupons', unsubscribeUrl: 'https://x.test/unsubscribe/T' });
    expect(email.body).toContain('Hello Pat,');
    expect(email.body).toContain('You have 2 oil changes left at Front Range Toyota; they expire on 12/31/2026.');
    expect(email.body).toContain('https://x.test/customer/coupons');
    expect(email.body).toContain('unsubscribe here: https://x.test/unsubscribe/T');
    const text = reminderText({ coupons, locationName: 'Front Range Toyota', couponsUrl: 'https://x.test/customer/coupons' });
    expect(text).toBe('Front Range Toyota: you have 2 oil changes left; they expire on 12/31/2026. See them: https://x.test/customer/coupons Reply STOP to opt out.');
    expect(text.length).toBeLessThanOrEqual(160);
  });
});
