/** Date formatting of SPEC 5 and 9: month/day/year, long dates, and time-ago. */
const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * Today's calendar date in this runtime's own time zone (the browser's), 'YYYY-MM-DD', never the
 * UTC date: what a page compares local dates with and counts periods from.
 */
export function todayHere(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function formatDate(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

export function formatLongDate(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** 'just now' under 2 minutes, then minutes, then hours up to 1440 minutes, then a date. */
export function timeAgo(value: string | number | Date, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - toDate(value).getTime()) / 60_000);
  if (minutes < 2) return 'just now';
  if (minutes < 60) return `${minutes} minutes ago`;
  if (minutes < 1440) {
    const hours = Math.floor(minutes / 60);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  return formatDate(value);
}

/**
 * month/day/year (SPEC 5) and the time of day in the reader's time zone ('03/01/2026 3:30 PM';
 * with seconds '03/01/2026 3:30:05 PM'); '' for no or an invalid value.
 */
export function formatDateTime(value: string | number | Date | null | undefined, options: { seconds?: boolean } = {}): string {
  const date = formatDate(value);
  if (!date) return '';
  const time = toDate(value!).toLocaleTimeString('en-US', options.seconds ? undefined : { hour: 'numeric', minute: '2-digit' });
  return `${date} ${time}`;
}
