/**
 * The customer's coupons and purchases with their redemptions (issue 12), from the pack_sales
 * read model filled by its projection over real events: a redeemed coupon is 'redeemed' with
 * redeemedAt and its redemption (location and staff names included); a coupon held for a
 * verification stays 'available' with the held redemption; a voided redemption leaves the
 * coupon available with none; a voided sale's coupon is 'voided' even when redeemed. The
 * routes' response schemas keep every field of the redemption.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { cents } from '@dealer/contracts';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { packSales } from '@dealer/read-models/pack-sales/projection';
import { append, catchUp, couponRedeemed, couponTerms, issuedCouponStream, packSold, redemptionFacts, saleStream } from '@dealer/read-models/pack-sales/test-events';
import { users } from '@dealer/read-models/users/projection';
import { customerPurchaseRoutes } from './customer-purchases';
import { listCustomerCoupons, listPurchases } from '@dealer/read-models/pack-sales/queries';

const env = useEventStoreDatabase();

describe('customer coupons with their redemptions', () => {
  const customerId = randomUUID();
  const oil = randomUUID();
  const staff = randomUUID();
  const sold = packSold({ customerId, items: [{ couponId: oil, terms: couponTerms('Oil and Filter'), quantity: 3 }], status: 'final', soldOn: '2026-03-10' });
  const [redeemed, held, voided] = sold.coupons.map((c) => c.issuedCouponId) as [string, string, string];
  const now = new Date('2026-04-05T12:00:00.000Z');

  beforeAll(async () => {
    await env.db.sql`insert into ref.locations (location_id, location_name, loc_id) values (1, 'Denver North', 'DN'), (2, 'Boulder', 'BO')`;
    await append(env.store, 'employee-test', [
      { type: 'EmployeeCreated', data: { userId: staff, first: 'Sam', last: 'Writer', username: `sam-${staff}`, locationId: 1 } },
    ]);
    const used = redemptionFacts(sold, 0, { locationId: 2, roNumber: '5500001', amount: cents(3999), redeemedBy: staff });
    const asked = redemptionFacts(sold, 1, { roNumber: '5500002', amount: cents(2500), redeemedBy: staff });
    const undone = redemptionFacts(sold, 2, { roNumber: '5500003', redeemedBy: staff });
    await append(env.store, saleStream(sold.saleId), [{ type: 'PackSold', data: sold }]);
    await append(env.store, issuedCouponStream(redeemed), [couponRedeemed(used, '2026-04-01T16:00:05.000Z')]);
    await append(env.store, issuedCouponStream(held), [{ type: 'CouponRedemptionAwaitingVerification', data: { ...asked, redemptionVerificationId: 'rv-1' } }]);
    await append(env.store, issuedCouponStream(voided), [
      couponRedeemed(undone),
      { type: 'CouponRedemptionVoided', data: { ...undone, reason: 'Wrong RO', by: staff, voidedAt: '2026-04-01T17:00:00.000Z' } },
    ]);
    expect(await catchUp(env.db.sql, env.store, packSales)).toBe(0);
    expect(await catchUp(env.db.sql, env.store, users)).toBe(0);
  });

  it('should show the redeemed coupon as redeemed with its redemption, the held one available with the hold, the voided one available', async () => {
    const coupons = await listCustomerCoupons(env.db.sql, customerId, now);
    const byId = new Map(coupons.map((c) => [c.issuedCouponId, c]));
    expect(byId.get(redeemed)).toMatchObject({
      status: 'redeemed',
      redeemedAt: '2026-04-01T16:00:05.000Z',
      redemption: {
        state: 'redeemed',
        locationId: 2,
        locationName: 'Boulder',
        roNumber: '5500001',
        opCode: 'OIL',
        laborType: 'C',
        amount: 3999,
        redeemedAt: '2026-04-01T16:00:05.000Z',
        redeemedBy: staff,
        redeemedByName: 'Sam Writer',
      },
    });
    expect(byId.get(held)).toMatchObject({
      status: 'available',
      redeemedAt: null,
      redemption: { state: 'awaiting-verification', locationId: 1, locationName: 'Denver North', roNumber: '5500002', amount: 2500, redeemedAt: null, redeemedByName: 'Sam Writer' },
    });
    expect(byId.get(voided)).toMatchObject({ status: 'available', redeemedAt: null, redemption: null });
    // Available ones first (the held one is available), the redeemed one after them.
    expect(coupons.map((c) => c.status)).toEqual(['available', 'available', 'redeemed']);
  });

  it('should answer the redemption through the routes\' response schemas, every field kept', async () => {
    const app = Fastify();
    await app.register(customerPurchaseRoutes(env.db.sql));
    try {
      const direct = (await listCustomerCoupons(env.db.sql, customerId, new Date())).map((c) => [c.issuedCouponId, c.redemption]);
      const coupons = (await app.inject({ method: 'GET', url: `/api/customers/${customerId}/coupons` })).json().dataSet;
      expect(coupons.map((c: { issuedCouponId: string; redemption: unknown }) => [c.issuedCouponId, c.redemption])).toEqual(direct);
      expect(Object.keys(coupons.find((c: { issuedCouponId: string }) => c.issuedCouponId === redeemed).redemption).sort()).toEqual(
        ['amount', 'laborType', 'locationId', 'locationName', 'opCode', 'redeemedAt', 'redeemedBy', 'redeemedByName', 'redemptionId', 'roNumber', 'state'],
      );
      const purchases = (await app.inject({ method: 'GET', url: `/api/customers/${customerId}/purchases` })).json().dataSet;
      expect(purchases[0].coupons.map((c: { redemption: { state: string } | null }) => c.redemption?.state ?? null)).toEqual(['redeemed', 'awaiting-verification', null]);
    } finally {
      await app.close();
    }
  });

  it('should show the same coupons in the purchase, and a voided sale\'s redeemed coupon as voided', async () => {
    const [purchase] = await listPurchases(env.db.sql, customerId, now);
    expect(purchase!.coupons.map((c) => [c.issuedCouponId, c.status, c.redemption?.state ?? null])).toEqual([
      [redeemed, 'redeemed', 'redeemed'],
      [held, 'available', 'awaiting-verification'],
      [voided, 'available', null],
    ]);

    // The sale void (a manager's, say) does not erase the redemption; the sale's status wins.
    await append(env.store, saleStream(sold.saleId), [
      {
        type: 'PackSaleVoided',
        data: { saleId: sold.saleId, customerId, locationId: 1, reason: 'Refund', by: staff, voidedAt: '2026-04-04T15:00:00.000Z', refund: sold.total, refundTax: sold.tax, voidedCouponIds: [], wasStatus: 'final' },
      },
    ]);
    await catchUp(env.db.sql, env.store, packSales);
    const coupons = await listCustomerCoupons(env.db.sql, customerId, now);
    expect(coupons.find((c) => c.issuedCouponId === redeemed)).toMatchObject({ status: 'voided', redeemedAt: '2026-04-01T16:00:05.000Z', redemption: { state: 'redeemed' } });
  });
});
