/**
 * The expired report (issue 14): the contract liability of prepaid packs per location for a
 * period, from the `liability` read model's daily rows (rm_liability.daily, one per location and
 * local day; see ../liability/projection.ts for every rule).
 *
 * Tables (one row per location asked, totals over them):
 * - `rollforward`: opening balance + sold + converted from paper - redeemed (net of redemption
 *   voids) - voided sales and refunds - breakage + location corrections (in - out) = closing.
 * - `ageing`: what is outstanding at the period's end by days since sale (0-90, 91-180, 181-365, over 365).
 * - `expired`: what expired unused in the period (breakage): coupons and value, net of reversals.
 * - `due`: what is outstanding at the period's end expiring within 12 months of it, and later.
 * Chart `liability`: the closing balance at each month's end (the period's months, at least the
 * twelve up to its end), all the locations asked together.
 *
 * Nothing is recognised after `today`: the period's end is the earlier of `to` and `today`
 * (breakage is scheduled at expiry, so future rows exist). A period starting after today has an
 * opening balance as at today and no movements.
 *
 * Speed: every figure is a sum over the daily rows of the asked locations up to the end (a
 * location has one row per day with a movement, so three years of twenty locations is ~20k rows),
 * never over coupons.
 */
import { addMonths, formatLocalDate, type ReportCell, type ReportChart, type ReportColumn, type ReportQuery, type ReportRow, type ReportTable } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import type { ReportBody, ReportDefinition } from './definition';
import { PREPARED } from '../projection';

interface LocationFigures {
  location_id: number;
  location_name: string | null;
  opening: string | number;
  sold: string | number;
  converted: string | number;
  redeemed: string | number;
  voided: string | number;
  breakage: string | number;
  breakage_count: string | number;
  transfers: string | number;
  age_0_90: string | number;
  age_91_180: string | number;
  age_181_365: string | number;
  age_over_365: string | number;
  due_12m: string | number;
  due_later: string | number;
}

const NET = `sold + converted - redeemed + unredeemed - voided - breakage + transfer_in - transfer_out`;

const money = (key: string, label: string): ReportColumn => ({ key, label, kind: 'money' });
const LOCATION: ReportColumn = { key: 'location', label: 'Location', kind: 'text' };

const COLUMNS = {
  rollforward: [
    LOCATION,
    money('opening', 'Opening balance'),
    money('sold', 'Sold'),
    money('converted', 'Converted from paper'),
    money('redeemed', 'Redeemed (net of voids)'),
    money('voided', 'Voided sales and refunds'),
    money('breakage', 'Breakage (expired unused)'),
    money('transfers', 'Location corrections (net)'),
    money('closing', 'Closing balance'),
  ],
  ageing: [
    LOCATION,
    money('age0to90', '0-90 days'),
    money('age91to180', '91-180 days'),
    money('age181to365', '181-365 days'),
    money('ageOver365', 'Over 365 days'),
    money('outstanding', 'Outstanding'),
  ],
  expired: [LOCATION, { key: 'coupons', label: 'Coupons expired unused', kind: 'count' }, money('value', 'Value expired (breakage)')],
  due: [LOCATION, money('within12Months', 'Expiring within 12 months'), money('later', 'Expiring later'), money('outstanding', 'Outstanding')],
} satisfies Record<string, ReportColumn[]>;

const TITLES: Record<keyof typeof COLUMNS, string> = {
  rollforward: 'Liability roll-forward',
  ageing: 'Ageing of what is outstanding at the period end',
  expired: 'Expired unused in the period',
  due: 'What falls due after the period end',
};

const NOTES = [
  'Values are allocated values: each coupon\'s share of its pack\'s price before tax, by stand-alone value. Tax refunded on a void is not liability.',
  'The liability is held by the location of sale (moved by a location correction from the correction\'s day: shown as location corrections); a coupon redeemed at another location leaves the selling location\'s liability.',
  'Sales count on their day of sale; redemptions on their day of redemption, and a voided redemption comes back on its void\'s day; a voided sale leaves on its void\'s day.',
  'Breakage is recognised when redemption becomes remote: the day after a coupon\'s last day. A coupon redeemed or voided after that reverses its breakage on that day; a redemption voided after the coupon\'s last day is breakage on the void\'s day.',
  'Paper books are in the liability from their conversion to a digital pack (Converted from paper).',
  'Ageing counts days since sale; falling due within 12 months means the coupon\'s last day is at most 12 months after the period end. Nothing is recognised after today.',
];

/** The period's end as far as anything is recognised: the earlier of `to` and today. */
export const asOfDay = (q: Pick<ReportQuery, 'to' | 'today'>): string => (q.today < q.to ? q.today : q.to);

async function figures(sql: Sql, q: ReportQuery): Promise<LocationFigures[]> {
  const end = asOfDay(q);
  return sql.unsafe<LocationFigures[]>(
    `with asked as (select unnest($1::int[]) as location_id),
     totals as (
       select location_id,
         coalesce(sum(${NET}) filter (where day < $2::date), 0) as opening,
         coalesce(sum(sold) filter (where day >= $2::date), 0) as sold,
         coalesce(sum(converted) filter (where day >= $2::date), 0) as converted,
         coalesce(sum(redeemed - unredeemed) filter (where day >= $2::date), 0) as redeemed,
         coalesce(sum(voided) filter (where day >= $2::date), 0) as voided,
         coalesce(sum(breakage) filter (where day >= $2::date), 0) as breakage,
         coalesce(sum(breakage_count) filter (where day >= $2::date), 0) as breakage_count,
         coalesce(sum(transfer_in - transfer_out) filter (where day >= $2::date), 0) as transfers,
         sum(age_0_90) as age_0_90, sum(age_91_180) as age_91_180, sum(age_181_365) as age_181_365, sum(age_over_365) as age_over_365,
         sum(due_12m) as due_12m, sum(due_later) as due_later
       from rm_liability.daily
       where location_id = any($1::int[]) and day <= $3::date
       group by location_id)
     select a.location_id, l.location_name, t.opening, t.sold, t.converted, t.redeemed, t.voided, t.breakage, t.breakage_count, t.transfers,
       t.age_0_90, t.age_91_180, t.age_181_365, t.age_over_365, t.due_12m, t.due_later
     from asked a
     left join totals t on t.location_id = a.location_id
     left join ref.locations l on l.location_id = a.location_id
     order by a.location_id`,
    [q.locationIds, q.from, end] as never[],
    PREPARED,
  );
}

const n = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));
const locationName = (r: LocationFigures) => r.location_name ?? `Location ${r.location_id}`;

function table(key: keyof typeof COLUMNS, rows: ReportRow[]): ReportTable {
  const columns = COLUMNS[key];
  const totals: Record<string, ReportCell> = { location: 'Total' };
  for (const c of columns) if (c.kind !== 'text') totals[c.key] = rows.reduce((sum, r) => sum + n(r.cells[c.key] as number), 0);
  return { key, title: TITLES[key], columns, rows, rowCount: rows.length, totals };
}

function tablesOf(all: LocationFigures[]): ReportTable[] {
  const rollforward = all.map((r) => {
    const opening = n(r.opening);
    const closing = opening + n(r.sold) + n(r.converted) - n(r.redeemed) - n(r.voided) - n(r.breakage) + n(r.transfers);
    return {
      cells: {
        location: locationName(r),
        opening,
        sold: n(r.sold),
        converted: n(r.converted),
        redeemed: n(r.redeemed),
        voided: n(r.voided),
        breakage: n(r.breakage),
        transfers: n(r.transfers),
        closing,
      },
    };
  });
  const ageing = all.map((r) => ({
    cells: {
      location: locationName(r),
      age0to90: n(r.age_0_90),
      age91to180: n(r.age_91_180),
      age181to365: n(r.age_181_365),
      ageOver365: n(r.age_over_365),
      outstanding: n(r.age_0_90) + n(r.age_91_180) + n(r.age_181_365) + n(r.age_over_365),
    },
  }));
  const expired = all.map((r) => ({ cells: { location: locationName(r), coupons: n(r.breakage_count), value: n(r.breakage) } }));
  const due = all.map((r) => ({
    cells: { location: locationName(r), within12Months: n(r.due_12m), later: n(r.due_later), outstanding: n(r.due_12m) + n(r.due_later) },
  }));
  return [table('rollforward', rollforward), table('ageing', ageing), table('expired', expired), table('due', due)];
}

/** The closing balance at each month's end: the period's months, at least the twelve up to its end (the last one at the end itself). */
async function liabilityChart(sql: Sql, q: ReportQuery): Promise<ReportChart> {
  const end = asOfDay(q);
  const lastMonth = end.slice(0, 7);
  const firstFromPeriod = q.from <= end ? q.from.slice(0, 7) : lastMonth;
  const twelveBack = addMonths(`${lastMonth}-01`, -11).slice(0, 7);
  const firstMonth = firstFromPeriod < twelveBack ? firstFromPeriod : twelveBack;
  const rows = await sql.unsafe<{ month: string; net: string }[]>(
    `select to_char(day, 'YYYY-MM') as month, sum(${NET}) as net
     from rm_liability.daily where location_id = any($1::int[]) and day <= $2::date
     group by 1 order by 1`,
    [q.locationIds, end] as never[],
    PREPARED,
  );
  const points: Record<string, string | number>[] = [];
  let balance = 0;
  let i = 0;
  for (let month = firstMonth; month <= lastMonth; month = addMonths(`${month}-01`, 1).slice(0, 7)) {
    while (i < rows.length && rows[i]!.month <= month) balance += Number(rows[i++]!.net);
    points.push({ month, closing: balance });
  }
  return { key: 'liability', title: 'Liability (closing balance) by month', kind: 'line', xKey: 'month', valueKind: 'money', series: [{ key: 'closing', label: 'Liability' }], points };
}

export async function expiredAnswer(sql: Sql, query: ReportQuery): Promise<ReportBody> {
  const [all, chart] = await Promise.all([figures(sql, query), liabilityChart(sql, query)]);
  const notes = [...NOTES];
  if (query.today < query.to) notes.push(`The period ends after today: figures are as at ${formatLocalDate(query.today)}.`);
  return { tables: tablesOf(all), charts: [chart], notes };
}

export const expiredReport: ReportDefinition = {
  name: 'expired',
  readModels: ['liability'],
  answer: expiredAnswer,
  // One row per location asked (at most REPORT_LOCATIONS_MAX, under REPORT_ROWS_MAX): the answer's rows are every row.
  async *stream(sql, query, tableKey) {
    const found = tablesOf(await figures(sql, query)).find((t) => t.key === tableKey);
    if (found) yield found.rows;
  },
};
