/**
 * Redeeming coupons through HTTP against real PostgreSQL (fresh database for this file), on the
 * demo programme's final sale of Pat (Essential Maintenance: two oil changes, LOF, customer pay
 * lines only, one per RO): the customer's Verify Redemptions switch (412), a direct redemption
 * with its amount and line, maxPerRo on one RO, a warranty line refused, an RO that is not in the
 * DMS data, 20 concurrent redemptions of one coupon at two locations, a void by the redeeming
 * employee, an RO change, and the sale void refused while a coupon is redeemed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { COUPON_REDEMPTION_MESSAGES as M, PACK_SALE_MESSAGES, customerStreamId, issuedCouponStreamId, packSaleStreamId, type IssuedCouponEvent } from '@dealer/contracts';
import { deterministicUuid, handle, systemContext, type EventStore } from '@dealer/platform';
import { voidPackSale } from '@dealer/command-api/pack-sales/service';
import { issuedCouponDecider } from '@dealer/domain/coupon-redemption/decide';
import { importDmsRecords } from '@dealer/dms/index';
import { demoCouponId, demoPackId, demoSaleId } from './demo/catalogue';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { givenRolesAtEveryRooftop } from './testing/rooftops';
import { loginAs } from './testing/auth';

let server: TestServer;
let employee: Record<string, string>;
let manager: Record<string, string>;
let controller: Record<string, string>;
const pat = deterministicUuid('demo-customer-0');
const saleId = demoSaleId('pat-essential');
/** Pat's two oil-change coupons of the Essential Maintenance sale. */
let oil: [string, string];

const RO = { a: '7300001', warranty: '7300002', c: '7300003', d: '7300004', e: '7300005', f: '7300006', g: '7300007', h: '7300008', i: '7300009', j: '7300010', k: '7300011', l: '7300012', m: '7300013', missing: '7399999' };
// LOF on a customer-pay line: 49.95 labour + 20.00 parts = 69.95, under the coupon's 99.95 maximum.
const job = (laborType: 'C' | 'W') => ({ jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter', laborType, laborSale: 49.95, partsSale: 20 });
const ro = (roNumber: string, locationId = 1, laborType: 'C' | 'W' = 'C') => ({
  roNumber,
  locationId,
  vin: '4T1BF1FK5CU123456',
  mileage: 42_000,
  openDate: '2026-03-02T08:15:00',
  closeDate: null,
  jobs: [job(laborType)],
});

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  // Issue 20: staff act only where they hold a role; these work at the group's first four rooftops.
  await givenRolesAtEveryRooftop(server, ['employee', 'manager', 'controller']);
  employee = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
  controller = (await loginAs(server, 'controller')).headers;
  const { sql } = server.product;
  await sql`update ref.locations set time_zone = 'America/Denver' where time_zone is null`;
  const report = await importDmsRecords(sql, [ro(RO.a), ro(RO.warranty, 1, 'W'), ro(RO.c), ro(RO.d, 2), ro(RO.e), ro(RO.f), ro(RO.g), ro(RO.h), ro(RO.i), ro(RO.j), ro(RO.k), ro(RO.l), ro(RO.m)]);
  expect(report).toMatchObject({ rejected: 0 });
  await waitForProjections(server.product);
  const rows = await sql<{ id: string }[]>`
    select issued_coupon_id::text as id from rm_pack_sales.issued_coupons
    where sale_id = ${saleId} and coupon_id = ${demoCouponId('oil')} order by position`;
  expect(rows).toHaveLength(2);
  oil = [rows[0]!.id, rows[1]!.id];
});
afterAll(async () => {
  await server?.stop();
});

const inject = (options: InjectOptions, headers: Record<string, string> = employee) => server.product.app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });
const redeem = (issuedCouponId: string, roNumber: string, locationId = 1, headers = employee) =>
  inject({ method: 'POST', url: '/api/coupon-redemptions', payload: { issuedCouponId, customerId: pat, locationId, roNumber } }, headers);
const voidRedemption = (issuedCouponId: string, body: Record<string, unknown>, headers = employee) =>
  inject({ method: 'POST', url: `/api/coupon-redemptions/${issuedCouponId}/void`, payload: body }, headers);
async function couponEvents(issuedCouponId: string): Promise<IssuedCouponEvent[]> {
  return (await server.product.store.readStream(issuedCouponStreamId(issuedCouponId))).map((e) => ({ type: e.type, data: e.data }) as IssuedCouponEvent);
}

/** The store, except that just before the first append to `streamId` it runs `before` (a race made certain). */
function storeRunningBefore(streamId: string, before: () => Promise<void>): EventStore {
  const real = server.product.store;
  let ran = false;
  return new Proxy(real, {
    get(target, prop) {
      if (prop === 'appendToStream') {
        return async (...args: Parameters<EventStore['appendToStream']>) => {
          if (args[0] === streamId && !ran) {
            ran = true;
            await before();
          }
          return target.appendToStream(...args);
        };
      }
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as EventStore;
}

describe('redeeming a coupon', () => {
  it('should ask for the customer\'s verification (412) while Pat\'s Verify Redemptions switch is on', async () => {
    const res = await redeem(oil[0], RO.a);
    expect(res.statusCode).toBe(412);
    expect(res.json().errors).toContain(M.verificationRequired('LOF'));
    expect(await couponEvents(oil[0])).toEqual([]);
    // A manager turns the switch off (only managers may, as the Customer page sends it).
    const history = await server.product.store.readStream(customerStreamId(pat));
    const expectedRevision = history[history.length - 1]!.revision;
    const loaded = (await inject({ method: 'GET', url: `/api/customers/${pat}` }, manager)).json().dataSet as Record<string, unknown>;
    const keys = ['firstName', 'lastName', 'emailAddress', 'phoneMobile', 'phoneOther', 'address', 'address2', 'city', 'state', 'zip', 'isTaxExempt', 'validateCoupon'];
    const profile = Object.fromEntries(keys.filter((k) => k in loaded).map((k) => [k, loaded[k]]));
    const put = await inject({ method: 'PUT', url: `/api/customers/${pat}`, payload: { ...profile, verifyRedemptions: false, expectedRevision } }, manager);
    expect(put.statusCode).toBe(200);
  });

  it('should redeem directly with the line total capped amount and the matched line', async () => {
    const res = await redeem(oil[0], ` ${RO.a.toLowerCase()} `);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.dataSet).toMatchObject({ issuedCouponId: oil[0], status: 'redeemed', amount: 6_995, revision: 0, message: M.redeemed });
    expect(body.dataSet.id).toBe(body.dataSet.redemptionId);
    expect(body.metaData.position).toMatch(/^\d+$/);
    const [event] = await couponEvents(oil[0]);
    expect(event).toMatchObject({
      type: 'CouponRedeemed',
      data: { redemptionId: body.dataSet.redemptionId, saleId, customerId: pat, locationId: 1, roNumber: RO.a, amount: 6_995, via: 'direct', line: { jobId: 1, lineNo: 1, opCode: 'LOF', laborType: 'C', lineTotal: 6_995 } },
    });
  });

  it('should refuse a second coupon of the kind on the same RO (maxPerRo 1)', async () => {
    const res = await redeem(oil[1], RO.a);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([M.maxPerRoReached(1)]);
  });

  it('should refuse a warranty line for a customer-pay coupon', async () => {
    const res = await redeem(oil[1], RO.warranty);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([M.laborTypeNotEligible(['C'], ['W'])]);
  });

  it('should point to the help page when the RO is not in the DMS data', async () => {
    const res = await redeem(oil[1], RO.missing);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([M.roNotFound(RO.missing)]);
    expect(res.json().errors[0]).toContain('Coupon RO Not Found');
  });

  it('should refuse an unknown coupon with 404 and a bad body with 400', async () => {
    const unknown = await redeem(deterministicUuid('no-such-issued-coupon'), RO.a);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([M.couponNotFound]);
    const bad = await inject({ method: 'POST', url: '/api/coupon-redemptions', payload: { issuedCouponId: oil[1], customerId: pat, locationId: 1.5, roNumber: '' } });
    expect(bad.statusCode).toBe(400);
  });

  it('should redeem one coupon exactly once of 20 concurrent requests at two locations', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? redeem(oil[1], RO.c, 1) : redeem(oil[1], RO.d, 2))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().errors).toEqual([M.alreadyUsed]);
    }
    const events = await couponEvents(oil[1]);
    expect(events.map((e) => e.type)).toEqual(['CouponRedeemed']);
    // The loser's claims were released: each RO's ledger holds only the winner's claim, if any.
    const winner = events[0]!.data as { redemptionId: string; roNumber: string };
    for (const [roNumber, locationId] of [[RO.c, 1], [RO.d, 2]] as const) {
      const ledger = await server.product.store.readStream(`ro-coupon-ledger-${locationId}-${roNumber}`);
      const live = new Map<string, boolean>();
      for (const e of ledger) live.set((e.data as { redemptionId: string }).redemptionId, e.type === 'RoCouponClaimed');
      const claims = [...live].filter(([, on]) => on).map(([id]) => id);
      expect(claims).toEqual(roNumber === winner.roNumber ? [winner.redemptionId] : []);
    }
    // The winner's redemption is voided again for the tests below.
    const voided = await voidRedemption(oil[1], { redemptionId: winner.redemptionId, reason: 'Concurrency test' });
    expect(voided.statusCode).toBe(200);
  });

  it('should let the redeeming employee void with a reason, and the coupon is available again', async () => {
    const [first] = await couponEvents(oil[0]);
    const redemptionId = (first!.data as { redemptionId: string }).redemptionId;
    const noReason = await voidRedemption(oil[0], { redemptionId, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([M.voidReasonRequired]);
    // Another staff member (not a manager) may not void it.
    const other = await voidRedemption(oil[0], { redemptionId, reason: 'Not mine' }, controller);
    expect(other.statusCode).toBe(403);
    expect(other.json().errors).toEqual([M.changeNotAllowed]);
    const res = await voidRedemption(oil[0], { redemptionId, reason: 'Wrong coupon' });
    expect(res.statusCode).toBe(200);
    expect(res.json().dataSet).toMatchObject({ redemptionId, status: 'voided', message: M.voided });
    const again = await voidRedemption(oil[0], { redemptionId, reason: 'Twice' });
    expect(again.statusCode).toBe(200);
    expect(again.json().metaData).toEqual({});
    // Available again, on the same RO (its claim was released).
    const redeemed = await redeem(oil[0], RO.a);
    expect(redeemed.statusCode).toBe(201);
    expect(redeemed.json().dataSet.redemptionId).not.toBe(redemptionId);
  });

  it('should change the redemption\'s RO and free the old RO for another coupon', async () => {
    const current = (await couponEvents(oil[0])).filter((e) => e.type === 'CouponRedeemed').pop()!;
    const redemptionId = (current.data as { redemptionId: string }).redemptionId;
    const res = await inject({ method: 'PUT', url: `/api/coupon-redemptions/${oil[0]}`, payload: { redemptionId, locationId: 1, roNumber: RO.e } });
    expect(res.statusCode).toBe(200);
    expect(res.json().dataSet).toMatchObject({ redemptionId, status: 'redeemed', amount: 6_995, message: M.roChanged });
    const last = (await couponEvents(oil[0])).pop()!;
    expect(last).toMatchObject({ type: 'CouponRedemptionRoChanged', data: { redemptionId, from: { roNumber: RO.a }, to: { roNumber: RO.e, locationId: 1 } } });
    // RO A took no coupon now: the other oil coupon fits there; RO E is full.
    expect((await redeem(oil[1], RO.e)).json().errors).toEqual([M.maxPerRoReached(1)]);
    const other = await redeem(oil[1], RO.a);
    expect(other.statusCode).toBe(201);
    const unknown = await inject({ method: 'PUT', url: `/api/coupon-redemptions/${oil[0]}`, payload: { redemptionId: deterministicUuid('no-such-redemption'), locationId: 1, roNumber: RO.c } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([M.redemptionNotFound]);
  });

  it('should refuse the sale void while a coupon is redeemed, and accept it after the redemptions are voided', async () => {
    const voidSale = () => inject({ method: 'POST', url: `/api/pack-sales/${saleId}/void`, payload: { reason: 'Customer changed their mind' } }, manager);
    const refused = await voidSale();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([PACK_SALE_MESSAGES.voidCouponUsed]);
    for (const id of oil) {
      const current = (await couponEvents(id)).filter((e) => e.type === 'CouponRedeemed').pop()!;
      const res = await voidRedemption(id, { redemptionId: (current.data as { redemptionId: string }).redemptionId, reason: 'Sale voided' }, manager);
      expect(res.statusCode).toBe(200);
    }
    const accepted = await voidSale();
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().dataSet.status).toBe('voided');
    expect((await couponEvents(oil[0])).pop()?.type).toBe('IssuedCouponWithdrawn');
    const late = await redeem(oil[0], RO.a);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual([M.saleVoided]);
  });

  it('should settle a sale void racing a redemption one way or the other, never both', async () => {
    // Pat's pending Oil Change 4-Pack sold at location 1 today: its coupons are good there.
    const raceSale = demoSaleId('pat-oil4');
    const [row] = await server.product.sql<{ id: string }[]>`
      select issued_coupon_id::text as id from rm_pack_sales.issued_coupons where sale_id = ${raceSale} order by position limit 1`;
    const coupon = row!.id;
    const [voided, redeemed] = await Promise.all([
      inject({ method: 'POST', url: `/api/pack-sales/${raceSale}/void`, payload: { reason: 'Race' } }, manager),
      redeem(coupon, RO.f),
    ]);
    const types = (await couponEvents(coupon)).map((e) => e.type);
    if (voided.statusCode === 200) {
      expect(redeemed.statusCode).toBe(409);
      expect(redeemed.json().errors).toEqual([M.saleVoided]);
      expect(types).not.toContain('CouponRedeemed');
      expect(types.pop()).toBe('IssuedCouponWithdrawn');
    } else {
      expect(voided.statusCode).toBe(409);
      expect(voided.json().errors).toEqual([PACK_SALE_MESSAGES.voidCouponUsed]);
      expect(redeemed.statusCode).toBe(201);
      expect(types.filter((t) => t === 'IssuedCouponWithdrawn').length).toBe(types.filter((t) => t === 'IssuedCouponReinstated').length);
      // No other coupon of the sale stays withdrawn.
      const sale = await server.product.sql<{ id: string }[]>`select issued_coupon_id::text as id from rm_pack_sales.issued_coupons where sale_id = ${raceSale}`;
      for (const { id } of sale) {
        const t = (await couponEvents(id)).map((e) => e.type);
        expect(t.filter((x) => x === 'IssuedCouponWithdrawn').length).toBe(t.filter((x) => x === 'IssuedCouponReinstated').length);
      }
    }
  });

  it('should reinstate the coupons it withdrew when a redemption lands during the sale void', async () => {
    const sold = await inject({ method: 'POST', url: '/api/pack-sales', payload: { customerId: pat, packId: demoPackId('oil4'), locationId: 1, roNumber: RO.g, price: null, priceOverrideReason: null } });
    expect(sold.statusCode).toBe(201);
    const newSale = sold.json().dataSet.saleId as string;
    await waitForProjections(server.product);
    const coupons = (await server.product.sql<{ id: string }[]>`
      select issued_coupon_id::text as id from rm_pack_sales.issued_coupons where sale_id = ${newSale} order by position`).map((r) => r.id);
    expect(coupons).toHaveLength(4);
    // The void's store: just before it withdraws the second coupon, that coupon is redeemed (the race, made certain).
    let landed: number | null = null;
    const store = storeRunningBefore(issuedCouponStreamId(coupons[1]!), async () => {
      landed = (await redeem(coupons[1]!, RO.h)).statusCode;
    });
    const attempt = voidPackSale({ store, sql: server.product.sql }, newSale, { reason: 'Race' }, { userId: deterministicUuid('test-manager'), isManager: true }, systemContext('test:coupon-redemptions'));
    await expect(attempt).rejects.toMatchObject({ kind: 'conflict', errors: [PACK_SALE_MESSAGES.voidCouponUsed] });
    expect(landed).toBe(201);
    expect((await couponEvents(coupons[0]!)).map((e) => e.type)).toEqual(['IssuedCouponWithdrawn', 'IssuedCouponReinstated']);
    expect((await couponEvents(coupons[1]!)).map((e) => e.type)).toEqual(['CouponRedeemed']);
    expect(await couponEvents(coupons[2]!)).toEqual([]);
    // The sale is not voided, and the first coupon is usable again.
    expect((await server.product.store.readStream(packSaleStreamId(newSale))).map((e) => e.type)).toEqual(['PackSold']);
    expect((await redeem(coupons[0]!, RO.g)).statusCode).toBe(201);
  });

  it('should let a redemption that races a sale void which then fails succeed, never telling staff the sale was voided', async () => {
    const sold = await inject({ method: 'POST', url: '/api/pack-sales', payload: { customerId: pat, packId: demoPackId('oil4'), locationId: 1, roNumber: RO.i, price: null, priceOverrideReason: null } });
    expect(sold.statusCode).toBe(201);
    const newSale = sold.json().dataSet.saleId as string;
    await waitForProjections(server.product);
    const coupons = (await server.product.sql<{ id: string }[]>`
      select issued_coupon_id::text as id from rm_pack_sales.issued_coupons where sale_id = ${newSale} order by position`).map((r) => r.id);
    // The void has withdrawn the first coupon; just before it withdraws the second, a redemption of
    // the first starts (it finds the coupon withdrawn by a void that has not finished) and one of
    // the second lands, so the void fails and reinstates the first.
    let waiting: Promise<{ statusCode: number; json: () => { errors?: string[] } }> | null = null;
    let landed: number | null = null;
    const store = storeRunningBefore(issuedCouponStreamId(coupons[1]!), async () => {
      waiting = redeem(coupons[0]!, RO.j);
      await new Promise((r) => setTimeout(r, 150));
      landed = (await redeem(coupons[1]!, RO.k)).statusCode;
    });
    const attempt = voidPackSale({ store, sql: server.product.sql }, newSale, { reason: 'Race' }, { userId: deterministicUuid('test-manager'), isManager: true }, systemContext('test:coupon-redemptions'));
    await expect(attempt).rejects.toMatchObject({ kind: 'conflict', errors: [PACK_SALE_MESSAGES.voidCouponUsed] });
    expect(landed).toBe(201);
    const raced = await waiting!;
    expect(raced.json().errors ?? []).not.toContain(M.saleVoided);
    expect(raced.statusCode).toBe(201);
    expect((await couponEvents(coupons[0]!)).map((e) => e.type)).toEqual(['IssuedCouponWithdrawn', 'IssuedCouponReinstated', 'CouponRedeemed']);
  });

  it('should take back a withdrawal left by a sale void that died, and redeem', async () => {
    const sold = await inject({ method: 'POST', url: '/api/pack-sales', payload: { customerId: pat, packId: demoPackId('oil4'), locationId: 1, roNumber: RO.l, price: null, priceOverrideReason: null } });
    const newSale = sold.json().dataSet.saleId as string;
    await waitForProjections(server.product);
    const [row] = await server.product.sql<{ id: string; coupon: string }[]>`
      select issued_coupon_id::text as id, coupon_id::text as coupon from rm_pack_sales.issued_coupons where sale_id = ${newSale} order by position limit 1`;
    // The void withdrew the coupon a minute ago and its process died before voiding or reinstating.
    const minuteAgo = new Date(Date.now() - 60_000);
    const ctx = { ...systemContext('test:dead-void'), now: () => minuteAgo };
    const data = { issuedCouponId: row!.id, couponId: row!.coupon, saleId: newSale, customerId: pat, by: deterministicUuid('test-manager'), now: minuteAgo };
    await handle(server.product.store, issuedCouponStreamId(row!.id), issuedCouponDecider, { type: 'WithdrawIssuedCoupon', data }, ctx);
    const res = await redeem(row!.id, RO.m);
    expect(res.statusCode).toBe(201);
    expect((await couponEvents(row!.id)).map((e) => e.type)).toEqual(['IssuedCouponWithdrawn', 'IssuedCouponReinstated', 'CouponRedeemed']);
  });
});
