/**
 * The repair-order routes (ro-data, locations, customer-info-from-ro) and the RO-number
 * customer search, through HTTP against the whole product on a fresh, seeded database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { importDmsRecords } from '@dealer/dms/index';
import { TEST_DEMO_REPAIR_ORDERS, startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { loginAs } from '@dealer/launcher/testing/auth';
import { givenRolesAtEveryRooftop } from '@dealer/launcher/testing/rooftops';
import { DEMO_SALE_REPAIR_ORDERS } from '@dealer/launcher/demo/catalogue';
import { DEMO_PAPER_BOOK_RO_NUMBERS } from '@dealer/launcher/demo/paper-books';

let server: TestServer;
let staff: Record<string, string>;
let admin: Record<string, string>;
let customer: Record<string, string>;
/** Position of the last customer written, so reads wait for the projections. */
let position = '0';
const ids: Record<string, string> = {};

const get = (url: string, headers: Record<string, string> = staff, extra: InjectOptions = {}) =>
  server.product.app.inject({ method: 'GET', url, ...extra, headers: { 'x-min-position': position, ...headers } });

const job = (jobId: number, opCode: string, laborType: string, partsSale: number, laborSale: number, miscSale = 0) => ({
  jobId, lineCode: String.fromCharCode(64 + jobId), lineNo: jobId, opCode, opCodeDesc: `${opCode} description`, laborType,
  partsCost: partsSale / 2, partsSale, laborCost: 20, laborSale, miscCost: 0, miscSale, soldHours: 0.5,
});

const danaRo = (roNumber: string, locationId: number, extra: Record<string, unknown> = {}) => ({
  roNumber, locationId, customerFirstName: 'Dana', customerLastName: 'Ruiz', customerEmail: 'DANA.RUIZ@example.org',
  customerPhones: ['303-555-7001', '(720) 555-7002'], customerAddress: '12 Pearl St', customerCity: 'Boulder', customerState: 'CO',
  customerZip: '80301', advisorFirstName: 'Sam', advisorLastName: 'Lee', openDate: '2026-03-02T08:15:00',
  closeDate: '2026-03-02T15:40:00', jobs: [job(1, 'LOF', 'C', 42.1, 44.7, 4.95), job(2, 'RCL', 'W', 0.2, 0.1)],
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  // Issue 20: an RO is read by staff of its location; this advisor works at the group's first four rooftops.
  await givenRolesAtEveryRooftop(server, ['employee']);
  staff = (await loginAs(server, 'employee')).headers;
  admin = (await loginAs(server, 'admin')).headers;
  customer = (await loginAs(server, 'customer')).headers;
  const create = async (key: string, body: Record<string, unknown>) => {
    const res = await server.product.app.inject({ method: 'POST', url: '/api/customers', headers: staff, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().dataSet.customerId;
    position = res.json().metaData.position;
  };
  await create('dana', { firstName: 'Dana', lastName: 'Ruiz', emailAddress: 'dana.ruiz@example.org', phoneMobile: '3035559999', address: '12 Pearl St', city: 'Boulder', state: 'CO', zip: '80301' });
  await create('dale', { firstName: 'Dale', lastName: 'Ruiz', emailAddress: 'dale.ruiz@example.org', phoneMobile: '3035558888', phoneOther: '7205557002' });
  await create('other', { firstName: 'Ola', lastName: 'Other', emailAddress: 'ola@example.org', phoneMobile: '3035557777' });
  const report = await importDmsRecords(server.product.sql, [
    danaRo('9900001', 1, {
      accountingDetails: [
        { cdkAccountingDetailsId: 880002, accountNumber: '1100', accountingDate: '2026-03-02', postingAmount: 91.95, postingSequence: 2 },
        { cdkAccountingDetailsId: 880001, accountNumber: '4600', accountingDate: '2026-03-02', postingAmount: -91.95, postingSequence: 1, groupName: 'Sales' },
      ],
    }),
    danaRo('9900001', 3, { customerEmail: 'ola@example.org', customerPhones: [], customerFirstName: 'Ola', customerLastName: 'Other', openDate: '2026-01-10T09:00:00', closeDate: null }),
    danaRo('9900002', 2, { closeDate: null }),
    danaRo('9900003', 1, { closeDate: null, voidDate: '2026-03-03T10:00:00' }),
    danaRo('tst1234', 1, { customerEmail: null, customerPhones: ['5055550000'], jobs: [] }),
    danaRo('c77001', 2, { closeDate: null, openDate: '2026-04-01T07:45:00' }),
  ]);
  expect(report.rejected, JSON.stringify(report.rejections)).toBe(0);
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/locations', () => {
  it('should list every location with its CRM flag, never stored by an HTTP cache (the client keeps it in memory)', async () => {
    const res = await get('/api/locations');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const locations = res.json().dataSet as { locationId: number; isUsingCrm: boolean; locId: string; locationName: string }[];
    expect(locations.map((l) => l.locationId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(locations[0]).toEqual({ locationId: 1, locationName: 'Front Range Toyota', locId: 'FRT', isUsingCrm: true, timeZone: 'America/Denver', salesTaxRateBasisPoints: 800 });
    expect(locations.filter((l) => l.isUsingCrm)).toHaveLength(3);
  });

  it('should be closed to anonymous callers', async () => {
    expect((await server.product.app.inject({ method: 'GET', url: '/api/locations' })).statusCode).toBe(401);
  });
});

describe('GET /api/ro-data', () => {
  it('should answer the RO with its jobs, each job\'s totalCost, totals and the full names', async () => {
    const res = await get('/api/ro-data?roNumber=9900001&locationId=1');
    expect(res.statusCode).toBe(200);
    const ro = res.json().dataSet;
    expect(ro).toMatchObject({
      roNumber: '9900001', locationId: 1, locationName: 'Front Range Toyota', customerFullName: 'Dana Ruiz', advisorFullName: 'Sam Lee',
      customerEmail: 'dana.ruiz@example.org', customerPhones: ['3035557001', '7205557002'], openDate: '2026-03-02T08:15:00',
      closeDate: '2026-03-02T15:40:00', voidDate: null, isClosed: true, isVoided: false,
    });
    expect(ro.jobs).toHaveLength(2);
    expect(ro.jobs[0]).toMatchObject({ jobId: 1, opCode: 'LOF', laborType: 'C', partsSale: 42.1, laborSale: 44.7, miscSale: 4.95, totalCost: 91.75 });
    expect(ro.jobs[1]).toMatchObject({ opCode: 'RCL', laborType: 'W', totalCost: 0.3 });
    expect(ro.totals).toMatchObject({ partsSale: 42.3, laborSale: 44.8, miscSale: 4.95, totalCost: 92.05, soldHours: 1 });
  });

  it('should find an RO number typed in lower case with spaces', async () => {
    const res = await get(`/api/ro-data?roNumber=${encodeURIComponent(' tst1234 ')}&locationId=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().dataSet).toMatchObject({ roNumber: 'TST1234', jobs: [] });
  });

  it('should answer 404 for an unknown RO, and SPEC\'s messages for a missing RO number or location', async () => {
    const missing = await get('/api/ro-data?roNumber=9900001&locationId=2');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual(['Repair order not found.']);
    const empty = await get('/api/ro-data?roNumber=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(['RO Number is required', 'Location is required']);
  });

  it('should answer the accounting rows in posting order with accounting=1', async () => {
    const res = await get('/api/ro-data?roNumber=9900001&locationId=1&accounting=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().dataSet).toEqual([
      expect.objectContaining({ cdkAccountingDetailsId: 880001, id: 880001, accountNumber: '4600', postingAmount: -91.95, groupName: 'Sales', locationName: 'Front Range Toyota', locationShortName: 'FRT', accountingDate: '2026-03-02' }),
      expect.objectContaining({ cdkAccountingDetailsId: 880002, accountNumber: '1100', postingAmount: 91.95 }),
    ]);
    expect((await get('/api/ro-data?roNumber=9900002&locationId=2&accounting=1')).json().dataSet).toEqual([]);
    expect((await get('/api/ro-data?roNumber=1234567&locationId=2&accounting=1')).statusCode).toBe(404);
  });

  it('should answer the CRM customers matching the RO\'s e-mail or any of its phones with findCustomers=1', async () => {
    const res = await get('/api/ro-data?roNumber=9900001&locationId=1&findCustomers=1');
    expect(res.statusCode).toBe(200);
    const found = res.json().dataSet as { customerId: string; firstName: string; address: string | null; phoneOther: string | null }[];
    expect(found.map((c) => c.customerId).sort()).toEqual([ids.dale, ids.dana].sort());
    expect(found.find((c) => c.customerId === ids.dana)).toMatchObject({ firstName: 'Dana', address: '12 Pearl St', city: 'Boulder' });
    expect(found.find((c) => c.customerId === ids.dale)).toMatchObject({ phoneOther: '7205557002' });
    expect((await get('/api/ro-data?roNumber=TST1234&locationId=1&findCustomers=1')).json().dataSet).toEqual([]);
  });

  it('should refuse a customer', async () => {
    expect((await get('/api/ro-data?roNumber=9900001&locationId=1', customer)).statusCode).toBe(403);
  });
});

describe('GET /api/customer-info-from-ro', () => {
  // The closed-RO lookup is an admin's (Populate from Closed RO); the open one any employee's.
  const info = (ro: string, locationId: number, closed: 0 | 1, headers = closed ? admin : staff) =>
    get(`/api/customer-info-from-ro?roNumber=${ro}&locationId=${locationId}&isClosedRo=${closed}`, headers);

  it('should answer the customer on an open RO for an open-RO lookup', async () => {
    const res = await info('9900002', 2, 0);
    expect(res.statusCode).toBe(200);
    expect(res.json().dataSet).toEqual({
      roNumber: '9900002', locationId: 2, firstName: 'Dana', lastName: 'Ruiz', emailAddress: 'dana.ruiz@example.org',
      phoneMobile: '3035557001', phoneOther: '7205557002', address: '12 Pearl St', city: 'Boulder', state: 'CO', zip: '80301', isTaxExempt: false,
    });
  });

  it('should answer a closed RO only for a closed-RO lookup, and say why otherwise', async () => {
    expect((await info('9900001', 1, 1)).json().dataSet).toMatchObject({ roNumber: '9900001', firstName: 'Dana' });
    const asOpen = await info('9900001', 1, 0);
    expect(asOpen.statusCode).toBe(404);
    expect(asOpen.json().errors).toEqual(['Repair order 9900001 is closed; only an open repair order can be used here.']);
    const asClosed = await info('9900002', 2, 1);
    expect(asClosed.statusCode).toBe(404);
    expect(asClosed.json().errors).toEqual(['Repair order 9900002 is still open; only a closed repair order can be used here.']);
    expect((await info('9900003', 1, 1)).statusCode).toBe(200); // a voided RO counts as closed
    expect((await info('5550001', 1, 0)).json().errors).toEqual(['Repair order not found.']);
  });

  it('should refuse the closed-RO lookup to staff who are not admins', async () => {
    const asEmployee = await info('9900001', 1, 1, staff);
    expect(asEmployee.statusCode).toBe(403);
    expect(asEmployee.json().errors).toEqual(['You do not have permission to do this.']);
    expect(JSON.stringify(asEmployee.json())).not.toContain('Dana');
    expect((await info('9900002', 2, 0, staff)).statusCode).toBe(200);
  });
});

describe('GET /api/customer-search by RO number', () => {
  type Hit = { customerId: string; searchType: string; soldDMSNumber: string | null; soldLocationName: string | null; soldDate: string | null };
  const search = async (term: string) => (await get(`/api/customer-search?searchTerm=${encodeURIComponent(term)}`)).json().dataSet as Hit[];

  it('should list the customers on every RO with that number first, with the RO number, location and date', async () => {
    const hits = await search('9900001');
    const ro = hits.filter((h) => h.searchType === 'RO');
    expect(ro).toEqual([
      expect.objectContaining({ customerId: ids.dale, soldDMSNumber: '9900001', soldLocationName: 'Front Range Toyota', soldDate: '2026-03-02T15:40:00' }),
      expect.objectContaining({ customerId: ids.dana, soldDMSNumber: '9900001', soldLocationName: 'Front Range Toyota' }),
      expect.objectContaining({ customerId: ids.other, soldDMSNumber: '9900001', soldLocationName: 'Cherry Creek Ford', soldDate: '2026-01-10T09:00:00' }),
    ]);
    expect(hits.slice(0, 3)).toEqual(ro);
    expect((await search('#9900001')).filter((h) => h.searchType === 'RO')).toHaveLength(3);
    expect((await search('tst1234')).filter((h) => h.searchType === 'RO')).toEqual([]); // its customer is not in the CRM
    const prefixed = (await search('c77001')).filter((h) => h.searchType === 'RO');
    expect(prefixed.map((h) => h.customerId).sort()).toEqual([ids.dale, ids.dana].sort());
    expect(prefixed[0]).toMatchObject({ soldDMSNumber: 'C77001', soldLocationName: 'Flatirons Honda', soldDate: '2026-04-01T07:45:00' }); // open: the open date
  });

  it('should keep phone searches with punctuation as phone searches', async () => {
    const hits = await search('(303) 555-9999');
    expect(hits.map((h) => [h.customerId, h.searchType])).toEqual([[ids.dana, 'Phone']]);
  });

  it('should find the demo customers on the demo ROs', async () => {
    const [demo] = await server.product.sql<{ ro_number: string; location_id: number }[]>`
      select ro_number, location_id from ref.repair_orders where customer_email = 'pat.customer@example.com' order by open_date desc limit 1`;
    expect(demo).toBeDefined();
    const hits = (await search(demo!.ro_number)).filter((h) => h.searchType === 'RO');
    expect(hits.some((h) => h.soldDMSNumber === demo!.ro_number)).toBe(true);
    const [{ n }] = (await server.product.sql`select count(*)::int as n from ref.repair_orders where ro_number not like '99%' and ro_number not in ('TST1234', 'C77001')`) as unknown as [{ n: number }];
    // The generated ROs, the demo pack sales' visits and the demo paper books' visits.
    expect(n).toBe(TEST_DEMO_REPAIR_ORDERS + DEMO_SALE_REPAIR_ORDERS.length + DEMO_PAPER_BOOK_RO_NUMBERS.length);
  });
});

describe('GET /api/ro-search (issue 23)', () => {
  const rows = async (query: string) => {
    const res = await get(`/api/ro-search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json().dataSet as { rows: { roNumber: string; locationId: number; status: string; advisorFullName: string }[]; next: string | null };
  };

  it('should find ROs by advisor and opening dates at the locations the caller works at, newest first (ties: location, then RO number, descending)', async () => {
    const page = await rows(`advisor=${encodeURIComponent('sam lee')}&from=2026-01-01&to=2026-04-30`);
    expect(page.rows.map((r) => `${r.locationId}/${r.roNumber}/${r.status}`)).toEqual(['2/C77001/open', '2/9900002/open', '1/TST1234/closed', '1/9900003/voided', '1/9900001/closed', '3/9900001/open']);
    expect(page.next).toBeNull();
    expect((await rows('advisor=Lee&status=voided')).rows.map((r) => r.roNumber)).toEqual(['9900003']);
    expect((await rows('customerName=Other&locationId=3')).rows.map((r) => r.roNumber)).toEqual(['9900001']);
  });

  it('should answer 400 naming the field for a bad date, a short VIN or a forged page', async () => {
    for (const [query, error] of [
      ['from=2026-02-30', 'from must be a date (YYYY-MM-DD).'],
      ['to=yesterday', 'to must be a date (YYYY-MM-DD).'],
      ['from=2026-03-02&to=2026-03-01', 'The "From" date must be on or before the "To" date.'],
      ['vin=1234', 'Enter at least the last 6 characters of the VIN.'],
      ['after=not-a-cursor', 'The page asked for is not valid; search again.'],
    ] as const) {
      const res = await get(`/api/ro-search?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toEqual([error]);
    }
    const status = await get('/api/ro-search?status=lost');
    expect(status.statusCode).toBe(400);
    expect(JSON.stringify(status.json().errors)).toContain('status');
  });
});
