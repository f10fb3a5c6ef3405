/**
 * Selling a pack through HTTP against real PostgreSQL (fresh database for this file): pending or
 * final by the sale RO in the DMS data, price override, tax from the location and the customer's
 * exemption, the location rules, finalise, location correction, void, the workers finalising a
 * sale once an import shows its RO closed, and 20 concurrent sales of one pack while it is
 * edited. The catalogue is written with the coupon and pack deciders (the same handle() the
 * catalogue routes use), so this file tests selling only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  CUSTOMER_MESSAGES,
  PACK_SALE_MESSAGES,
  cents,
  couponStreamId,
  packSaleStreamId,
  packStreamId,
  type CouponTerms,
  type PackSaleEvent,
  type PackSold,
  type PackTerms,
} from '@dealer/contracts';
import { deterministicUuid, handle, systemContext } from '@dealer/platform';
import { importDmsRecords } from '@dealer/dms/index';
import { couponDecider } from '@dealer/domain/coupon/decide';
import { packDecider, type PackCommand } from '@dealer/domain/pack/decide';
import { startPackSaleFinaliser } from '@dealer/workers';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';
import { assignRole, demoUserId } from './testing/rooftops';
import { evolvePack, type PackState } from '@dealer/domain/pack/state';

let server: TestServer;
let employee: Record<string, string>;
let manager: Record<string, string>;
let admin: Record<string, string>;
/** A customer created here (the demo's Pat is tax exempt). */
let customerId: string;
const ctx = () => systemContext('test:pack-sales');

const ids = {
  oil: deterministicUuid('pack-sales-test-coupon-oil'),
  rotation: deterministicUuid('pack-sales-test-coupon-rotation'),
  wipers: deterministicUuid('pack-sales-test-coupon-wipers'),
  pack: deterministicUuid('pack-sales-test-pack'),
  busyPack: deterministicUuid('pack-sales-test-busy-pack'),
};
const RO = { open: '9100001', closed: '9100002', later: '9100003', busy: '9100004', quiet: '9100005', unknown: '9199999' };
const PRICE = 19_900;

const coupon = (name: string, value: CouponTerms['value']): CouponTerms => ({
  name,
  description: null,
  opCodes: [name.slice(0, 3).toUpperCase()],
  value,
  laborTypes: ['C'],
  validity: { kind: 'monthsAfterSale', months: 12 },
  maxPerRo: 1,
  maxAmountPerRo: null,
  locationIds: [1, 2, 3],
});

const packTerms = (name: string): PackTerms => ({ name, description: null, price: cents(PRICE), locationIds: [1, 2], termMonths: 24, termMileage: 30_000 });

async function packCommand(packId: string, command: PackCommand) {
  return handle(server.product.store, packStreamId(packId), packDecider, command, ctx(), { retries: 25 });
}

const job = { jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter', laborType: 'C', laborSale: 49.95, partsSale: 20 };
const ro = (roNumber: string, closeDate: string | null) => ({
  roNumber,
  locationId: 1,
  vin: '4T1BF1FK5CU123456',
  mileage: 42_000,
  openDate: '2026-03-02T08:15:00',
  closeDate,
  jobs: [job],
});

beforeAll(async () => {
  // The default interval (a minute): a sale finalised within the test was finalised by the import's NOTIFY.
  server = await startTestServer({ webDist: null });
  admin = (await loginAs(server, 'admin')).headers;
  // Issue 20: staff sell only where they hold a role; this advisor works at the group's first four rooftops.
  for (const locationId of [2, 3, 4]) await assignRole(server, admin, demoUserId('employee'), 'employee', locationId);
  employee = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
  const { sql, store } = server.product;
  const created = await server.product.app.inject({ method: 'POST', url: '/api/customers', headers: employee, payload: { firstName: 'Sam', lastName: 'Buyer', phoneMobile: '3035550811', isTaxExempt: false } });
  expect(created.statusCode).toBe(201);
  customerId = created.json().dataSet.customerId as string;
  // Until the location import carries zones and rates for every location, the test sets them.
  await sql`update ref.locations set time_zone = 'America/Denver'`;
  await sql`update ref.locations set sales_tax_rate_bp = case location_id when 1 then 800 when 2 then 815 else 750 end`;
  await importDmsRecords(sql, [ro(RO.open, null), ro(RO.closed, '2026-03-02T15:40:00'), ro(RO.later, null), ro(RO.busy, null), ro(RO.quiet, null)]);

  const define = (id: string, terms: CouponTerms) => handle(store, couponStreamId(id), couponDecider, { type: 'DefineCoupon', data: { couponId: id, terms } }, ctx());
  const oil = await define(ids.oil, coupon('Oil and filter', { kind: 'fixed', amount: cents(4_000) }));
  const rotation = await define(ids.rotation, coupon('Tire rotation', { kind: 'fixed', amount: cents(2_500) }));
  const wipers = await define(ids.wipers, coupon('Wiper blades', { kind: 'fixed', amount: cents(3_000) }));
  const coupons = { [ids.oil]: oil.state, [ids.rotation]: rotation.state, [ids.wipers]: wipers.state };
  const items = [
    { couponId: ids.oil, quantity: 4 },
    { couponId: ids.rotation, quantity: 2 },
  ];
  await packCommand(ids.pack, { type: 'CreatePack', data: { packId: ids.pack, terms: packTerms('Care pack'), items, coupons } });
  await packCommand(ids.busyPack, { type: 'CreatePack', data: { packId: ids.busyPack, terms: packTerms('Busy pack'), items, coupons } });
});
afterAll(async () => {
  await server?.stop();
});

const inject = (options: InjectOptions, headers: Record<string, string> = employee) => server.product.app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });

const sale = (body: Record<string, unknown> = {}) => ({ customerId, packId: ids.pack, locationId: 1, roNumber: RO.open, ...body });
const sell = (body: Record<string, unknown> = {}, headers = employee) => inject({ method: 'POST', url: '/api/pack-sales', payload: sale(body) }, headers);

async function events(saleId: string): Promise<PackSaleEvent[]> {
  return (await server.product.store.readStream(packSaleStreamId(saleId))).map((e) => ({ type: e.type, data: e.data }) as PackSaleEvent);
}
/** The sale's event types once it has two (or after 20 s). */
async function typesOnceFinalised(saleId: string): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  let types = (await events(saleId)).map((e) => e.type);
  while (types.length < 2 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    types = (await events(saleId)).map((e) => e.type);
  }
  return types;
}
async function sold(saleId: string): Promise<PackSold['data']> {
  const [first] = await events(saleId);
  expect(first?.type).toBe('PackSold');
  return (first as PackSold).data;
}

describe('selling a pack', () => {
  it('should sell on an open RO as pending, with the location\'s tax, the RO\'s mileage and the coupons issued', async () => {
    const res = await sell({ roNumber: ' 9100001 ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.dataSet).toMatchObject({ status: 'pending', revision: 0, message: PACK_SALE_MESSAGES.sold });
    expect(body.dataSet.id).toBe(body.dataSet.saleId);
    expect(body.metaData.position).toMatch(/^\d+$/);
    const data = await sold(body.dataSet.saleId);
    expect(data).toMatchObject({
      customerId,
      locationId: 1,
      timeZone: 'America/Denver',
      saleRoNumber: RO.open,
      listPrice: PRICE,
      price: PRICE,
      priceOverride: null,
      taxExempt: false,
      taxRateBasisPoints: 800,
      tax: 1_592,
      total: PRICE + 1_592,
      status: 'pending',
      mileageAtSale: 42_000,
      mileageLimit: 72_000,
      soldBy: deterministicUuid('demo-employee-employee'),
    });
    expect(data.pack.items.map((i) => [i.couponId, i.quantity])).toEqual([
      [ids.oil, 4],
      [ids.rotation, 2],
    ]);
    expect(data.coupons).toHaveLength(6);
    expect(data.coupons.reduce((sum, c) => sum + c.allocatedValue, 0)).toBe(PRICE);
  });

  it('should sell on a closed RO as final, and on an RO not imported yet as pending', async () => {
    const closed = await sell({ roNumber: RO.closed });
    expect(closed.statusCode).toBe(201);
    expect(closed.json().dataSet.status).toBe('final');
    expect((await sold(closed.json().dataSet.saleId)).status).toBe('final');
    const unknown = await sell({ roNumber: RO.unknown });
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().dataSet.status).toBe('pending');
    expect((await sold(unknown.json().dataSet.saleId)).mileageAtSale).toBeNull();
  });

  it('should round the tax half-up at the location\'s rate, and charge none to a tax-exempt customer', async () => {
    const atTwo = await sell({ locationId: 2, roNumber: RO.unknown });
    expect(atTwo.statusCode).toBe(201);
    expect(await sold(atTwo.json().dataSet.saleId)).toMatchObject({ taxRateBasisPoints: 815, tax: 1_622, total: PRICE + 1_622 }); // 1621.85 -> 1622

    const created = await inject({ method: 'POST', url: '/api/customers', payload: { firstName: 'Tess', lastName: 'Exempt', phoneMobile: '3035550812', isTaxExempt: true } });
    expect(created.statusCode).toBe(201);
    const exempt = await sell({ customerId: created.json().dataSet.customerId });
    expect(exempt.statusCode).toBe(201);
    expect(await sold(exempt.json().dataSet.saleId)).toMatchObject({ taxExempt: true, taxRateBasisPoints: 0, tax: 0, total: PRICE });
  });

  it('should let only a manager change the price, and only with a reason', async () => {
    const byEmployee = await sell({ price: 15_000, priceOverrideReason: 'Loyal customer' });
    expect(byEmployee.statusCode).toBe(403);
    expect(byEmployee.json().errors).toEqual([PACK_SALE_MESSAGES.priceOverrideManagersOnly]);
    const noReason = await sell({ price: 15_000 }, manager);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([PACK_SALE_MESSAGES.priceOverrideReasonRequired]);
    const withReason = await sell({ price: 15_000, priceOverrideReason: 'Loyal customer' }, manager);
    expect(withReason.statusCode).toBe(201);
    expect(await sold(withReason.json().dataSet.saleId)).toMatchObject({ listPrice: PRICE, price: 15_000, priceOverride: { reason: 'Loyal customer' }, tax: 1_200 });
    const byAdmin = await sell({ price: 0, priceOverrideReason: 'Goodwill' }, admin);
    expect(byAdmin.statusCode).toBe(201);
    // The pack's own price sent explicitly is no override.
    const samePrice = await sell({ price: PRICE });
    expect(samePrice.statusCode).toBe(201);
  });

  it('should refuse a location not using the CRM, one not selling the pack, an unknown customer or pack, and bad input, with 4xx', async () => {
    const notCrm = await sell({ locationId: 4 });
    expect(notCrm.statusCode).toBe(400);
    expect(notCrm.json().errors).toEqual([PACK_SALE_MESSAGES.locationNotUsingCrm]);
    const notSelling = await sell({ locationId: 3 });
    expect(notSelling.statusCode).toBe(400);
    expect(notSelling.json().errors).toEqual([PACK_SALE_MESSAGES.locationNotSelling]);
    // No one but an admin holds a role at a location that does not exist.
    const noLocation = await inject({ method: 'POST', url: '/api/pack-sales', payload: sale({ locationId: 999_999 }) }, admin);
    expect(noLocation.statusCode).toBe(400);
    expect((await sell({ locationId: 999_999 })).statusCode).toBe(403);
    const noCustomer = await sell({ customerId: deterministicUuid('nobody') });
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json().errors).toEqual([CUSTOMER_MESSAGES.notFound]);
    expect((await sell({ customerId: 'not-a-customer-id' })).statusCode).toBe(404);
    expect((await sell({ packId: 'not-a-pack-id' })).statusCode).toBe(404);
    const upperCase = await sell({ customerId: customerId.toUpperCase(), packId: ids.pack.toUpperCase() });
    expect(upperCase.statusCode).toBe(201);
    expect((await sold(upperCase.json().dataSet.saleId)).customerId).toBe(customerId);
    const noPack = await sell({ packId: deterministicUuid('no-pack') });
    expect(noPack.statusCode).toBe(404);
    expect(noPack.json().errors).toEqual([PACK_SALE_MESSAGES.packNotFound]);

    const missing = await inject({ method: 'POST', url: '/api/pack-sales', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ customerId: PACK_SALE_MESSAGES.customerRequired, packId: PACK_SALE_MESSAGES.packRequired, roNumber: PACK_SALE_MESSAGES.roNumberRequired });
    for (const bad of [{ roNumber: 'RO 1' }, { price: 12.5 }, { price: -1 }, { locationId: 1.5 }, { price: 1e300 }, { roNumber: 'A\u0000' }, { priceOverrideReason: 'x'.repeat(501), price: 1 }]) {
      const res = await sell(bad, manager);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('should refuse a customer account (no access to selling)', async () => {
    const customer = await loginAs(server, 'customer');
    const res = await inject({ method: 'POST', url: '/api/pack-sales', payload: sale() }, customer.headers);
    expect(res.statusCode).toBe(403);
  });
});

describe('after the sale', () => {
  it('should let a manager finalise a pending sale (an employee may not), once', async () => {
    const saleId = (await sell()).json().dataSet.saleId as string;
    const byEmployee = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/finalise`, payload: {} });
    expect(byEmployee.statusCode).toBe(403);
    const res = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/finalise`, payload: {} }, manager);
    expect(res.statusCode).toBe(200);
    expect(res.json().dataSet).toMatchObject({ saleId, status: 'final', revision: 1, message: PACK_SALE_MESSAGES.finalised });
    const again = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/finalise`, payload: {} }, manager);
    expect(again.statusCode).toBe(200);
    expect(again.json().dataSet.revision).toBe(1);
    expect((await events(saleId)).map((e) => e.type)).toEqual(['PackSold', 'PackSaleFinalised']);
    expect((await events(saleId))[1]!.data).toMatchObject({ via: 'manager' });
    const unknown = await inject({ method: 'POST', url: `/api/pack-sales/${deterministicUuid('no-sale')}/finalise`, payload: {} }, manager);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([PACK_SALE_MESSAGES.notFound]);
  });

  it('should let any staff member correct the sold location with a reason, recomputing the expiry instants', async () => {
    const saleId = (await sell()).json().dataSet.saleId as string;
    const noReason = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/location`, payload: { locationId: 2 } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([PACK_SALE_MESSAGES.correctionReasonRequired]);
    const notSelling = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/location`, payload: { locationId: 3, reason: 'Wrong store' } });
    expect(notSelling.statusCode).toBe(400);
    expect(notSelling.json().errors).toEqual([PACK_SALE_MESSAGES.locationNotSelling]);
    const noLocation = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/location`, payload: { reason: 'Wrong store' } });
    expect(noLocation.statusCode).toBe(400);

    await server.product.sql`update ref.locations set time_zone = 'America/Los_Angeles' where location_id = 2`;
    try {
      const res = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/location`, payload: { locationId: 2, reason: 'Sold at Flatirons, keyed at Front Range' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().dataSet).toMatchObject({ saleId, status: 'pending', revision: 1, message: PACK_SALE_MESSAGES.locationCorrected });
    } finally {
      await server.product.sql`update ref.locations set time_zone = 'America/Denver' where location_id = 2`;
    }
    const [soldEvent, corrected] = await events(saleId);
    expect(corrected).toMatchObject({ type: 'PackSaleLocationCorrected', data: { fromLocationId: 1, toLocationId: 2, timeZone: 'America/Los_Angeles', reason: 'Sold at Flatirons, keyed at Front Range' } });
    const before = (soldEvent as PackSold).data.coupons[0]!;
    const after = (corrected as Extract<PackSaleEvent, { type: 'PackSaleLocationCorrected' }>).data.coupons.find((c) => c.issuedCouponId === before.issuedCouponId)!;
    expect(Date.parse(after.expiresAt) - Date.parse(before.expiresAt)).toBe(3_600_000); // same local day, an hour further west
  });

  it('should let a manager void a sale with a reason (an employee may not), once', async () => {
    const saleId = (await sell()).json().dataSet.saleId as string;
    const byEmployee = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/void`, payload: { reason: 'Customer changed mind' } });
    expect(byEmployee.statusCode).toBe(403);
    const noReason = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/void`, payload: { reason: '  ' } }, manager);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([PACK_SALE_MESSAGES.voidReasonRequired]);
    const res = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/void`, payload: { reason: 'Customer changed mind' } }, manager);
    expect(res.statusCode).toBe(200);
    expect(res.json().dataSet).toMatchObject({ saleId, status: 'voided', revision: 1, message: PACK_SALE_MESSAGES.voidedSuccess });
    const voided = (await events(saleId))[1]!;
    expect(voided).toMatchObject({ type: 'PackSaleVoided', data: { reason: 'Customer changed mind', refund: PRICE + 1_592, refundTax: 1_592, wasStatus: 'pending' } });
    const again = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/void`, payload: { reason: 'Again' } }, manager);
    expect(again.json().dataSet.revision).toBe(1);
    const finalise = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/finalise`, payload: {} }, manager);
    expect(finalise.statusCode).toBe(409);
    expect(finalise.json().errors).toEqual([PACK_SALE_MESSAGES.voided]);
  });

  it('should make a pending sale final once an import shows its RO closed, without anyone acting', async () => {
    const res = await sell({ roNumber: RO.later });
    expect(res.json().dataSet.status).toBe('pending');
    const saleId = res.json().dataSet.saleId as string;
    const voidedId = (await sell({ roNumber: RO.later })).json().dataSet.saleId as string;
    expect((await inject({ method: 'POST', url: `/api/pack-sales/${voidedId}/void`, payload: { reason: 'Sold twice by mistake' } }, manager)).statusCode).toBe(200);

    // The sweep finds candidates in the read model: the sales are there before the import.
    await waitForProjections(server.product);
    await importDmsRecords(server.product.sql, [ro(RO.later, '2026-03-03T11:00:00')]);
    expect(await typesOnceFinalised(saleId)).toEqual(['PackSold', 'PackSaleFinalised']);
    expect((await events(saleId))[1]!.data).toMatchObject({ via: 'ro-closed' });
    // Sweeps go on: still one finalisation, and the voided sale stays as it was.
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await events(saleId)).map((e) => e.type)).toEqual(['PackSold', 'PackSaleFinalised']);
    expect((await events(voidedId)).map((e) => e.type)).toEqual(['PackSold', 'PackSaleVoided']);
  });
});

describe('the interval fallback', () => {
  it('should finalise a sale whose RO closed without a notification at the next interval sweep', async () => {
    const saleId = (await sell({ roNumber: RO.quiet })).json().dataSet.saleId as string;
    await waitForProjections(server.product);
    const finaliser = startPackSaleFinaliser({ sql: server.product.sql, store: server.product.store, intervalMs: 200 });
    try {
      await new Promise((r) => setTimeout(r, 500)); // its first sweep (on listening) is over
      await server.product.sql`update ref.repair_orders set close_date = '2026-03-04T10:00:00' where location_id = 1 and ro_number = ${RO.quiet}`;
      expect(await typesOnceFinalised(saleId)).toEqual(['PackSold', 'PackSaleFinalised']);
    } finally {
      await finaliser.stop();
    }
  });
});

describe('concurrency', () => {
  it('should lose nothing when 20 sales of one pack run while the pack is edited', async () => {
    const { store } = server.product;
    const edits: PackCommand[] = [
      { type: 'AddCouponToPack', data: { item: { couponId: ids.wipers, quantity: 1 }, coupon: (await store.readStream(couponStreamId(ids.wipers))).reduce(couponDecider.evolve, null) } },
      { type: 'EditPack', data: { terms: { ...packTerms('Busy pack'), price: cents(21_900) } } },
      { type: 'AddCouponToPack', data: { item: { couponId: ids.oil, quantity: 3 }, coupon: (await store.readStream(couponStreamId(ids.oil))).reduce(couponDecider.evolve, null) } },
      { type: 'RemoveCouponFromPack', data: { couponId: ids.rotation } },
      { type: 'EditPack', data: { terms: { ...packTerms('Busy pack renamed'), price: cents(17_900) } } },
      { type: 'AddCouponToPack', data: { item: { couponId: ids.rotation, quantity: 2 }, coupon: (await store.readStream(couponStreamId(ids.rotation))).reduce(couponDecider.evolve, null) } },
      { type: 'RemoveCouponFromPack', data: { couponId: ids.wipers } },
    ];
    const editing = (async () => {
      for (const edit of edits) {
        await packCommand(ids.busyPack, edit);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const sales = await Promise.all(
      Array.from({ length: 20 }, (_, i) => inject({ method: 'POST', url: '/api/pack-sales', payload: sale({ packId: ids.busyPack, roNumber: RO.busy, locationId: 1 + (i % 2) }) })),
    );
    await editing;
    expect(sales.map((s) => s.statusCode)).toEqual(Array(20).fill(201));
    const saleIds = sales.map((s) => s.json().dataSet.saleId as string);
    expect(new Set(saleIds).size).toBe(20);

    // Every state the pack had, in order.
    const history = await store.readStream(packStreamId(ids.busyPack));
    expect(history).toHaveLength(1 + edits.length);
    const states: PackState[] = [];
    history.reduce<PackState | null>((state, event) => {
      const next = evolvePack(state, event)!;
      states.push(next);
      return next;
    }, null);
    const asSold = (s: PackState) => ({
      packId: s.packId,
      name: s.terms.name,
      listPrice: s.terms.price,
      locationIds: s.terms.locationIds,
      termMonths: s.terms.termMonths,
      items: s.items.map((i) => [i.couponId, i.quantity]),
    });
    const real = states.map((s) => JSON.stringify(asSold(s)));
    for (const saleId of saleIds) {
      const stream = await events(saleId);
      expect(stream.map((e) => e.type)).toEqual(['PackSold']);
      const data = (stream[0] as PackSold).data;
      const snapshot = JSON.stringify({
        packId: data.pack.packId,
        name: data.pack.name,
        listPrice: data.pack.listPrice,
        locationIds: data.pack.locationIds,
        termMonths: data.pack.termMonths,
        items: data.pack.items.map((i) => [i.couponId, i.quantity]),
      });
      expect(real).toContain(snapshot);
      expect(data.price).toBe(data.pack.listPrice);
      expect(data.coupons).toHaveLength(data.pack.items.reduce((n, i) => n + i.quantity, 0));
      expect(data.coupons.reduce((sum, c) => sum + c.allocatedValue, 0)).toBe(data.price);
    }
  });
});
