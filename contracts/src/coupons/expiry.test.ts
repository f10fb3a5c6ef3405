import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addMonths, endOfLocalDay, isExpired, isLocalDate, isValidTimeZone, localDateOf, startOfLocalDay } from './expiry';

describe('months after sale', () => {
  it('should keep the day of the month and clamp to the end of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-01-15', 12)).toBe('2027-01-15');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-05-10', 0)).toBe('2026-05-10');
  });

  it('should always land in the month n months on, never before the sale date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 240 }), (y, m, d, n) => {
        const day = Math.min(d, new Date(Date.UTC(y, m, 0)).getUTCDate());
        const start = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const end = addMonths(start, n);
        expect(isLocalDate(end)).toBe(true);
        const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
        expect(ey * 12 + em - (y * 12 + m)).toBe(n);
        expect(ed).toBeLessThanOrEqual(day);
        expect(end >= start).toBe(true);
      }),
    );
  });

  it('should refuse dates that are not on the calendar', () => {
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(isLocalDate('2026-1-01')).toBe(false);
    expect(() => addMonths('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('end of the local day', () => {
  it('should end a day in Denver (west of UTC) at 23:59:59.999 local, not at midnight UTC', () => {
    // MST is UTC-7: the end of Mar 1 local is 06:59:59.999 UTC on Mar 2.
    expect(endOfLocalDay('2026-03-01', 'America/Denver').toISOString()).toBe('2026-03-02T06:59:59.999Z');
    // At 11 PM local on Mar 1 (06:00 UTC Mar 2) a coupon valid through Mar 1 is still good...
    const expiresAt = endOfLocalDay('2026-03-01', 'America/Denver');
    expect(isExpired(expiresAt, new Date('2026-03-02T06:00:00Z'))).toBe(false);
    expect(isExpired(expiresAt, new Date('2026-03-02T06:59:59.999Z'))).toBe(false);
    // ...and expired one millisecond after local midnight.
    expect(isExpired(expiresAt, new Date('2026-03-02T07:00:00Z'))).toBe(true);
  });

  it('should follow the DST change: the short spring day and the long autumn day in Los Angeles', () => {
    // Clocks go forward on Sunday Mar 8 2026 at 2 AM: the day starts at UTC-8 and ends at UTC-7.
    expect(startOfLocalDay('2026-03-08', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(endOfLocalDay('2026-03-08', 'America/Los_Angeles').toISOString()).toBe('2026-03-09T06:59:59.999Z');
    // Clocks go back on Sunday Nov 1 2026 at 2 AM: the day starts at UTC-7 and ends at UTC-8 (25 hours).
    expect(startOfLocalDay('2026-11-01', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(endOfLocalDay('2026-11-01', 'America/Los_Angeles').toISOString()).toBe('2026-11-02T07:59:59.999Z');
    // The day before each change ends at local midnight in the old offset.
    expect(endOfLocalDay('2026-03-07', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T07:59:59.999Z');
    expect(endOfLocalDay('2026-10-31', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T06:59:59.999Z');
  });

  it('should handle zones east of UTC, without DST, and whose clocks skip midnight', () => {
    expect(endOfLocalDay('2026-03-01', 'Pacific/Honolulu').toISOString()).toBe('2026-03-02T09:59:59.999Z');
    expect(endOfLocalDay('2026-03-01', 'Asia/Kolkata').toISOString()).toBe('2026-03-01T18:29:59.999Z');
    expect(endOfLocalDay('2026-03-01', 'UTC').toISOString()).toBe('2026-03-01T23:59:59.999Z');
    // Havana moves its clocks from 00:00 to 01:00 (Mar 8 2026): Mar 8 starts at 01:00 local (05:00 UTC).
    expect(startOfLocalDay('2026-03-08', 'America/Havana').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(endOfLocalDay('2026-03-07', 'America/Havana').toISOString()).toBe('2026-03-08T04:59:59.999Z');
  });

  it('should answer a day it found before with a new Date of the same instant (a caller changing its copy changes nothing)', () => {
    const first = startOfLocalDay('2026-11-01', 'America/Los_Angeles');
    first.setTime(0);
    expect(startOfLocalDay('2026-11-01', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(endOfLocalDay('2026-10-31', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T06:59:59.999Z');
  });

  it('should make the end of a day the last instant whose local date is that day, in every zone and season', () => {
    const zones = ['America/Denver', 'America/Los_Angeles', 'America/New_York', 'America/Phoenix', 'Pacific/Honolulu', 'Europe/London', 'Australia/Lord_Howe', 'America/Havana'];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), (zone, t) => {
        const date = localDateOf(t, zone);
        const end = endOfLocalDay(date, zone).getTime();
        expect(localDateOf(end, zone)).toBe(date);
        expect(localDateOf(end + 1, zone) > date).toBe(true);
        expect(end).toBeGreaterThanOrEqual(t);
      }),
      { numRuns: 300 },
    );
  });

  it('should take the local date of a sale in the location zone', () => {
    // 9 PM on Mar 1 in Denver is already Mar 2 in UTC.
    expect(localDateOf('2026-03-02T04:00:00Z', 'America/Denver')).toBe('2026-03-01');
    expect(localDateOf('2026-03-02T04:00:00Z', 'UTC')).toBe('2026-03-02');
  });

  it('should know IANA zones and refuse anything else', () => {
    expect(isValidTimeZone('America/Denver')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('+05:00')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(7)).toBe(false);
  });
});
