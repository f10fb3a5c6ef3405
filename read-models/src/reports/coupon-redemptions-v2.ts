/**
 * The Coupon Redemptions V2 report (issue 14), from rm_reports.redemptions: one row per repair
 * order (location and RO number) with a redemption or a void in the period at the chosen
 * locations: the day of its first redemption, the coupons redeemed in the period, their
 * allocated value and discount, the allocated value voided in the period and the net. The drill
 * {locationId, roNumber} lists the coupon lines behind that row: coupon, digital or paper, op
 * code, labour type, line total, discount, allocated value, who redeemed it, its status. Both
 * tables stream through a cursor for the CSV export.
 */
import { LABOR_TYPES, REPORT_ROWS_MAX, type LaborType, type ReportColumn, type ReportQuery, type ReportRow } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { staffNamesOf } from '../users/queries';
import type { ReportDefinition } from './definition';
import { allocatedRedeemedChart, CURSOR_BATCH, drillLocation, locationNameOf, locationNames, num, SOURCE_LABELS, streamRows, table, unknownTable, type Fragment } from './redemption-parts';

const RO_COLUMNS: ReportColumn[] = [
  { key: 'location', label: 'Location', kind: 'text' },
  { key: 'roNumber', label: 'RO #', kind: 'text' },
  { key: 'firstRedeemedOn', label: 'First redemption', kind: 'date' },
  { key: 'redeemed', label: 'Coupons redeemed', kind: 'count' },
  { key: 'allocated', label: 'Allocated value', kind: 'money' },
  { key: 'discount', label: 'Discount given', kind: 'money' },
  { key: 'voided', label: 'Voided value', kind: 'money' },
  { key: 'net', label: 'Net allocated', kind: 'money' },
];

const LINE_COLUMNS: ReportColumn[] = [
  { key: 'coupon', label: 'Coupon', kind: 'text' },
  { key: 'source', label: 'Source', kind: 'text' },
  { key: 'opCode', label: 'Op code', kind: 'text' },
  { key: 'laborType', label: 'Labour type', kind: 'text' },
  { key: 'lineTotal', label: 'Line total', kind: 'money' },
  { key: 'discount', label: 'Discount given', kind: 'money' },
  { key: 'allocated', label: 'Allocated value', kind: 'money' },
  { key: 'redeemedOn', label: 'Redeemed on', kind: 'date' },
  { key: 'redeemedBy', label: 'Redeemed by', kind: 'text' },
  { key: 'status', label: 'Status', kind: 'text' },
  { key: 'voidedOn', label: 'Voided on', kind: 'date' },
];

const inPeriod = (sql: Sql, q: ReportQuery) => sql`r.redeemed_on between ${q.from}::date and ${q.to}::date`;
const voidedInPeriod = (sql: Sql, q: ReportQuery) => sql`r.voided_on between ${q.from}::date and ${q.to}::date`;

interface RoRow {
  locationId: number;
  location: string;
  roNumber: string;
  firstRedeemedOn: string;
  redeemed: number;
  allocated: string;
  discount: string;
  voided: string;
  net: string;
}

/** The RO rows, unordered (see RO_ORDER). */
function rosSelect(sql: Sql, q: ReportQuery): Fragment {
  const p = inPeriod(sql, q);
  const v = voidedInPeriod(sql, q);
  return sql`
    select r.location_id as "locationId", ${locationNameOf(sql, 'r.location_id', 'l')} as location, r.ro_number as "roNumber",
      min(r.redeemed_on)::text as "firstRedeemedOn",
      count(*) filter (where ${p})::int as redeemed,
      coalesce(sum(r.allocated_value) filter (where ${p}), 0)::bigint as allocated,
      coalesce(sum(r.amount) filter (where ${p}), 0)::bigint as discount,
      coalesce(sum(r.allocated_value) filter (where ${v}), 0)::bigint as voided,
      (coalesce(sum(r.allocated_value) filter (where ${p}), 0) - coalesce(sum(r.allocated_value) filter (where ${v}), 0))::bigint as net
    from rm_reports.redemptions r
    left join ref.locations l on l.location_id = r.location_id
    where r.location_id = any(${q.locationIds}::int[]) and ((${p}) or (${v}))
    group by r.location_id, l.location_name, r.ro_number`;
}

/** The RO table: by the day of its first redemption, location name, location and RO number. */
const rosQuery = (sql: Sql, q: ReportQuery): Fragment => sql`select * from (${rosSelect(sql, q)}) g order by g."firstRedeemedOn", g.location, g."locationId", g."roNumber"`;

const roRow = (r: RoRow): ReportRow => ({
  cells: {
    location: r.location,
    roNumber: r.roNumber,
    firstRedeemedOn: r.firstRedeemedOn,
    redeemed: num(r.redeemed),
    allocated: num(r.allocated),
    discount: num(r.discount),
    voided: num(r.voided),
    net: num(r.net),
  },
  drill: { locationId: String(r.locationId), roNumber: r.roNumber },
});

interface LineRow {
  coupon: string;
  source: string;
  opCode: string;
  laborType: string;
  lineTotal: string;
  discount: string;
  allocated: string;
  redeemedOn: string;
  redeemedBy: string;
  status: string;
  voidedOn: string | null;
}

/** The coupon lines of the RO redeemed or voided in the period (the lines behind its row), in the order they were redeemed. */
function linesQuery(sql: Sql, q: ReportQuery, locationId: number, roNumber: string): Fragment {
  return sql`
    select r.coupon_name as coupon, r.source, r.op_code as "opCode", r.labor_type as "laborType", r.line_total as "lineTotal", r.amount as discount,
      r.allocated_value as allocated, r.redeemed_on::text as "redeemedOn", r.redeemed_by as "redeemedBy", r.status, r.voided_on::text as "voidedOn"
    from rm_reports.redemptions r
    where r.location_id = ${locationId} and r.ro_number = ${roNumber} and ((${inPeriod(sql, q)}) or (${voidedInPeriod(sql, q)}))
    order by r.redeemed_at, r.redemption_id`;
}

const actorOf = (by: string) => (by.startsWith('user:') ? by : `user:${by}`);

/** Maps a batch of lines, naming who redeemed each (staff names from the users read model; the id when unknown). */
async function lineRows(sql: Sql, lines: LineRow[]): Promise<ReportRow[]> {
  const names = await staffNamesOf(sql, [...new Set(lines.map((l) => actorOf(l.redeemedBy)))]);
  return lines.map((l) => ({
    cells: {
      coupon: l.coupon,
      source: SOURCE_LABELS[l.source] ?? l.source,
      opCode: l.opCode,
      laborType: LABOR_TYPES[l.laborType as LaborType] ?? l.laborType,
      lineTotal: num(l.lineTotal),
      discount: num(l.discount),
      allocated: num(l.allocated),
      redeemedOn: l.redeemedOn,
      redeemedBy: names.get(actorOf(l.redeemedBy)) ?? l.redeemedBy.replace(/^user:/, ''),
      status: l.status === 'voided' ? 'Voided' : 'Redeemed',
      voidedOn: l.voidedOn,
    },
  }));
}

/** The drill's RO when both parameters are given and its location is one of those asked for. */
function drillOf(q: ReportQuery): { locationId: number | null; roNumber: string } | null {
  if (q.drill.locationId === undefined && q.drill.roNumber === undefined) return null;
  return { locationId: drillLocation(q.locationIds, q.drill.locationId), roNumber: q.drill.roNumber ?? '' };
}

const NOTES = [
  'One row per repair order at the chosen locations with a coupon redeemed or a redemption voided in the period (local days at the redeeming location). An RO correction moves the coupon to the RO it was corrected to.',
  'Coupons redeemed, allocated value and discount count the redemptions of the period; voided value counts the voids of the period, so a coupon voided in a later period shows there. Net allocated = allocated - voided.',
  'Allocated value is the coupon\'s share of its pack\'s price before tax (by stand-alone value): the revenue recognised when it is redeemed.',
];

export const couponRedemptionsV2Report: ReportDefinition = {
  name: 'coupon-redemptions-v2',
  readModels: ['reports'],

  async answer(sql, query) {
    const drill = drillOf(query);
    if (drill) {
      const { locationId, roNumber } = drill;
      if (locationId === null || roNumber === '') {
        return { tables: [table('lines', 'Coupon lines', LINE_COLUMNS, [], 0, null)], charts: [], notes: ['No such repair order among the chosen locations.'] };
      }
      const lines = linesQuery(sql, query, locationId, roNumber);
      const p = inPeriod(sql, query);
      const v = voidedInPeriod(sql, query);
      const [firstLines, [sums], nameOf] = await Promise.all([
        sql<LineRow[]>`${lines} limit ${REPORT_ROWS_MAX}`,
        sql<Record<string, unknown>[]>`
        select count(*)::int as "rowCount",
          coalesce(sum(r.amount) filter (where ${p}), 0)::bigint as discount,
          coalesce(sum(r.allocated_value) filter (where ${p}), 0)::bigint as allocated,
          count(*) filter (where ${p})::int as redeemed
        from rm_reports.redemptions r
        where r.location_id = ${locationId} and r.ro_number = ${roNumber} and ((${p}) or (${v}))`,
        locationNames(sql, [locationId]),
      ]);
      const rows = await lineRows(sql, firstLines);
      return {
        tables: [
          table('lines', `RO ${roNumber} at ${nameOf(locationId)}`, LINE_COLUMNS, rows, num(sums!.rowCount), {
            coupon: 'Total',
            discount: num(sums!.discount),
            allocated: num(sums!.allocated),
          }),
        ],
        charts: [],
        notes: [
          `The coupon lines of this repair order redeemed or voided in the period. The discount and allocated totals are those of the ${num(sums!.redeemed)} line(s) redeemed in the period; a line redeemed before the period is listed because its void falls in it.`,
          ...NOTES.slice(2),
        ],
      };
    }

    // One pass: the totals over every RO (window), the first REPORT_ROWS_MAX ROs in the table's order.
    const [first, chart] = await Promise.all([
      sql<(RoRow & Record<'rowCount' | 'tRedeemed' | 'tAllocated' | 'tDiscount' | 'tVoided' | 'tNet', string>)[]>`
        select g.*, count(*) over () as "rowCount", sum(g.redeemed) over () as "tRedeemed", sum(g.allocated) over () as "tAllocated",
          sum(g.discount) over () as "tDiscount", sum(g.voided) over () as "tVoided", sum(g.net) over () as "tNet"
        from (${rosSelect(sql, query)}) g
        order by g."firstRedeemedOn", g.location, g."locationId", g."roNumber"
        limit ${REPORT_ROWS_MAX}`,
      allocatedRedeemedChart(sql, query),
    ]);
    const rows = first.map(roRow);
    const t = first[0];
    return {
      tables: [
        table('ros', 'Redemptions by repair order', RO_COLUMNS, rows, num(t?.rowCount), {
          location: 'Total',
          redeemed: num(t?.tRedeemed),
          allocated: num(t?.tAllocated),
          discount: num(t?.tDiscount),
          voided: num(t?.tVoided),
          net: num(t?.tNet),
        }),
      ],
      charts: [chart],
      notes: NOTES,
    };
  },

  async *stream(sql, query, tableKey) {
    const drill = drillOf(query);
    if (tableKey === 'ros' && !drill) {
      yield* streamRows(sql, rosQuery(sql, query), roRow);
      return;
    }
    if (tableKey === 'lines' && drill) {
      if (drill.locationId === null || drill.roNumber === '') return;
      for await (const batch of sql`${linesQuery(sql, query, drill.locationId, drill.roNumber)}`.cursor(CURSOR_BATCH)) {
        yield await lineRows(sql, batch as unknown as LineRow[]);
      }
      return;
    }
    throw unknownTable(tableKey);
  },
};
