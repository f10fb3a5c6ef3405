// A report's filters as the page holds them (period preset and dates, locations, the report's options), the
// period presets, the copy saved in browser storage per report (SPEC 3) and the query the API is asked.
// Pure functions, so the rules are unit-tested without a browser.
import { addDays, addMonths, daysInMonth, isLocalDate, REPORT_CATALOGUE, REPORT_LOCATIONS_MAX, REPORT_MESSAGES, REPORT_PERIOD_MAX_DAYS, type LocalDate, type ReportName } from '@dealer/contracts';

export const PERIOD_PRESETS = [
  ['this-month', 'This month'],
  ['last-month', 'Last month'],
  ['this-quarter', 'This quarter'],
  ['last-quarter', 'Last quarter'],
  ['this-year', 'This year'],
  ['last-year', 'Last year'],
  ['custom', 'Custom'],
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number][0];
const isPreset = (v: unknown): v is PeriodPreset => PERIOD_PRESETS.some(([key]) => key === v);

export interface ReportParams {
  preset: PeriodPreset;
  /** The period when the preset is Custom (a preset's own dates are worked out from today). */
  from: LocalDate;
  to: LocalDate;
  /** null: never chosen, so every location offered (GET /api/report-locations: those the user reads reports at). */
  locationIds: number[] | null;
  options: Record<string, string>;
}

export const REPORT_PARAMS_KEY = (name: ReportName) => `REPORT_PARAMS:${name}`;

const pad = (n: number) => String(n).padStart(2, '0');
const monthStart = (y: number, m: number): LocalDate => `${y}-${pad(m)}-01`;
const monthEnd = (y: number, m: number): LocalDate => `${y}-${pad(m)}-${pad(daysInMonth(y, m))}`;

/** The whole calendar month, quarter or year a preset names, counted from today; null for Custom. */
export function presetPeriod(preset: PeriodPreset, today: LocalDate): { from: LocalDate; to: LocalDate } | null {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const quarterStart = m - ((m - 1) % 3);
  switch (preset) {
    case 'this-month':
      return { from: monthStart(y, m), to: monthEnd(y, m) };
    case 'last-month': {
      const first = addMonths(monthStart(y, m), -1);
      const [py, pm] = first.split('-').map(Number) as [number, number];
      return { from: first, to: monthEnd(py, pm) };
    }
    case 'this-quarter':
      return { from: monthStart(y, quarterStart), to: monthEnd(y, quarterStart + 2) };
    case 'last-quarter': {
      const first = addMonths(monthStart(y, quarterStart), -3);
      return { from: first, to: addDays(monthStart(y, quarterStart), -1) };
    }
    case 'this-year':
      return { from: `${y}-01-01`, to: `${y}-12-31` };
    case 'last-year':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
    case 'custom':
      return null;
  }
}

/** The period the filters stand for: the preset's, or the custom dates. */
export function periodOf(params: Pick<ReportParams, 'preset' | 'from' | 'to'>, today: LocalDate): { from: LocalDate; to: LocalDate } {
  return presetPeriod(params.preset, today) ?? { from: params.from, to: params.to };
}

export function defaultOptions(name: ReportName): Record<string, string> {
  return Object.fromEntries(REPORT_CATALOGUE[name].options.map((o) => [o.key, o.default]));
}

export function defaultParams(name: ReportName, today: LocalDate): ReportParams {
  const month = presetPeriod('this-month', today)!;
  return { preset: 'this-month', ...month, locationIds: null, options: defaultOptions(name) };
}

/**
 * The saved parameters of a report, or the defaults: anything unreadable, stale (an option value the report no
 * longer offers) or out of bounds falls back to its default, so a saved copy can never break the page.
 */
export function restoreParams(name: ReportName, saved: string | null, today: LocalDate): ReportParams {
  const params = defaultParams(name, today);
  if (!saved) return params;
  let raw: unknown;
  try {
    raw = JSON.parse(saved);
  } catch {
    return params;
  }
  if (typeof raw !== 'object' || raw === null) return params;
  const r = raw as Record<string, unknown>;
  if (isPreset(r.preset)) params.preset = r.preset;
  if (isLocalDate(r.from) && isLocalDate(r.to) && r.from <= r.to) Object.assign(params, { from: r.from, to: r.to });
  if (Array.isArray(r.locationIds))
    params.locationIds = [...new Set(r.locationIds.filter((id): id is number => Number.isSafeInteger(id) && id > 0))].slice(0, REPORT_LOCATIONS_MAX);
  const options = typeof r.options === 'object' && r.options !== null ? (r.options as Record<string, unknown>) : {};
  for (const option of REPORT_CATALOGUE[name].options) {
    const value = options[option.key];
    if (option.values.some((v) => v.value === value)) params.options[option.key] = value as string;
  }
  return params;
}

export const saveParams = (params: ReportParams): string => JSON.stringify(params);

const dayNumber = (date: LocalDate) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** Why the period cannot be asked for (the server's own messages), or null. */
export function periodProblem(period: { from: string; to: string }): string | null {
  if (!isLocalDate(period.from) || !isLocalDate(period.to) || period.from > period.to) return REPORT_MESSAGES.periodInvalid;
  if (dayNumber(period.to) - dayNumber(period.from) + 1 > REPORT_PERIOD_MAX_DAYS) return REPORT_MESSAGES.periodTooLong;
  return null;
}

/** The locations asked for: those chosen that are still offered, or every one offered when none was ever chosen. */
export function askedLocationIds(params: Pick<ReportParams, 'locationIds'>, offered: readonly number[]): number[] {
  const ids = params.locationIds === null ? [...offered] : params.locationIds.filter((id) => offered.includes(id));
  // In number order, so the same choice is the same query (and cache entry) whatever order it was ticked in.
  return ids.sort((a, b) => a - b).slice(0, REPORT_LOCATIONS_MAX);
}

/**
 * The parameters with the chosen locations no longer offered (a role given up since they were saved) dropped, or
 * the same object when nothing changes. A choice left with none of its locations goes back to every one offered;
 * a choice of none on purpose stays none.
 */
export function keepOfferedLocations<P extends Pick<ReportParams, 'locationIds'>>(params: P, offered: readonly number[]): P {
  if (params.locationIds === null) return params;
  const kept = params.locationIds.filter((id) => offered.includes(id));
  if (kept.length === params.locationIds.length) return params;
  return { ...params, locationIds: kept.length === 0 ? null : kept };
}

/** Only the drill parameters the report declares, from the page's address. */
export function drillFrom(name: ReportName, search: URLSearchParams): Record<string, string> {
  const drill: Record<string, string> = {};
  for (const key of Object.keys(REPORT_CATALOGUE[name].drillParams)) {
    const value = search.get(key);
    if (value) drill[key] = value;
  }
  return drill;
}

export interface ReportRequest {
  name: ReportName;
  from: LocalDate;
  to: LocalDate;
  locationIds: number[];
  options: Record<string, string>;
  drill: Record<string, string>;
}

/** GET /api/reports/<name>'s query: from, to, locationIds=1,2, the options and the drill parameters. */
export function reportQueryParams(request: ReportRequest): Record<string, string> {
  return { from: request.from, to: request.to, locationIds: request.locationIds.join(','), ...request.options, ...request.drill };
}

/** The export's file name: `<report>-<from>-<to>.csv`. */
export const csvFileName = (request: Pick<ReportRequest, 'name' | 'from' | 'to'>) => `${request.name}-${request.from}-${request.to}.csv`;
