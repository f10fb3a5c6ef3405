/**
 * RO search (issue 23): repair orders of the DMS reference data by advisor, customer name, VIN,
 * status and a range of opening or closing dates, newest first, a page at a time.
 *
 * Each location is read on its own (an index that leads with the location and ends with the
 * sort date answers "newest first" without sorting) and the locations' first pages are merged.
 * Pages are keyset pages: `after` is the last row's (sort date, location, RO number), so page 40
 * costs what page 1 costs. Indexes: migration 0104_repair_order_search.
 */
import { fullName, roStatusOf, type RoDateField, type RoSearchPage, type RoSearchRow, type RoStatus } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';

export interface RoSearchFilters {
  /** The locations to search (already narrowed to the caller's). */
  locationIds: readonly number[];
  advisor?: { lastName: string; firstNamePrefix: string | null };
  customer?: { lastName: string; firstNamePrefix: string | null };
  /** Upper-case; the whole VIN or its last characters. */
  vinSuffix?: string;
  status?: RoStatus;
  dateField: RoDateField;
  /** Local dates, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  pageSize: number;
  after?: RoSearchCursor;
}

/** The last row of a page in the list's order (sort date desc, location desc, RO number desc). */
export interface RoSearchCursor {
  sortDate: string;
  locationId: number;
  roNumber: string;
}

export const encodeRoCursor = (c: RoSearchCursor) => Buffer.from(JSON.stringify([c.sortDate, c.locationId, c.roNumber])).toString('base64url');

export function decodeRoCursor(text: string): RoSearchCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [sortDate, locationId, roNumber] = value as unknown[];
    if (typeof sortDate !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?$/.test(sortDate)) return null;
    if (typeof locationId !== 'number' || !Number.isInteger(locationId) || locationId < 1 || locationId > 2147483647) return null;
    if (typeof roNumber !== 'string' || roNumber.length === 0 || roNumber.length > 40) return null;
    return { sortDate, locationId, roNumber };
  } catch {
    return null;
  }
}

/**
 * "Smith", "John Smith" or "Smith, John": the last name exactly (any case), and the first name's
 * beginning when one is given.
 */
export function parsePersonName(text: string): { lastName: string; firstNamePrefix: string | null } | null {
  const clean = text.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!clean) return null;
  if (clean.includes(',')) {
    const [last, first] = clean.split(',', 2).map((s) => s.trim());
    return last ? { lastName: last, firstNamePrefix: first || null } : null;
  }
  const words = clean.split(' ');
  if (words.length === 1) return { lastName: words[0]!, firstNamePrefix: null };
  return { lastName: words.slice(1).join(' '), firstNamePrefix: words[0]! };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const ts = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

interface Row {
  roNumber: string;
  locationId: number;
  locationName: string;
  openDate: string;
  closeDate: string | null;
  voidDate: string | null;
  sortDate: string;
  advisorFirstName: string | null;
  advisorLastName: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  vin: string | null;
  mileage: number | null;
}

export async function searchRepairOrders(sql: Sql, f: RoSearchFilters): Promise<RoSearchPage> {
  if (f.locationIds.length === 0) return { rows: [], next: null };
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const sortColumn = f.dateField === 'closed' ? 'r.close_date' : 'r.open_date';
  const shared: string[] = [];
  if (f.dateField === 'closed') shared.push('r.close_date is not null');
  if (f.status === 'open') shared.push('r.close_date is null and r.void_date is null');
  else if (f.status === 'closed') shared.push('r.close_date is not null and r.void_date is null');
  else if (f.status === 'voided') shared.push('r.void_date is not null');
  if (f.from) shared.push(`${sortColumn} >= ${p(f.from)}::date`);
  if (f.to) shared.push(`${sortColumn} < ${p(f.to)}::date + 1`);
  if (f.advisor) {
    shared.push(`lower(r.advisor_last_name) = ${p(f.advisor.lastName)}`);
    if (f.advisor.firstNamePrefix) shared.push(`lower(r.advisor_first_name) like ${p(`${escapeLike(f.advisor.firstNamePrefix)}%`)}`);
  }
  if (f.customer) {
    shared.push(`lower(r.customer_last_name) = ${p(f.customer.lastName)}`);
    if (f.customer.firstNamePrefix) shared.push(`lower(r.customer_first_name) like ${p(`${escapeLike(f.customer.firstNamePrefix)}%`)}`);
  }
  if (f.vinSuffix) shared.push(`r.vin is not null and reverse(upper(r.vin)) like ${p(`${escapeLike([...f.vinSuffix].reverse().join(''))}%`)}`);
  const limit = p(f.pageSize + 1);

  // A VIN matches a handful of ROs: find them by the VIN index first (materialised, so the planner
  // cannot prefer walking a location's dates and testing every VIN), then order those few.
  const page = f.vinSuffix ? vinPage(f, sortColumn, shared, p, limit) : perLocationPage(f, sortColumn, shared, p, limit);
  const rows = await sql.unsafe<Row[]>(
    `with page as (${page})
     select r.ro_number as "roNumber", r.location_id as "locationId", l.location_name as "locationName",
       ${ts('r.open_date')} as "openDate", ${ts('r.close_date')} as "closeDate", ${ts('r.void_date')} as "voidDate",
       ${ts('page.sort_date')} as "sortDate",
       r.advisor_first_name as "advisorFirstName", r.advisor_last_name as "advisorLastName",
       r.customer_first_name as "customerFirstName", r.customer_last_name as "customerLastName", r.vin, r.mileage
     from page
     join ref.repair_orders r on r.location_id = page.location_id and r.ro_number = page.ro_number
     join ref.locations l on l.location_id = r.location_id
     order by page.sort_date desc, page.location_id desc, page.ro_number desc`,
    params as never[],
  );
  const more = rows.length > f.pageSize;
  const shown = more ? rows.slice(0, f.pageSize) : rows;
  const last = shown[shown.length - 1];
  return {
    rows: shown.map(toResult),
    next: more && last ? encodeRoCursor({ sortDate: last.sortDate, locationId: last.locationId, roNumber: last.roNumber }) : null,
  };
}

type Param = (value: unknown) => string;

/** The page's keys when a VIN is given: its few matches at the caller's locations, ordered. */
function vinPage(f: RoSearchFilters, sortColumn: string, shared: string[], p: Param, limit: string): string {
  const c = f.after;
  const after = c ? `where (sort_date, location_id, ro_number) < (${p(c.sortDate)}::timestamp, ${p(c.locationId)}::int, ${p(c.roNumber)})` : '';
  return `with matches as materialized (
      select r.ro_number, r.location_id, ${sortColumn} as sort_date from ref.repair_orders r
      where r.location_id = any(${p([...f.locationIds])}::int[]) and ${shared.join(' and ')})
    select * from matches ${after} order by sort_date desc, location_id desc, ro_number desc limit ${limit}`;
}

/** The page's keys otherwise: one ordered, limited read per location, merged. */
function perLocationPage(f: RoSearchFilters, sortColumn: string, shared: string[], p: Param, limit: string): string {
  // The keyset bound depends on the location's place in the order.
  const c = f.after;
  const sortDate = c ? p(c.sortDate) : '';
  const roNumber = c ? p(c.roNumber) : '';
  const parts = f.locationIds.map((locationId) => {
    const where = [`r.location_id = ${p(locationId)}`, ...shared];
    if (c) {
      if (locationId === c.locationId) where.push(`(${sortColumn}, r.ro_number) < (${sortDate}::timestamp, ${roNumber})`);
      else if (locationId < c.locationId) where.push(`${sortColumn} <= ${sortDate}::timestamp`);
      else where.push(`${sortColumn} < ${sortDate}::timestamp`);
    }
    return `(select r.ro_number, r.location_id, ${sortColumn} as sort_date from ref.repair_orders r
      where ${where.join(' and ')} order by ${sortColumn} desc, r.ro_number desc limit ${limit})`;
  });
  return `select * from (${parts.join(' union all ')}) x order by sort_date desc, location_id desc, ro_number desc limit ${limit}`;
}

const seconds = (value: string | null) => (value === null ? null : value.slice(0, 19));

function toResult(row: Row): RoSearchRow {
  const openDate = seconds(row.openDate)!;
  const closeDate = seconds(row.closeDate);
  const voidDate = seconds(row.voidDate);
  return {
    roNumber: row.roNumber,
    locationId: row.locationId,
    locationName: row.locationName,
    status: roStatusOf({ closeDate, voidDate }),
    openDate,
    closeDate,
    voidDate,
    advisorFullName: fullName({ firstName: row.advisorFirstName, lastName: row.advisorLastName }),
    customerFullName: fullName({ firstName: row.customerFirstName, lastName: row.customerLastName }),
    vin: row.vin,
    mileage: row.mileage,
  };
}
