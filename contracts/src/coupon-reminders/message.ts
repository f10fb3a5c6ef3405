/**
 * The words of a coupon expiry reminder (issue 24 part 2, ADR 0090): one message per customer,
 * location, threshold and channel naming what is left, in plain words:
 * "You have 2 oil changes left at Front Range Toyota; they expire on 12/31/2026." Several kinds
 * are listed ("2 oil changes and 1 tire rotation"); several dates say each ("2 oil changes that
 * expire on 12/31/2026 and 1 tire rotation that expires on 01/15/2027"). Dates as SPEC writes
 * them (month/day/year). Pure: the worker fills in the links.
 */
import { formatLocalDate } from '../coupon-redemptions/rules';
import type { LocalDate } from '../coupons/expiry';

export interface ReminderCouponLine {
  couponName: string;
  expiresOn: LocalDate;
}

const MINOR = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with', '&']);
const CAPITALISED = /^[A-Z][a-z'’-]*$/;
const STARTS_WITH_LETTER = /^[A-Za-z]/;

/**
 * A coupon's name inside a sentence: a sentence-case name loses its capital ("Oil and filter
 * change" -> "oil and filter change"), a title-case one all of them ("Tire Rotation" -> "tire
 * rotation"); words in capitals stay ("BG Fuel Service" keeps BG). Anything else is kept as written.
 */
export function nameInSentence(name: string): string {
  const words = name.trim().split(/\s+/);
  const lower = (w: string) => (CAPITALISED.test(w) ? w.toLowerCase() : w);
  const rest = words.slice(1).filter((w) => STARTS_WITH_LETTER.test(w) && !MINOR.has(w.toLowerCase()));
  const titleCase = rest.length > 0 && rest.every((w) => CAPITALISED.test(w) || /^[A-Z0-9]+$/.test(w));
  if (titleCase) return words.map(lower).join(' ');
  const sentenceCase = rest.every((w) => !/^[A-Z][a-z]/.test(w));
  return sentenceCase ? [lower(words[0]!), ...words.slice(1)].join(' ') : words.join(' ');
}

/** The plural of a name's last word ("oil change" -> "oil changes", "battery" -> "batteries"); a name ending in a digit or sign: "... coupons". */
export function pluralName(name: string): string {
  const match = /^(.*?)([A-Za-z]+)$/.exec(name);
  if (!match) return `${name} coupons`;
  const [, head, word] = match as unknown as [string, string, string];
  const lower = word.toLowerCase();
  const upper = word === word.toUpperCase() && word.length > 1;
  let plural: string;
  if (upper) plural = `${word}s`;
  else if (/(ss|x|z|ch|sh)$/.test(lower)) plural = `${word}es`;
  else if (/s$/.test(lower)) plural = word; // already plural ("wiper blades")
  else if (/[^aeiou]y$/.test(lower)) plural = `${word.slice(0, -1)}ies`;
  else plural = `${word}s`;
  return `${head}${plural}`;
}

/** "1 tire rotation", "2 oil and filter changes". */
export function couponCount(name: string, count: number): string {
  const inSentence = nameInSentence(name);
  return `${count} ${count === 1 ? inSentence : pluralName(inSentence)}`;
}

/** "a", "a and b", "a, b and c". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

interface Group {
  name: string;
  expiresOn: LocalDate;
  count: number;
}

/** The coupons grouped by name and date: soonest first, then by name. */
export function groupReminderCoupons(coupons: readonly ReminderCouponLine[]): Group[] {
  const groups = new Map<string, Group>();
  for (const c of coupons) {
    const key = `${c.expiresOn}|${c.couponName}`;
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { name: c.couponName, expiresOn: c.expiresOn, count: 1 });
  }
  return [...groups.values()].sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.name.localeCompare(b.name));
}

/** The one sentence of the reminder: what is left at the location (null: the location is said before) and when it expires. */
export function reminderSentence(coupons: readonly ReminderCouponLine[], locationName: string | null): string {
  const at = locationName === null ? '' : ` at ${locationName}`;
  const groups = groupReminderCoupons(coupons);
  if (groups.length === 0) throw new Error('a reminder names at least one coupon');
  const total = groups.reduce((n, g) => n + g.count, 0);
  const dates = new Set(groups.map((g) => g.expiresOn));
  if (dates.size === 1) {
    // One date: the kinds, then when they expire.
    const byName = groups.map((g) => couponCount(g.name, g.count));
    return `You have ${listInWords(byName)} left${at}; ${total === 1 ? 'it expires' : 'they expire'} on ${formatLocalDate(groups[0]!.expiresOn)}.`;
  }
  const parts = groups.map((g) => `${couponCount(g.name, g.count)} that ${g.count === 1 ? 'expires' : 'expire'} on ${formatLocalDate(g.expiresOn)}`);
  return `You have ${total} coupons left${at}: ${listInWords(parts)}.`;
}

/** The e-mail's subject: the location and the (first) date. */
export function reminderSubject(coupons: readonly ReminderCouponLine[], locationName: string): string {
  const groups = groupReminderCoupons(coupons);
  const total = groups.reduce((n, g) => n + g.count, 0);
  const what = total === 1 ? 'Your coupon' : 'Your coupons';
  const dates = new Set(groups.map((g) => g.expiresOn));
  return dates.size === 1
    ? `${what} at ${locationName} ${total === 1 ? 'expires' : 'expire'} on ${formatLocalDate(groups[0]!.expiresOn)}`
    : `${what} at ${locationName} expire soon, the first on ${formatLocalDate(groups[0]!.expiresOn)}`;
}

/** The e-mail: subject and plain-text body with the link to My coupons and the unsubscribe link. */
export function reminderEmail(input: {
  coupons: readonly ReminderCouponLine[];
  locationName: string;
  firstName: string | null;
  couponsUrl: string;
  unsubscribeUrl: string;
}): { subject: string; body: string } {
  const lines = [
    input.firstName ? `Hello ${input.firstName},` : 'Hello,',
    '',
    reminderSentence(input.coupons, input.locationName),
    '',
    `See your coupons, and show one at the service desk: ${input.couponsUrl}`,
    '',
    '--',
    `You receive this reminder because you have coupons at ${input.locationName}.`,
    `To stop coupon reminders by e-mail, unsubscribe here: ${input.unsubscribeUrl}`,
  ];
  return { subject: reminderSubject(input.coupons, input.locationName), body: lines.join('\n') };
}

export const TEXT_OPT_OUT = 'Reply STOP to opt out.';

/** The text: the dealer's name, the sentence, the link, and how to opt out (always last). */
export function reminderText(input: { coupons: readonly ReminderCouponLine[]; locationName: string; couponsUrl: string }): string {
  const sentence = reminderSentence(input.coupons, null);
  return `${input.locationName}: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)} See them: ${input.couponsUrl} ${TEXT_OPT_OUT}`;
}
