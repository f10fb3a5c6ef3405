/**
 * Calendar arithmetic for coupon expiry (DOMAIN: a coupon expires at the end of the day in the
 * dealership's local time zone, never at midnight UTC). Pure functions on IANA zone names
 * through Intl; dates are local calendar dates as 'YYYY-MM-DD'.
 *
 * Rules (docs/decisions/0035-allocation-and-expiry.md):
 * - "n months after sale" is the same day of the month n months after the local sale date,
 *   clamped to that month's last day (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year;
 *   Aug 31 + 6 months = Feb 28). The coupon is good through the end of that day.
 * - The end of a local day is the last millisecond before the next local day starts, so a
 *   23- or 25-hour day (DST) and a zone whose clocks skip midnight are all handled.
 */

/** A local calendar date, 'YYYY-MM-DD'. */
export type LocalDate = string;

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** True for a real calendar date written 'YYYY-MM-DD' (years 1970-9999). */
export function isLocalDate(value: unknown): value is LocalDate {
  if (typeof value !== 'string') return false;
  const m = LOCAL_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1970 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

function parts(date: LocalDate): [number, number, number] {
  if (!isLocalDate(date)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${String(date)}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const toLocalDate = (y: number, m: number, d: number): LocalDate => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day `months` months later, clamped to the last day of that month. */
export function addMonths(date: LocalDate, months: number): LocalDate {
  if (!Number.isSafeInteger(months)) throw new RangeError(`Months must be a whole number, got ${months}`);
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return toLocalDate(year, month, Math.min(d, daysInMonth(year, month)));
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d) + days * MS_PER_DAY);
  return toLocalDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The earlier of two local dates. */
export const earlierDate = (a: LocalDate, b: LocalDate): LocalDate => (a <= b ? a : b);

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True for a time zone Intl knows by its IANA name ('America/Denver'); false for offsets and junk. */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || !/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(timeZone) || !timeZone.includes('/')) {
    return timeZone === 'UTC';
  }
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Local wall-clock fields of an instant in a zone. */
function wallClock(instant: number, timeZone: string) {
  const fields: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') fields[p.type] = Number(p.value);
  }
  return { y: fields.year!, m: fields.month!, d: fields.day!, h: fields.hour!, mi: fields.minute!, s: fields.second! };
}

/** The local calendar date of an instant in a zone (a sale at 9 PM in Denver on Mar 1 is Mar 1, though UTC says Mar 2). */
export function localDateOf(instant: Date | string | number, timeZone: string): LocalDate {
  const t = new Date(instant).getTime();
  if (Number.isNaN(t)) throw new RangeError(`Not an instant: ${String(instant)}`);
  const w = wallClock(t, timeZone);
  return toLocalDate(w.y, w.m, w.d);
}

/** Offset of the zone from UTC at an instant, in ms (Denver in winter: -7 h). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * Days already found, by zone and date: finding one costs some twenty zone conversions, and a
 * pack sale asks it for each coupon it issues. Bounded: emptied when it grows past a year of
 * dates in a few zones.
 */
const dayStarts = new Map<string, number>();
const DAY_STARTS_MAX = 4096;

/** The first instant of a local date in a zone (usually local midnight; later when clocks skip midnight). */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  const key = `${timeZone} ${date}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return new Date(known);
  const start = findStartOfLocalDay(date, timeZone);
  if (dayStarts.size >= DAY_STARTS_MAX) dayStarts.clear();
  dayStarts.set(key, start);
  return new Date(start);
}

function findStartOfLocalDay(date: LocalDate, timeZone: string): number {
  const [y, m, d] = parts(date);
  const wallMidnight = Date.UTC(y, m - 1, d);
  // Local midnight = wall time minus the offset in force then; try the offsets either side.
  let candidate = wallMidnight - offsetAt(wallMidnight, timeZone);
  candidate = wallMidnight - offsetAt(candidate, timeZone);
  // Step to the exact first instant whose local date is `date`: back while the instant
  // before is still `date`, forward while this one is still the day before.
  const step = 15 * 60_000;
  while (localDateOf(candidate - step, timeZone) === date) candidate -= step;
  while (localDateOf(candidate, timeZone) < date) candidate += step;
  // Zone transitions fall on whole quarter hours; narrow to the millisecond anyway.
  let lo = candidate - step;
  let hi = candidate;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDateOf(mid, timeZone) >= date) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The last millisecond of a local date in a zone: a coupon valid through `date` expires then. */
export function endOfLocalDay(date: LocalDate, timeZone: string): Date {
  return new Date(startOfLocalDay(addDays(date, 1), timeZone).getTime() - 1);
}

/** Expired once the clock has passed the expiry instant (a coupon is good all of its last day). */
export const isExpired = (expiresAt: string | Date, now: Date): boolean => now.getTime() > new Date(expiresAt).getTime();
