/**
 * The Coupon Redemptions report (issue 14), from rm_reports.redemptions: per redeeming
 * location (or op code, or labour type) the redemptions of the period (their local day at the
 * redeeming location), their allocated value and the discount given, digital and paper, the
 * voids of the period (the local day of the void in that location's zone) and the net allocated
 * value; a totals row; a chart of the allocated value redeemed per day (per month for a period
 * longer than 62 days).
 */
import { LABOR_TYPES, REPORT_ROWS_MAX, type LaborType, type ReportColumn, type ReportQuery, type ReportRow } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import type { ReportDefinition } from './definition';
import { allocatedRedeemedChart, locationNameOf, num, streamRows, table, unknownTable, type Fragment } from './redemption-parts';

type GroupBy = 'location' | 'opCode' | 'laborType';
const GROUP_LABELS: Record<GroupBy, string> = { location: 'Location', opCode: 'Op code', laborType: 'Labour type' };
const groupByOf = (query: ReportQuery): GroupBy => (query.options.groupBy === 'opCode' || query.options.groupBy === 'laborType' ? query.options.groupBy : 'location');

const columns = (by: GroupBy): ReportColumn[] => [
  { key: 'group', label: GROUP_LABELS[by], kind: 'text' },
  { key: 'redeemed', label: 'Redeemed', kind: 'count' },
  { key: 'allocated', label: 'Allocated value', kind: 'money' },
  { key: 'discount', label: 'Discount given', kind: 'money' },
  { key: 'digital', label: 'Digital', kind: 'count' },
  { key: 'paper', label: 'Paper', kind: 'count' },
  { key: 'voids', label: 'Voids', kind: 'count' },
  { key: 'voided', label: 'Voided value', kind: 'money' },
  { key: 'net', label: 'Net allocated', kind: 'money' },
];

interface GroupRow {
  key: string;
  label: string;
  redeemed: number;
  allocated: string;
  discount: string;
  digital: number;
  paper: number;
  voids: number;
  voided: string;
  net: string;
}

const FIGURES = ['redeemed', 'allocated', 'discount', 'digital', 'paper', 'voids', 'voided', 'net'] as const;

function figures(r: Record<(typeof FIGURES)[number], unknown>) {
  return Object.fromEntries(FIGURES.map((k) => [k, num(r[k])])) as Record<(typeof FIGURES)[number], number>;
}

/** One row per group with a redemption or a void in the period at the chosen locations, ordered by its label. */
function groupsQuery(sql: Sql, query: ReportQuery): Fragment {
  const by = groupByOf(query);
  const inPeriod = sql`r.redeemed_on between ${query.from}::date and ${query.to}::date`;
  const voidedInPeriod = sql`r.voided_on between ${query.from}::date and ${query.to}::date`;
  const group =
    by === 'location'
      ? { select: sql`r.location_id::text as key, ${locationNameOf(sql, 'r.location_id', 'l')} as label`, by: sql`r.location_id, l.location_name`, order: sql`label, r.location_id` }
      : by === 'opCode'
        ? { select: sql`r.op_code as key, r.op_code as label`, by: sql`r.op_code`, order: sql`r.op_code` }
        : { select: sql`r.labor_type as key, r.labor_type as label`, by: sql`r.labor_type`, order: sql`r.labor_type` };
  return sql`
    select ${group.select},
      count(*) filter (where ${inPeriod})::int as redeemed,
      coalesce(sum(r.allocated_value) filter (where ${inPeriod}), 0)::bigint as allocated,
      coalesce(sum(r.amount) filter (where ${inPeriod}), 0)::bigint as discount,
      count(*) filter (where ${inPeriod} and r.source = 'digital')::int as digital,
      count(*) filter (where ${inPeriod} and r.source = 'paper')::int as paper,
      count(*) filter (where ${voidedInPeriod})::int as voids,
      coalesce(sum(r.allocated_value) filter (where ${voidedInPeriod}), 0)::bigint as voided,
      (coalesce(sum(r.allocated_value) filter (where ${inPeriod}), 0) - coalesce(sum(r.allocated_value) filter (where ${voidedInPeriod}), 0))::bigint as net
    from rm_reports.redemptions r
    left join ref.locations l on l.location_id = r.location_id
    where r.location_id = any(${query.locationIds}::int[]) and ((${inPeriod}) or (${voidedInPeriod}))
    group by ${group.by}
    order by ${group.order}`;
}

function toRow(by: GroupBy) {
  return (r: GroupRow): ReportRow => ({
    cells: { group: by === 'laborType' ? (LABOR_TYPES[r.label as LaborType] ?? r.label) : r.label, ...figures(r) },
  });
}

export const couponRedemptionsReport: ReportDefinition = {
  name: 'coupon-redemptions',
  readModels: ['reports'],

  async answer(sql, query) {
    const by = groupByOf(query);
    // The groups are few (locations, op codes, labour types): all of them in one query, the totals added here.
    const [groups, chart] = await Promise.all([sql<GroupRow[]>`${groupsQuery(sql, query)}`, allocatedRedeemedChart(sql, query)]);
    const all = groups.map(toRow(by));
    const totals = Object.fromEntries(FIGURES.map((k) => [k, all.reduce((s, r) => s + (r.cells[k] as number), 0)]));

    return {
      tables: [
        table('redemptions', `Redemptions by ${GROUP_LABELS[by].toLowerCase()}`, columns(by), all.slice(0, REPORT_ROWS_MAX), all.length, { group: 'Total', ...totals }),
      ],
      charts: [chart],
      notes: [
        'A redemption counts on its local day at the location that redeemed it (after an RO correction, the location and RO it was moved to); a void counts on the local day it was voided, in that location\'s zone. A redemption voided in a later period is in this period\'s redemptions and in that period\'s voids.',
        'Allocated value is the coupon\'s share of its pack\'s price before tax (by stand-alone value): the revenue recognised when it is redeemed. Net allocated = allocated value redeemed - allocated value voided in the period.',
        'Discount given is the discount on the repair order line (what the customer saved), not revenue.',
        'A redemption held for the customer\'s verification is not counted until it is redeemed.',
      ],
    };
  },

  async *stream(sql, query, tableKey) {
    if (tableKey !== 'redemptions') throw unknownTable(tableKey);
    yield* streamRows(sql, groupsQuery(sql, query), toRow(groupByOf(query)));
  },
};
