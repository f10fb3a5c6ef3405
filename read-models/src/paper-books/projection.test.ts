/**
 * The paper books read model against real PostgreSQL: a registered book and its numbered
 * coupons with the terms they were printed with; a paper coupon redeemed, voided, redeemed
 * again, and a late void of the first redemption leaving the second; a conversion recording the
 * customer, sale, count and value and marking the moved coupons; re-applying changes nothing;
 * events of an unknown book, or naming a coupon number the book does not have, are parked (and
 * the book's later events wait behind them); a rebuild gives the same rows.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cents, endOfLocalDay, paperBookStreamId } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { rebuildProjection } from '@dealer/projector/rebuild';
import { append, catchUp, couponTerms } from '../pack-sales/test-events';
import { paperBooks } from './projection';
import { paperBookConverted, paperBookRegistered, paperCouponRedeemed, paperRedemptionVoided } from './test-events';

const env = useEventStoreDatabase();

const book = async (bookNumber: string) => {
  const [r] = await env.db.sql`select pack_name, pack_description, location_id, time_zone, sale_ro_number, to_char(sold_on, 'YYYY-MM-DD') as sold_on,
      price::int, source, registered_by, registered_at, converted_customer_id::text, converted_sale_id::text, converted_count,
      converted_value::int, converted_at, converted_by, revision
    from rm_paper_books.books where book_number = ${bookNumber}`;
  return r;
};
const coupons = (bookNumber: string) =>
  env.db.sql`select number, paper_coupon_id::text, coupon_id::text, terms->>'name' as name, to_char(expires_on, 'YYYY-MM-DD') as expires_on,
      expires_at, allocated_value::int as value, converted, redemption_id, redemption_location_id as location_id,
      redemption_ro_number as ro_number, redemption_op_code as op_code, redemption_labor_type as labor_type,
      redemption_amount::int as amount, redeemed_at, redeemed_by
    from rm_paper_books.paper_coupons where book_number = ${bookNumber} order by number`;
const none = { redemption_id: null, location_id: null, ro_number: null, op_code: null, labor_type: null, amount: null, redeemed_at: null, redeemed_by: null };

describe('paper_books', () => {
  const oil = randomUUID();
  const rotation = randomUUID();
  const registered = paperBookRegistered({
    bookNumber: 'PB-1001',
    items: [
      { couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 2 },
      { couponId: rotation, terms: couponTerms('Tire Rotation', { value: { kind: 'fixed', amount: cents(2500) }, validity: { kind: 'fixedDate', date: '2026-12-31' } }), quantity: 1 },
    ],
  });
  const stream = paperBookStreamId('PB-1001');
  const staff = randomUUID();
  const manager = randomUUID();
  const customerId = randomUUID();

  it('should record a registered book with its numbered coupons and their terms as printed', async () => {
    await append(env.store, stream, [registered]);
    expect(await catchUp(env.db.sql, env.store, paperBooks)).toBe(0);
    expect(await book('PB-1001')).toMatchObject({
      pack_name: 'Paper Care Pack',
      pack_description: 'The printed book of a year of care',
      location_id: 1,
      time_zone: 'America/Denver',
      sale_ro_number: '8800001',
      sold_on: '2026-03-10',
      price: 19900,
      source: 'import',
      registered_by: 'import',
      converted_customer_id: null,
      converted_count: null,
      revision: 0,
    });
    const rows = await coupons('PB-1001');
    expect(rows.map((c) => [c.number, c.name, c.expires_on, c.converted])).toEqual([
      [1, 'Oil and Filter', '2027-03-10', false],
      [2, 'Oil and Filter', '2027-03-10', false],
      [3, 'Tire Rotation', '2026-12-31', false],
    ]);
    expect(rows.map((c) => c.paper_coupon_id)).toEqual(registered.data.coupons.map((c) => c.paperCouponId));
    expect(rows.reduce((sum, c) => sum + c.value, 0)).toBe(19900);
    expect(rows[2]!.expires_at.toISOString()).toBe(endOfLocalDay('2026-12-31', 'America/Denver').toISOString());
    expect(rows.every((c) => c.redemption_id === null)).toBe(true);
  });

  it('should show a redemption, clear it when voided, show the next one and ignore a late void of the first', async () => {
    const first = paperCouponRedeemed(registered, 1, { roNumber: '5500001', redeemedBy: staff, amount: cents(3999) });
    await append(env.store, stream, [first]);
    expect(await catchUp(env.db.sql, env.store, paperBooks)).toBe(0);
    expect((await coupons('PB-1001'))[0]).toMatchObject({
      redemption_id: first.data.redemptionId,
      location_id: 1,
      ro_number: '5500001',
      op_code: 'OIL',
      labor_type: 'C',
      amount: 3999,
      redeemed_at: new Date('2026-04-02T16:00:00.000Z'),
      redeemed_by: staff,
    });
    expect(await book('PB-1001')).toMatchObject({ revision: 1 });

    await append(env.store, stream, [paperRedemptionVoided(first, manager)]);
    await catchUp(env.db.sql, env.store, paperBooks);
    expect((await coupons('PB-1001'))[0]).toMatchObject(none);

    const second = paperCouponRedeemed(registered, 1, { roNumber: '5500002', locationId: 2, redeemedBy: manager, laborType: 'W', amount: cents(2500), redeemedAt: '2026-04-02T18:00:00.000Z' });
    await append(env.store, stream, [second, paperRedemptionVoided(first, manager, '2026-04-02T19:00:00.000Z')]);
    await catchUp(env.db.sql, env.store, paperBooks);
    expect((await coupons('PB-1001'))[0]).toMatchObject({ redemption_id: second.data.redemptionId, location_id: 2, ro_number: '5500002', labor_type: 'W', amount: 2500, redeemed_by: manager });
    expect(await book('PB-1001')).toMatchObject({ revision: 4 });
  });

  it('should record a conversion and mark the coupons it moved', async () => {
    const converted = paperBookConverted(registered, [2, 3], customerId, staff);
    await append(env.store, stream, [converted]);
    await catchUp(env.db.sql, env.store, paperBooks);
    expect(await book('PB-1001')).toMatchObject({
      converted_customer_id: customerId,
      converted_sale_id: converted.data.saleId,
      converted_count: 2,
      converted_value: converted.data.convertedValue,
      converted_at: new Date('2026-04-03T16:00:00.000Z'),
      converted_by: staff,
      revision: 5,
    });
    expect((await coupons('PB-1001')).map((c) => [c.number, c.converted, c.redemption_id !== null])).toEqual([
      [1, false, true],
      [2, true, false],
      [3, true, false],
    ]);
  });

  it('should change nothing when the same events are applied again', async () => {
    const before = [await book('PB-1001'), await coupons('PB-1001')];
    const events = await env.store.readStream(stream);
    await env.db.sql.begin((tx) => paperBooks.applyBatch(tx as unknown as Sql, 'rm_paper_books', events));
    expect([await book('PB-1001'), await coupons('PB-1001')]).toEqual(before);
  });

  it('should park an event of a book it does not hold, and one naming a coupon the book does not have (later events of that book wait)', async () => {
    const ghost = paperBookRegistered({ bookNumber: 'GHOST-1', items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 1 }] });
    await append(env.store, paperBookStreamId('GHOST-1'), [paperCouponRedeemed(ghost, 1)]);
    expect(await catchUp(env.db.sql, env.store, paperBooks)).toBe(1);
    const [unknown] = await env.db.sql`select event_type, error from parked_events where projection = 'paper_books' and stream_id = ${paperBookStreamId('GHOST-1')}`;
    expect(unknown).toMatchObject({ event_type: 'PaperCouponRedeemed' });
    expect(unknown!.error).toContain('paper book GHOST-1, which the read model does not hold');

    const small = paperBookRegistered({ bookNumber: 'PB-2', items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 2 }] });
    const beyond = paperCouponRedeemed(small, 2);
    beyond.data.paperCouponNumber = 7;
    await append(env.store, paperBookStreamId('PB-2'), [small, beyond, paperCouponRedeemed(small, 1)]);
    expect(await catchUp(env.db.sql, env.store, paperBooks)).toBe(2);
    const parked = await env.db.sql`select event_type, error from parked_events where projection = 'paper_books' and stream_id = ${paperBookStreamId('PB-2')} order by global_position`;
    expect(parked.map((p) => p.event_type)).toEqual(['PaperCouponRedeemed', 'PaperCouponRedeemed']);
    expect(parked[0]!.error).toContain('names coupon number 7, which the book does not have');
    expect(parked[1]!.error).toContain('Waiting');
    // Nothing of the parked events reached the book: it stays as registered.
    expect(await book('PB-2')).toMatchObject({ revision: 0 });
    expect((await coupons('PB-2')).every((c) => c.redemption_id === null)).toBe(true);
  });

  it('should rebuild the same rows', async () => {
    const snapshot = async () => [
      await env.db.sql`select * from rm_paper_books.books order by book_number`,
      await env.db.sql`select * from rm_paper_books.paper_coupons order by book_number, number`,
    ];
    const expected = await snapshot();
    expect(expected[0]).toHaveLength(2);
    const result = await rebuildProjection({ sql: env.db.sql, store: env.store }, paperBooks, { batchSize: 2 });
    expect(result.parked).toBe(3);
    expect(await snapshot()).toEqual(expected);
  });
});
