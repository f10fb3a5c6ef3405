/**
 * The reports read model against real PostgreSQL: sales of each kind (over the counter, online,
 * a converted paper book) with their status, location correction, void (its local day in the
 * sale's zone) and the provider's refund; digital redemptions redeemed, moved by an RO change
 * and voided; paper redemptions sharing their book's stream; re-applying changes nothing; an
 * event of a sale or redemption the table does not hold is parked; a rebuild gives the same rows.
 * Gifts: a paid gift is an online sale on its payment day, its claim only names the recipient, an
 * unclaimed gift that expired is a void with the whole refund on its local day.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cents, paperBookStreamId } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { rebuildProjection } from '@dealer/projector/rebuild';
import { append, catchUp, couponRedeemed, couponTerms, issuedCouponStream, packSold, redemptionFacts, saleStream } from '../pack-sales/test-events';
import { paperBookRegistered, paperCouponRedeemed, paperRedemptionVoided } from '../paper-books/test-events';
import { reports } from './projection';
import { giftClaimSale, giftClaimed, giftExpired, giftPurchased, giftRefunded, giftSaleId, giftStreamId } from './gift-test-events';

const env = useEventStoreDatabase();

const sale = async (saleId: string) => {
  const [r] = await env.db.sql`select kind, location_id, time_zone, status, price::int, tax::int, total::int, coupon_count, paper_book_number, online_order_id,
      to_char(sold_on, 'YYYY-MM-DD') as sold_on, to_char(finalised_on, 'YYYY-MM-DD') as finalised_on, to_char(voided_on, 'YYYY-MM-DD') as voided_on,
      to_char(converted_on, 'YYYY-MM-DD') as converted_on, refund::int, refund_tax::int, void_reason, provider_refunded_at, revision::int
    from rm_reports.sales where sale_id = ${saleId}`;
  return r;
};
const redemption = async (redemptionId: string) => {
  const [r] = await env.db.sql`select source, issued_coupon_id, sale_id::text, paper_book_number, sold_location_id, location_id, time_zone, ro_number,
      op_code, line_total::int, amount::int, allocated_value::int, status, to_char(redeemed_on, 'YYYY-MM-DD') as redeemed_on,
      to_char(voided_on, 'YYYY-MM-DD') as voided_on, void_reason, revision::int
    from rm_reports.redemptions where redemption_id = ${redemptionId}`;
  return r;
};

describe('reports projection', () => {
  const customerId = randomUUID();
  const oil = randomUUID();
  const manager = randomUUID();
  const items = [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 3 }];
  const lane = packSold({ customerId, items });
  const online = { ...packSold({ customerId, items, status: 'final', soldOn: '2026-03-11' }), onlineOrderId: 'order-1' };
  const converted = { ...packSold({ customerId, items, status: 'final', price: 12000 }), paperBookNumber: 'PB-9', tax: cents(0), total: cents(12000), soldAt: '2026-04-01T05:30:00.000Z' };

  it('should record each sale with its kind, figures and coupon count', async () => {
    await append(env.store, saleStream(lane.saleId), [{ type: 'PackSold', data: lane }]);
    await append(env.store, saleStream(online.saleId), [{ type: 'PackSold', data: online }]);
    await append(env.store, saleStream(converted.saleId), [{ type: 'PackSold', data: converted }]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(0);
    expect(await sale(lane.saleId)).toMatchObject({ kind: 'lane', location_id: 1, status: 'pending', price: 19900, tax: lane.tax, total: lane.total, coupon_count: 3, sold_on: '2026-03-10', revision: 0 });
    expect(await sale(online.saleId)).toMatchObject({ kind: 'online', online_order_id: 'order-1', status: 'final', sold_on: '2026-03-11' });
    // A conversion keeps the book's paper sale day; it was converted late on the 31st in Denver.
    expect(await sale(converted.saleId)).toMatchObject({ kind: 'paper-conversion', paper_book_number: 'PB-9', price: 12000, tax: 0, total: 12000, sold_on: '2026-03-10', converted_on: '2026-03-31' });
    expect(await sale(lane.saleId)).toMatchObject({ converted_on: null });
  });

  it('should finalise, correct the location and void on the local day of the void in the sale location', async () => {
    const saleId = lane.saleId;
    await append(env.store, saleStream(saleId), [
      { type: 'PackSaleFinalised', data: { saleId, customerId, via: 'manager', finalisedAt: '2026-03-11T15:00:00.000Z', by: manager } },
      { type: 'PackSaleLocationCorrected', data: { saleId, customerId, fromLocationId: 1, toLocationId: 2, timeZone: 'America/Los_Angeles', reason: 'Other store', by: manager, correctedAt: '2026-03-12T15:00:00.000Z', coupons: [] } },
      // 06:30Z on the 14th is still the 13th in Los Angeles (and in Denver).
      { type: 'PackSaleVoided', data: { saleId, customerId, locationId: 2, reason: 'Changed their mind', by: manager, voidedAt: '2026-03-14T06:30:00.000Z', refund: lane.total, refundTax: lane.tax, voidedCouponIds: [], wasStatus: 'final' } },
      { type: 'PackSaleFinalised', data: { saleId, customerId, via: 'ro-closed', finalisedAt: '2026-03-15T15:00:00.000Z', by: 'system:workers' } },
    ]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(0);
    expect(await sale(saleId)).toMatchObject({
      location_id: 2,
      time_zone: 'America/Los_Angeles',
      status: 'voided',
      finalised_on: '2026-03-11',
      voided_on: '2026-03-13',
      refund: lane.total,
      refund_tax: lane.tax,
      void_reason: 'Changed their mind',
      sold_on: '2026-03-10',
      revision: 4,
    });
  });

  it('should record the provider refund of an online sale', async () => {
    await append(env.store, `online-order-order-1`, [
      { type: 'OnlineOrderRefunded', data: { orderId: 'order-1', customerId, paymentId: 'p1', saleId: online.saleId, refundId: 'r1', amount: online.total, status: 'succeeded', refundedAt: '2026-03-16T10:00:00.000Z' } },
    ]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(0);
    expect((await sale(online.saleId))!.provider_refunded_at.toISOString()).toBe('2026-03-16T10:00:00.000Z');
  });

  const first = redemptionFacts(online, 0, { roNumber: '5500001', locationId: 1 });
  const second = redemptionFacts(online, 1, { roNumber: '5500002', locationId: 1 });

  it('should record digital redemptions, move one by an RO change and void the other on its local day', async () => {
    await append(env.store, issuedCouponStream(first.issuedCouponId), [
      { type: 'CouponRedemptionAwaitingVerification', data: { ...first, redemptionVerificationId: 'v1' } },
      couponRedeemed(first, '2026-04-01T16:00:00.000Z', 'v1'),
      {
        type: 'CouponRedemptionRoChanged',
        data: {
          redemptionId: first.redemptionId,
          issuedCouponId: first.issuedCouponId,
          couponId: first.couponId,
          saleId: first.saleId,
          customerId,
          soldLocationId: first.soldLocationId,
          allocatedValue: first.allocatedValue,
          from: { locationId: 1, roNumber: '5500001', line: first.line, amount: first.amount },
          to: { locationId: 3, timeZone: 'America/New_York', roNumber: '7700001', line: { ...first.line, opCode: 'OIL2', lineTotal: cents(9000) }, amount: cents(3500) },
          by: manager,
          changedAt: '2026-04-02T16:00:00.000Z',
        },
      },
    ]);
    await append(env.store, issuedCouponStream(second.issuedCouponId), [
      couponRedeemed(second, '2026-04-01T16:00:00.000Z'),
      {
        type: 'CouponRedemptionVoided',
        data: {
          redemptionId: second.redemptionId,
          issuedCouponId: second.issuedCouponId,
          couponId: second.couponId,
          saleId: second.saleId,
          customerId,
          soldLocationId: 1,
          locationId: 1,
          roNumber: second.roNumber,
          line: second.line,
          amount: second.amount,
          allocatedValue: second.allocatedValue,
          reason: 'Wrong coupon',
          by: manager,
          // 05:00Z on the 3rd is the 2nd in Denver.
          voidedAt: '2026-04-03T05:00:00.000Z',
        },
      },
      { type: 'IssuedCouponWithdrawn', data: { issuedCouponId: second.issuedCouponId, couponId: second.couponId, saleId: second.saleId, customerId, by: manager, withdrawnAt: '2026-04-04T00:00:00.000Z' } },
    ]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(0);
    expect(await redemption(first.redemptionId)).toMatchObject({
      source: 'digital',
      issued_coupon_id: first.issuedCouponId,
      sale_id: online.saleId,
      sold_location_id: 1,
      location_id: 3,
      time_zone: 'America/New_York',
      ro_number: '7700001',
      op_code: 'OIL2',
      line_total: 9000,
      amount: 3500,
      allocated_value: first.allocatedValue,
      status: 'redeemed',
      redeemed_on: '2026-04-01',
      revision: 2,
    });
    expect(await redemption(second.redemptionId)).toMatchObject({ status: 'voided', voided_on: '2026-04-02', void_reason: 'Wrong coupon', amount: 3999, revision: 1 });
  });

  it('should move the location holding the money of a sale\'s redemptions when the sale location is corrected', async () => {
    await append(env.store, saleStream(online.saleId), [
      { type: 'PackSaleLocationCorrected', data: { saleId: online.saleId, customerId, fromLocationId: 1, toLocationId: 2, timeZone: 'America/Los_Angeles', reason: 'Other store', by: manager, correctedAt: '2026-04-05T15:00:00.000Z', coupons: [] } },
    ]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(0);
    expect((await redemption(first.redemptionId))!.sold_location_id).toBe(2);
    expect((await redemption(second.redemptionId))!.sold_location_id).toBe(2);
    expect(await sale(online.saleId)).toMatchObject({ location_id: 2, status: 'final', voided_on: null });
  });

  const book = paperBookRegistered({ bookNumber: 'PB-21', items, locationId: 2 });
  const paperOne = paperCouponRedeemed(book, 1, { locationId: 1, roNumber: '6600001' });
  const paperTwo = paperCouponRedeemed(book, 2, { locationId: 1, roNumber: '6600002' });

  it('should record paper redemptions of one book, each row with the revision of the book stream that wrote it', async () => {
    await append(env.store, paperBookStreamId('PB-21'), [book, paperOne, paperTwo, paperRedemptionVoided(paperOne, manager, '2026-04-02T17:00:00.000Z')]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(0);
    expect(await redemption(paperOne.data.redemptionId)).toMatchObject({
      source: 'paper',
      issued_coupon_id: paperOne.data.paperCouponId,
      sale_id: null,
      paper_book_number: 'PB-21',
      sold_location_id: 2,
      location_id: 1,
      ro_number: '6600001',
      status: 'voided',
      voided_on: '2026-04-02',
      revision: 3,
    });
    expect(await redemption(paperTwo.data.redemptionId)).toMatchObject({ source: 'paper', status: 'redeemed', redeemed_on: '2026-04-02', revision: 2 });
  });

  it('should change nothing when the same events are applied again', async () => {
    const snapshot = async () => [await env.db.sql`select * from rm_reports.sales order by sale_id`, await env.db.sql`select * from rm_reports.redemptions order by redemption_id`];
    const before = await snapshot();
    const events = await env.store.readAll({ after: 0, maxCount: 1000 });
    const handled = events.filter((e) => reports.handles.has(e.type));
    await env.db.sql.begin((tx) => reports.applyBatch(tx as unknown as Sql, 'rm_reports', handled));
    expect(await snapshot()).toEqual(before);
  });

  it('should park an event of a sale or a redemption it does not hold', async () => {
    const ghost = randomUUID();
    await append(env.store, saleStream(ghost), [{ type: 'PackSaleFinalised', data: { saleId: ghost, customerId, via: 'manager', finalisedAt: '2026-03-11T15:00:00.000Z', by: manager } }]);
    const stray = paperCouponRedeemed(book, 3, {});
    await append(env.store, paperBookStreamId('PB-21'), [paperRedemptionVoided(stray, manager)]);
    await append(env.store, 'online-order-order-2', [
      { type: 'OnlineOrderRefunded', data: { orderId: 'order-2', customerId, paymentId: 'p2', saleId: ghost, refundId: 'r2', amount: 100, status: 'succeeded', refundedAt: '2026-03-16T10:00:00.000Z' } },
    ]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(3);
    const parked = await env.db.sql`select event_type, error from parked_events where projection = 'reports' order by event_type`;
    expect(parked.map((p) => p.event_type)).toEqual(['OnlineOrderRefunded', 'PackSaleFinalised', 'PaperCouponRedemptionVoided']);
    expect(parked.every((p) => String(p.error).includes('does not hold'))).toBe(true);
  });

  it('should rebuild the same rows', async () => {
    const snapshot = async () => [await env.db.sql`select * from rm_reports.sales order by sale_id`, await env.db.sql`select * from rm_reports.redemptions order by redemption_id`];
    const expected = await snapshot();
    const result = await rebuildProjection({ sql: env.db.sql, store: env.store }, reports, { batchSize: 3 });
    expect(result.parked).toBe(3);
    expect(await snapshot()).toEqual(expected);
  });
});

describe('reports projection: gifts', () => {
  const buyerId = randomUUID();
  const recipientId = randomUUID();
  const items = [{ couponId: randomUUID(), terms: couponTerms('Oil and Filter'), quantity: 3 }];
  // Paid at 03:00Z on 1 May: still 30 April in Denver.
  const claimed = giftPurchased({ buyerId, purchasedAt: '2026-05-01T03:00:00.000Z' });
  const unclaimed = giftPurchased({ buyerId, purchasedAt: '2026-05-02T17:00:00.000Z', price: 10000 });
  const older = giftPurchased({ buyerId, purchasedAt: '2026-05-03T17:00:00.000Z', facts: false });
  const gifts = async () =>
    env.db.sql`select sale_id::text, gift_id::text, kind, customer_id::text, sold_by, sale_ro_number, pack_name, coupon_count, online_order_id, status,
        to_char(sold_on, 'YYYY-MM-DD') as sold_on, to_char(voided_on, 'YYYY-MM-DD') as voided_on, price::int, tax::int, total::int, refund::int, refund_tax::int,
        voided_by, void_reason, provider_refunded_at, revision::int
      from rm_reports.sales where gift_id is not null order by sold_at`;

  it('should count a paid gift as an online sale on its payment day, sold by the buyer', async () => {
    for (const g of [claimed, unclaimed, older]) await append(env.store, giftStreamId(g.giftId), [{ type: 'GiftPurchased', data: g }]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(0);
    const rows = await gifts();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      sale_id: giftSaleId(claimed.giftId),
      gift_id: claimed.giftId,
      kind: 'online',
      customer_id: buyerId,
      sold_by: buyerId,
      sale_ro_number: 'ONLINE',
      pack_name: 'Care Pack',
      coupon_count: 3,
      online_order_id: claimed.orderId,
      status: 'final',
      sold_on: '2026-04-30',
      price: claimed.price,
      tax: claimed.tax,
      total: claimed.total,
      revision: -1,
    });
    // A gift recorded before GiftPurchased carried the pack's name, coupons and zone: read sensibly.
    expect(rows[2]).toMatchObject({ pack_name: 'Gift pack', coupon_count: 0, sold_on: '2026-05-03', status: 'final' });
  });

  it('should only name the recipient when the gift is claimed, keeping its payment day (no second sale)', async () => {
    const sold = giftClaimSale(claimed, recipientId, items, '2026-05-20');
    await append(env.store, giftStreamId(claimed.giftId), [giftClaimed(claimed, recipientId, '2026-05-20T17:00:00.000Z')]);
    await append(env.store, saleStream(sold.saleId), [{ type: 'PackSold', data: sold }]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(0);
    const [row] = await gifts();
    expect(row).toMatchObject({ customer_id: recipientId, sold_by: buyerId, sold_on: '2026-04-30', status: 'final', coupon_count: 3, total: claimed.total, revision: 0 });
    expect((await gifts()).length).toBe(3);
    // The recipient's sale then lives as any online sale: a manager's void on its own day.
    await append(env.store, saleStream(sold.saleId), [
      { type: 'PackSaleVoided', data: { saleId: sold.saleId, customerId: recipientId, locationId: 1, reason: 'Asked back', by: buyerId, voidedAt: '2026-05-22T17:00:00.000Z', refund: sold.total, refundTax: sold.tax, voidedCouponIds: [], wasStatus: 'final' } },
    ]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(0);
    expect((await gifts())[0]).toMatchObject({ status: 'voided', voided_on: '2026-05-22', sold_on: '2026-04-30', revision: 1 });
  });

  it('should void an unclaimed gift on the local day it expired, with the whole refund and the provider refund', async () => {
    // 05:00Z on 2 June is 1 June in Denver.
    await append(env.store, giftStreamId(unclaimed.giftId), [giftExpired(unclaimed, '2026-06-02T05:00:00.000Z')]);
    await append(env.store, `online-order-${unclaimed.orderId}`, [giftRefunded(unclaimed, '2026-06-02T05:00:01.000Z')]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(0);
    const row = (await gifts())[1]!;
    expect(row).toMatchObject({ status: 'voided', sold_on: '2026-05-02', voided_on: '2026-06-01', refund: unclaimed.total, refund_tax: unclaimed.tax, voided_by: 'system:gift-expiry' });
    expect(row.void_reason).toMatch(/not claimed/);
    expect(row.provider_refunded_at.toISOString()).toBe('2026-06-02T05:00:01.000Z');
  });

  it('should change nothing when the gift events are applied again, and rebuild the same rows', async () => {
    const before = await gifts();
    const mine = new Set([...[claimed, unclaimed, older].map((g) => giftStreamId(g.giftId)), saleStream(giftSaleId(claimed.giftId)), `online-order-${unclaimed.orderId}`]);
    const handled = (await env.store.readAll({ after: 0, maxCount: 1000 })).filter((e) => mine.has(e.streamId) && reports.handles.has(e.type));
    expect(handled.map((e) => e.type)).toContain('GiftExpired');
    await env.db.sql.begin((tx) => reports.applyBatch(tx as unknown as Sql, 'rm_reports', handled));
    expect(await gifts()).toEqual(before);
    await rebuildProjection({ sql: env.db.sql, store: env.store }, reports, { batchSize: 2 });
    expect(await gifts()).toEqual(before);
  });
});
