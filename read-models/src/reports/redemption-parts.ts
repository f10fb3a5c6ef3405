/**
 * What the redemption reports (coupon-redemptions, coupon-redemptions-v2, payouts; issue 14)
 * share: a table capped at REPORT_ROWS_MAX with its row count and totals, numbers from
 * postgres.js (bigint sums arrive as strings), the drill's location checked against the
 * locations asked for, and a query's rows streamed with a cursor. The sales and invoice reports
 * (coupon-sales, coupon-sales-v2, invoice-figures) share with them the numbers, the unknown
 * table's error and the chart's days or months over a period.
 */
import { REPORT_MESSAGES, REPORT_ROWS_MAX, type ReportCell, type ReportChart, type ReportColumn, type ReportQuery, type ReportRow, type ReportTable } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
/** A query built with sql`...` (nested in another query, or run). */
export type Fragment = ReturnType<Sql['unsafe']>;

/** A count or a sum of cents as a number (postgres.js answers bigint and numeric as strings). */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export const CURSOR_BATCH = 1000;

/** Rows of `rowsQuery` (a fragment with its own `order by`) mapped to report rows, in batches, through a cursor. */
export async function* streamRows<R>(sql: Sql, rowsQuery: Fragment, toRow: (r: R) => ReportRow | Promise<ReportRow>): AsyncIterable<ReportRow[]> {
  for await (const batch of sql`${rowsQuery}`.cursor(CURSOR_BATCH)) {
    const rows: ReportRow[] = [];
    for (const r of batch) rows.push(await toRow(r as unknown as R));
    yield rows;
  }
}

/** The first REPORT_ROWS_MAX rows of `rowsQuery`, mapped. */
export async function firstRows<R>(sql: Sql, rowsQuery: Fragment, toRow: (r: R) => ReportRow | Promise<ReportRow>): Promise<ReportRow[]> {
  const rows = await sql`${rowsQuery} limit ${REPORT_ROWS_MAX}`;
  const out: ReportRow[] = [];
  for (const r of rows) out.push(await toRow(r as unknown as R));
  return out;
}

export function table(key: string, title: string, columns: ReportColumn[], rows: ReportRow[], rowCount: number, totals: Record<string, ReportCell> | null): ReportTable {
  return { key, title, columns, rows, rowCount, totals };
}

/** A drill parameter's location id (1 to 9 digits), else null. */
export const locationParam = (value: string | undefined): number | null => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : null);

/** The drill's location id when it is one of the locations asked for (already the caller's), else null. */
export function drillLocation(locationIds: readonly number[], value: string | undefined): number | null {
  const id = locationParam(value);
  return id !== null && locationIds.includes(id) ? id : null;
}

/** Thrown for a table key the report does not have (the route answers 400 before, this is the guard). */
export function unknownTable(tableKey: string): Error {
  return Object.assign(new Error(`${REPORT_MESSAGES.tableUnknown} (${tableKey})`), { statusCode: 400 });
}

/** The location's name as every page shows it (ref.locations), in SQL: `Location {id}` when unknown. */
export const LOCATION_NAME_FALLBACK = 'Location ';

/** In SQL (constant text): the name of the location `idColumn`, ref.locations joined as `alias`, `Location {id}` when unknown. */
export const locationNameSql = (idColumn: string, alias = 'n') => `coalesce(${alias}.location_name, '${LOCATION_NAME_FALLBACK}' || ${idColumn})`;

/** locationNameSql as a fragment of a sql`...` query. */
export const locationNameOf = (sql: Sql, idColumn: string, alias: string): Fragment => sql.unsafe(locationNameSql(idColumn, alias));

/** The names of the locations `ids` (ref.locations), `Location {id}` for one it does not know. */
export async function locationNames(sql: Sql, ids: readonly number[]): Promise<(id: number) => string> {
  const rows = await sql<{ id: number; name: string | null }[]>`select location_id as id, location_name as name from ref.locations where location_id = any(${[...ids]}::int[])`;
  return (id) => rows.find((r) => r.id === id)?.name ?? `${LOCATION_NAME_FALLBACK}${id}`;
}

/** Days from `from` to `to` inclusive (YYYY-MM-DD). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A chart shows every day of a period up to this many days long, every month of a longer one. */
export const DAILY_CHART_MAX_DAYS = 62;

/** The chart's bucket of a period as a to_char format: a day, or a month when the period is longer than `maxDays`. */
export const chartFormat = (from: string, to: string, maxDays = DAILY_CHART_MAX_DAYS): 'YYYY-MM' | 'YYYY-MM-DD' => (daysInPeriod(from, to) > maxDays ? 'YYYY-MM' : 'YYYY-MM-DD');

/** Every day (YYYY-MM-DD) from `from` to `last`, or every month (YYYY-MM) from `from`'s to `last`'s, in order. */
function periodKeys(from: string, last: string, monthly: boolean): string[] {
  const keys: string[] = [];
  if (!monthly) {
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 86_400_000) keys.push(new Date(t).toISOString().slice(0, 10));
    return keys;
  }
  let [y, m] = from.split('-').map(Number) as [number, number];
  const end = last.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > end) break;
    keys.push(key);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return keys;
}

/** The chart's buckets over the period: every day, or every month (YYYY-MM) when the period is longer than `maxDays`. */
export function chartBuckets(from: string, to: string, maxDays = DAILY_CHART_MAX_DAYS): { unit: 'day' | 'month'; keys: string[] } {
  const monthly = chartFormat(from, to, maxDays) === 'YYYY-MM';
  return { unit: monthly ? 'month' : 'day', keys: periodKeys(from, to, monthly) };
}

/**
 * A chart's x values (days, or months when `monthly`): every one of the period up to today (the
 * period's end when today is not before it), and every one that has figures (a local day after
 * the server's UTC today, in a zone ahead of UTC, still shows), in order.
 */
export function chartXs(query: ReportQuery, monthly: boolean, withFigures: Iterable<string>): string[] {
  const last = query.today >= query.from && query.today < query.to ? query.today : query.to;
  return [...new Set([...periodKeys(query.from, last, monthly), ...withFigures])].sort();
}

export const SOURCE_LABELS: Record<string, string> = { digital: 'Digital', paper: 'Paper' };

/**
 * The redemption reports' chart: the allocated value redeemed at the chosen locations per local
 * day of the period (per month over a longer period), every day or month shown, empty ones as 0.
 */
export async function allocatedRedeemedChart(sql: Sql, query: ReportQuery): Promise<ReportChart> {
  const buckets = chartBuckets(query.from, query.to);
  const x = buckets.unit === 'day' ? sql`r.redeemed_on::text` : sql`to_char(r.redeemed_on, 'YYYY-MM')`;
  const perBucket = await sql<{ x: string; allocated: string }[]>`
    select ${x} as x, sum(r.allocated_value)::bigint as allocated
    from rm_reports.redemptions r
    where r.location_id = any(${query.locationIds}::int[]) and r.redeemed_on between ${query.from}::date and ${query.to}::date
    group by 1`;
  const byX = new Map(perBucket.map((p) => [p.x, num(p.allocated)]));
  return {
    key: 'allocated',
    title: buckets.unit === 'day' ? 'Allocated value redeemed per day' : 'Allocated value redeemed per month',
    kind: 'bar',
    xKey: buckets.unit,
    valueKind: 'money',
    series: [{ key: 'allocated', label: 'Allocated value' }],
    points: buckets.keys.map((k) => ({ [buckets.unit]: k, allocated: byX.get(k) ?? 0 })),
  };
}
