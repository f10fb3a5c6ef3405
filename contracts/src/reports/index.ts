/**
 * Reports (issue 14): the eight reports under /employee/reports (and issue 24's Expiry Reminders), their filters and the shape of
 * their answers. The web renders every report from this catalogue and the answer's tables and
 * charts, and the CSV export writes the same columns and rows, so what is exported is what is shown.
 *
 * Every report is asked for a period of local days (`from`..`to`, inclusive, in each location's
 * own zone: a sale's `soldOn`, a redemption's `redeemedOn`, a coupon's `expiresOn`) and a set
 * of locations, plus its own options (enumerated) and, for drill-down, its drill parameters.
 */
import type { LocalDate } from '../coupons/expiry';

export const REPORT_NAMES = [
  'coupon-sales',
  'coupon-sales-v2',
  'coupon-redemptions',
  'coupon-redemptions-v2',
  'payouts',
  'expired',
  'invoice-summary',
  'invoice-summary-v2',
  'expiry-reminders',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export const isReportName = (v: unknown): v is ReportName => typeof v === 'string' && (REPORT_NAMES as readonly string[]).includes(v);

/** A report's own option: a choice among fixed values (shown as a select). */
export interface ReportOption {
  key: string;
  label: string;
  values: readonly { value: string; label: string }[];
  default: string;
}

/** A parameter a drill-down link sets (the row's group): its kind decides its validation. */
export type DrillParamKind = 'uuid' | 'date' | 'text' | 'location';

export interface ReportCatalogueEntry {
  name: ReportName;
  title: string;
  /** One line under the title: what the report answers. */
  summary: string;
  options: readonly ReportOption[];
  drillParams: Readonly<Record<string, DrillParamKind>>;
}

/** The longest period one request may ask for (days, inclusive). */
export const REPORT_PERIOD_MAX_DAYS = 3700;
/** Rows of one table answered as JSON; the CSV export streams every row. */
export const REPORT_ROWS_MAX = 1000;
/** At most this many locations in one request. */
export const REPORT_LOCATIONS_MAX = 500;
/** Drill parameter text values (RO numbers, seller ids, op codes) at most this long. */
export const REPORT_DRILL_TEXT_MAX = 100;

/** What a report is asked: the period, the locations (already narrowed to the caller's), its options and drill. */
export interface ReportQuery {
  from: LocalDate;
  to: LocalDate;
  /** Never empty: the locations asked for that the caller may see. */
  locationIds: number[];
  /** Every option of the report, defaults filled in. */
  options: Record<string, string>;
  /** The drill parameters given (none: the report's top level). */
  drill: Record<string, string>;
  /** Today at the server (UTC date): a period is never read beyond it where the future is not known (breakage). */
  today: LocalDate;
}

export type ReportColumnKind = 'text' | 'date' | 'count' | 'money' | 'percent';
export interface ReportColumn {
  key: string;
  label: string;
  kind: ReportColumnKind;
}
/** money: integer cents; count: integer; percent: basis points; date: YYYY-MM-DD; text: string. */
export type ReportCell = string | number | null;
export interface ReportRow {
  cells: Record<string, ReportCell>;
  /** Drill parameters that open the lines behind this row (the same report, these params added). */
  drill?: Record<string, string>;
}

export interface ReportTable {
  key: string;
  title: string;
  columns: ReportColumn[];
  /** At most REPORT_ROWS_MAX rows; `rowCount` says how many there are in all. */
  rows: ReportRow[];
  rowCount: number;
  /** The totals row over every row (not only those answered), or null where a total means nothing. */
  totals: Record<string, ReportCell> | null;
}

export interface ReportChart {
  key: string;
  title: string;
  kind: 'line' | 'bar';
  /** The key of the x value in each point (a date or a label). */
  xKey: string;
  valueKind: 'money' | 'count';
  series: { key: string; label: string }[];
  points: Record<string, string | number>[];
}

export interface ReportAnswer {
  report: ReportName;
  from: LocalDate;
  to: LocalDate;
  locationIds: number[];
  options: Record<string, string>;
  drill: Record<string, string>;
  tables: ReportTable[];
  charts: ReportChart[];
  /** Plain notes a controller needs to read the figures (how values are allocated, what is left out). */
  notes: string[];
}

const groupBy = (values: [string, string][], def: string): ReportOption => ({
  key: 'groupBy',
  label: 'Group by',
  values: values.map(([value, label]) => ({ value, label })),
  default: def,
});

export const REPORT_CATALOGUE: Readonly<Record<ReportName, ReportCatalogueEntry>> = {
  'coupon-sales': {
    name: 'coupon-sales',
    title: 'Coupon Sales',
    summary: 'Packs sold per location: count, gross, tax, net, pending and final, voided.',
    options: [],
    drillParams: {},
  },
  'coupon-sales-v2': {
    name: 'coupon-sales-v2',
    title: 'Coupon Sales V2',
    summary: 'Packs sold grouped by pack or by seller, with the sales behind each group.',
    options: [groupBy([['pack', 'Pack'], ['seller', 'Seller']], 'pack')],
    drillParams: { packId: 'uuid', sellerId: 'text' },
  },
  'coupon-redemptions': {
    name: 'coupon-redemptions',
    title: 'Coupon Redemptions',
    summary: 'Coupons redeemed per location: count, allocated value, discount given, voids; by op code and labour type.',
    options: [groupBy([['location', 'Location'], ['opCode', 'Op code'], ['laborType', 'Labour type']], 'location')],
    drillParams: {},
  },
  'coupon-redemptions-v2': {
    name: 'coupon-redemptions-v2',
    title: 'Coupon Redemptions V2',
    summary: 'Redemptions grouped by repair order, with the coupon lines behind each RO.',
    options: [],
    drillParams: { locationId: 'location', roNumber: 'text' },
  },
  payouts: {
    name: 'payouts',
    title: 'Payouts',
    summary: 'What each location owes each other location for coupons sold at one and redeemed at the other.',
    options: [],
    drillParams: { fromLocationId: 'location', toLocationId: 'location' },
  },
  expired: {
    name: 'expired',
    title: 'Expired',
    summary: 'The liability roll-forward, the ageing of what is outstanding, what expired unused and what falls due.',
    options: [],
    drillParams: {},
  },
  'invoice-summary': {
    name: 'invoice-summary',
    title: 'Invoice Summary',
    summary: 'Per location: sold, redeemed, voided and refunded, with tax, ready for accounting.',
    options: [],
    drillParams: {},
  },
  'invoice-summary-v2': {
    name: 'invoice-summary-v2',
    title: 'Invoice Summary V2',
    summary: 'The invoice summary by day, with the lines behind each day.',
    options: [],
    drillParams: { locationId: 'location', day: 'date' },
  },
  'expiry-reminders': {
    name: 'expiry-reminders',
    title: 'Expiry Reminders',
    summary: 'Coupon expiry reminders sent per location, month and channel, and the coupons redeemed within 30 days after.',
    options: [],
    drillParams: {},
  },
};

export const REPORT_MESSAGES = {
  periodInvalid: 'Choose a period: a start and an end date, the start not after the end.',
  periodTooLong: `A report covers at most ${REPORT_PERIOD_MAX_DAYS} days.`,
  noLocations: 'You do not hold a role at any of the chosen locations.',
  unknownReport: 'Report not found.',
  optionInvalid: (label: string) => `${label} is not one of the choices.`,
  drillInvalid: 'The drill-down link is not valid.',
  tableUnknown: 'That report has no such table.',
} as const;
