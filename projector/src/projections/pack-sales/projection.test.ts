/**
 * The pack sales read model against real PostgreSQL: a sale pending, finalised, its location
 * corrected (expiry instants recomputed, the correction recorded) and voided; re-applying
 * changes nothing; an unknown sale's event is parked; the worker's lookup index exists; and a
 * rebuild gives the same rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, endOfLocalDay } from '@dealer/contracts';
import { PostgresEventStore, type Sql } from '@dealer/platform';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { rebuildProjection } from '../../rebuild';
import { append, catchUp, couponTerms, packSold, saleStream } from './test-events';
import { packSales } from './projection';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.sql, { pollIntervalMs: 50 });
});
afterAll(async () => {
  await db?.drop();
});

const sale = async (saleId: string) => {
  const [r] = await db.sql`select customer_id::text, location_id, time_zone, sale_ro_number, status, pack_name, price::int, tax::int, total::int,
      to_char(sold_on, 'YYYY-MM-DD') as sold_on, finalised_via, finalised_by, void_reason, voided_by, refund::int, voided_was_status, revision
    from rm_pack_sales.sales where sale_id = ${saleId}`;
  return r;
};
const issued = (saleId: string) =>
  db.sql`select issued_coupon_id::text, coupon_id::text, position, terms->>'name' as name, to_char(expires_on, 'YYYY-MM-DD') as expires_on,
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
    await append(store, saleStream(saleId), [{ type: 'PackSold', data: sold }]);
    expect(await catchUp(db.sql, store, packSales)).toBe(0);
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
    await append(store, saleStream(saleId), [{ type: 'PackSaleFinalised', data: { saleId, customerId, via: 'manager', finalisedAt: '2026-03-11T15:00:00.000Z', by: manager } }]);
    await catchUp(db.sql, store, packSales);
    expect(await sale(saleId)).toMatchObject({ status: 'final', finalised_via: 'manager', finalised_by: manager, revision: 1 });

    const coupons = await issued(saleId);
    const inLosAngeles = coupons.map((c) => ({ issuedCouponId: c.issued_coupon_id, expiresAt: endOfLocalDay(c.expires_on, 'America/Los_Angeles').toISOString() }));
    await append(store, saleStream(saleId), [
      {
        type: 'PackSaleLocationCorrected',
        data: { saleId, customerId, fromLocationId: 1, toLocationId: 2, timeZone: 'America/Los_Angeles', reason: 'Sold at the other store', by: manager, correctedAt: '2026-03-12T15:00:00.000Z', coupons: inLosAngeles },
      },
    ]);
    await catchUp(db.sql, store, packSales);
    expect(await sale(saleId)).toMatchObject({ location_id: 2, time_zone: 'America/Los_Angeles', status: 'final', revision: 2 });
    const moved = await issued(saleId);
    expect(moved.map((c) => c.expires_at.toISOString())).toEqual(inLosAngeles.map((c) => c.expiresAt));
    expect(moved.map((c) => c.expires_on)).toEqual(coupons.map((c) => c.expires_on));
    expect(await db.sql`select from_location_id, to_location_id, reason, corrected_by from rm_pack_sales.corrections where sale_id = ${saleId}`).toEqual([
      { from_location_id: 1, to_location_id: 2, reason: 'Sold at the other store', corrected_by: manager },
    ]);

    await append(store, saleStream(saleId), [
      {
        type: 'PackSaleVoided',
        data: { saleId, customerId, locationId: 2, reason: 'Customer changed their mind', by: manager, voidedAt: '2026-03-13T15:00:00.000Z', refund: sold.total, refundTax: sold.tax, voidedCouponIds: coupons.map((c) => c.issued_coupon_id), wasStatus: 'final' },
      },
      // A finalisation after the void (an import that raced it) leaves the sale voided, as evolvePackSale does.
      { type: 'PackSaleFinalised', data: { saleId, customerId, via: 'ro-closed', finalisedAt: '2026-03-14T15:00:00.000Z', by: 'system:workers' } },
    ]);
    await catchUp(db.sql, store, packSales);
    expect(await sale(saleId)).toMatchObject({ status: 'voided', void_reason: 'Customer changed their mind', voided_by: manager, refund: sold.total, voided_was_status: 'final', finalised_via: 'manager', revision: 4 });
  });

  it('should change nothing when the same events are applied again', async () => {
    const before = [await sale(saleId), await issued(saleId)];
    const events = await store.readStream(saleStream(saleId));
    await db.sql.begin((tx) => packSales.applyBatch(tx as unknown as Sql, 'rm_pack_sales', events));
    expect([await sale(saleId), await issued(saleId)]).toEqual(before);
  });

  it('should park an event of a sale it does not hold', async () => {
    const ghost = randomUUID();
    await append(store, saleStream(ghost), [{ type: 'PackSaleFinalised', data: { saleId: ghost, customerId, via: 'manager', finalisedAt: '2026-03-11T15:00:00.000Z', by: manager } }]);
    expect(await catchUp(db.sql, store, packSales)).toBe(1);
    const [parked] = await db.sql`select event_type, error from parked_events where projection = 'pack_sales'`;
    expect(parked!.error).toContain('does not hold');
  });

  it('should index sales by status, location and sale RO (the finalising worker) and rebuild the same rows', async () => {
    const pending = packSold({ customerId, items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 1 }], saleRoNumber: '9900002' });
    await append(store, saleStream(pending.saleId), [{ type: 'PackSold', data: pending }]);
    await catchUp(db.sql, store, packSales);
    const snapshot = async () => [
      await db.sql`select * from rm_pack_sales.sales order by sale_id`,
      await db.sql`select * from rm_pack_sales.issued_coupons order by issued_coupon_id`,
      await db.sql`select * from rm_pack_sales.corrections order by sale_id, revision`,
    ];
    const expected = await snapshot();
    const result = await rebuildProjection({ sql: db.sql, store }, packSales, { batchSize: 2 });
    expect(result.parked).toBe(1);
    expect(await snapshot()).toEqual(expected);
    const indexes = await db.sql`select indexname, indexdef from pg_indexes where schemaname = 'rm_pack_sales' order by 1`;
    expect(indexes.map((i) => i.indexname)).toEqual(['corrections_pkey', 'issued_coupons_customer', 'issued_coupons_pkey', 'issued_coupons_sale', 'sales_customer', 'sales_pkey', 'sales_status_ro']);
    expect(indexes.find((i) => i.indexname === 'sales_status_ro')!.indexdef).toContain('(status, location_id, sale_ro_number)');
    // Two rows: only with sequential scans off does the planner show the index it would use on a big table.
    const plan = await db.sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      return tx`explain select sale_id from rm_pack_sales.sales where status = 'pending' and location_id = 1 and sale_ro_number = '9900002'`;
    });
    expect(plan.map((p) => p['QUERY PLAN']).join('\n')).toContain('sales_status_ro');
  });
});
