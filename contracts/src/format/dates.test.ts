import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, todayHere, timeAgo } from './dates';

// Local times, so the expectations hold in any time zone the tests run in.
const at = new Date(2026, 2, 1, 15, 30, 5);

describe('dates (SPEC 5, 9)', () => {
  it('should write month/day/year, long dates, and the time of day with or without seconds', () => {
    expect(formatDate(at)).toBe('03/01/2026');
    expect(formatLongDate(at)).toBe('March 1, 2026');
    expect(formatDateTime(at)).toBe('03/01/2026 3:30 PM');
    expect(formatDateTime(at.toISOString(), { seconds: true })).toBe('03/01/2026 3:30:05 PM');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it("should say 'just now' under 2 minutes, then minutes, hours up to 1440 minutes, then the date", () => {
    const now = new Date(at.getTime());
    expect(timeAgo(new Date(now.getTime() - 119_000), now)).toBe('just now');
    expect(timeAgo(new Date(now.getTime() - 5 * 60_000), now)).toBe('5 minutes ago');
    expect(timeAgo(new Date(now.getTime() - 90 * 60_000), now)).toBe('1 hour ago');
    expect(timeAgo(new Date(now.getTime() - 1439 * 60_000), now)).toBe('23 hours ago');
    expect(timeAgo(new Date(now.getTime() - 1440 * 60_000), now)).toBe('02/28/2026');
  });
});

describe('todayHere', () => {
  it("should take today's date from the runtime's calendar, not UTC", () => {
    expect(todayHere(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(todayHere(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
    expect(todayHere(new Date(2026, 10, 27, 23, 59))).toBe('2026-11-27');
  });
});
