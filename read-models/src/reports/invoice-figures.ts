/**
 * The invoice summary's figures (issue 14), shared by invoice-summary (per location) and
 * invoice-summary-v2 (per location and day): what was sold, converted, redeemed, voided and
 * refunded, read from the `reports` read model (rm_reports.sales, rm_reports.redemptions).
 *
 * Each movement counts on its own local day at its row's (current) location:
 * - sold: a sale (lane or online) on its `sold_on`; a paper-book conversion is not revenue and
 *   is counted only as "Paper books converted", on the local day it was converted (`converted_on`;
 *   its `sold_on` is the day the book was sold on paper);
 * - sale voided / refunded: a voided sale (not a conversion) on its `voided_on` (the void's
 *   local day in the sale location's zone), its price and tax, and what went back (`refund`,
 *   the whole total, and `refund_tax`, its tax); an online sale's void refunds the card through
 *   the payment provider and is counted here on the void's day (`refundedOnline` says how much);
 * - redeemed: a completed redemption (digital or paper) on its `redeemed_on` at the redeeming
 *   location, its allocated value (revenue recognised) and the discount given;
 * - redemption voided: on its `voided_on` at the redeeming location, reversing its value.
 * A voided sale or redemption counts both as it happened and as a void in its void's period.
 *
 * The SQL is built here from constant column expressions only; every value is a parameter.
 */
import type { ReportCell, ReportChart, ReportColumn, ReportQuery } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { chartFormat as periodChartFormat, chartXs, locationNameSql } from './redemption-parts';
import { PREPARED } from '../projection';

/** Figures in their column order (SOURCES below says which fact adds to each). */
export const FIGURE_COLUMNS: readonly ReportColumn[] = [
  { key: 'soldCount', label: 'Sold', kind: 'count' },
  { key: 'soldNet', label: 'Sold net', kind: 'money' },
  { key: 'soldTax', label: 'Sold tax', kind: 'money' },
  { key: 'soldGross', label: 'Sold gross', kind: 'money' },
  { key: 'convertedCount', label: 'Paper books converted', kind: 'count' },
  { key: 'redeemedCount', label: 'Redeemed', kind: 'count' },
  { key: 'redeemedValue', label: 'Redeemed value (revenue recognised)', kind: 'money' },
  { key: 'redeemedDiscount', label: 'Discount given', kind: 'money' },
  { key: 'redemptionsVoidedCount', label: 'Redemptions voided', kind: 'count' },
  { key: 'redemptionsVoidedValue', label: 'Redemptions voided value', kind: 'money' },
  { key: 'revenueRecognised', label: 'Revenue recognised net of voids', kind: 'money' },
  { key: 'voidedCount', label: 'Sales voided', kind: 'count' },
  { key: 'voidedNet', label: 'Voided net', kind: 'money' },
  { key: 'voidedTax', label: 'Voided tax', kind: 'money' },
  { key: 'refunded', label: 'Refunded', kind: 'money' },
  { key: 'refundedTax', label: 'Refunded tax', kind: 'money' },
  { key: 'refundedOnline', label: 'Refunded online (provider)', kind: 'money' },
  { key: 'netReceipts', label: 'Net receipts', kind: 'money' },
];

/** The figures summed from the facts (the two derived ones are computed from these). */
const SUMMED = [
  'soldCount',
  'soldNet',
  'soldTax',
  'soldGross',
  'convertedCount',
  'redeemedCount',
  'redeemedValue',
  'redeemedDiscount',
  'redemptionsVoidedCount',
  'redemptionsVoidedValue',
  'voidedCount',
  'voidedNet',
  'voidedTax',
  'refunded',
  'refundedTax',
  'refundedOnline',
] as const;
type Summed = (typeof SUMMED)[number];

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

interface FactSource {
  /** from ... where ... ($1 from, $2 to, $3 location ids) */
  from: string;
  day: string;
  figures: Partial<Record<Summed, string>>;
}

const SOURCES: readonly FactSource[] = [
  {
    from: `rm_reports.sales where sold_on between $1::date and $2::date and location_id = any($3::integer[]) and kind <> 'paper-conversion'`,
    day: 'sold_on',
    figures: { soldCount: '1', soldNet: 'price', soldTax: 'tax', soldGross: 'total' },
  },
  {
    from: `rm_reports.sales where converted_on between $1::date and $2::date and location_id = any($3::integer[])`,
    day: 'converted_on',
    figures: { convertedCount: '1' },
  },
  {
    from: `rm_reports.sales where voided_on between $1::date and $2::date and location_id = any($3::integer[]) and kind <> 'paper-conversion'`,
    day: 'voided_on',
    figures: {
      voidedCount: '1',
      voidedNet: 'price',
      voidedTax: 'tax',
      refunded: 'coalesce(refund, 0)',
      refundedTax: 'coalesce(refund_tax, 0)',
      refundedOnline: `case when kind = 'online' then coalesce(refund, 0) else 0 end`,
    },
  },
  {
    from: `rm_reports.redemptions where redeemed_on between $1::date and $2::date and location_id = any($3::integer[])`,
    day: 'redeemed_on',
    figures: { redeemedCount: '1', redeemedValue: 'allocated_value', redeemedDiscount: 'amount' },
  },
  {
    from: `rm_reports.redemptions where voided_on between $1::date and $2::date and location_id = any($3::integer[])`,
    day: 'voided_on',
    figures: { redemptionsVoidedCount: '1', redemptionsVoidedValue: 'allocated_value' },
  },
];

/** Every fact in the period at the locations as one row of figures (location_id, day, figures...). */
const FACTS_SQL = SOURCES.map(
  (s) =>
    `select location_id, ${s.day} as day, ${SUMMED.map((k) => `${s.figures[k] ?? '0'}::bigint as ${snake(k)}`).join(', ')} from ${s.from}`,
).join('\n  union all\n  ');

const SUMS = SUMMED.map((k) => `sum(${snake(k)})::bigint as ${snake(k)}`).join(', ');
const SUMS_OF_GROUPS = SUMMED.map((k) => `sum(g.${snake(k)})::bigint as ${snake(k)}`).join(', ');
const GROUP_COLUMNS = SUMMED.map((k) => `g.${snake(k)}`).join(', ');

export type FigureRow = Record<string, string | number | null>;

/** One grouped row's figures as cells (bigint sums arrive as strings), the derived two added. */
export function figureCells(row: FigureRow): Record<string, ReportCell> {
  const cells: Record<string, number> = {};
  for (const k of SUMMED) cells[k] = Number(row[snake(k)] ?? 0);
  cells.revenueRecognised = cells.redeemedValue! - cells.redemptionsVoidedValue!;
  cells.netReceipts = cells.soldGross! - cells.refunded!;
  return cells;
}

/** The chart's bucket of a period: a day, or a month when the period is longer than 62 days (to_char format, $4). */
const chartFormat = (query: ReportQuery) => periodChartFormat(query.from, query.to);

/** $1 from, $2 to, $3 location ids (and $4 the chart's format where the query charts). */
const params = (query: ReportQuery, locationIds: number[]) => [query.from, query.to, locationIds];

/** The facts grouped once per location and day (`g`): the rows, totals and chart all read it. */
const GROUPED = `with f as (
      ${FACTS_SQL}
    ), g as (
      select location_id, day, ${SUMS} from f group by location_id, day
    )`;
/**
 * The parts of one answer, in one statement (one scan of the facts): `part` is 'row', 'total'
 * (with the number of rows in `row_count`) or 'chart' (a day or month in `day`, its sums).
 */
const TOTAL_PART = `select 'total' as part, null::integer as location_id, null::text as location_name, null::text as day, ${SUMS_OF_GROUPS}, count(*)::bigint as row_count from g`;
const CHART_PART = `select 'chart', null::integer, null::text, to_char(g.day, $4::text), ${SUMS_OF_GROUPS}, 0::bigint from g group by 4`;

export interface Figures {
  rows: FigureRow[];
  rowCount: number;
  totals: FigureRow;
  /** Sums per day, or per month over 62 days (`day` holds the bucket). */
  buckets: FigureRow[];
}

function parts(rows: FigureRow[]): Figures {
  const totals = rows.find((r) => r.part === 'total')!;
  return { rows: rows.filter((r) => r.part === 'row'), rowCount: Number(totals.row_count), totals, buckets: rows.filter((r) => r.part === 'chart') };
}

const BY_LOCATION_GROUPED = `${GROUPED}, l as (
        select location_id, ${SUMS_OF_GROUPS} from g group by location_id
      )`;
const BY_LOCATION_ROW = `a.location_id, ${locationNameSql('a.location_id')} as location_name, null::text as day,
          ${SUMMED.map((k) => `l.${snake(k)}`).join(', ')}`;
const BY_LOCATION_FROM = `from unnest($3::integer[]) as a(location_id)
        left join l on l.location_id = a.location_id
        left join ref.locations n on n.location_id = a.location_id`;

/** Per location (every location asked, with zeros where nothing happened), the totals and the chart's sums. */
export async function figuresByLocation(sql: Sql, query: ReportQuery, locationIds: number[]): Promise<Figures> {
  const answer = parts(
    await sql.unsafe<FigureRow[]>(
      `${BY_LOCATION_GROUPED}
      select 'row' as part, ${BY_LOCATION_ROW}, 0::bigint as row_count ${BY_LOCATION_FROM}
      union all ${TOTAL_PART}
      union all ${CHART_PART}
      order by part, location_name, location_id, day`,
      [...params(query, locationIds), chartFormat(query)],
      PREPARED,
    ),
  );
  return { ...answer, rowCount: answer.rows.length };
}

/** Every location's row, in batches from a cursor. */
export async function* streamFiguresByLocation(sql: Sql, query: ReportQuery, locationIds: number[]): AsyncIterable<FigureRow[]> {
  yield* sql.unsafe<FigureRow[]>(`${BY_LOCATION_GROUPED} select ${BY_LOCATION_ROW} ${BY_LOCATION_FROM} order by location_name, location_id`, params(query, locationIds), PREPARED).cursor(1000);
}

const BY_DAY_ROW = `g.location_id, ${locationNameSql('g.location_id')} as location_name, to_char(g.day, 'YYYY-MM-DD') as day, ${GROUP_COLUMNS}`;
const BY_DAY_FROM = `from g left join ref.locations n on n.location_id = g.location_id`;
const BY_DAY_ORDER = `order by location_name, location_id, day`;

/** Per location and day with any movement (at most `limit` rows), how many such rows there are, the totals and the chart's sums. */
export async function figuresByDay(sql: Sql, query: ReportQuery, locationIds: number[], limit: number): Promise<Figures> {
  return parts(
    await sql.unsafe<FigureRow[]>(
      `${GROUPED}
      select * from (select 'row' as part, ${BY_DAY_ROW}, 0::bigint as row_count ${BY_DAY_FROM} ${BY_DAY_ORDER} limit ${Math.trunc(limit)}) r
      union all ${TOTAL_PART}
      union all ${CHART_PART}
      order by part, location_name, location_id, day`,
      [...params(query, locationIds), chartFormat(query)],
      PREPARED,
    ),
  );
}

/** Every location-and-day row, in batches from a cursor. */
export async function* streamFiguresByDay(sql: Sql, query: ReportQuery, locationIds: number[]): AsyncIterable<FigureRow[]> {
  yield* sql.unsafe<FigureRow[]>(`${GROUPED} select ${BY_DAY_ROW} ${BY_DAY_FROM} ${BY_DAY_ORDER}`, params(query, locationIds), PREPARED).cursor(1000);
}

/**
 * Sales (net, lane and online) against redemptions (allocated value) across the locations, per
 * day, or per month when the period is longer than 62 days; every day or month of the period up
 * to today is a point (zero when nothing happened).
 */
export function salesVsRedemptionsChart(query: ReportQuery, buckets: FigureRow[]): ReportChart {
  const monthly = chartFormat(query) === 'YYYY-MM';
  const byX = new Map(buckets.map((r) => [String(r.day), r]));
  const xKey = monthly ? 'month' : 'day';
  return {
    key: 'sales-vs-redemptions',
    title: monthly ? 'Sales and redemptions per month' : 'Sales and redemptions per day',
    kind: 'bar',
    xKey,
    valueKind: 'money',
    series: [
      { key: 'sold', label: 'Sold net' },
      { key: 'redeemed', label: 'Redeemed value' },
    ],
    points: chartXs(query, monthly, byX.keys()).map((x) => ({ [xKey]: x, sold: Number(byX.get(x)?.sold_net ?? 0), redeemed: Number(byX.get(x)?.redeemed_value ?? 0) })),
  };
}

export const INVOICE_NOTES: readonly string[] = [
  'Every figure counts on its own local day at its location: a sale on the day it was sold at its (corrected) location, a redemption on the day and at the location it was redeemed (after an RO change, its new RO\'s location), a void on the local day it was made, a paper book on the day it was converted.',
  'Sold: sales over the counter and online, net (price), tax and gross (price plus tax). Paper books converted to digital packs are not revenue (the book was paid for on paper) and are only counted as "Paper books converted".',
  'Redeemed value is each coupon\'s allocated share of its pack price (before tax, by stand-alone value): the revenue recognised when it is redeemed. Discount given is the amount taken off the repair order line.',
  'A voided sale counts as sold in the period it was sold and as voided in the period of its void; the same for a voided redemption. Refunded is what the void gave back (the whole total, tax included); an online sale\'s void refunds the card through the payment provider and is counted in Refunded on the void\'s day too (shown again in "Refunded online").',
  'Net receipts = sold gross − refunded. Revenue recognised net of voids = redeemed value − redemptions voided value (breakage is in the Expired report).',
];
