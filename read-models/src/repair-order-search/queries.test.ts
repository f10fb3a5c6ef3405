/**
 * RO search (issue 23) against a real PostgreSQL: 3,000 generated ROs over six locations, every
 * filter and their combinations compared with the same filter applied to the generated records in
 * memory, and the keyset pages walked to the end (each RO once, in order).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roStatusOf, type RoDateField, type RoStatus } from '@dealer/contracts';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { DMS_MIGRATIONS } from '@dealer/platform/dms/schema';
import { DEMO_LOCATIONS, bulkLoadRepairOrders, generateRepairOrders, type RepairOrderRecord } from '@dealer/dms/index';
import { decodeRoCursor, encodeRoCursor, parsePersonName, searchRepairOrders, type RoSearchFilters } from './queries';

let db: TestDatabase;
const generated = [...generateRepairOrders({ seed: 23, anchor: new Date('2026-06-01'), repairOrders: 3000, walkIns: 300, jobs: false })];
/** 90 ROs opened at the same minute at all six locations: pages end inside the tie. */
const TIE = '2026-05-01T09:00:00';
const tied = generated.slice(0, 90).map((r, i) => ({ ...r, roNumber: `T${String(i).padStart(4, '0')}`, locationId: (i % 6) + 1, openDate: TIE, closeDate: null, voidDate: null }));
const records: RepairOrderRecord[] = [...generated, ...tied];

beforeAll(async () => {
  db = await createTestDatabase(DMS_MIGRATIONS);
  await bulkLoadRepairOrders(db.sql, () => records, { locations: DEMO_LOCATIONS });
});
afterAll(async () => {
  await db?.drop();
});

const lower = (s: string | null | undefined) => (s ?? '').toLowerCase();

/** The filter, applied to the generated records: the expected answer. */
function expected(f: RoSearchFilters): string[] {
  const sortOf = (r: RepairOrderRecord) => (f.dateField === 'closed' ? (r.closeDate ?? null) : r.openDate);
  const status = (r: RepairOrderRecord): RoStatus => roStatusOf({ closeDate: r.closeDate ?? null, voidDate: r.voidDate ?? null });
  const nameMatches = (want: RoSearchFilters['advisor'], first: string | null | undefined, last: string | null | undefined) =>
    !want || (lower(last) === want.lastName && (!want.firstNamePrefix || lower(first).startsWith(want.firstNamePrefix)));
  return records
    .filter((r) => f.locationIds.includes(r.locationId))
    .filter((r) => sortOf(r) !== null)
    .filter((r) => !f.status || status(r) === f.status)
    .filter((r) => !f.from || sortOf(r)! >= `${f.from}T00:00:00`)
    .filter((r) => !f.to || sortOf(r)! <= `${f.to}T23:59:59`)
    .filter((r) => nameMatches(f.advisor, r.advisorFirstName, r.advisorLastName))
    .filter((r) => nameMatches(f.customer, r.customerFirstName, r.customerLastName))
    .filter((r) => !f.vinSuffix || (r.vin ?? '').toUpperCase().endsWith(f.vinSuffix))
    .sort((a, b) => (sortOf(b)! > sortOf(a)! ? 1 : sortOf(b)! < sortOf(a)! ? -1 : b.locationId - a.locationId || (b.roNumber > a.roNumber ? 1 : b.roNumber < a.roNumber ? -1 : 0)))
    .map((r) => `${r.locationId}/${r.roNumber}`);
}

/** Every page of the search, followed by `next` to the end. */
async function allPages(f: RoSearchFilters): Promise<{ keys: string[]; pages: number }> {
  const keys: string[] = [];
  let after = f.after;
  let pages = 0;
  for (;;) {
    const page = await searchRepairOrders(db.sql, { ...f, ...(after ? { after } : {}) });
    pages += 1;
    keys.push(...page.rows.map((r) => `${r.locationId}/${r.roNumber}`));
    if (!page.next) break;
    after = decodeRoCursor(page.next)!;
    expect(after).not.toBeNull();
  }
  return { keys, pages };
}

const ALL = DEMO_LOCATIONS.map((l) => l.locationId);
const base = (extra: Partial<RoSearchFilters> = {}): RoSearchFilters => ({ locationIds: ALL, dateField: 'opened', pageSize: 40, ...extra });
const someRecord = records[1234]!;
const someDay = someRecord.openDate.slice(0, 10);

describe('searchRepairOrders', () => {
  const cases: [string, RoSearchFilters][] = [
    ['one location, newest first', base({ locationIds: [2] })],
    ['an advisor at a location', base({ locationIds: [someRecord.locationId], advisor: parsePersonName(someRecord.advisorLastName!)! })],
    ['an advisor by first and last name', base({ advisor: parsePersonName(`${someRecord.advisorFirstName} ${someRecord.advisorLastName}`)! })],
    ['a customer by last name', base({ customer: parsePersonName(someRecord.customerLastName!)! })],
    ['a customer as "Last, First"', base({ customer: parsePersonName(`${someRecord.customerLastName}, ${someRecord.customerFirstName!.slice(0, 2)}`)! })],
    ['a VIN by its last 8 characters', base({ vinSuffix: someRecord.vin!.toUpperCase().slice(-8) })],
    ['VINs ending alike, page after page (the VIN index path)', base({ vinSuffix: someRecord.vin!.toUpperCase().slice(-1), pageSize: 7, locationIds: [1, 2, 3] })],
    ['VINs ending alike, closed, by closing date', base({ vinSuffix: someRecord.vin!.toUpperCase().slice(-1), dateField: 'closed' as RoDateField, status: 'closed', pageSize: 9 })],
    ['open ROs', base({ status: 'open' })],
    ['voided ROs at two locations', base({ status: 'voided', locationIds: [1, 3] })],
    ['closed ROs closed in a month, by closing date', base({ status: 'closed', dateField: 'closed' as RoDateField, from: '2026-03-01', to: '2026-03-31' })],
    ['one opening day', base({ from: someDay, to: someDay })],
    ['ROs opened at the same minute at every location', base({ from: TIE.slice(0, 10), to: TIE.slice(0, 10), pageSize: 7 })],
    ['open ROs at the same minute, from a later location first', base({ status: 'open', locationIds: [6, 2, 4], pageSize: 4 })],
    ['an advisor within dates', base({ locationIds: [someRecord.locationId], advisor: parsePersonName(someRecord.advisorLastName!)!, from: '2025-09-01', to: '2025-12-31' })],
  ];
  it.each(cases)('should find %s, every page in order, each RO once', async (_name, filters) => {
    const want = expected(filters);
    const { keys, pages } = await allPages(filters);
    expect(keys).toEqual(want);
    expect(pages).toBe(Math.floor(want.length / filters.pageSize) + (want.length % filters.pageSize === 0 && want.length > 0 ? 0 : 1));
  });

  it('should answer each row with its status, names and dates to the second', async () => {
    const page = await searchRepairOrders(db.sql, base({ locationIds: [someRecord.locationId], vinSuffix: someRecord.vin!.toUpperCase() }));
    const row = page.rows.find((r) => r.roNumber === someRecord.roNumber)!;
    expect(row).toMatchObject({
      locationId: someRecord.locationId,
      locationName: DEMO_LOCATIONS.find((l) => l.locationId === someRecord.locationId)!.locationName,
      status: roStatusOf({ closeDate: someRecord.closeDate ?? null, voidDate: someRecord.voidDate ?? null }),
      openDate: someRecord.openDate,
      advisorFullName: `${someRecord.advisorFirstName} ${someRecord.advisorLastName}`,
      customerFullName: `${someRecord.customerFirstName} ${someRecord.customerLastName}`,
    });
  });

  it('should search nothing when the caller holds no location', async () => {
    expect(await searchRepairOrders(db.sql, base({ locationIds: [] }))).toEqual({ rows: [], next: null });
  });

  it('should treat LIKE wildcards in a name as letters', async () => {
    const page = await searchRepairOrders(db.sql, base({ customer: { lastName: someRecord.customerLastName!.toLowerCase(), firstNamePrefix: '%' } }));
    expect(page.rows).toEqual([]);
  });
});

describe('RO search cursors and names', () => {
  it('should round-trip a cursor and refuse anything else', () => {
    const cursor = { sortDate: '2026-03-02T08:15:00.000000', locationId: 3, roNumber: '600123' };
    expect(decodeRoCursor(encodeRoCursor(cursor))).toEqual(cursor);
    for (const bad of ['', 'x', Buffer.from('[1,2,3]').toString('base64url'), Buffer.from('["2026-03-02T08:15:00",0,"1"]').toString('base64url'), Buffer.from('{"a":1}').toString('base64url')]) {
      expect(decodeRoCursor(bad), bad).toBeNull();
    }
  });

  it('should read "Last", "First Last" and "Last, First"', () => {
    expect(parsePersonName(' Smith ')).toEqual({ lastName: 'smith', firstNamePrefix: null });
    expect(parsePersonName('Ann  Van Dyke')).toEqual({ lastName: 'van dyke', firstNamePrefix: 'ann' });
    expect(parsePersonName('Smith, Jo')).toEqual({ lastName: 'smith', firstNamePrefix: 'jo' });
    expect(parsePersonName('   ')).toBeNull();
    expect(parsePersonName(', Jo')).toBeNull();
  });
});
