/**
 * The read side of issue 11 through HTTP against real PostgreSQL: the coupon and pack
 * catalogues (search over name, description and op codes, status and location filters, paging,
 * sort by name, one record, 404), read-your-writes right after each command, a pack item that
 * follows its coupon's rename and disable, and a customer's purchases and coupons through a
 * sale's life (pending, finalised, location corrected, voided) with coupon statuses computed
 * at read time (available, expired past expiresAt, voided). Writes go through the command
 * routes; a sale from two years ago (expired coupons) is appended to the store directly, as the
 * clock of a command is always now.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_PAGE,
  COUPON_MESSAGES,
  PACK_MESSAGES,
  cents,
  issueCoupons,
  packSaleStreamId,
  standAloneValue,
  type CouponTerms,
  type CouponView,
  type CustomerCouponView,
  type PackSaleView,
  type PackSnapshot,
  type PackSold,
  type PackView,
  type PageMeta,
} from '@dealer/contracts';
import { deterministicUuid, systemContext, toNewEvents } from '@dealer/platform';
import { projections, rebuildProjection } from '@dealer/projector';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';
import { givenRolesAtEveryRooftop } from './testing/rooftops';

let server: TestServer;
let manager: Record<string, string>;
let employee: Record<string, string>;
let customer: Record<string, string>;
let customerId: string;
const employeeId = deterministicUuid('demo-employee-employee');
const managerId = deterministicUuid('demo-employee-manager');
const names: Record<number, string> = {};

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  // Issue 20: staff act only where they hold a role; these work at the group's first four rooftops.
  await givenRolesAtEveryRooftop(server, ['manager', 'employee']);
  manager = (await loginAs(server, 'manager')).headers;
  employee = (await loginAs(server, 'employee')).headers;
  customer = (await loginAs(server, 'customer')).headers;
  for (const r of await server.product.sql<{ id: number; name: string }[]>`select location_id as id, location_name as name from ref.locations`) names[r.id] = r.name;
  const created = await send('POST', '/api/customers', { firstName: 'Rita', lastName: 'Reader', phoneMobile: '3035550871', isTaxExempt: false }, employee);
  expect(created.status).toBe(201);
  customerId = created.body.dataSet!.customerId as string;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

type Body = { dataSet?: Record<string, unknown>; metaData?: Record<string, unknown>; errors?: string[] };
async function send(method: 'POST' | 'PUT', url: string, payload: unknown, headers = manager) {
  const res = await server.product.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() as Body, position: String((res.json() as Body).metaData?.position ?? '0') };
}
/** A GET that waits for the read models to reach `position` (read-your-writes, as the client sends it). */
async function read<T>(url: string, position = '0', headers = employee) {
  const res = await server.product.app.inject({ method: 'GET', url, headers: { ...headers, 'x-min-position': position } });
  return { status: res.statusCode, headers: res.headers, body: res.json() as { dataSet: T; metaData: PageMeta; errors?: string[] } };
}

const coupon = (name: string, overrides: Partial<Record<keyof CouponTerms, unknown>> = {}) => ({
  name,
  description: 'Up to 5 quarts, synthetic blend.',
  opCodes: ['LOF'],
  value: { kind: 'fixed', amount: 2995 },
  validity: { kind: 'monthsAfterSale', months: 12 },
  maxPerRo: 1,
  locationIds: [1, 2],
  ...overrides,
});

describe('the demo programme', () => {
  it('should project the seeded coupons, packs and sales with nothing parked', async () => {
    const parked = await server.product.sql`select projection from parked_events where projection in ('coupon_catalogue', 'pack_catalogue', 'pack_sales')`;
    expect(parked).toEqual([]);
    const [counts] = await server.product.sql<{ coupons: number; packs: number; sales: number; corrected: number; voided: number }[]>`
      select (select count(*)::int from rm_coupon_catalogue.coupons) as coupons, (select count(*)::int from rm_pack_catalogue.packs) as packs,
        (select count(*)::int from rm_pack_sales.sales) as sales, (select count(*)::int from rm_pack_sales.corrections) as corrected,
        (select count(*)::int from rm_pack_sales.sales where status = 'voided') as voided`;
    expect(counts!.coupons).toBeGreaterThan(0);
    expect(counts!.packs).toBeGreaterThan(0);
    expect(counts!.sales).toBeGreaterThan(0);
    expect(counts!.corrected).toBeGreaterThan(0);
    expect(counts!.voided).toBeGreaterThan(0);
    const pat = deterministicUuid('demo-customer-0');
    const purchases = await read<PackSaleView[]>(`/api/customers/${pat}/purchases`);
    expect(purchases.status).toBe(200);
    expect(purchases.body.dataSet.length).toBeGreaterThan(0);
    expect(purchases.body.dataSet.every((p) => p.coupons.length > 0 && p.locationName !== null)).toBe(true);
  });
});

describe('the coupon catalogue', () => {
  const ids: Record<string, string> = {};
  let last = '0';

  it('should find a coupon right after it is defined (read-your-writes), searching name, description and op codes', async () => {
    const defs = [
      coupon('Rdx bravo rotation', { opCodes: ['ROT'] }),
      coupon('RDX Alpha oil', { description: 'Quartz-grade filter' }),
      coupon('rdx charlie brakes', { opCodes: ['BRK1', 'ZZ9-X'], value: { kind: 'percent', basisPoints: 2500, referencePrice: 8999 } }),
      coupon('Rdx Delta wipers', { locationIds: [3] }),
      coupon('Rdx echo 50%_off', { value: { kind: 'operation', maximum: 7000, referencePrice: 12000 } }),
    ];
    for (const terms of defs) {
      const res = await send('POST', '/api/coupons', terms);
      expect(res.status).toBe(201);
      ids[terms.name as string] = res.body.dataSet!.couponId as string;
      last = res.position;
    }
    const all = await read<CouponView[]>('/api/coupons?search=rdx', last);
    expect(all.status).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    // Sorted by name, case-insensitively.
    expect(all.body.dataSet.map((c) => c.name)).toEqual(['RDX Alpha oil', 'Rdx bravo rotation', 'rdx charlie brakes', 'Rdx Delta wipers', 'Rdx echo 50%_off']);
    expect(all.body.metaData).toEqual({ total: 5, limit: CATALOGUE_PAGE.defaultLimit, offset: 0 });

    expect((await read<CouponView[]>('/api/coupons?search=zz9-x')).body.dataSet.map((c) => c.name)).toEqual(['rdx charlie brakes']);
    expect((await read<CouponView[]>('/api/coupons?search=QUARTZ')).body.dataSet.map((c) => c.name)).toEqual(['RDX Alpha oil']);
    // % and _ are taken literally.
    expect((await read<CouponView[]>(`/api/coupons?search=${encodeURIComponent('50%_')}`)).body.dataSet.map((c) => c.name)).toEqual(['Rdx echo 50%_off']);
    expect((await read<CouponView[]>(`/api/coupons?search=${encodeURIComponent('rdx%')}`)).body.metaData.total).toBe(0);
  });

  it('should page the list', async () => {
    const page = await read<CouponView[]>('/api/coupons?search=rdx&$limit=2&$offset=2');
    expect(page.body.dataSet.map((c) => c.name)).toEqual(['rdx charlie brakes', 'Rdx Delta wipers']);
    expect(page.body.metaData).toEqual({ total: 5, limit: 2, offset: 2 });
    const past = await read<CouponView[]>('/api/coupons?search=rdx&$limit=2&$offset=6');
    expect(past.body).toMatchObject({ dataSet: [], metaData: { total: 5 } });
  });

  it('should filter by status and by an honouring location, the status right after a disable', async () => {
    const disabled = await send('POST', `/api/coupons/${ids['Rdx bravo rotation']}/disable`, { reason: 'Season over' });
    expect(disabled.status).toBe(200);
    const count = async (query: string) => (await read<CouponView[]>(`/api/coupons?search=rdx&${query}`, disabled.position)).body.metaData.total;
    expect(await count('status=active')).toBe(4);
    expect(await count('status=disabled')).toBe(1);
    expect(await count('status=all')).toBe(5);
    expect(await count('')).toBe(5);
    expect(await count('locationId=3')).toBe(1);
    expect(await count('locationId=2&status=active')).toBe(3);
  });

  it('should answer one coupon with its value, location names and revision, and 404 for an unknown one', async () => {
    const one = await read<CouponView>(`/api/coupons/${ids['rdx charlie brakes']}`);
    expect(one.status).toBe(200);
    expect(one.body.dataSet).toMatchObject({
      couponId: ids['rdx charlie brakes'],
      id: ids['rdx charlie brakes'],
      name: 'rdx charlie brakes',
      opCodes: ['BRK1', 'ZZ9-X'],
      value: { kind: 'percent', basisPoints: 2500, referencePrice: 8999 },
      validity: { kind: 'monthsAfterSale', months: 12 },
      laborTypes: ['C'],
      maxPerRo: 1,
      maxAmountPerRo: null,
      locationIds: [1, 2],
      locationNames: [names[1], names[2]],
      status: 'active',
      standAloneValue: 2250,
      revision: 0,
    });
    expect(Date.parse(one.body.dataSet.createdDate)).toBeGreaterThan(0);
    const missing = await read(`/api/coupons/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual([COUPON_MESSAGES.notFound]);
  });

  it('should refuse a query past its bounds with a 400, and a customer with a 403', async () => {
    for (const query of [`search=${'a'.repeat(CATALOGUE_PAGE.searchMax + 1)}`, '$limit=0', `$limit=${CATALOGUE_PAGE.maxLimit + 1}`, '$offset=-1', 'status=gone', 'locationId=0', 'locationId=99999999999']) {
      expect((await read(`/api/coupons?${query}`)).status, query).toBe(400);
    }
    expect((await read('/api/coupons/not-a-uuid')).status).toBe(400);
    expect((await read('/api/coupons', '0', customer)).status).toBe(403);
    expect((await read('/api/packs', '0', customer)).status).toBe(403);
  });
});

describe('the pack catalogue', () => {
  let oilId: string;
  let rotationId: string;
  let packId: string;

  it('should show a new pack with its items\' coupon names, status and values right after it is created', async () => {
    oilId = (await send('POST', '/api/coupons', coupon('Pkx Oil and filter', { value: { kind: 'fixed', amount: 4000 } }))).body.dataSet!.couponId as string;
    rotationId = (await send('POST', '/api/coupons', coupon('Pkx Tire rotation', { value: { kind: 'fixed', amount: 2500 } }))).body.dataSet!.couponId as string;
    const created = await send('POST', '/api/packs', {
      name: 'Pkx Care pack',
      description: 'Two years of basics',
      price: 19900,
      locationIds: [1, 2],
      termMonths: 24,
      termMileage: 30000,
      items: [{ couponId: oilId, quantity: 4 }, { couponId: rotationId, quantity: 2 }],
    });
    expect(created.status).toBe(201);
    packId = created.body.dataSet!.packId as string;
    const res = await read<PackView>(`/api/packs/${packId}`, created.position);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.dataSet).toMatchObject({
      packId,
      id: packId,
      name: 'Pkx Care pack',
      description: 'Two years of basics',
      price: 19900,
      locationIds: [1, 2],
      locationNames: [names[1], names[2]],
      termMonths: 24,
      termMileage: 30000,
      status: 'active',
      revision: 0,
      items: [
        { couponId: oilId, quantity: 4, couponName: 'Pkx Oil and filter', couponStatus: 'active', standAloneValue: 4000 },
        { couponId: rotationId, quantity: 2, couponName: 'Pkx Tire rotation', couponStatus: 'active', standAloneValue: 2500 },
      ],
      standAloneTotal: 4 * 4000 + 2 * 2500,
    });
  });

  it('should show a coupon\'s rename, new value and disable on the pack\'s item', async () => {
    const current = (await read<CouponView>(`/api/coupons/${oilId}`)).body.dataSet;
    const renamed = await send('PUT', `/api/coupons/${oilId}`, { ...coupon('Pkx Full synthetic oil'), value: { kind: 'fixed', amount: 6000 }, expectedRevision: current.revision });
    expect(renamed.status).toBe(200);
    let item = (await read<PackView>(`/api/packs/${packId}`, renamed.position)).body.dataSet.items[0]!;
    expect(item).toEqual({ couponId: oilId, quantity: 4, couponName: 'Pkx Full synthetic oil', couponStatus: 'active', standAloneValue: 6000 });
    const disabled = await send('POST', `/api/coupons/${oilId}/disable`, {});
    const pack = (await read<PackView>(`/api/packs/${packId}`, disabled.position)).body.dataSet;
    item = pack.items[0]!;
    expect(item.couponStatus).toBe('disabled');
    expect(pack.standAloneTotal).toBe(4 * 6000 + 2 * 2500);
  });

  it('should list, search (pack name, description, coupon names), filter and page packs', async () => {
    const second = await send('POST', '/api/packs', { name: 'pkx Winter pack', description: 'Studded snow tyres, fitted', price: 9900, locationIds: [3], termMonths: 6, termMileage: null, items: [{ couponId: rotationId, quantity: 1 }] });
    expect(second.status).toBe(201);
    const list = await read<PackView[]>('/api/packs?search=pkx', second.position);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.dataSet.map((p) => p.name)).toEqual(['Pkx Care pack', 'pkx Winter pack']);
    expect(list.body.metaData).toEqual({ total: 2, limit: CATALOGUE_PAGE.defaultLimit, offset: 0 });
    expect((await read<PackView[]>('/api/packs?search=STUDDED SNOW')).body.dataSet.map((p) => p.name)).toEqual(['pkx Winter pack']);
    expect((await read<PackView[]>('/api/packs?search=pkx full synthetic')).body.dataSet.map((p) => p.name)).toEqual(['Pkx Care pack']);
    expect((await read<PackView[]>('/api/packs?search=pkx&locationId=3')).body.dataSet.map((p) => p.name)).toEqual(['pkx Winter pack']);
    const page = await read<PackView[]>('/api/packs?search=pkx&$limit=1&$offset=1');
    expect(page.body).toMatchObject({ dataSet: [{ name: 'pkx Winter pack' }], metaData: { total: 2, limit: 1, offset: 1 } });

    const disabled = await send('POST', `/api/packs/${second.body.dataSet!.packId}/disable`, {});
    expect(disabled.status).toBe(200);
    expect((await read<PackView[]>('/api/packs?search=pkx&status=active', disabled.position)).body.dataSet.map((p) => p.name)).toEqual(['Pkx Care pack']);
    expect((await read<PackView[]>('/api/packs?search=pkx&status=disabled')).body.dataSet.map((p) => p.name)).toEqual(['pkx Winter pack']);
  });

  it('should show an item\'s quantity changed and an item removed right after the command, and 404 for an unknown pack', async () => {
    const changed = await send('POST', `/api/packs/${packId}/coupons`, { couponId: rotationId, quantity: 3 });
    expect(changed.status).toBe(200);
    expect((await read<PackView>(`/api/packs/${packId}`, changed.position)).body.dataSet.items.map((i) => [i.couponName, i.quantity])).toEqual([
      ['Pkx Full synthetic oil', 4],
      ['Pkx Tire rotation', 3],
    ]);
    const res = await server.product.app.inject({ method: 'DELETE', url: `/api/packs/${packId}/coupons/${rotationId}`, headers: manager });
    expect(res.statusCode).toBe(200);
    const removed = await read<PackView>(`/api/packs/${packId}`, String(res.json().metaData.position));
    expect(removed.body.dataSet.items.map((i) => i.couponName)).toEqual(['Pkx Full synthetic oil']);
    expect(removed.body.dataSet.standAloneTotal).toBe(4 * 6000);
    const missing = await read(`/api/packs/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual([PACK_MESSAGES.notFound]);
  });
});

describe('a customer\'s purchases and coupons', () => {
  let packId: string;
  let saleId: string;
  const staffName = async (userId: string) => {
    const [row] = await server.product.sql<{ name: string }[]>`select trim(first || ' ' || last) as name from rm_users.employees where user_id = ${userId}`;
    return row!.name;
  };

  beforeAll(async () => {
    const oil = (await send('POST', '/api/coupons', coupon('Cpx Oil and filter', { value: { kind: 'fixed', amount: 4000 }, locationIds: [1, 2, 3] }))).body.dataSet!.couponId as string;
    const rotation = (await send('POST', '/api/coupons', coupon('Cpx Tire rotation', { value: { kind: 'fixed', amount: 2500 }, validity: { kind: 'monthsAfterSale', months: 6 } }))).body.dataSet!
      .couponId as string;
    const created = await send('POST', '/api/packs', { name: 'Cpx Care pack', description: null, price: 19900, locationIds: [1, 2], termMonths: 24, termMileage: null, items: [{ couponId: oil, quantity: 2 }, { couponId: rotation, quantity: 1 }] });
    expect(created.status).toBe(201);
    packId = created.body.dataSet!.packId as string;
  });

  it('should show a sale right after it is made, pending, with its coupons available', async () => {
    const sold = await send('POST', '/api/pack-sales', { customerId, packId, locationId: 1, roNumber: '9300001' }, employee);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    saleId = sold.body.dataSet!.saleId as string;
    const res = await read<PackSaleView[]>(`/api/customers/${customerId}/purchases`, sold.position);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.dataSet).toHaveLength(1);
    const sale = res.body.dataSet[0]!;
    expect(sale).toMatchObject({
      saleId,
      id: saleId,
      customerId,
      packId,
      packName: 'Cpx Care pack',
      packDescription: null,
      termMonths: 24,
      termMileage: null,
      locationId: 1,
      locationName: names[1],
      sellingLocationIds: [1, 2],
      saleRoNumber: '9300001',
      soldBy: employeeId,
      soldByName: await staffName(employeeId),
      listPrice: 19900,
      price: 19900,
      priceOverrideReason: null,
      status: 'pending',
      finalisedAt: null,
      finalisedVia: null,
      void: null,
      corrections: [],
    });
    expect(sale.total).toBe(sale.price + sale.tax);
    expect(sale.soldOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sale.coupons.map((c) => [c.name, c.status, c.saleStatus])).toEqual([
      ['Cpx Oil and filter', 'available', 'pending'],
      ['Cpx Oil and filter', 'available', 'pending'],
      ['Cpx Tire rotation', 'available', 'pending'],
    ]);
    expect(sale.coupons.reduce((sum, c) => sum + c.allocatedValue, 0)).toBe(19900);
    expect(sale.coupons[0]).toMatchObject({ locationIds: [1, 2, 3], locationNames: [names[1], names[2], names[3]], soldLocationId: 1, soldLocationName: names[1], packName: 'Cpx Care pack', redeemedAt: null });
  });

  it('should show the sale finalised, then its location corrected with who and why', async () => {
    const finalised = await send('POST', `/api/pack-sales/${saleId}/finalise`, {}, manager);
    expect(finalised.status).toBe(200);
    let sale = (await read<PackSaleView[]>(`/api/customers/${customerId}/purchases`, finalised.position)).body.dataSet[0]!;
    expect(sale).toMatchObject({ status: 'final', finalisedVia: 'manager' });
    expect(Date.parse(sale.finalisedAt!)).toBeGreaterThan(0);
    const before = sale.coupons.map((c) => c.expiresOn);

    const corrected = await send('POST', `/api/pack-sales/${saleId}/location`, { locationId: 2, reason: 'Keyed in at the wrong store' }, employee);
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    sale = (await read<PackSaleView[]>(`/api/customers/${customerId}/purchases`, corrected.position)).body.dataSet[0]!;
    expect(sale).toMatchObject({ locationId: 2, locationName: names[2], status: 'final' });
    expect(sale.corrections).toEqual([
      { fromLocationId: 1, fromLocationName: names[1], toLocationId: 2, toLocationName: names[2], reason: 'Keyed in at the wrong store', by: employeeId, byName: await staffName(employeeId), correctedAt: expect.any(String) },
    ]);
    expect(sale.coupons.map((c) => c.expiresOn)).toEqual(before);
    expect(sale.coupons.every((c) => c.soldLocationId === 2 && c.saleStatus === 'final')).toBe(true);
  });

  it('should show the customer\'s coupons available first, then by expiry, with expired ones from an old sale', async () => {
    // A sale two years ago: its coupons (12 and 6 months) are past expiresAt now.
    const old = oldSale(customerId);
    const stored = await server.product.store.appendToStream(packSaleStreamId(old.saleId), toNewEvents([{ type: 'PackSold', data: old }], systemContext(`user:${employeeId}`)));
    const res = await read<CustomerCouponView[]>(`/api/customers/${customerId}/coupons`, String(stored.position));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const coupons = res.body.dataSet;
    expect(coupons.map((c) => [c.saleId, c.status])).toEqual([
      // Available: the 6-month rotation expires before the 12-month oil changes.
      [saleId, 'available'],
      [saleId, 'available'],
      [saleId, 'available'],
      [old.saleId, 'expired'],
      [old.saleId, 'expired'],
    ]);
    expect(coupons[0]!.name).toBe('Cpx Tire rotation');
    const expiries = coupons.slice(0, 3).map((c) => Date.parse(c.expiresAt));
    expect(expiries).toEqual([...expiries].sort((a, b) => a - b));
    expect(Date.parse(coupons[3]!.expiresAt)).toBeLessThan(Date.now());
    expect(coupons[3]).toMatchObject({ name: 'Old oil change', saleStatus: 'final', expiresOn: old.coupons[0]!.expiresOn, allocatedValue: old.coupons[0]!.allocatedValue, redeemedAt: null });

    const purchases = (await read<PackSaleView[]>(`/api/customers/${customerId}/purchases`)).body.dataSet;
    expect(purchases.map((p) => p.saleId)).toEqual([saleId, old.saleId]);
  });

  it('should show the sale voided by the manager, with its coupons voided', async () => {
    const voided = await send('POST', `/api/pack-sales/${saleId}/void`, { reason: 'Customer changed their mind' }, manager);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const sale = (await read<PackSaleView[]>(`/api/customers/${customerId}/purchases`, voided.position)).body.dataSet[0]!;
    expect(sale.status).toBe('voided');
    expect(sale.void).toEqual({ reason: 'Customer changed their mind', by: managerId, byName: await staffName(managerId), at: expect.any(String) });
    expect(sale.coupons.map((c) => c.status)).toEqual(['voided', 'voided', 'voided']);
    const coupons = (await read<CustomerCouponView[]>(`/api/customers/${customerId}/coupons`)).body.dataSet;
    expect(coupons.map((c) => c.status).sort()).toEqual(['expired', 'expired', 'voided', 'voided', 'voided']);
  });

  it('should answer an empty list for a customer with no purchases, and refuse a customer and a bad id', async () => {
    expect((await read(`/api/customers/${randomUUID()}/purchases`)).body.dataSet).toEqual([]);
    expect((await read(`/api/customers/${randomUUID()}/coupons`)).body.dataSet).toEqual([]);
    expect((await read(`/api/customers/${customerId}/coupons`, '0', customer)).status).toBe(403);
    expect((await read(`/api/customers/${customerId}/purchases`, '0', customer)).status).toBe(403);
    expect((await read('/api/customers/not-a-uuid/purchases')).status).toBe(400);
  });
});

describe('npm run rebuild of the three read models', () => {
  it('should replay coupon_catalogue, pack_catalogue and pack_sales into the same rows, the live projector carrying on', async () => {
    const { sql, store } = server.product;
    const tables = ['rm_coupon_catalogue.coupons', 'rm_pack_catalogue.packs', 'rm_pack_catalogue.coupons', 'rm_pack_sales.sales', 'rm_pack_sales.issued_coupons', 'rm_pack_sales.corrections'];
    const snapshot = async () => Promise.all(tables.map((t) => sql.unsafe(`select * from ${t} order by 1, 2`)));
    const before = await snapshot();
    const answers = async () => [(await read(`/api/customers/${customerId}/purchases`)).body, (await read('/api/packs?search=pkx')).body, (await read('/api/coupons?$limit=200')).body];
    const answered = await answers();
    for (const name of ['coupon_catalogue', 'pack_catalogue', 'pack_sales']) {
      const result = await rebuildProjection({ sql, store }, projections.find((p) => p.name === name)!);
      expect(result.parked, name).toBe(0);
    }
    expect(await snapshot()).toEqual(before);
    expect(await answers()).toEqual(answered);
    // The live projector goes on from the swapped-in tables.
    const renamed = await send('POST', '/api/coupons', coupon('Rdx foxtrot after rebuild'));
    expect((await read<CouponView[]>('/api/coupons?search=foxtrot', renamed.position)).body.dataSet.map((c) => c.name)).toEqual(['Rdx foxtrot after rebuild']);
  });
});

/** A final sale of two years ago at location 1 (Denver), as the sale command would have written it then. */
function oldSale(customerId: string): PackSold['data'] {
  const terms = (name: string, months: number): CouponTerms => ({
    name,
    description: null,
    opCodes: ['LOF'],
    value: { kind: 'fixed', amount: cents(3000) },
    laborTypes: ['C'],
    validity: { kind: 'monthsAfterSale', months },
    maxPerRo: 1,
    maxAmountPerRo: null,
    locationIds: [1],
  });
  const oil = terms('Old oil change', 12);
  const pack: PackSnapshot = {
    packId: randomUUID(),
    name: 'Old pack',
    description: null,
    listPrice: cents(9900),
    termMonths: 12,
    termMileage: null,
    locationIds: [1],
    items: [{ couponId: randomUUID(), quantity: 2, coupon: oil, standAloneValue: standAloneValue(oil.value) }],
  };
  const soldOn = `${new Date().getUTCFullYear() - 2}-05-15`;
  return {
    saleId: randomUUID(),
    customerId,
    pack,
    locationId: 1,
    timeZone: 'America/Denver',
    saleRoNumber: '9300002',
    soldAt: `${soldOn}T18:00:00.000Z`,
    soldOn,
    soldBy: employeeId,
    listPrice: pack.listPrice,
    price: pack.listPrice,
    priceOverride: null,
    taxExempt: false,
    taxRateBasisPoints: 800,
    tax: cents(792),
    total: cents(9900 + 792),
    status: 'final',
    mileageAtSale: null,
    mileageLimit: null,
    coupons: issueCoupons({ pack, price: pack.listPrice, soldOn, timeZone: 'America/Denver', newId: randomUUID }),
  };
}
