/**
 * The Expiry Reminders report (issue 24 part 2, ADR 0090): reminders sent and the coupons they
 * named that were redeemed within 30 days after, per location, month and channel, from the
 * `coupon_reminders` read model. A reminder counts in the local month it went out (`sent_on`, in
 * the location's zone) at the location whose coupons it named (the sale's location).
 *
 * Columns: Reminders (messages sent), Coupons reminded (each coupon a reminder named: a coupon
 * reminded 30 and 7 days before, or by e-mail and by text, counts once in each), Redeemed within
 * 30 days (of those, the ones redeemed, at any location, at most 30 days after that reminder; a
 * redemption voided since does not count), Rate (Redeemed / Coupons reminded).
 */
import { REPORT_ROWS_MAX, type ReportCell, type ReportColumn, type ReportQuery, type ReportRow, type ReportTable } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import type { ReportBody, ReportDefinition } from '../reports/definition';
import { CURSOR_BATCH, locationNameSql, num, unknownTable } from '../reports/redemption-parts';
import { COUPON_REMINDERS } from './projection';
import { PREPARED } from '../projection';

export const REMINDERS_TABLE = 'reminders';
/** Days after a reminder in which a redemption counts for it. */
export const REDEEMED_WITHIN_DAYS = 30;

const COLUMNS: ReportColumn[] = [
  { key: 'location', label: 'Location', kind: 'text' },
  { key: 'month', label: 'Month', kind: 'text' },
  { key: 'channel', label: 'Channel', kind: 'text' },
  { key: 'reminders', label: 'Reminders sent', kind: 'count' },
  { key: 'coupons', label: 'Coupons reminded', kind: 'count' },
  { key: 'redeemed', label: 'Redeemed within 30 days', kind: 'count' },
  { key: 'rate', label: 'Rate', kind: 'percent' },
];

const ROWS = `select r.location_id, ${locationNameSql('r.location_id')} as location_name, to_char(r.sent_on, 'YYYY-MM') as month, r.channel,
      count(distinct r.reminder_id)::bigint as reminders, count(*)::bigint as coupons,
      count(*) filter (where r.redeemed_at is not null and r.redeemed_at <= r.sent_at + make_interval(days => ${REDEEMED_WITHIN_DAYS}))::bigint as redeemed
    from rm_coupon_reminders.reminded_coupons r
    left join ref.locations n on n.location_id = r.location_id
    where r.sent_on between $1::date and $2::date and r.location_id = any($3::integer[])
    group by r.location_id, location_name, month, r.channel
    order by location_name, r.location_id, month, r.channel`;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** 'YYYY-MM' -> 'November 2026'. */
export const monthInWords = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
export const CHANNEL_WORDS: Record<string, string> = { email: 'E-mail', sms: 'Text' };

/** Basis points of `part` in `whole` (0 of nothing). */
export const rateBasisPoints = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 10_000) / whole));

type Row = { location_name: string; month: string; channel: string; reminders: string; coupons: string; redeemed: string };

function toRow(r: Row): ReportRow {
  const coupons = num(r.coupons);
  const redeemed = num(r.redeemed);
  return {
    cells: {
      location: r.location_name,
      month: monthInWords(r.month),
      channel: CHANNEL_WORDS[r.channel] ?? r.channel,
      reminders: num(r.reminders),
      coupons,
      redeemed,
      rate: rateBasisPoints(redeemed, coupons),
    },
  };
}

const params = (query: ReportQuery) => [query.from, query.to, query.locationIds] as never[];

export const EXPIRY_REMINDERS_NOTES: readonly string[] = [
  'A reminder is one message to one customer about the coupons they hold from one location, 30 or 7 days before they expire, by e-mail or by text. It counts in the month it went out, in the location\'s time zone.',
  'Coupons reminded counts each coupon a reminder named: a coupon reminded 30 and 7 days before, or by e-mail and by text, counts once in each.',
  `Redeemed within ${REDEEMED_WITHIN_DAYS} days: of those coupons, the ones redeemed at any location at most ${REDEEMED_WITHIN_DAYS} days after that reminder; a redemption voided since does not count. Reminders of the last ${REDEEMED_WITHIN_DAYS} days may still be redeemed.`,
  'Rate = Redeemed within 30 days / Coupons reminded.',
];

export const expiryRemindersReport: ReportDefinition = {
  name: 'expiry-reminders',
  readModels: [COUPON_REMINDERS],

  async answer(sql, query): Promise<ReportBody> {
    const rows = (await sql.unsafe<Row[]>(ROWS, params(query), PREPARED)).map(toRow);
    const sum = (key: string) => rows.reduce((n, r) => n + num(r.cells[key]), 0);
    const totals: Record<string, ReportCell> = { location: 'Total', month: null, channel: null, reminders: sum('reminders'), coupons: sum('coupons'), redeemed: sum('redeemed') };
    totals.rate = rateBasisPoints(totals.redeemed as number, totals.coupons as number);
    const table: ReportTable = { key: REMINDERS_TABLE, title: 'Reminders per location, month and channel', columns: COLUMNS, rows: rows.slice(0, REPORT_ROWS_MAX), rowCount: rows.length, totals };
    return { tables: [table], charts: [], notes: [...EXPIRY_REMINDERS_NOTES] };
  },

  async *stream(sql, query, tableKey) {
    if (tableKey !== REMINDERS_TABLE) throw unknownTable(tableKey);
    for await (const batch of sql.unsafe<Row[]>(ROWS, params(query), PREPARED).cursor(CURSOR_BATCH)) yield batch.map(toRow);
  },
};
