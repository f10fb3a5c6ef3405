/**
 * The coupon_reminders read model and the Expiry Reminders report against real PostgreSQL, filled
 * by the projection over real events: a reminder's coupons, the first redemption after it (within
 * 30 days counts, later not, a voided one not, one voided and redeemed again does), per location,
 * month and channel; a rebuild's replay inserts nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { couponRemindersStreamId, type CouponExpiryReminderSent, type PackSold, type ReportQuery } from '@dealer/contracts';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { append, catchUp, couponRedeemed, couponTerms, issuedCouponStream, packSold, redemptionFacts, saleStream } from '../pack-sales/test-events';
import { couponReminders } from './projection';
import { expiryRemindersReport } from './report';

const env = useEventStoreDatabase();

const query = (from: string, to: string): ReportQuery => ({ from, to, locationIds: [1], options: {}, drill: {}, today: '2026-12-31' });

function reminder(sold: PackSold['data'], indexes: number[], over: Partial<CouponExpiryReminderSent['data']> = {}): CouponExpiryReminderSent {
  return {
    type: 'CouponExpiryReminderSent',
    data: {
      reminderId: `coupon-reminder-${randomUUID()}`,
      customerId: sold.customerId,
      locationId: sold.locationId,
      threshold: 30,
      channel: 'email',
      coupons: indexes.map((i) => ({ issuedCouponId: sold.coupons[i]!.issuedCouponId, saleId: sold.saleId, couponId: sold.coupons[i]!.couponId, couponName: 'Oil and Filter', expiresOn: sold.coupons[i]!.expiresOn })),
      sentAt: '2026-05-01T18:00:00.000Z',
      sentOn: '2026-05-01',
      ...over,
    },
  };
}

describe('coupon_reminders and the Expiry Reminders report', () => {
  it('should count the coupons reminded and those redeemed within 30 days after, per month and channel', async () => {
    const customerId = randomUUID();
    const sold = packSold({ customerId, items: [{ couponId: randomUUID(), terms: couponTerms('Oil and Filter'), quantity: 6 }], soldOn: '2026-04-01' });
    await append(env.store, saleStream(sold.saleId), [{ type: 'PackSold', data: sold }]);
    const email = reminder(sold, [0, 1, 2, 3]);
    const text = reminder(sold, [0, 1], { channel: 'sms' });
    const june = reminder(sold, [4, 5], { sentAt: '2026-06-02T18:00:00.000Z', sentOn: '2026-06-02', threshold: 7 });
    await append(env.store, couponRemindersStreamId(customerId), [email, text, june]);

    // Coupon 0: redeemed 10 days after. Coupon 1: 40 days after (too late). Coupon 2: redeemed, voided. Coupon 3: redeemed, voided, redeemed again.
    const r0 = redemptionFacts(sold, 0);
    const r1 = redemptionFacts(sold, 1);
    const r2 = redemptionFacts(sold, 2);
    const r3 = redemptionFacts(sold, 3);
    const r3again = redemptionFacts(sold, 3, { roNumber: '5500009' });
    const voided = (facts: typeof r2) => ({ type: 'CouponRedemptionVoided', data: { ...facts, reason: 'Wrong RO', by: randomUUID(), voidedAt: '2026-05-20T17:00:00.000Z' } });
    await append(env.store, issuedCouponStream(r0.issuedCouponId), [couponRedeemed(r0, '2026-05-11T16:00:00.000Z')]);
    await append(env.store, issuedCouponStream(r1.issuedCouponId), [couponRedeemed(r1, '2026-06-10T16:00:00.000Z')]);
    await append(env.store, issuedCouponStream(r2.issuedCouponId), [couponRedeemed(r2, '2026-05-12T16:00:00.000Z'), voided(r2)]);
    await append(env.store, issuedCouponStream(r3.issuedCouponId), [couponRedeemed(r3, '2026-05-12T16:00:00.000Z'), voided(r3), couponRedeemed(r3again, '2026-05-25T16:00:00.000Z')]);
    expect(await catchUp(env.db.sql, env.store, couponReminders)).toBe(0);

    const may = (await expiryRemindersReport.answer(env.db.sql, query('2026-05-01', '2026-05-31'))).tables[0]!;
    expect(may.rows.map((r) => r.cells)).toEqual([
      { location: 'Location 1', month: 'May 2026', channel: 'E-mail', reminders: 1, coupons: 4, redeemed: 2, rate: 5000 },
      { location: 'Location 1', month: 'May 2026', channel: 'Text', reminders: 1, coupons: 2, redeemed: 1, rate: 5000 },
    ]);
    expect(may.totals).toEqual({ location: 'Total', month: null, channel: null, reminders: 2, coupons: 6, redeemed: 3, rate: 5000 });
    const both = (await expiryRemindersReport.answer(env.db.sql, query('2026-05-01', '2026-06-30'))).tables[0]!;
    expect(both.rows.map((r) => [r.cells.month, r.cells.channel, r.cells.coupons, r.cells.redeemed])).toEqual([
      ['May 2026', 'E-mail', 4, 2],
      ['May 2026', 'Text', 2, 1],
      ['June 2026', 'E-mail', 2, 0],
    ]);
    // Another location asked: nothing.
    expect((await expiryRemindersReport.answer(env.db.sql, { ...query('2026-05-01', '2026-06-30'), locationIds: [2] })).tables[0]!.rows).toEqual([]);

    // The CSV's rows are the table's.
    const streamed = [];
    for await (const batch of expiryRemindersReport.stream(env.db.sql, query('2026-05-01', '2026-05-31'), 'reminders')) streamed.push(...batch);
    expect(streamed).toEqual(may.rows);

    // A replay of the same events (a rebuild's) inserts nothing twice.
    const events = (await env.store.readAll({ after: 0, maxCount: 1000 })).filter((e) => e.type === 'CouponExpiryReminderSent');
    await env.db.sql.begin((tx) => couponReminders.applyBatch(tx as never, couponReminders.schema, events));
    const [count] = await env.db.sql<{ n: number }[]>`select count(*)::int as n from rm_coupon_reminders.reminded_coupons`;
    expect(count!.n).toBe(8);
  });
});
