/**
 * Which reminder a coupon is due and when a text may go out (issue 24 part 2, ADR 0090). Pure.
 *
 * Thresholds: a coupon with 8 to 30 days left (counted in local days, its last day included:
 * 0 on its last day) is due the 30-day reminder; with 0 to 7 days left, the 7-day one; expired
 * or further out, none. So a coupon first seen inside 7 days gets only the 7-day reminder, one
 * seen between 30 and 7 days gets the 30-day one now (and the 7-day one later).
 *
 * Quiet hours: no text between 21:00 and 08:00 in the location's zone; a text due then waits
 * until 08:00 local (the wall clock's 08:00, DST days included). E-mails are not held.
 */
import { addDays, localDateOf, type LocalDate } from '../coupons/expiry';
import type { ReminderThreshold } from './events';

const MS_PER_DAY = 86_400_000;
const dayNumber = (d: LocalDate) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / MS_PER_DAY;

/** Local days from `today` to `expiresOn` (0: it expires today; negative: expired). */
export const daysLeft = (expiresOn: LocalDate, today: LocalDate): number => Math.round(dayNumber(expiresOn) - dayNumber(today));

/** The reminder a coupon expiring on `expiresOn` is due on `today` (both local dates in its zone), or null. */
export function reminderThreshold(expiresOn: LocalDate, today: LocalDate): ReminderThreshold | null {
  const left = daysLeft(expiresOn, today);
  if (left < 0) return null;
  if (left <= 7) return 7;
  if (left <= 30) return 30;
  return null;
}

/** The threshold of a coupon at an instant, in the zone its expiry is counted in. */
export const reminderThresholdAt = (expiresOn: LocalDate, now: Date, timeZone: string): ReminderThreshold | null => reminderThreshold(expiresOn, localDateOf(now, timeZone));

/** Texts wait outside these local hours: from 08:00 (inclusive) to 21:00 (exclusive). */
export const QUIET_HOURS = { start: 21, end: 8 } as const;

const hourFormatters = new Map<string, Intl.DateTimeFormat>();
function wall(instant: number, timeZone: string) {
  let f = hourFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    hourFormatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(instant))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year!, m: p.month!, d: p.day!, h: p.hour!, mi: p.minute!, s: p.second! };
}

/** The instant the wall clock of `timeZone` shows `hour`:00 on `date` (the later side of a gap). */
export function localTimeInstant(date: LocalDate, hour: number, timeZone: string): Date {
  const wallAsUtc = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), hour);
  const offset = (t: number) => {
    const w = wall(t, timeZone);
    return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - (t - (((t % 1000) + 1000) % 1000));
  };
  let t = wallAsUtc - offset(wallAsUtc);
  t = wallAsUtc - offset(t);
  return new Date(t);
}

/** True when a text may not go out now in the zone (21:00 to 08:00 local). */
export function inQuietHours(now: Date, timeZone: string): boolean {
  const h = wall(now.getTime(), timeZone).h;
  return h >= QUIET_HOURS.start || h < QUIET_HOURS.end;
}

/** When a text due `now` may go out: now outside quiet hours, else the next 08:00 local. */
export function textSendTime(now: Date, timeZone: string): Date {
  if (!inQuietHours(now, timeZone)) return now;
  const today = localDateOf(now, timeZone);
  const h = wall(now.getTime(), timeZone).h;
  return localTimeInstant(h >= QUIET_HOURS.start ? addDays(today, 1) : today, QUIET_HOURS.end, timeZone);
}
