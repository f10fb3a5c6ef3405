/**
 * The invoice-summary-v2 report (issue 14): the invoice summary's figures per location and day
 * (only the days something happened), each row drilling to {locationId, day}; with that drill,
 * the lines behind the day at the location: each sale (and paper book converted), sale void,
 * redemption and redemption void, with its local time, RO, pack or coupon and its money, a
 * void's amounts negative so the lines add up to the day's net figures (net, tax, gross =
 * net receipts, allocated value = revenue recognised net of voids, discount).
 */
import { REPORT_MESSAGES, REPORT_ROWS_MAX, type ReportChart, type ReportColumn, type ReportQuery, type ReportRow, type ReportTable } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import type { ReportDefinition } from './definition';
import {
  FIGURE_COLUMNS,
  INVOICE_NOTES,
  figureCells,
  figuresByDay,
  salesVsRedemptionsChart,
  streamFiguresByDay,
  type FigureRow,
} from './invoice-figures';
import { locationNames } from './redemption-parts';
import { PREPARED } from '../projection';

export const INVOICE_DAYS_TABLE = 'days';
export const INVOICE_LINES_TABLE = 'lines';

const DAY_COLUMNS: ReportColumn[] = [{ key: 'day', label: 'Day', kind: 'date' }, { key: 'location', label: 'Location', kind: 'text' }, ...FIGURE_COLUMNS];

const LINE_COLUMNS: ReportColumn[] = [
  { key: 'kind', label: 'Kind', kind: 'text' },
  { key: 'time', label: 'Time', kind: 'text' },
  { key: 'roNumber', label: 'RO #', kind: 'text' },
  { key: 'item', label: 'Pack / coupon', kind: 'text' },
  { key: 'net', label: 'Net', kind: 'money' },
  { key: 'tax', label: 'Tax', kind: 'money' },
  { key: 'gross', label: 'Gross', kind: 'money' },
  { key: 'allocatedValue', label: 'Allocated value', kind: 'money' },
  { key: 'discount', label: 'Discount given', kind: 'money' },
];
const LINE_MONEY = ['net', 'tax', 'gross', 'allocatedValue', 'discount'] as const;

/** The locations the rows cover: those asked, narrowed to the drilled one when given. */
function locationsOf(query: ReportQuery): number[] {
  const asked = [...new Set(query.locationIds)];
  const drilled = query.drill.locationId === undefined ? null : Number(query.drill.locationId);
  return drilled === null ? asked : asked.filter((id) => id === drilled);
}

const isLinesDrill = (query: ReportQuery) => query.drill.locationId !== undefined && query.drill.day !== undefined;

const dayRow = (r: FigureRow): ReportRow => ({
  cells: { day: String(r.day), location: String(r.location_name), ...figureCells(r) },
  drill: { locationId: String(r.location_id), day: String(r.day) },
});

/**
 * The lines of one location's day: $1 location, $2 day. Time is local in the row's zone.
 * A sale's void uses the sale's price, tax and refund (its whole total), negated; a paper book
 * converted shows on the day it was converted (the conversion's sold_at), without money.
 */
const LINES_SQL = `
  select * from (
    select sold_at as at, case kind when 'online' then 'Online sale' else 'Sale' end as kind,
           to_char(sold_at at time zone time_zone, 'HH24:MI') as time, sale_ro_number as ro_number, pack_name as item,
           price as net, tax, total as gross, null::bigint as allocated_value, null::bigint as discount
      from rm_reports.sales where location_id = $1 and sold_on = $2::date and kind <> 'paper-conversion'
    union all
    select sold_at, 'Paper book converted', to_char(sold_at at time zone time_zone, 'HH24:MI'), sale_ro_number,
           pack_name || ' (book ' || coalesce(paper_book_number, '') || ')', null, null, null, null, null
      from rm_reports.sales where location_id = $1 and converted_on = $2::date
    union all
    select voided_at, case kind when 'online' then 'Online sale voided (refunded through the provider)' else 'Sale voided' end,
           to_char(voided_at at time zone time_zone, 'HH24:MI'), sale_ro_number, pack_name,
           -price, -tax, -coalesce(refund, 0), null, null
      from rm_reports.sales where location_id = $1 and voided_on = $2::date and kind <> 'paper-conversion'
    union all
    select redeemed_at, case source when 'paper' then 'Paper coupon redeemed' else 'Coupon redeemed' end,
           to_char(redeemed_at at time zone time_zone, 'HH24:MI'), ro_number,
           case when paper_book_number is null then coupon_name else coupon_name || ' (book ' || paper_book_number || ')' end,
           null, null, null, allocated_value, amount
      from rm_reports.redemptions where location_id = $1 and redeemed_on = $2::date
    union all
    select voided_at, case source when 'paper' then 'Paper coupon redemption voided' else 'Coupon redemption voided' end,
           to_char(voided_at at time zone time_zone, 'HH24:MI'), ro_number,
           case when paper_book_number is null then coupon_name else coupon_name || ' (book ' || paper_book_number || ')' end,
           null, null, null, -allocated_value, -amount
      from rm_reports.redemptions where location_id = $1 and voided_on = $2::date
  ) l`;

type LineRow = { kind: string; time: string; ro_number: string; item: string; net: string | null; tax: string | null; gross: string | null; allocated_value: string | null; discount: string | null };

const money = (v: string | null) => (v === null ? null : Number(v));
const lineRow = (r: LineRow): ReportRow => ({
  cells: { kind: r.kind, time: r.time, roNumber: r.ro_number, item: r.item, net: money(r.net), tax: money(r.tax), gross: money(r.gross), allocatedValue: money(r.allocated_value), discount: money(r.discount) },
});

/** The drilled location and day, or null when the drill names a location not asked (nothing to show). */
function drilledDay(query: ReportQuery): [number, string] | null {
  const [locationId] = locationsOf(query);
  return locationId === undefined ? null : [locationId, query.drill.day!];
}

async function linesTable(sql: Sql, query: ReportQuery): Promise<ReportTable> {
  const target = drilledDay(query);
  const [rows, nameOf] =
    target === null
      ? [[], null]
      : await Promise.all([sql.unsafe<LineRow[]>(`${LINES_SQL} order by at, kind`, [...target], PREPARED), locationNames(sql, [target[0]])]);
  const totals: Record<string, number | string | null> = { kind: 'Total', time: null, roNumber: null, item: null };
  for (const key of LINE_MONEY) totals[key] = 0;
  const cells = rows.map(lineRow);
  for (const row of cells) for (const key of LINE_MONEY) totals[key] = (totals[key] as number) + ((row.cells[key] as number | null) ?? 0);
  return {
    key: INVOICE_LINES_TABLE,
    title: target === null || nameOf === null ? 'Lines' : `Lines of ${target[1]} at ${nameOf(target[0])}`,
    columns: LINE_COLUMNS,
    rows: cells.slice(0, REPORT_ROWS_MAX),
    rowCount: cells.length,
    totals,
  };
}

async function daysAnswer(sql: Sql, query: ReportQuery): Promise<{ table: ReportTable; chart: ReportChart }> {
  const { rows, rowCount, totals, buckets } = await figuresByDay(sql, query, locationsOf(query), REPORT_ROWS_MAX);
  const table: ReportTable = {
    key: INVOICE_DAYS_TABLE,
    title: 'Per location and day',
    columns: DAY_COLUMNS,
    rows: rows.map(dayRow),
    rowCount,
    totals: { day: null, location: 'Total', ...figureCells(totals) },
  };
  return { table, chart: salesVsRedemptionsChart(query, buckets) };
}

export const invoiceSummaryV2Report: ReportDefinition = {
  name: 'invoice-summary-v2',
  readModels: ['reports'],
  async answer(sql, query) {
    if (isLinesDrill(query)) {
      return {
        tables: [await linesTable(sql, query)],
        charts: [],
        notes: [
          'Every sale, paper book converted, sale void, redemption and redemption void of the day at the location, at its local time. Voids are negative, so the totals are the day\'s net figures: gross = net receipts, allocated value = revenue recognised net of voids.',
          'A paper book converted is not revenue: its line carries no money.',
        ],
      };
    }
    const { table, chart } = await daysAnswer(sql, query);
    return { tables: [table], charts: [chart], notes: ['Only the days with a sale, redemption or void are listed; each row opens its lines.', ...INVOICE_NOTES] };
  },
  async *stream(sql, query, tableKey) {
    if (isLinesDrill(query)) {
      if (tableKey !== INVOICE_LINES_TABLE) throw new Error(REPORT_MESSAGES.tableUnknown);
      const target = drilledDay(query);
      if (target === null) return;
      for await (const batch of sql.unsafe<LineRow[]>(`${LINES_SQL} order by at, kind`, [...target], PREPARED).cursor(1000)) yield batch.map(lineRow);
      return;
    }
    if (tableKey !== INVOICE_DAYS_TABLE) throw new Error(REPORT_MESSAGES.tableUnknown);
    for await (const batch of streamFiguresByDay(sql, query, locationsOf(query))) yield batch.map(dayRow);
  },
};
