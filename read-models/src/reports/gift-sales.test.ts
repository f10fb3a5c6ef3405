/**
 * Gifts in the reports (issues 13 and 14) against real PostgreSQL, the `reports` and `liability`
 * read models filled by their projections over real events: a gift paid in March and claimed in
 * April is one online sale in March (none in April); a gift paid in March that expired unclaimed
 * in April is a March sale and an April void with the whole refund; in the expired report both are
 * sold in March, the claimed one's coupons carry the balance on (no second sale), the expired one
 * leaves as a void in April, and the roll-forward closes.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportQuery } from '@dealer/contracts';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { reports } from './projection';
import { liability } from '../liability/projection';
import { append, catchUp, couponTerms, saleStream } from '../pack-sales/test-events';
import { giftClaimSale, giftClaimed, giftExpired, giftPurchased, giftRefunded, giftStreamId } from './gift-test-events';
import { couponSalesReport } from './coupon-sales';
import { expiredReport } from './expired';

const env = useEventStoreDatabase();

const query = (from: string, to: string): ReportQuery => ({ from, to, locationIds: [1], options: {}, drill: {}, today: '2026-06-30' });

describe('gifts in the reports', () => {
  const buyerId = randomUUID();
  const recipientId = randomUUID();
  const items = [{ couponId: randomUUID(), terms: couponTerms('Oil and Filter'), quantity: 2 }];
  const claimed = giftPurchased({ buyerId, purchasedAt: '2026-03-20T17:00:00.000Z' });
  const unclaimed = giftPurchased({ buyerId, purchasedAt: '2026-03-25T17:00:00.000Z', price: 10000 });
  const sale = giftClaimSale(claimed, recipientId, items, '2026-04-02');

  beforeAll(async () => {
    await append(env.store, giftStreamId(claimed.giftId), [{ type: 'GiftPurchased', data: claimed }]);
    await append(env.store, giftStreamId(unclaimed.giftId), [{ type: 'GiftPurchased', data: unclaimed }]);
    await append(env.store, giftStreamId(claimed.giftId), [giftClaimed(claimed, recipientId, '2026-04-02T17:00:00.000Z')]);
    await append(env.store, saleStream(sale.saleId), [{ type: 'PackSold', data: sale }]);
    await append(env.store, giftStreamId(unclaimed.giftId), [giftExpired(unclaimed, '2026-04-24T17:10:00.000Z')]);
    await append(env.store, `online-order-${unclaimed.orderId}`, [giftRefunded(unclaimed, '2026-04-24T17:10:01.000Z')]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(0);
    expect(await catchUp(env.db.sql, env.store, liability)).toBe(0);
  });

  it('should count both gifts as online sales on their payment days and the expired one as a void on its day', async () => {
    const march = (await couponSalesReport.answer(env.db.sql, query('2026-03-01', '2026-03-31'))).tables[0]!.rows[0]!.cells;
    expect(march).toMatchObject({
      sales: 2,
      online: 2,
      gross: claimed.total + unclaimed.total,
      tax: claimed.tax + unclaimed.tax,
      net: claimed.price + unclaimed.price,
      voided: 0,
    });
    const april = (await couponSalesReport.answer(env.db.sql, query('2026-04-01', '2026-04-30'))).tables[0]!.rows[0]!.cells;
    // The claim is not a second sale; the expiry is a void with the whole refund.
    expect(april).toMatchObject({ sales: 0, online: 0, net: 0, voided: 1, refunded: unclaimed.total, refundedTax: unclaimed.tax, netAfterVoids: -unclaimed.price });
  });

  it('should carry the gifts in the liability from their payment days and take the expired one out as a void', async () => {
    const table = async (from: string, to: string, key: string) => (await expiredReport.answer(env.db.sql, query(from, to))).tables.find((t) => t.key === key)!.rows[0]!.cells;
    expect(await table('2026-03-01', '2026-03-31', 'rollforward')).toMatchObject({ opening: 0, sold: claimed.price + unclaimed.price, voided: 0, closing: claimed.price + unclaimed.price });
    expect(await table('2026-04-01', '2026-04-30', 'rollforward')).toMatchObject({ opening: claimed.price + unclaimed.price, sold: 0, voided: unclaimed.price, breakage: 0, closing: claimed.price });
    expect(await table('2026-04-01', '2026-04-30', 'ageing')).toMatchObject({ age0to90: claimed.price, outstanding: claimed.price });
  });
});
