/**
 * The Coupon Sales V2 report (issue 14): the sales of the period grouped by pack or by seller
 * (option groupBy), from the `reports` read model (rm_reports.sales), with the sales behind each
 * group on drill-down.
 *
 * - Top level, table `groups`: one row per pack (its name as last sold) or per seller (the
 *   employee's name from the users read model; every online sale is one group, 'Online', since a
 *   customer bought it themself), with the figures of Coupon Sales (coupon-sales.ts says what
 *   each counts: sales as sold in the period, voids made in the period), ordered by net, largest
 *   first; each row drills with {packId} or {sellerId} ('online' for the online group). A bar
 *   chart shows the net of the 20 largest groups. Paper-book conversions are not sales and are
 *   left out (Coupon Sales counts them).
 * - Drill (`packId` and/or `sellerId`), table `sales`: the sales behind the group, those sold in
 *   the period at the locations (the rows its Sales, Gross, Tax and Net add up): date sold,
 *   location, sale RO, pack, seller, status now, net, tax, gross, and the day it was voided if
 *   it was. A void in the period of a sale sold before it is in the group's Voided count but not
 *   in this list. This is the table the CSV export streams.
 */
import type { ReportCell, ReportChart, ReportColumn, ReportQuery, ReportRow, ReportTable } from '@dealer/contracts';
import { REPORT_ROWS_MAX } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { staffNamesOf } from '../users/queries';
import type { ReportBody, ReportDefinition } from './definition';
import {
  SALES_CURSOR_BATCH,
  SALES_FIGURE_COLUMNS,
  SALES_READ_MODELS,
  SALES_SUMS,
  salesFactsSql,
  salesFigureCells,
  salesSumColumns,
} from './coupon-sales';
import { locationNameSql, num, unknownTable } from './redemption-parts';
import { PREPARED } from '../projection';

export const GROUPS_TABLE = 'groups';
export const SALES_TABLE = 'sales';
/** The seller group of every online sale (its soldBy is the customer). */
export const ONLINE_SELLER = 'online';
const ONLINE_LABEL = 'Online';
const CHART_GROUPS = 20;

type GroupBy = 'pack' | 'seller';
type Row = Record<string, unknown>;

const SELLER_KEY = `case when kind = 'online' then '${ONLINE_SELLER}' else sold_by end`;
const GROUP_KEY: Record<GroupBy, string> = { pack: 'pack_id::text', seller: SELLER_KEY };
/** The drill filter: $4 pack id, $5 seller id (each null when not given). */
const DRILL_FILTER = `and ($4::uuid is null or pack_id = $4::uuid) and ($5::text is null or ${SELLER_KEY} = $5::text)`;

const params = (query: ReportQuery, drill: Drill) => [query.from, query.to, query.locationIds, drill.packId, drill.sellerId] as never[];

interface Drill {
  packId: string | null;
  sellerId: string | null;
}
const drillOf = (query: ReportQuery): Drill => ({ packId: query.drill.packId ?? null, sellerId: query.drill.sellerId ?? null });
const groupByOf = (query: ReportQuery): GroupBy => (query.options.groupBy === 'seller' ? 'seller' : 'pack');

/** Sellers' names (users read model); the online group is 'Online', an unknown seller their id. */
async function sellerNames(sql: Sql, ids: readonly string[]): Promise<(id: string) => string> {
  const staff = await staffNamesOf(sql, [...new Set(ids.filter((id) => id !== ONLINE_SELLER))].map((id) => `user:${id}`));
  return (id) => (id === ONLINE_SELLER ? ONLINE_LABEL : (staff.get(`user:${id}`) ?? id));
}

// ---- Top level: one row per pack or seller ----

const groupsSql = (groupBy: GroupBy) => `with f as (
      ${salesFactsSql(GROUP_KEY[groupBy], 'pack_name as label, sold_at as at', { converted: false, filter: DRILL_FILTER })}
    ), g as (
      select group_key, (array_agg(label order by at desc))[1] as label, ${SALES_SUMS} from f group by group_key
    )`;

const groupColumns = (groupBy: GroupBy): ReportColumn[] => [
  groupBy === 'pack' ? { key: 'name', label: 'Pack', kind: 'text' } : { key: 'name', label: 'Seller', kind: 'text' },
  ...SALES_FIGURE_COLUMNS,
];

async function groupRows(sql: Sql, groupBy: GroupBy, rows: Row[]): Promise<ReportRow[]> {
  const sellerName = groupBy === 'seller' ? await sellerNames(sql, rows.map((r) => String(r.group_key))) : null;
  return rows.map((r): ReportRow => {
    const key = String(r.group_key);
    return {
      cells: { name: sellerName ? sellerName(key) : String(r.label), ...salesFigureCells(r) },
      drill: groupBy === 'pack' ? { packId: key } : { sellerId: key },
    };
  });
}

async function groupsAnswer(sql: Sql, query: ReportQuery): Promise<ReportBody> {
  const groupBy = groupByOf(query);
  const rows = await sql.unsafe<Row[]>(
    `${groupsSql(groupBy)}
    select * from (select g.group_key, g.label, ${salesSumColumns('g')}, 0 as is_total, 0::bigint as row_count
      from g order by g.net desc, g.group_key limit ${REPORT_ROWS_MAX}) r
    union all
    select null, null, ${SALES_SUMS}, 1, count(*)::bigint from g`,
    params(query, drillOf(query)),
    PREPARED,
  );
  const totalsRow = rows.find((r) => num(r.is_total) === 1)!;
  const tableRows = await groupRows(sql, groupBy, rows.filter((r) => num(r.is_total) === 0));
  const totals: Record<string, ReportCell> = { name: 'Total', ...salesFigureCells(totalsRow) };
  const table: ReportTable = {
    key: GROUPS_TABLE,
    title: groupBy === 'pack' ? 'Sales by pack' : 'Sales by seller',
    columns: groupColumns(groupBy),
    rows: tableRows,
    rowCount: num(totalsRow.row_count),
    totals,
  };
  const chart: ReportChart = {
    key: 'net-by-group',
    title: groupBy === 'pack' ? 'Net sales by pack' : 'Net sales by seller',
    kind: 'bar',
    xKey: 'name',
    valueKind: 'money',
    series: [{ key: 'net', label: 'Net sales' }],
    points: tableRows.slice(0, CHART_GROUPS).map((r) => ({ name: String(r.cells.name), net: num(r.cells.net) })),
  };
  return {
    tables: [table],
    charts: [chart],
    notes: [
      'Sales, Gross, Tax and Net count the packs sold over the counter and online in the period as sold, including those voided since; Pending and Final how many of them are pending or final now.',
      'Voided, Refunded and Refunded tax count the voids made in the period, whenever the sale was made. Net after voids = Net - (Refunded - Refunded tax).',
      groupBy === 'seller'
        ? 'Every pack bought online is in the group Online (the customer bought it themself).'
        : 'A pack is shown with the name it had when last sold in the period.',
      'Paper books converted to a digital pack are not sales and are left out (Coupon Sales counts them).',
      'Open a row to list the sales behind it.',
    ],
  };
}

// ---- Drill: the sales behind a group ----

const SALE_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'location', label: 'Location', kind: 'text' },
  { key: 'roNumber', label: 'RO #', kind: 'text' },
  { key: 'pack', label: 'Pack', kind: 'text' },
  { key: 'seller', label: 'Seller', kind: 'text' },
  { key: 'status', label: 'Status', kind: 'text' },
  { key: 'net', label: 'Net', kind: 'money' },
  { key: 'tax', label: 'Tax', kind: 'money' },
  { key: 'gross', label: 'Gross', kind: 'money' },
  { key: 'voidedOn', label: 'Voided on', kind: 'date' },
];
const STATUS_LABELS: Record<string, string> = { pending: 'Pending', final: 'Final', voided: 'Voided' };

const SALES_WHERE = `from rm_reports.sales s
    where s.sold_on between $1::date and $2::date and s.location_id = any($3::integer[]) and s.kind <> 'paper-conversion' ${DRILL_FILTER}`;
const SALES_ROWS = `select to_char(s.sold_on, 'YYYY-MM-DD') as sold_on, ${locationNameSql('s.location_id')} as location_name, s.sale_ro_number,
      s.pack_name, ${SELLER_KEY} as seller_key, s.status, s.price, s.tax, s.total, to_char(s.voided_on, 'YYYY-MM-DD') as voided_on
    from rm_reports.sales s
    left join ref.locations n on n.location_id = s.location_id
    where s.sold_on between $1::date and $2::date and s.location_id = any($3::integer[]) and s.kind <> 'paper-conversion' ${DRILL_FILTER}
    order by s.sold_on, s.sold_at, s.sale_id`;

async function saleRows(sql: Sql, rows: Row[]): Promise<ReportRow[]> {
  const sellerName = await sellerNames(sql, rows.map((r) => String(r.seller_key)));
  return rows.map((r) => ({
    cells: {
      date: String(r.sold_on),
      location: String(r.location_name),
      roNumber: String(r.sale_ro_number),
      pack: String(r.pack_name),
      seller: sellerName(String(r.seller_key)),
      status: STATUS_LABELS[String(r.status)] ?? String(r.status),
      net: num(r.price),
      tax: num(r.tax),
      gross: num(r.total),
      voidedOn: r.voided_on === null ? null : String(r.voided_on),
    },
  }));
}

async function salesAnswer(sql: Sql, query: ReportQuery, drill: Drill): Promise<ReportBody> {
  const p = params(query, drill);
  const [rows, [summary]] = await Promise.all([
    sql.unsafe<Row[]>(`${SALES_ROWS} limit ${REPORT_ROWS_MAX}`, p, PREPARED),
    sql.unsafe<Row[]>(
      `select count(*)::bigint as row_count, coalesce(sum(s.price), 0)::bigint as net, coalesce(sum(s.tax), 0)::bigint as tax,
         coalesce(sum(s.total), 0)::bigint as gross, (array_agg(s.pack_name order by s.sold_at desc))[1] as pack_name ${SALES_WHERE}`,
      p,
      PREPARED,
    ),
  ]);
  const names: string[] = [];
  if (drill.packId) names.push(summary?.pack_name ? String(summary.pack_name) : 'the pack');
  if (drill.sellerId) names.push((await sellerNames(sql, [drill.sellerId]))(drill.sellerId));
  const table: ReportTable = {
    key: SALES_TABLE,
    title: `Sales: ${names.join(', ')}`,
    columns: SALE_COLUMNS,
    rows: await saleRows(sql, rows),
    rowCount: num(summary?.row_count),
    totals: { date: null, location: 'Total', net: num(summary?.net), tax: num(summary?.tax), gross: num(summary?.gross) },
  };
  return {
    tables: [table],
    charts: [],
    notes: [
      'The sales sold in the period at the locations, over the counter and online, with their status now; their Net, Tax and Gross add up to the group row.',
      'A void made in the period of a sale sold before it counts in the group\'s Voided figures but is not listed here.',
    ],
  };
}

const isDrill = (drill: Drill) => drill.packId !== null || drill.sellerId !== null;

export const couponSalesV2Report: ReportDefinition = {
  name: 'coupon-sales-v2',
  readModels: SALES_READ_MODELS,

  async answer(sql, query) {
    const drill = drillOf(query);
    return isDrill(drill) ? salesAnswer(sql, query, drill) : groupsAnswer(sql, query);
  },

  async *stream(sql, query, tableKey) {
    const drill = drillOf(query);
    if (isDrill(drill)) {
      if (tableKey !== SALES_TABLE) throw unknownTable(tableKey);
      for await (const batch of sql.unsafe<Row[]>(SALES_ROWS, params(query, drill), PREPARED).cursor(SALES_CURSOR_BATCH)) yield await saleRows(sql, batch);
      return;
    }
    if (tableKey !== GROUPS_TABLE) throw unknownTable(tableKey);
    const groupBy = groupByOf(query);
    for await (const batch of sql
      .unsafe<Row[]>(`${groupsSql(groupBy)} select g.group_key, g.label, ${salesSumColumns('g')} from g order by g.net desc, g.group_key`, params(query, drill), PREPARED)
      .cursor(SALES_CURSOR_BATCH)) {
      yield await groupRows(sql, groupBy, batch);
    }
  },
};
