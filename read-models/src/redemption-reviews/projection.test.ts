/**
 * The redemption_reviews read model against real PostgreSQL: a digital redemption is live with
 * its RO, coupon and customer, moves with an RO change and ends with a void; a held one is not a
 * redemption until redeemed, and its release ends nothing live; paper redemptions (no customer)
 * live and end the same way; a kept review is recorded once per RO; re-applying changes nothing;
 * and a rebuild gives the same rows.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cents, paperBookStreamId, redemptionReviewStreamId, type PaperCouponRedeemed, type RedemptionReviewKept } from '@dealer/contracts';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { rebuildProjection } from '@dealer/projector/rebuild';
import { append, catchUp, couponRedeemed, couponTerms, issuedCouponStream, packSold, redemptionFacts } from '../pack-sales/test-events';
import { redemptionReviews } from './projection';

const env = useEventStoreDatabase();

const rows = () =>
  env.db.sql`select redemption_id, kind, issued_coupon_id, book_number, paper_coupon_number, customer_id::text as customer_id, coupon_name,
      location_id, ro_number, op_code, labor_type, amount::int as amount, redeemed_by, live
    from rm_redemption_reviews.redemptions order by redeemed_at, redemption_id`;
const row = async (redemptionId: string) => (await rows()).find((r) => r.redemption_id === redemptionId);
const kept = () => env.db.sql`select redemption_id, location_id, ro_number, note, kept_by from rm_redemption_reviews.kept order by kept_at, redemption_id`;

describe('redemption_reviews', () => {
  const customerId = randomUUID();
  const oil = randomUUID();
  const sold = packSold({ customerId, items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 3 }] });
  const first = redemptionFacts(sold, 0, { roNumber: '5500001', amount: cents(3999) });
  const held = redemptionFacts(sold, 1, { roNumber: '5500002', requestedAt: '2026-04-02T16:00:00.000Z' });
  const manager = randomUUID();

  it('should hold a digital redemption live with its RO, line, coupon and customer', async () => {
    await append(env.store, issuedCouponStream(first.issuedCouponId), [couponRedeemed(first)]);
    expect(await catchUp(env.db.sql, env.store, redemptionReviews)).toBe(0);
    expect(await row(first.redemptionId)).toEqual({
      redemption_id: first.redemptionId,
      kind: 'coupon',
      issued_coupon_id: first.issuedCouponId,
      book_number: null,
      paper_coupon_number: null,
      customer_id: customerId,
      coupon_name: 'Oil and Filter',
      location_id: 1,
      ro_number: '5500001',
      op_code: 'OIL',
      labor_type: 'C',
      amount: 3999,
      redeemed_by: first.redeemedBy,
      live: true,
    });
  });

  it('should move it with an RO change and record a keep once per RO', async () => {
    const to = { locationId: 2, timeZone: 'America/Denver', roNumber: '5500009', line: { ...first.line, opCode: 'LOF' }, amount: cents(2500) };
    await append(env.store, issuedCouponStream(first.issuedCouponId), [
      {
        type: 'CouponRedemptionRoChanged',
        data: {
          redemptionId: first.redemptionId, issuedCouponId: first.issuedCouponId, couponId: first.couponId, saleId: first.saleId, customerId,
          soldLocationId: 1, allocatedValue: first.allocatedValue,
          from: { locationId: 1, roNumber: '5500001', line: first.line, amount: first.amount }, to, by: manager, changedAt: '2026-04-03T16:00:00.000Z',
        },
      },
    ]);
    const keep: RedemptionReviewKept = {
      type: 'RedemptionReviewKept',
      data: { redemptionId: first.redemptionId, kind: 'coupon', issuedCouponId: first.issuedCouponId, bookNumber: null, locationId: 2, roNumber: '5500009', note: 'Work was done; the RO was re-opened under a new number', by: manager, keptAt: '2026-04-04T16:00:00.000Z' },
    };
    await append(env.store, redemptionReviewStreamId(first.redemptionId), [keep, keep]);
    expect(await catchUp(env.db.sql, env.store, redemptionReviews)).toBe(0);
    expect(await row(first.redemptionId)).toMatchObject({ location_id: 2, ro_number: '5500009', op_code: 'LOF', amount: 2500, live: true });
    expect(await kept()).toEqual([{ redemption_id: first.redemptionId, location_id: 2, ro_number: '5500009', note: keep.data.note, kept_by: manager }]);
  });

  it('should end a redemption with its void, and not list a held one (its release ends nothing)', async () => {
    await append(env.store, issuedCouponStream(first.issuedCouponId), [
      {
        type: 'CouponRedemptionVoided',
        data: {
          redemptionId: first.redemptionId, issuedCouponId: first.issuedCouponId, couponId: first.couponId, saleId: first.saleId, customerId,
          soldLocationId: 1, locationId: 2, roNumber: '5500009', line: first.line, amount: cents(2500), allocatedValue: first.allocatedValue,
          reason: 'RO voided in the DMS', by: manager, voidedAt: '2026-04-05T16:00:00.000Z',
        },
      },
    ]);
    await append(env.store, issuedCouponStream(held.issuedCouponId), [
      { type: 'CouponRedemptionAwaitingVerification', data: { ...held, redemptionVerificationId: randomUUID() } },
      {
        type: 'CouponRedemptionReleased',
        data: { redemptionId: held.redemptionId, issuedCouponId: held.issuedCouponId, couponId: held.couponId, saleId: held.saleId, customerId, locationId: 1, roNumber: '5500002', redemptionVerificationId: randomUUID(), outcome: 'declined', releasedAt: '2026-04-06T16:00:00.000Z' },
      },
    ]);
    // Redeemed again after the void: a new redemption id, live.
    const again = { ...first, redemptionId: randomUUID(), requestedAt: '2026-04-07T16:00:00.000Z' };
    await append(env.store, issuedCouponStream(first.issuedCouponId), [couponRedeemed(again)]);
    expect(await catchUp(env.db.sql, env.store, redemptionReviews)).toBe(0);
    expect(await row(first.redemptionId)).toMatchObject({ live: false });
    expect(await row(held.redemptionId)).toBeUndefined();
    expect(await row(again.redemptionId)).toMatchObject({ live: true, ro_number: '5500001' });
  });

  const paper = (bookNumber: string, number: number, roNumber: string): PaperCouponRedeemed => ({
    type: 'PaperCouponRedeemed',
    data: {
      bookNumber, redemptionId: randomUUID(), paperCouponNumber: number, paperCouponId: randomUUID(), couponId: oil, couponName: 'Oil and Filter',
      soldLocationId: 1, locationId: 1, timeZone: 'America/Denver', roNumber,
      line: { jobId: 1, lineNo: 1, opCode: 'LOF', laborType: 'C', lineTotal: cents(6995) }, amount: cents(4995), allocatedValue: cents(3000),
      redeemedBy: manager, redeemedAt: '2026-04-08T16:00:00.000Z', redeemedOn: '2026-04-08',
    },
  });

  it('should hold paper redemptions (no customer) and end one with its void', async () => {
    const one = paper('B-100', 1, '5500011');
    const two = paper('B-100', 2, '5500012');
    const d = one.data;
    await append(env.store, paperBookStreamId('B-100'), [
      one,
      two,
      {
        type: 'PaperCouponRedemptionVoided',
        data: { bookNumber: 'B-100', redemptionId: d.redemptionId, paperCouponNumber: 1, paperCouponId: d.paperCouponId, couponId: oil, locationId: 1, roNumber: '5500011', amount: d.amount, allocatedValue: d.allocatedValue, reason: 'Wrong book', by: manager, voidedAt: '2026-04-09T16:00:00.000Z' },
      },
    ]);
    expect(await catchUp(env.db.sql, env.store, redemptionReviews)).toBe(0);
    expect(await row(d.redemptionId)).toMatchObject({ kind: 'paper', book_number: 'B-100', paper_coupon_number: 1, customer_id: null, live: false });
    expect(await row(two.data.redemptionId)).toMatchObject({ kind: 'paper', issued_coupon_id: two.data.paperCouponId, paper_coupon_number: 2, ro_number: '5500012', amount: 4995, live: true });
  });

  it('should change nothing when events are applied again, and rebuild the same rows', async () => {
    const before = { rows: await rows(), kept: await kept() };
    await env.db.sql`update checkpoints set position = 0 where name = 'redemption_reviews'`;
    expect(await catchUp(env.db.sql, env.store, redemptionReviews)).toBe(0);
    expect({ rows: await rows(), kept: await kept() }).toEqual(before);
    const result = await rebuildProjection({ sql: env.db.sql, store: env.store }, redemptionReviews, { batchSize: 3 });
    expect(result.parked).toBe(0);
    expect({ rows: await rows(), kept: await kept() }).toEqual(before);
  });
});
