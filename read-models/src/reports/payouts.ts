/**
 * The Payouts report (issue 14), from rm_reports.redemptions. A coupon sold at location A
 * (it holds the money) and redeemed at location B (it did the work), A != B: A owes B the
 * coupon's allocated value on the redemption's local day; a void of that redemption reverses it
 * on the void's local day. Paper coupons likewise (the book's sale location holds the money).
 *
 * Tables: 'payouts', one row per ordered pair (from A, owing, to B) with a movement in the
 * period, where A or B is among the chosen locations: redemptions, voids and the net amount;
 * 'net', per location in those pairs: owed to it, owed by it, net (the nets sum to zero). The
 * drill {fromLocationId, toLocationId} lists the movements behind a pair's amount.
 */
import { REPORT_ROWS_MAX, type ReportChart, type ReportColumn, type ReportQuery, type ReportRow } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import type { ReportDefinition } from './definition';
import { CURSOR_BATCH, firstRows, locationNameOf, locationNames, locationParam, num, SOURCE_LABELS, streamRows, table, unknownTable, type Fragment } from './redemption-parts';

const PAIR_COLUMNS: ReportColumn[] = [
  { key: 'from', label: 'From (owes)', kind: 'text' },
  { key: 'to', label: 'To', kind: 'text' },
  { key: 'redeemed', label: 'Redemptions', kind: 'count' },
  { key: 'voids', label: 'Voids', kind: 'count' },
  { key: 'amount', label: 'Amount (net)', kind: 'money' },
];

const NET_COLUMNS: ReportColumn[] = [
  { key: 'location', label: 'Location', kind: 'text' },
  { key: 'owedTo', label: 'Owed to it', kind: 'money' },
  { key: 'owedBy', label: 'Owed by it', kind: 'money' },
  { key: 'net', label: 'Net', kind: 'money' },
];

const LINE_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'movement', label: 'Redeemed or voided', kind: 'text' },
  { key: 'roNumber', label: 'RO #', kind: 'text' },
  { key: 'coupon', label: 'Coupon', kind: 'text' },
  { key: 'source', label: 'Source', kind: 'text' },
  { key: 'amount', label: 'Allocated value', kind: 'money' },
];

/**
 * Every movement between two different locations in the period where either is chosen: a
 * redemption (+allocated, its day) and a void (-allocated, its day); a redemption voided in the
 * same period is both.
 */
function movementsQuery(sql: Sql, q: ReportQuery): Fragment {
  const chosen = sql`r.sold_location_id <> r.location_id and (r.sold_location_id = any(${q.locationIds}::int[]) or r.location_id = any(${q.locationIds}::int[]))`;
  return sql`
    select r.redemption_id, r.sold_location_id as from_id, r.location_id as to_id, 'redeemed' as movement, r.redeemed_on as on_day, r.redeemed_at as at,
      r.allocated_value as amount, r.ro_number, r.coupon_name, r.source
    from rm_reports.redemptions r
    where ${chosen} and r.redeemed_on between ${q.from}::date and ${q.to}::date
    union all
    select r.redemption_id, r.sold_location_id, r.location_id, 'voided', r.voided_on, r.voided_at, -r.allocated_value, r.ro_number, r.coupon_name, r.source
    from rm_reports.redemptions r
    where ${chosen} and r.voided_on between ${q.from}::date and ${q.to}::date`;
}

interface PairRow {
  fromLocationId: number;
  toLocationId: number;
  from: string;
  to: string;
  redeemed: number;
  voids: number;
  amount: string;
}

function pairsQuery(sql: Sql, q: ReportQuery): Fragment {
  return sql`
    select m.from_id as "fromLocationId", m.to_id as "toLocationId",
      ${locationNameOf(sql, 'm.from_id', 'lf')} as "from", ${locationNameOf(sql, 'm.to_id', 'lt')} as "to",
      count(*) filter (where m.movement = 'redeemed')::int as redeemed, count(*) filter (where m.movement = 'voided')::int as voids,
      sum(m.amount)::bigint as amount
    from (${movementsQuery(sql, q)}) m
    left join ref.locations lf on lf.location_id = m.from_id
    left join ref.locations lt on lt.location_id = m.to_id
    group by m.from_id, m.to_id, lf.location_name, lt.location_name
    order by "from", m.from_id, "to", m.to_id`;
}

const pairRow = (r: PairRow): ReportRow => ({
  cells: { from: r.from, to: r.to, redeemed: num(r.redeemed), voids: num(r.voids), amount: num(r.amount) },
  drill: { fromLocationId: String(r.fromLocationId), toLocationId: String(r.toLocationId) },
});

/**
 * Per location of the pairs: what the others owe it, what it owes them, and the difference;
 * by name (then id). Pairs are few (at most one per ordered pair of locations), so this is done here.
 */
function netRows(pairs: PairRow[]): ReportRow[] {
  const byId = new Map<number, { id: number; location: string; owedTo: number; owedBy: number }>();
  const side = (id: number, location: string) => {
    let s = byId.get(id);
    if (!s) byId.set(id, (s = { id, location, owedTo: 0, owedBy: 0 }));
    return s;
  };
  for (const p of pairs) {
    side(p.toLocationId, p.to).owedTo += num(p.amount);
    side(p.fromLocationId, p.from).owedBy += num(p.amount);
  }
  return [...byId.values()]
    .sort((a, b) => (a.location < b.location ? -1 : a.location > b.location ? 1 : a.id - b.id))
    .map((s) => ({ cells: { location: s.location, owedTo: s.owedTo, owedBy: s.owedBy, net: s.owedTo - s.owedBy } }));
}

/** What each location is owed and owes in the period, side by side (the net table as a picture). */
function netChart(nets: ReportRow[]): ReportChart {
  return {
    key: 'net',
    title: 'Owed to and by each location',
    kind: 'bar',
    xKey: 'location',
    valueKind: 'money',
    series: [
      { key: 'owedTo', label: 'Owed to it' },
      { key: 'owedBy', label: 'Owed by it' },
    ],
    points: nets.map((r) => ({ location: r.cells.location as string, owedTo: r.cells.owedTo as number, owedBy: r.cells.owedBy as number })),
  };
}

const sumOf = (rows: ReportRow[], key: string) => rows.reduce((s, r) => s + (r.cells[key] as number), 0);

interface LineRow {
  date: string;
  movement: string;
  roNumber: string;
  coupon: string;
  source: string;
  amount: string;
}

function linesQuery(sql: Sql, q: ReportQuery, fromId: number, toId: number): Fragment {
  return sql`
    select m.on_day::text as date, m.movement, m.ro_number as "roNumber", m.coupon_name as coupon, m.source, m.amount
    from (${movementsQuery(sql, q)}) m
    where m.from_id = ${fromId} and m.to_id = ${toId}
    order by m.on_day, m.at, m.redemption_id, m.movement desc`;
}

const lineRow = (r: LineRow): ReportRow => ({
  cells: {
    date: r.date,
    movement: r.movement === 'voided' ? 'Voided' : 'Redeemed',
    roNumber: r.roNumber,
    coupon: r.coupon,
    source: SOURCE_LABELS[r.source] ?? r.source,
    amount: num(r.amount),
  },
});

/** The drill's pair; `valid` when both are locations, different, one of them among those asked for. */
function drillOf(q: ReportQuery): { valid: boolean; fromId: number; toId: number } | null {
  if (q.drill.fromLocationId === undefined && q.drill.toLocationId === undefined) return null;
  const fromId = locationParam(q.drill.fromLocationId);
  const toId = locationParam(q.drill.toLocationId);
  if (fromId === null || toId === null || fromId === toId) return { valid: false, fromId: 0, toId: 0 };
  return { valid: q.locationIds.includes(fromId) || q.locationIds.includes(toId), fromId, toId };
}

const NOTES = [
  'A coupon sold at one location and redeemed at another: the location that sold it holds the money and owes the location that did the work the coupon\'s allocated value (its share of the pack\'s price before tax). Paper coupons likewise: the book\'s sale location owes.',
  'A redemption counts on its local day at the redeeming location; a void reverses it on the local day of the void, so a void in a later period lowers that period\'s amount (an amount can be negative).',
  'A pair is shown when either location is among those chosen. Locations not chosen appear in the net table with their dealings with the chosen ones only; the nets always sum to zero.',
];

export const payoutsReport: ReportDefinition = {
  name: 'payouts',
  readModels: ['reports'],

  async answer(sql, query) {
    const drill = drillOf(query);
    if (drill) {
      if (!drill.valid) return { tables: [table('lines', 'Payout lines', LINE_COLUMNS, [], 0, null)], charts: [], notes: ['No such pair of locations among the chosen ones.'] };
      const lines = linesQuery(sql, query, drill.fromId, drill.toId);
      const [rows, [sums], nameOf] = await Promise.all([
        firstRows(sql, lines, lineRow),
        sql<{ rowCount: number; amount: string }[]>`select count(*)::int as "rowCount", coalesce(sum(amount), 0)::bigint as amount from (${lines}) l`,
        locationNames(sql, [drill.fromId, drill.toId]),
      ]);
      return {
        tables: [
          table('lines', `${nameOf(drill.fromId)} owes ${nameOf(drill.toId)}`, LINE_COLUMNS, rows, num(sums!.rowCount), { date: null, movement: 'Total', amount: num(sums!.amount) }),
        ],
        charts: [],
        notes: [NOTES[0]!, NOTES[1]!],
      };
    }

    const pairs = await sql<PairRow[]>`${pairsQuery(sql, query)}`;
    const pairRows = pairs.map(pairRow);
    const nets = netRows(pairs);
    return {
      tables: [
        table('payouts', 'Payouts between locations', PAIR_COLUMNS, pairRows.slice(0, REPORT_ROWS_MAX), pairRows.length, {
          from: 'Total',
          redeemed: sumOf(pairRows, 'redeemed'),
          voids: sumOf(pairRows, 'voids'),
          amount: sumOf(pairRows, 'amount'),
        }),
        table('net', 'Net per location', NET_COLUMNS, nets.slice(0, REPORT_ROWS_MAX), nets.length, {
          location: 'Total',
          owedTo: sumOf(nets, 'owedTo'),
          owedBy: sumOf(nets, 'owedBy'),
          net: sumOf(nets, 'net'),
        }),
      ],
      charts: [netChart(nets)],
      notes: NOTES,
    };
  },

  async *stream(sql, query, tableKey) {
    const drill = drillOf(query);
    if (drill) {
      if (tableKey !== 'lines') throw unknownTable(tableKey);
      if (drill.valid) yield* streamRows(sql, linesQuery(sql, query, drill.fromId, drill.toId), lineRow);
      return;
    }
    if (tableKey === 'payouts') yield* streamRows(sql, pairsQuery(sql, query), pairRow);
    else if (tableKey === 'net') {
      const nets = netRows(await sql<PairRow[]>`${pairsQuery(sql, query)}`);
      for (let i = 0; i < nets.length; i += CURSOR_BATCH) yield nets.slice(i, i + CURSOR_BATCH);
    }
    else throw unknownTable(tableKey);
  },
};
