/**
 * The Coupon Sales report (issue 14): packs sold per location in the period, from the `reports`
 * read model (rm_reports.sales), one row per location asked (zeros where nothing happened), a
 * totals row, and a line chart of net sales and voids per day (per month over 62 days).
 *
 * What each column counts (every figure on its own local day at the sale's current location,
 * i.e. after a location correction):
 * - Sales, Online, Gross, Tax, Net, Pending, Final: sales over the counter and online whose
 *   `sold_on` is in the period, as sold (a sale voided since still counts here). Gross = total
 *   (price + tax), Net = price. Pending / Final: those of them pending / final now (one voided
 *   since is neither, so Sales = Pending + Final + those voided since). Online: of Sales, how
 *   many were bought online.
 * - Voided, Refunded, Refunded tax: sales (not conversions) whose void's local day (`voided_on`,
 *   in the sale location's zone) is in the period, whenever they were sold; Refunded is what
 *   went back (the whole total), Refunded tax its tax.
 * - Net after voids: Net - (Refunded - Refunded tax): the period's net sales less the net of its voids.
 * - Paper books converted: paper books converted to a digital pack on a local day in the period
 *   (`converted_on`). A conversion is not revenue: it is in no other column.
 */
import type { ReportCell, ReportChart, ReportColumn, ReportQuery, ReportRow, ReportTable } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import type { ReportBody, ReportDefinition } from './definition';
import { chartFormat, chartXs, locationNameSql, num, unknownTable } from './redemption-parts';
import { PREPARED } from '../projection';

export const SALES_READ_MODELS = ['reports'];
export const SALES_CURSOR_BATCH = 1000;

/** The figures both sales reports add up per group, in column order. */
export const SALES_FIGURE_COLUMNS: readonly ReportColumn[] = [
  { key: 'sales', label: 'Sales', kind: 'count' },
  { key: 'online', label: 'Online', kind: 'count' },
  { key: 'gross', label: 'Gross', kind: 'money' },
  { key: 'tax', label: 'Tax', kind: 'money' },
  { key: 'net', label: 'Net', kind: 'money' },
  { key: 'pending', label: 'Pending', kind: 'count' },
  { key: 'final', label: 'Final', kind: 'count' },
  { key: 'voided', label: 'Voided', kind: 'count' },
  { key: 'refunded', label: 'Refunded', kind: 'money' },
  { key: 'refundedTax', label: 'Refunded tax', kind: 'money' },
  { key: 'netAfterVoids', label: 'Net after voids', kind: 'money' },
];
const SUMMED = ['sales', 'online', 'gross', 'tax', 'net', 'pending', 'final', 'voided', 'refunded', 'refundedTax'] as const;
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A sale's figures as each fact contributes them ($1 from, $2 to, $3 location ids). */
const SOLD_FACT = `select %GROUP% as group_key, 1 as sales, case when kind = 'online' then 1 else 0 end as online, total as gross, tax, price as net,
      case when status = 'pending' then 1 else 0 end as pending, case when status = 'final' then 1 else 0 end as final,
      0 as voided, 0 as refunded, 0 as refunded_tax, 0 as converted, %EXTRA%
    from rm_reports.sales
    where sold_on between $1::date and $2::date and location_id = any($3::integer[]) and kind <> 'paper-conversion' %FILTER%`;
const VOIDED_FACT = `select %GROUP% as group_key, 0, 0, 0, 0, 0, 0, 0, 1, coalesce(refund, 0), coalesce(refund_tax, 0), 0, %EXTRA%
    from rm_reports.sales
    where voided_on between $1::date and $2::date and location_id = any($3::integer[]) and kind <> 'paper-conversion' %FILTER%`;
const CONVERTED_FACT = `select %GROUP% as group_key, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, %EXTRA%
    from rm_reports.sales
    where converted_on between $1::date and $2::date and location_id = any($3::integer[]) %FILTER%`;

/**
 * Every sales fact in the period at the locations, one row each: group_key (the expression
 * `group`), the figures, and `extra` (more columns, e.g. the day). Built from constant
 * expressions only; every value is a parameter.
 */
export function salesFactsSql(group: string, extra: string, options: { converted: boolean; filter?: string }): string {
  const fill = (s: string) => s.replace('%GROUP%', group).replace('%EXTRA%', extra).replace('%FILTER%', options.filter ?? '');
  return [SOLD_FACT, VOIDED_FACT, ...(options.converted ? [CONVERTED_FACT] : [])].map(fill).join('\n    union all\n    ');
}

/** The summed columns of a grouped row `alias`. */
export const salesSumColumns = (alias: string) => [...SUMMED.map((k) => `${alias}.${snake(k)}`), `${alias}.converted`].join(', ');

export const SALES_SUMS = [...SUMMED.map((k) => `sum(${snake(k)})::bigint as ${snake(k)}`), 'sum(converted)::bigint as converted'].join(', ');

type FigureRow = Record<string, unknown>;

/** A grouped row's figures as cells (bigint sums arrive as strings), Net after voids derived. */
export function salesFigureCells(row: FigureRow): Record<string, number> {
  const cells: Record<string, number> = {};
  for (const k of SUMMED) cells[k] = num(row[snake(k)]);
  cells.netAfterVoids = cells.net! - (cells.refunded! - cells.refundedTax!);
  return cells;
}

export const salesParams = (query: ReportQuery) => [query.from, query.to, query.locationIds] as never[];

/**
 * Net sales (lane and online, on their sale day) and voids (net of tax, on their void day)
 * across the locations, per day, or per month when the period is longer than 62 days; every
 * day or month of the period up to today is a point (zero when nothing happened).
 */
export async function netSalesChart(sql: Sql, query: ReportQuery): Promise<ReportChart> {
  const format = chartFormat(query.from, query.to);
  const monthly = format === 'YYYY-MM';
  const rows = await sql.unsafe<{ x: string; net: string; voided: string }[]>(
    `select to_char(day, $4) as x, sum(net)::bigint as net, sum(refunded - refunded_tax)::bigint as voided
     from (
       select sold_on as day, price as net, 0 as refunded, 0 as refunded_tax from rm_reports.sales
         where sold_on between $1::date and $2::date and location_id = any($3::integer[]) and kind <> 'paper-conversion'
       union all
       select voided_on, 0, coalesce(refund, 0), coalesce(refund_tax, 0) from rm_reports.sales
         where voided_on between $1::date and $2::date and location_id = any($3::integer[]) and kind <> 'paper-conversion'
     ) f
     group by 1 order by 1`,
    [...salesParams(query), format] as never[],
    PREPARED,
  );
  const byX = new Map(rows.map((r) => [r.x, r]));
  const xKey = monthly ? 'month' : 'day';
  return {
    key: 'net-sales',
    title: monthly ? 'Net sales and voids per month' : 'Net sales and voids per day',
    kind: 'line',
    xKey,
    valueKind: 'money',
    series: [
      { key: 'net', label: 'Net sales' },
      { key: 'voided', label: 'Voided' },
    ],
    points: chartXs(query, monthly, byX.keys()).map((x) => ({ [xKey]: x, net: num(byX.get(x)?.net), voided: num(byX.get(x)?.voided) })),
  };
}

export const LOCATIONS_TABLE = 'locations';
const LOCATION_COLUMNS: ReportColumn[] = [
  { key: 'location', label: 'Location', kind: 'text' },
  ...SALES_FIGURE_COLUMNS,
  { key: 'converted', label: 'Paper books converted', kind: 'count' },
];

const GROUPED = `with f as (
      ${salesFactsSql('location_id', '0 as unused', { converted: true })}
    ), g as (
      select group_key as location_id, ${SALES_SUMS} from f group by group_key
    )`;
const LOCATION_ROWS = `select l.location_id, ${locationNameSql('l.location_id')} as location_name, ${salesSumColumns('g')}
    from unnest($3::integer[]) as l(location_id)
    left join g on g.location_id = l.location_id
    left join ref.locations n on n.location_id = l.location_id
    order by location_name, l.location_id`;

function locationRow(r: FigureRow): ReportRow {
  return { cells: { location: String(r.location_name), ...salesFigureCells(r), converted: num(r.converted) } };
}

export const COUPON_SALES_NOTES: readonly string[] = [
  'Every figure counts on its own local day at the location: a sale on the day it was sold at its (corrected) location, a void on the local day it was made, a conversion on the day the paper book was converted.',
  'Sales, Gross, Tax and Net count the packs sold over the counter and online in the period as sold, including those voided since. Gross is the price with tax, Net the price before tax.',
  'Pending and Final: of those sales, how many are pending (sale RO still open) or final now; a sale voided since is neither.',
  'Voided, Refunded and Refunded tax count the voids made in the period, whenever the sale was made. Net after voids = Net - (Refunded - Refunded tax).',
  'Paper books converted to a digital pack are not revenue (the money was taken when the book was sold): they are counted only in their own column.',
];

export const couponSalesReport: ReportDefinition = {
  name: 'coupon-sales',
  readModels: SALES_READ_MODELS,

  async answer(sql, query): Promise<ReportBody> {
    const [rows, chart] = await Promise.all([sql.unsafe<FigureRow[]>(`${GROUPED} ${LOCATION_ROWS}`, salesParams(query), PREPARED), netSalesChart(sql, query)]);
    const tableRows = rows.map(locationRow);
    const totals: Record<string, ReportCell> = { location: 'Total' };
    for (const c of LOCATION_COLUMNS.slice(1)) totals[c.key] = tableRows.reduce((sum, r) => sum + num(r.cells[c.key]), 0);
    const table: ReportTable = { key: LOCATIONS_TABLE, title: 'Sales per location', columns: LOCATION_COLUMNS, rows: tableRows, rowCount: tableRows.length, totals };
    return { tables: [table], charts: [chart], notes: [...COUPON_SALES_NOTES] };
  },

  async *stream(sql, query, tableKey) {
    if (tableKey !== LOCATIONS_TABLE) throw unknownTable(tableKey);
    for await (const batch of sql.unsafe<FigureRow[]>(`${GROUPED} ${LOCATION_ROWS}`, salesParams(query), PREPARED).cursor(SALES_CURSOR_BATCH)) {
      yield batch.map(locationRow);
    }
  },
};
