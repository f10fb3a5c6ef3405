/**
 * RO search by advisor, dates, status, VIN and customer name (issue 23, SPEC 2.2 RO search):
 * GET /api/ro-search, newest first, a page at a time, within the locations the caller holds.
 */

export const RO_STATUSES = ['open', 'closed', 'voided'] as const;
export type RoStatus = (typeof RO_STATUSES)[number];

export const RO_STATUS_LABELS: Record<RoStatus, string> = { open: 'Open', closed: 'Closed', voided: 'Voided' };

/** Which date the range applies to (and the list is sorted by, newest first). */
export const RO_DATE_FIELDS = ['opened', 'closed'] as const;
export type RoDateField = (typeof RO_DATE_FIELDS)[number];

export const RO_SEARCH_LIMITS = {
  /** Results per page (the page size the client may ask for, at most). */
  maxPageSize: 100,
  defaultPageSize: 25,
  maxNameLength: 80,
  /** A VIN is 17 characters; its last 6 are enough to find a vehicle. */
  minVinLength: 6,
  maxVinLength: 17,
  maxCursorLength: 200,
} as const;

export const RO_SEARCH_MESSAGES = {
  fromAfterTo: 'The "From" date must be on or before the "To" date.',
  vinTooShort: `Enter at least the last ${RO_SEARCH_LIMITS.minVinLength} characters of the VIN.`,
  badDate: (field: string) => `${field} must be a date (YYYY-MM-DD).`,
  badCursor: 'The page asked for is not valid; search again.',
  noLocation: 'You hold no role at the location asked for.',
} as const;

/** The query string of GET /api/ro-search (every field optional; none lists the newest ROs). */
export interface RoSearchQuery {
  locationId?: number;
  advisor?: string;
  customerName?: string;
  vin?: string;
  status?: RoStatus;
  dateField?: RoDateField;
  /** Local dates of the location, YYYY-MM-DD, both inclusive. */
  from?: string;
  to?: string;
  pageSize?: number;
  /** The `next` of the previous page. */
  after?: string;
}

export interface RoSearchRow {
  roNumber: string;
  locationId: number;
  locationName: string;
  status: RoStatus;
  openDate: string;
  closeDate: string | null;
  voidDate: string | null;
  advisorFullName: string;
  customerFullName: string;
  vin: string | null;
  mileage: number | null;
}

export interface RoSearchPage {
  rows: RoSearchRow[];
  /** Pass as `after` for the next page; null on the last page. */
  next: string | null;
}

/** Open, closed or voided, as the DMS dates say (a voided RO is voided whatever else it has). */
export function roStatusOf(ro: { closeDate: string | null; voidDate: string | null }): RoStatus {
  return ro.voidDate !== null ? 'voided' : ro.closeDate !== null ? 'closed' : 'open';
}
