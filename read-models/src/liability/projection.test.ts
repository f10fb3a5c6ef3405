/**
 * The liability read model against real PostgreSQL: a sale's coupons enter the liability on
 * their sale day with breakage scheduled the day after their last day; a redemption leaves it
 * and unschedules the breakage, its void brings it back; a location correction moves what is
 * outstanding on its day; a sale void takes out what is left; a converted paper book is its own
 * movement; after expiry a redemption void is breakage on its day and a sale void reverses the
 * breakage. At every day the movements add up to the outstanding value, which the ageing and
 * falls-due columns add up to as well. Re-applying changes nothing, an unknown sale's or coupon's
 * event is parked, and a rebuild gives the same rows. Gifts: a paid gift is sold on its payment
 * day and outstanding as one amount; its claim turns it into coupons without selling again (aged
 * from the payment day); a gift that ended unclaimed is a sale void on its local day.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, cents, type PackSold } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { rebuildProjection } from '@dealer/projector/rebuild';
import { append, catchUp, couponRedeemed, couponTerms, issuedCouponStream, packSold, redemptionFacts, saleStream } from '../pack-sales/test-events';
import { DAILY_COLUMNS, dueWithinYearFrom, dayNumber, liability } from './projection';
import { giftClaimSale, giftClaimed, giftExpired, giftPurchased, giftRefunded, giftStreamId } from '../reports/gift-test-events';

const env = useEventStoreDatabase();

const NONZERO = DAILY_COLUMNS.map((c) => `${c} <> 0`).join(' or ');
const NET = 'sold + converted - redeemed + unredeemed - voided - breakage + transfer_in - transfer_out';

/** What is outstanding at a location at the end of `day`: by movements, by ageing and by falls-due. */
async function balance(locationId: number, day: string) {
  const [r] = await env.db.sql.unsafe(
    `select coalesce(sum(${NET}), 0)::int as net, coalesce(sum(age_0_90 + age_91_180 + age_181_365 + age_over_365), 0)::int as aged,
       coalesce(sum(due_12m + due_later), 0)::int as due, coalesce(sum(age_0_90), 0)::int as age_0_90, coalesce(sum(age_91_180), 0)::int as age_91_180,
       coalesce(sum(due_12m), 0)::int as due_12m
     from rm_liability.daily where location_id = $1 and day <= $2::date`,
    [locationId, day],
  );
  expect(r!.aged).toBe(r!.net);
  expect(r!.due).toBe(r!.net);
  return r!;
}
/** The movements of one location and day. */
async function movements(locationId: number, day: string) {
  const [r] = await env.db.sql`select sold::int, converted::int, redeemed::int, unredeemed::int, voided::int, breakage::int, breakage_count, transfer_in::int, transfer_out::int
    from rm_liability.daily where location_id = ${locationId} and day = ${day}::date`;
  return r ?? null;
}
const nextDay = (d: string) => addDays(d, 1);

describe('liability', () => {
  const customerId = randomUUID();
  const oil = randomUUID();
  const rotation = randomUUID();
  const sold = packSold({
    customerId,
    soldOn: '2026-03-10',
    items: [
      { couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 2 },
      { couponId: rotation, terms: couponTerms('Tire Rotation', { value: { kind: 'fixed', amount: cents(2500) }, validity: { kind: 'fixedDate', date: '2026-12-31' } }), quantity: 1 },
    ],
  });
  const [c0, c1, c2] = sold.coupons as [PackSold['data']['coupons'][0], PackSold['data']['coupons'][0], PackSold['data']['coupons'][0]];
  const manager = randomUUID();

  it('should put a sale\'s coupons in the liability on its day, with breakage scheduled the day after each one\'s last day', async () => {
    await append(env.store, saleStream(sold.saleId), [{ type: 'PackSold', data: sold }]);
    expect(await catchUp(env.db.sql, env.store, liability)).toBe(0);
    expect(c0.allocatedValue + c1.allocatedValue + c2.allocatedValue).toBe(19900);
    expect(await movements(1, '2026-03-10')).toMatchObject({ sold: 19900, converted: 0, breakage: 0 });
    expect(await balance(1, '2026-03-09')).toMatchObject({ net: 0 });
    expect(await balance(1, '2026-03-10')).toMatchObject({ net: 19900, age_0_90: 19900 });
    // Aged 91 days on 2026-06-09.
    expect(await balance(1, '2026-06-08')).toMatchObject({ age_0_90: 19900 });
    expect(await balance(1, '2026-06-09')).toMatchObject({ age_0_90: 0, age_91_180: 19900 });
    expect(c2.expiresOn).toBe('2026-12-31');
    expect(await movements(1, '2027-01-01')).toMatchObject({ breakage: c2.allocatedValue, breakage_count: 1 });
    expect(await balance(1, '2026-12-31')).toMatchObject({ net: 19900 });
    expect(await balance(1, '2027-01-01')).toMatchObject({ net: c0.allocatedValue + c1.allocatedValue });
    expect(await movements(1, nextDay(c0.expiresOn))).toMatchObject({ breakage: c0.allocatedValue + c1.allocatedValue, breakage_count: 2 });
    expect(await balance(1, nextDay(c0.expiresOn))).toMatchObject({ net: 0 });
    // Falls due within 12 months from the day its last day is at most 12 months ahead.
    const due = dueWithinYearFrom(c0.expiresOn);
    expect(due).toBe(dayNumber('2026-03-10'));
    expect(await balance(1, '2026-03-10')).toMatchObject({ due_12m: 19900 });
    expect(dueWithinYearFrom('2028-02-29')).toBe(dayNumber('2027-03-01'));
  });

  it('should take a redemption out on its day and unschedule its breakage; its void brings it back', async () => {
    const facts = redemptionFacts(sold, 0, { locationId: 2 });
    await append(env.store, issuedCouponStream(c0.issuedCouponId), [couponRedeemed(facts, '2026-04-01T16:00:00.000Z')]);
    await catchUp(env.db.sql, env.store, liability);
    // The selling location's liability, wherever redeemed.
    expect(await movements(1, '2026-04-01')).toMatchObject({ redeemed: c0.allocatedValue });
    expect(await movements(2, '2026-04-01')).toBeNull();
    expect(await balance(1, '2026-04-01')).toMatchObject({ net: 19900 - c0.allocatedValue });
    expect(await movements(1, nextDay(c0.expiresOn))).toMatchObject({ breakage: c1.allocatedValue, breakage_count: 1 });

    await append(env.store, issuedCouponStream(c0.issuedCouponId), [
      { type: 'CouponRedemptionVoided', data: { ...facts, reason: 'Wrong customer', by: manager, voidedAt: '2026-04-02T17:00:00.000Z' } },
    ]);
    await catchUp(env.db.sql, env.store, liability);
    expect(await movements(1, '2026-04-02')).toMatchObject({ unredeemed: c0.allocatedValue });
    expect(await balance(1, '2026-04-02')).toMatchObject({ net: 19900 });
    expect(await movements(1, nextDay(c0.expiresOn))).toMatchObject({ breakage: c0.allocatedValue + c1.allocatedValue, breakage_count: 2 });
  });

  it('should move what is outstanding to the corrected location on the correction\'s day', async () => {
    const facts = redemptionFacts(sold, 1);
    await append(env.store, issuedCouponStream(c1.issuedCouponId), [couponRedeemed(facts, '2026-04-03T16:00:00.000Z')]);
    await append(env.store, saleStream(sold.saleId), [
      {
        type: 'PackSaleLocationCorrected',
        data: { saleId: sold.saleId, customerId, fromLocationId: 1, toLocationId: 2, timeZone: 'America/Denver', reason: 'Sold at the other store', by: manager, correctedAt: '2026-04-04T17:00:00.000Z', coupons: [] },
      },
    ]);
    await catchUp(env.db.sql, env.store, liability);
    const outstanding = c0.allocatedValue + c2.allocatedValue;
    expect(await movements(1, '2026-04-04')).toMatchObject({ transfer_out: outstanding });
    expect(await movements(2, '2026-04-04')).toMatchObject({ transfer_in: outstanding });
    expect(await balance(1, '2026-04-03')).toMatchObject({ net: outstanding });
    expect(await balance(1, '2026-04-04')).toMatchObject({ net: 0 });
    // Its age goes with it: still aged from the sale day.
    expect(await balance(2, '2026-06-09')).toMatchObject({ net: outstanding, age_91_180: outstanding });
    expect(await balance(1, '2027-06-01')).toMatchObject({ net: 0 });
    expect(await movements(2, '2027-01-01')).toMatchObject({ breakage: c2.allocatedValue });
    expect(await movements(1, '2027-01-01')).toMatchObject({ breakage: 0, breakage_count: 0 });

    // The redemption made before the correction, voided after it, comes back at the new location.
    await append(env.store, issuedCouponStream(c1.issuedCouponId), [
      { type: 'CouponRedemptionVoided', data: { ...facts, reason: 'Wrong RO', by: manager, voidedAt: '2026-04-05T17:00:00.000Z' } },
    ]);
    await catchUp(env.db.sql, env.store, liability);
    expect(await movements(2, '2026-04-05')).toMatchObject({ unredeemed: c1.allocatedValue });
    expect(await balance(2, '2026-04-05')).toMatchObject({ net: 19900 });
    expect(await balance(1, '2026-04-05')).toMatchObject({ net: 0 });
  });

  it('should take a voided sale\'s coupons out on the void\'s day and leave nothing to expire', async () => {
    await append(env.store, saleStream(sold.saleId), [
      {
        type: 'PackSaleVoided',
        data: { saleId: sold.saleId, customerId, locationId: 2, reason: 'Changed their mind', by: manager, voidedAt: '2026-04-06T18:00:00.000Z', refund: sold.total, refundTax: sold.tax, voidedCouponIds: sold.coupons.map((c) => c.issuedCouponId), wasStatus: 'final' },
      },
    ]);
    await catchUp(env.db.sql, env.store, liability);
    expect(await movements(2, '2026-04-06')).toMatchObject({ voided: 19900 });
    expect(await balance(2, '2026-04-06')).toMatchObject({ net: 0 });
    expect(await balance(2, '2028-01-01')).toMatchObject({ net: 0 });
    const [scheduled] = await env.db.sql`select coalesce(sum(breakage), 0)::int as breakage, coalesce(sum(breakage_count), 0)::int as n from rm_liability.daily where day > '2026-04-06'`;
    expect(scheduled).toEqual({ breakage: 0, n: 0 });
  });

  it('should count a converted paper book as its own movement', async () => {
    // Its soldOn is the paper book's sale day; it was converted (soldAt) a year later.
    const paper = packSold({ customerId, soldOn: '2025-05-02', locationId: 3, items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 2 }], price: 5000 });
    const converted = { ...paper, soldAt: '2026-05-02T17:00:00.000Z', coupons: paper.coupons.map((c) => ({ ...c, expiresOn: '2026-08-31' })), paperBookNumber: 'PB-9' };
    await append(env.store, saleStream(converted.saleId), [{ type: 'PackSold', data: converted }]);
    await catchUp(env.db.sql, env.store, liability);
    expect(await movements(3, '2026-05-02')).toMatchObject({ sold: 0, converted: 5000 });
    expect(await balance(3, '2026-05-01')).toMatchObject({ net: 0 });
    expect(await balance(3, '2026-05-02')).toMatchObject({ net: 5000, age_0_90: 0 });
    expect(await movements(3, '2026-09-01')).toMatchObject({ breakage: 5000, breakage_count: 2 });
  });

  describe('after expiry', () => {
    const expiring = (() => {
      const s = packSold({ customerId, soldOn: '2025-01-10', locationId: 4, items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 2 }], price: 6000 });
      return { ...s, coupons: s.coupons.map((c) => ({ ...c, expiresOn: '2025-06-30' })) };
    })();
    const [e0, e1] = expiring.coupons as [PackSold['data']['coupons'][0], PackSold['data']['coupons'][0]];

    it('should make a redemption voided after the last day breakage on the void\'s day', async () => {
      const facts = redemptionFacts(expiring, 0, { locationId: 4 });
      await append(env.store, saleStream(expiring.saleId), [{ type: 'PackSold', data: expiring }]);
      await append(env.store, issuedCouponStream(e0.issuedCouponId), [
        couponRedeemed(facts, '2025-06-20T16:00:00.000Z'),
        { type: 'CouponRedemptionVoided', data: { ...facts, reason: 'Late void', by: manager, voidedAt: '2025-07-15T17:00:00.000Z' } },
      ]);
      await catchUp(env.db.sql, env.store, liability);
      expect(await movements(4, '2025-07-01')).toMatchObject({ breakage: e1.allocatedValue, breakage_count: 1 });
      expect(await movements(4, '2025-07-15')).toMatchObject({ unredeemed: e0.allocatedValue, breakage: e0.allocatedValue, breakage_count: 1 });
      expect(await balance(4, '2025-06-30')).toMatchObject({ net: e1.allocatedValue });
      expect(await balance(4, '2025-07-15')).toMatchObject({ net: 0 });
    });

    it('should reverse the breakage when the sale is voided after its coupons expired', async () => {
      await append(env.store, saleStream(expiring.saleId), [
        {
          type: 'PackSaleVoided',
          data: { saleId: expiring.saleId, customerId, locationId: 4, reason: 'Refund', by: manager, voidedAt: '2025-08-01T18:00:00.000Z', refund: expiring.total, refundTax: expiring.tax, voidedCouponIds: [], wasStatus: 'final' },
        },
      ]);
      await catchUp(env.db.sql, env.store, liability);
      expect(await movements(4, '2025-08-01')).toMatchObject({ voided: 6000, breakage: -6000, breakage_count: -2 });
      expect(await balance(4, '2025-08-01')).toMatchObject({ net: 0 });
    });
  });

  it('should count a void on its local day in the sale\'s zone, and a redemption void in the redeeming location\'s zone', async () => {
    const late = packSold({ customerId, soldOn: '2026-06-01', locationId: 5, items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 2 }], price: 8000 });
    const [l0] = late.coupons as [PackSold['data']['coupons'][0]];
    // Redeemed at a Los Angeles store; voided at 02:00 UTC on the 3rd: still the 2nd in Los Angeles (the sale's Denver too).
    const facts = { ...redemptionFacts(late, 0, { locationId: 6 }), timeZone: 'America/Los_Angeles' };
    await append(env.store, saleStream(late.saleId), [{ type: 'PackSold', data: late }]);
    await append(env.store, issuedCouponStream(l0.issuedCouponId), [
      couponRedeemed(facts, '2026-06-02T16:00:00.000Z'),
      { type: 'CouponRedemptionVoided', data: { ...facts, reason: 'Wrong RO', by: manager, voidedAt: '2026-06-03T02:00:00.000Z' } },
    ]);
    // Voided at 03:00 UTC on the 5th: the 4th in Denver.
    await append(env.store, saleStream(late.saleId), [
      {
        type: 'PackSaleVoided',
        data: { saleId: late.saleId, customerId, locationId: 5, reason: 'Refund', by: manager, voidedAt: '2026-06-05T03:00:00.000Z', refund: late.total, refundTax: late.tax, voidedCouponIds: [], wasStatus: 'final' },
      },
    ]);
    await catchUp(env.db.sql, env.store, liability);
    expect(await movements(5, '2026-06-02')).toMatchObject({ redeemed: l0.allocatedValue, unredeemed: l0.allocatedValue });
    expect(await movements(5, '2026-06-04')).toMatchObject({ voided: 8000 });
    expect(await balance(5, '2026-06-03')).toMatchObject({ net: 8000 });
    expect(await balance(5, '2026-06-04')).toMatchObject({ net: 0 });
  });

  it('should change nothing when the same events are applied again', async () => {
    const all = () => env.db.sql`select * from rm_liability.daily order by location_id, day`;
    const before = await all();
    const events = await env.store.readAll({ after: 0, maxCount: 1000 });
    await env.db.sql.begin((tx) => liability.applyBatch(tx as unknown as Sql, 'rm_liability', events.filter((e) => liability.handles.has(e.type))));
    expect(await all()).toEqual(before);
  });

  it('should park an event of a sale or coupon it does not hold, and rebuild the same rows', async () => {
    const ghost = randomUUID();
    await append(env.store, saleStream(ghost), [
      { type: 'PackSaleVoided', data: { saleId: ghost, customerId, locationId: 1, reason: 'x', by: manager, voidedAt: '2026-04-06T18:00:00.000Z', refund: 0, refundTax: 0, voidedCouponIds: [], wasStatus: 'final' } },
    ]);
    const facts = { ...redemptionFacts(sold, 0), issuedCouponId: randomUUID() };
    await append(env.store, issuedCouponStream(facts.issuedCouponId), [couponRedeemed(facts)]);
    expect(await catchUp(env.db.sql, env.store, liability)).toBe(2);
    const parked = await env.db.sql`select error from parked_events where projection = 'liability' order by global_position`;
    expect(parked.map((p) => p.error)).toEqual([expect.stringContaining('does not hold'), expect.stringContaining('does not hold')]);

    const snapshot = async () => [
      await env.db.sql.unsafe(`select * from rm_liability.daily where (${NONZERO}) order by location_id, day`),
      await env.db.sql`select * from rm_liability.coupons order by issued_coupon_id`,
      await env.db.sql`select * from rm_liability.sales order by sale_id`,
    ];
    const expected = await snapshot();
    const result = await rebuildProjection({ sql: env.db.sql, store: env.store }, liability, { batchSize: 3 });
    expect(result.parked).toBe(2);
    expect(await snapshot()).toEqual(expected);
  });
});

describe('liability: gifts', () => {
  const buyerId = randomUUID();
  const recipientId = randomUUID();
  const items = [{ couponId: randomUUID(), terms: couponTerms('Oil and Filter'), quantity: 3 }];
  // Paid at 03:00Z on 1 May: 30 April in Denver. Locations of their own (7, 8, 9).
  const claimed = giftPurchased({ buyerId, purchasedAt: '2026-05-01T03:00:00.000Z', locationId: 7 });
  const unclaimed = giftPurchased({ buyerId, purchasedAt: '2026-05-02T17:00:00.000Z', price: 10000, locationId: 8 });
  const pending = giftPurchased({ buyerId, purchasedAt: '2026-05-03T17:00:00.000Z', price: 5000, locationId: 9 });
  const sale = giftClaimSale(claimed, recipientId, items, '2026-05-20');
  const snapshot = async () => [
    await env.db.sql`select * from rm_liability.daily where location_id in (7, 8, 9) and (${env.db.sql.unsafe(NONZERO)}) order by location_id, day`,
    await env.db.sql`select * from rm_liability.gifts order by gift_id`,
  ];

  it('should put a paid gift in the liability as sold on its payment day, aged from it and due within the year', async () => {
    for (const g of [claimed, unclaimed, pending]) await append(env.store, giftStreamId(g.giftId), [{ type: 'GiftPurchased', data: g }]);
    expect(await catchUp(env.db.sql, env.store, liability)).toBe(0);
    expect(await movements(7, '2026-04-30')).toMatchObject({ sold: 19900, voided: 0, breakage: 0 });
    expect(await balance(7, '2026-04-29')).toMatchObject({ net: 0 });
    expect(await balance(7, '2026-04-30')).toMatchObject({ net: 19900, age_0_90: 19900, due_12m: 19900 });
    // Unclaimed and never ended: outstanding, ageing by the payment day (no breakage).
    expect(await balance(9, '2026-05-03')).toMatchObject({ net: 5000, age_0_90: 5000 });
    expect(await balance(9, '2026-08-02')).toMatchObject({ net: 5000, age_0_90: 0, age_91_180: 5000 });
    expect(await balance(9, '2027-06-01')).toMatchObject({ net: 5000, due_12m: 5000 });
  });

  it('should turn a claimed gift into its coupons on the claim day without selling it again, aged from the payment day', async () => {
    await append(env.store, giftStreamId(claimed.giftId), [giftClaimed(claimed, recipientId, '2026-05-20T17:00:00.000Z')]);
    await append(env.store, saleStream(sale.saleId), [{ type: 'PackSold', data: sale }]);
    expect(await catchUp(env.db.sql, env.store, liability)).toBe(0);
    const claimDay = await movements(7, '2026-05-20');
    expect(claimDay === null || claimDay.sold === 0).toBe(true);
    expect(await balance(7, '2026-05-20')).toMatchObject({ net: 19900, age_0_90: 19900 });
    // 91 days after the payment (not the claim).
    expect(await balance(7, '2026-07-29')).toMatchObject({ age_0_90: 19900 });
    expect(await balance(7, '2026-07-30')).toMatchObject({ age_0_90: 0, age_91_180: 19900 });
    const [g] = await env.db.sql`select state, to_char(left_on, 'YYYY-MM-DD') as left_on from rm_liability.gifts where gift_id = ${claimed.giftId}`;
    expect(g).toEqual({ state: 'claimed', left_on: '2026-05-20' });
    // The coupons then behave as any: a redemption takes one out.
    const facts = redemptionFacts(sale, 0, { roNumber: '7700001', locationId: 7 });
    await append(env.store, issuedCouponStream(facts.issuedCouponId), [couponRedeemed(facts, '2026-06-01T17:00:00.000Z')]);
    expect(await catchUp(env.db.sql, env.store, liability)).toBe(0);
    expect(await movements(7, '2026-06-01')).toMatchObject({ redeemed: facts.allocatedValue });
    expect(await balance(7, '2026-06-01')).toMatchObject({ net: 19900 - facts.allocatedValue });
  });

  it('should take an unclaimed gift out as a sale void on the local day it ended', async () => {
    // 05:00Z on 2 June is 1 June in Denver.
    await append(env.store, giftStreamId(unclaimed.giftId), [giftExpired(unclaimed, '2026-06-02T05:00:00.000Z')]);
    await append(env.store, `online-order-${unclaimed.orderId}`, [giftRefunded(unclaimed, '2026-06-02T05:00:01.000Z')]);
    expect(await catchUp(env.db.sql, env.store, liability)).toBe(0);
    expect(await movements(8, '2026-05-02')).toMatchObject({ sold: 10000 });
    expect(await movements(8, '2026-06-01')).toMatchObject({ voided: 10000, breakage: 0 });
    expect(await balance(8, '2026-05-31')).toMatchObject({ net: 10000, age_0_90: 10000 });
    expect(await balance(8, '2026-06-01')).toMatchObject({ net: 0, age_0_90: 0, due_12m: 0 });
    expect(await balance(8, '2027-06-01')).toMatchObject({ net: 0 });
  });

  it('should change nothing when the gift events are applied again, and rebuild the same rows', async () => {
    const before = await snapshot();
    const mine = new Set([...[claimed, unclaimed, pending].map((g) => giftStreamId(g.giftId)), saleStream(sale.saleId)]);
    const handled = (await env.store.readAll({ after: 0, maxCount: 1000 })).filter((e) => mine.has(e.streamId) && liability.handles.has(e.type));
    expect(handled.map((e) => e.type).sort()).toEqual(['GiftExpired', 'GiftPurchased', 'GiftPurchased', 'GiftPurchased', 'PackSold']);
    await env.db.sql.begin((tx) => liability.applyBatch(tx as unknown as Sql, 'rm_liability', handled));
    expect(await snapshot()).toEqual(before);
    await rebuildProjection({ sql: env.db.sql, store: env.store }, liability, { batchSize: 2 });
    expect(await snapshot()).toEqual(before);
  });
});
