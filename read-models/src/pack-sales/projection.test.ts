/**
 * The pack sales read model against real PostgreSQL: a sale pending, finalised, its location
 * corrected (expiry instants recomputed, the correction recorded) and voided; re-applying
 * changes nothing; an unknown sale's event is parked; the worker's lookup index exists; and a
 * rebuild gives the same rows. Issue 12: a converted paper book's sale keeps its book number;
 * each issued coupon follows its own stream's redemptions (redeem, void, redeem again, RO
 * change, held then released, a sale void's withdraw and reinstate), idempotently, and an
 * unknown coupon's event is parked.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cents, endOfLocalDay } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { createPool } from '@dealer/platform/db/postgres';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { rebuildProjection } from '@dealer/projector/rebuild';
import { append, catchUp, couponRedeemed, couponTerms, issuedCouponStream, packSold, redemptionFacts, saleStream } from './test-events';
import { packSales } from './projection';
import { deriveDeskCode, deskCodeKey } from './desk-codes';

const env = useEventStoreDatabase();

const sale = async (saleId: string) => {
  const [r] = await env.db.sql`select customer_id::text, location_id, time_zone, sale_ro_number, status, pack_name, price::int, tax::int, total::int,
      to_char(sold_on, 'YYYY-MM-DD') as sold_on, finalised_via, finalised_by, void_reason, voided_by, refund::int, voided_was_status, revision
    from rm_pack_sales.sales where sale_id = ${saleId}`;
  return r;
};
const issued = (saleId: string) =>
  env.db.sql`select issued_coupon_id::text, coupon_id::text, position, terms->>'name' as name, to_char(expires_on, 'YYYY-MM-DD') as expires_on,
      expires_at, allocated_value::int as value
    from rm_pack_sales.issued_coupons where sale_id = ${saleId} order by position`;

describe('pack_sales', () => {
  const customerId = randomUUID();
  const oil = randomUUID();
  const rotation = randomUUID();
  const sold = packSold({
    customerId,
    items: [
      { couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 2 },
      { couponId: rotation, terms: couponTerms('Tire Rotation', { value: { kind: 'fixed', amount: cents(2500) }, validity: { kind: 'fixedDate', date: '2026-12-31' } }), quantity: 1 },
    ],
  });
  const saleId = sold.saleId;
  const manager = randomUUID();

  it('should record a pending sale with its issued coupons and their terms as sold', async () => {
    await append(env.store, saleStream(saleId), [{ type: 'PackSold', data: sold }]);
    expect(await catchUp(env.db.sql, env.store, packSales)).toBe(0);
    expect(await sale(saleId)).toMatchObject({ customer_id: customerId, location_id: 1, time_zone: 'America/Denver', sale_ro_number: '9900001', status: 'pending', pack_name: 'Care Pack', price: 19900, sold_on: '2026-03-10', revision: 0 });
    const coupons = await issued(saleId);
    expect(coupons.map((c) => [c.name, c.position, c.expires_on])).toEqual([
      ['Oil and Filter', 0, '2027-03-10'],
      ['Oil and Filter', 1, '2027-03-10'],
      ['Tire Rotation', 2, '2026-12-31'],
    ]);
    expect(coupons.reduce((sum, c) => sum + c.value, 0)).toBe(19900);
    expect(coupons[2]!.expires_at.toISOString()).toBe(endOfLocalDay('2026-12-31', 'America/Denver').toISOString());
  });

  it('should finalise, correct the location and void, as the events say', async () => {
    await append(env.store, saleStream(saleId), [{ type: 'PackSaleFinalised', data: { saleId, customerId, via: 'manager', finalisedAt: '2026-03-11T15:00:00.000Z', by: manager } }]);
    await catchUp(env.db.sql, env.store, packSales);
    expect(await sale(saleId)).toMatchObject({ status: 'final', finalised_via: 'manager', finalised_by: manager, revision: 1 });

    const coupons = await issued(saleId);
    const inLosAngeles = coupons.map((c) => ({ issuedCouponId: c.issued_coupon_id, expiresAt: endOfLocalDay(c.expires_on, 'America/Los_Angeles').toISOString() }));
    await append(env.store, saleStream(saleId), [
      {
        type: 'PackSaleLocationCorrected',
        data: { saleId, customerId, fromLocationId: 1, toLocationId: 2, timeZone: 'America/Los_Angeles', reason: 'Sold at the other store', by: manager, correctedAt: '2026-03-12T15:00:00.000Z', coupons: inLosAngeles },
      },
    ]);
    await catchUp(env.db.sql, env.store, packSales);
    expect(await sale(saleId)).toMatchObject({ location_id: 2, time_zone: 'America/Los_Angeles', status: 'final', revision: 2 });
    const moved = await issued(saleId);
    expect(moved.map((c) => c.expires_at.toISOString())).toEqual(inLosAngeles.map((c) => c.expiresAt));
    expect(moved.map((c) => c.expires_on)).toEqual(coupons.map((c) => c.expires_on));
    expect(await env.db.sql`select from_location_id, to_location_id, reason, corrected_by from rm_pack_sales.corrections where sale_id = ${saleId}`).toEqual([
      { from_location_id: 1, to_location_id: 2, reason: 'Sold at the other store', corrected_by: manager },
    ]);

    await append(env.store, saleStream(saleId), [
      {
        type: 'PackSaleVoided',
        data: { saleId, customerId, locationId: 2, reason: 'Customer changed their mind', by: manager, voidedAt: '2026-03-13T15:00:00.000Z', refund: sold.total, refundTax: sold.tax, voidedCouponIds: coupons.map((c) => c.issued_coupon_id), wasStatus: 'final' },
      },
      // A finalisation after the void (an import that raced it) leaves the sale voided, as evolvePackSale does.
      { type: 'PackSaleFinalised', data: { saleId, customerId, via: 'ro-closed', finalisedAt: '2026-03-14T15:00:00.000Z', by: 'system:workers' } },
    ]);
    await catchUp(env.db.sql, env.store, packSales);
    expect(await sale(saleId)).toMatchObject({ status: 'voided', void_reason: 'Customer changed their mind', voided_by: manager, refund: sold.total, voided_was_status: 'final', finalised_via: 'manager', revision: 4 });
  });

  it('should change nothing when the same events are applied again', async () => {
    const before = [await sale(saleId), await issued(saleId)];
    const events = await env.store.readStream(saleStream(saleId));
    await env.db.sql.begin((tx) => packSales.applyBatch(tx as unknown as Sql, 'rm_pack_sales', events));
    expect([await sale(saleId), await issued(saleId)]).toEqual(before);
  });

  it('should park an event of a sale it does not hold', async () => {
    const ghost = randomUUID();
    await append(env.store, saleStream(ghost), [{ type: 'PackSaleFinalised', data: { saleId: ghost, customerId, via: 'manager', finalisedAt: '2026-03-11T15:00:00.000Z', by: manager } }]);
    expect(await catchUp(env.db.sql, env.store, packSales)).toBe(1);
    const [parked] = await env.db.sql`select event_type, error from parked_events where projection = 'pack_sales'`;
    expect(parked!.error).toContain('does not hold');
  });

  it('should keep the paper book a sale converted, and none for a sale over the counter', async () => {
    const converted = { ...packSold({ customerId, items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 1 }], status: 'final', saleRoNumber: '9900004' }), paperBookNumber: 'PB-77' };
    await append(env.store, saleStream(converted.saleId), [{ type: 'PackSold', data: converted }]);
    await catchUp(env.db.sql, env.store, packSales);
    const books = await env.db.sql`select sale_id::text, paper_book_number from rm_pack_sales.sales where sale_id in ${env.db.sql([converted.saleId, saleId])} order by sold_at desc, sale_id`;
    expect(Object.fromEntries(books.map((b) => [b.sale_id, b.paper_book_number]))).toEqual({ [converted.saleId]: 'PB-77', [saleId]: null });
  });

  it('should index sales by status, location and sale RO (the finalising worker) and rebuild the same rows', async () => {
    const pending = packSold({ customerId, items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 1 }], saleRoNumber: '9900002' });
    await append(env.store, saleStream(pending.saleId), [{ type: 'PackSold', data: pending }]);
    await catchUp(env.db.sql, env.store, packSales);
    const snapshot = async () => [
      await env.db.sql`select * from rm_pack_sales.sales order by sale_id`,
      await env.db.sql`select * from rm_pack_sales.issued_coupons order by issued_coupon_id`,
      await env.db.sql`select * from rm_pack_sales.corrections order by sale_id, revision`,
      await env.db.sql`select * from rm_pack_sales.desk_codes order by code`,
    ];
    const expected = await snapshot();
    const result = await rebuildProjection({ sql: env.db.sql, store: env.store }, packSales, { batchSize: 2 });
    expect(result.parked).toBe(1);
    expect(await snapshot()).toEqual(expected);
    const indexes = await env.db.sql`select indexname, indexdef from pg_indexes where schemaname = 'rm_pack_sales' order by 1`;
    expect(indexes.map((i) => i.indexname)).toEqual(['corrections_pkey', 'desk_codes_issued_coupon_id_key', 'desk_codes_of_sale', 'desk_codes_pkey', 'desk_codes_sale', 'issued_coupons_customer', 'issued_coupons_pkey', 'issued_coupons_sale', 'issued_coupons_unused_expiry', 'sales_customer', 'sales_pkey', 'sales_status_ro']);
    expect(indexes.find((i) => i.indexname === 'sales_status_ro')!.indexdef).toContain('(status, location_id, sale_ro_number)');
    // Two rows: only with sequential scans off does the planner show the index it would use on a big table.
    const plan = await env.db.sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      return tx`explain select sale_id from rm_pack_sales.sales where status = 'pending' and location_id = 1 and sale_ro_number = '9900002'`;
    });
    expect(plan.map((p) => p['QUERY PLAN']).join('\n')).toContain('sales_status_ro');
    // A sale's codes of both kinds (saleDeskCodes) by the index, not a read of the whole table.
    const codesPlan = await env.db.sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      return tx`explain select code, kind from rm_pack_sales.desk_codes where sale_id = ${pending.saleId}`;
    });
    expect(codesPlan.map((p) => p['QUERY PLAN']).join('\n')).toContain('desk_codes_of_sale');
  });
});

describe('pack_sales: issued coupons and their redemptions', () => {
  const customerId = randomUUID();
  const oil = randomUUID();
  const sold = packSold({ customerId, items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 3 }], status: 'final', saleRoNumber: '9900003' });
  const [first, second, third] = sold.coupons.map((c) => c.issuedCouponId) as [string, string, string];
  const staff = randomUUID();
  const manager = randomUUID();

  const redemption = async (issuedCouponId: string) => {
    const [r] = await env.db.sql`select coupon_revision, redemption_id, redemption_state as state, redemption_location_id as location_id,
        redemption_ro_number as ro_number, redemption_op_code as op_code, redemption_labor_type as labor_type,
        redemption_amount::int as amount, redemption_verification_id as verification_id, redeemed_at, redeemed_by
      from rm_pack_sales.issued_coupons where issued_coupon_id = ${issuedCouponId}`;
    return r!;
  };
  const none = { redemption_id: null, state: null, location_id: null, ro_number: null, op_code: null, labor_type: null, amount: null, verification_id: null, redeemed_at: null, redeemed_by: null };

  it('should show a redemption, clear it when voided and show the next one', async () => {
    await append(env.store, saleStream(sold.saleId), [{ type: 'PackSold', data: sold }]);
    await catchUp(env.db.sql, env.store, packSales);
    expect(await redemption(first)).toEqual({ coupon_revision: null, ...none });

    const once = redemptionFacts(sold, 0, { roNumber: '5500001', amount: cents(3999), redeemedBy: staff });
    await append(env.store, issuedCouponStream(first), [couponRedeemed(once, '2026-04-01T16:00:05.000Z')]);
    expect(await catchUp(env.db.sql, env.store, packSales)).toBe(0);
    expect(await redemption(first)).toEqual({
      coupon_revision: 0,
      redemption_id: once.redemptionId,
      state: 'redeemed',
      location_id: 1,
      ro_number: '5500001',
      op_code: 'OIL',
      labor_type: 'C',
      amount: 3999,
      verification_id: null,
      redeemed_at: new Date('2026-04-01T16:00:05.000Z'),
      redeemed_by: staff,
    });

    await append(env.store, issuedCouponStream(first), [
      {
        type: 'CouponRedemptionVoided',
        data: { ...once, reason: 'Wrong customer', by: manager, voidedAt: '2026-04-01T17:00:00.000Z' },
      },
    ]);
    await catchUp(env.db.sql, env.store, packSales);
    expect(await redemption(first)).toEqual({ coupon_revision: 1, ...none });

    const again = redemptionFacts(sold, 0, { roNumber: '5500002', amount: cents(2500), redeemedBy: manager, laborType: 'W' });
    await append(env.store, issuedCouponStream(first), [
      couponRedeemed(again, '2026-04-02T16:00:00.000Z', 'rv-1'),
      // A late void of the first redemption (it names its redemptionId) leaves the second one standing, as evolveIssuedCoupon does.
      { type: 'CouponRedemptionVoided', data: { ...once, reason: 'Twice', by: manager, voidedAt: '2026-04-02T17:00:00.000Z' } },
    ]);
    await catchUp(env.db.sql, env.store, packSales);
    expect(await redemption(first)).toMatchObject({ coupon_revision: 3, redemption_id: again.redemptionId, state: 'redeemed', ro_number: '5500002', labor_type: 'W', amount: 2500, verification_id: 'rv-1', redeemed_by: manager });
  });

  it('should move a redemption to the RO an RO change names', async () => {
    const before = await redemption(first);
    const line = { jobId: 7, lineNo: 2, opCode: 'LOF', laborType: 'I' as const, lineTotal: cents(5000) };
    await append(env.store, issuedCouponStream(first), [
      {
        type: 'CouponRedemptionRoChanged',
        data: {
          redemptionId: before.redemption_id,
          issuedCouponId: first,
          couponId: oil,
          saleId: sold.saleId,
          customerId,
          soldLocationId: 1,
          allocatedValue: sold.coupons[0]!.allocatedValue,
          from: { locationId: 1, roNumber: '5500002', line: { jobId: 1, lineNo: 1, opCode: 'OIL', laborType: 'W', lineTotal: cents(8000) }, amount: cents(2500) },
          to: { locationId: 2, timeZone: 'America/Los_Angeles', roNumber: '6600001', line, amount: cents(2000) },
          by: manager,
          changedAt: '2026-04-03T16:00:00.000Z',
        },
      },
    ]);
    await catchUp(env.db.sql, env.store, packSales);
    expect(await redemption(first)).toEqual({ ...before, coupon_revision: 4, location_id: 2, ro_number: '6600001', op_code: 'LOF', labor_type: 'I', amount: 2000 });
  });

  it('should hold a coupon awaiting verification and give it back when released', async () => {
    const held = redemptionFacts(sold, 1, { roNumber: '5500003', redeemedBy: staff });
    await append(env.store, issuedCouponStream(second), [{ type: 'CouponRedemptionAwaitingVerification', data: { ...held, redemptionVerificationId: 'rv-2' } }]);
    await catchUp(env.db.sql, env.store, packSales);
    expect(await redemption(second)).toEqual({
      coupon_revision: 0,
      redemption_id: held.redemptionId,
      state: 'awaiting-verification',
      location_id: 1,
      ro_number: '5500003',
      op_code: 'OIL',
      labor_type: 'C',
      amount: 3999,
      verification_id: 'rv-2',
      redeemed_at: null,
      redeemed_by: staff,
    });
    await append(env.store, issuedCouponStream(second), [
      {
        type: 'CouponRedemptionReleased',
        data: { redemptionId: held.redemptionId, issuedCouponId: second, couponId: oil, saleId: sold.saleId, customerId, locationId: 1, roNumber: '5500003', redemptionVerificationId: 'rv-2', outcome: 'declined', releasedAt: '2026-04-01T16:10:00.000Z' },
      },
    ]);
    await catchUp(env.db.sql, env.store, packSales);
    expect(await redemption(second)).toEqual({ coupon_revision: 1, ...none });
  });

  it('should leave a coupon withdrawn and reinstated by a failed sale void as it was', async () => {
    const step = { issuedCouponId: third, couponId: oil, saleId: sold.saleId, customerId, by: manager };
    await append(env.store, issuedCouponStream(third), [
      { type: 'IssuedCouponWithdrawn', data: { ...step, withdrawnAt: '2026-04-04T16:00:00.000Z' } },
      { type: 'IssuedCouponReinstated', data: { ...step, reinstatedAt: '2026-04-04T16:00:01.000Z' } },
    ]);
    await catchUp(env.db.sql, env.store, packSales);
    expect(await redemption(third)).toEqual({ coupon_revision: 1, ...none });
  });

  it('should change nothing when the coupons\' events are applied again', async () => {
    const all = () => env.db.sql`select * from rm_pack_sales.issued_coupons where sale_id = ${sold.saleId} order by position`;
    const before = await all();
    const events = [...(await env.store.readStream(issuedCouponStream(first))), ...(await env.store.readStream(issuedCouponStream(second))), ...(await env.store.readStream(issuedCouponStream(third)))];
    await env.db.sql.begin((tx) => packSales.applyBatch(tx as unknown as Sql, 'rm_pack_sales', events));
    expect(await all()).toEqual(before);
  });

  it('should park an event of an issued coupon it does not hold, and rebuild the same rows', async () => {
    const ghost = { ...redemptionFacts(sold, 0), issuedCouponId: randomUUID() };
    await append(env.store, issuedCouponStream(ghost.issuedCouponId), [couponRedeemed(ghost)]);
    expect(await catchUp(env.db.sql, env.store, packSales)).toBe(1);
    const [parked] = await env.db.sql`select error from parked_events where projection = 'pack_sales' and event_type = 'CouponRedeemed'`;
    expect(parked!.error).toContain(`issued coupon ${ghost.issuedCouponId}, which the read model does not hold`);

    const snapshot = () => env.db.sql`select * from rm_pack_sales.issued_coupons order by issued_coupon_id`;
    const expected = await snapshot();
    const result = await rebuildProjection({ sql: env.db.sql, store: env.store }, packSales, { batchSize: 3 });
    expect(result.parked).toBe(2);
    expect(await snapshot()).toEqual(expected);
  });

  it('should prepare its statements with parameters on their connection (ADR 0113): pg_prepared_statements lists the inserts of the sale and its coupons and the desk codes look-up', async () => {
    // One connection, so the statements the batch ran are the ones pg_prepared_statements lists.
    const one = createPool(env.db.url, { max: 1 });
    try {
      const three = packSold({ customerId, items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 1 }], saleRoNumber: '9900004' });
      await append(env.store, saleStream(three.saleId), [{ type: 'PackSold', data: three }]);
      expect(await catchUp(one, env.store, packSales)).toBe(0);
      const prepared = (await one<{ statement: string }[]>`select statement from pg_prepared_statements`).map((r) => r.statement);
      const written = prepared.filter((statement) => statement.includes('"rm_pack_sales".'));
      expect(written.some((statement) => /insert into "rm_pack_sales"\.sales /.test(statement))).toBe(true);
      expect(written.some((statement) => /insert into "rm_pack_sales"\.issued_coupons /.test(statement))).toBe(true);
      expect(written.some((statement) => /from "rm_pack_sales"\.desk_codes where code = any/.test(statement))).toBe(true);
    } finally {
      await one.end();
    }
  });

  it('should give every sale and issued coupon its own desk code, keyed, the same on a rebuild and for sales from before codes', async () => {
    const two = packSold({ customerId, items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 2 }], saleRoNumber: '9900003' });
    await append(env.store, saleStream(two.saleId), [{ type: 'PackSold', data: two }]);
    await catchUp(env.db.sql, env.store, packSales);
    const codes = await env.db.sql<{ code: string; kind: string; issued_coupon_id: string | null; customer_id: string }[]>`
      select code, kind, issued_coupon_id::text, customer_id::text from rm_pack_sales.desk_codes where sale_id = ${two.saleId} order by kind desc, issued_coupon_id`;
    expect(codes.map((c) => c.kind)).toEqual(['sale', 'coupon', 'coupon']);
    expect(new Set(codes.map((c) => c.code)).size).toBe(3);
    for (const c of codes) {
      expect(c.code).toMatch(/^[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}$/);
      expect(c.customer_id).toBe(customerId);
    }
    // The code is the keyed derivation of the id: without this install's key it cannot be worked out.
    const key = await env.db.sql.begin((tx) => deskCodeKey(tx as unknown as Sql));
    expect(codes[0]!.code).toBe(deriveDeskCode(key, { kind: 'sale', saleId: two.saleId, issuedCouponId: null }));
    expect(codes[1]!.code).toBe(deriveDeskCode(key, { kind: 'coupon', saleId: two.saleId, issuedCouponId: codes[1]!.issued_coupon_id }));
    expect(codes[0]!.code).not.toBe(deriveDeskCode(Buffer.alloc(32, 1), { kind: 'sale', saleId: two.saleId, issuedCouponId: null }));

    // A live schema filled before codes existed: its rows get the same codes when the projector starts (createTables).
    const all = await env.db.sql`select code, kind, sale_id::text, issued_coupon_id::text from rm_pack_sales.desk_codes order by code`;
    await env.db.sql`delete from rm_pack_sales.desk_codes`;
    await env.db.sql.begin((tx) => packSales.createTables(tx as unknown as Sql, 'rm_pack_sales'));
    expect(await env.db.sql`select code, kind, sale_id::text, issued_coupon_id::text from rm_pack_sales.desk_codes order by code`).toEqual(all);
    expect(all.length).toBeGreaterThanOrEqual(6);
  });
});
