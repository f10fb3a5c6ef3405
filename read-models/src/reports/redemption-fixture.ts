/**
 * Test data of the redemption reports (issue 14): real events (a pack sale at Denver North, a
 * paper book sold at Aurora, redemptions, voids and an RO change) appended to a test database's
 * store and applied by the `reports` and `users` projections as the runner does. Times sit on
 * local-day boundaries in Denver (UTC-6 in April 2026) so the reports' days are those of the
 * location, not UTC's.
 *
 * What happens (all Denver time zone):
 * - r1 Oil (coupon 0) at Denver North RO 5500001, 2026-03-31 23:30 local (05:30Z on April 1): March.
 * - r2 Oil (coupon 1) at Denver North RO 5500001, 2026-04-01 00:30 local, by Sam Writer: April.
 * - r3 Rotate (coupon 4) at Boulder RO 6600001 (ROT, warranty) on April 10, voided May 2: a void in a later period.
 * - r4 paper Oil of book PB-1 (sold at Aurora) at Denver North RO 5500002 on April 15.
 * - r5 Oil (coupon 2) at Denver North RO 5500003 on April 20, its RO changed to Boulder RO 6600002.
 * - r6 Rotate (coupon 5) at Boulder RO 6600003 on April 5, voided 2026-04-30 23:00 local (05:00Z May 1): same period.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { cents, paperBookStreamId, type RedemptionFacts, type ReportQuery, type ReportRow } from '@dealer/contracts';
import { PostgresEventStore, type Sql } from '@dealer/platform';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { append, catchUp, couponRedeemed, couponTerms, issuedCouponStream, packSold, redemptionFacts, saleStream } from '../pack-sales/test-events';
import { paperBookRegistered, paperCouponRedeemed } from '../paper-books/test-events';
import { reports } from './projection';
import { users } from '../users/projection';

export const DENVER = 1;
export const BOULDER = 2;
export const AURORA = 3;
/** The three locations, and April 2026 (from, to): the period most of the fixture falls in. */
export const ALL = [DENVER, BOULDER, AURORA];
export const APRIL = ['2026-04-01', '2026-04-30'] as const;

export interface RedemptionWorld {
  staff: string;
  /** Allocated value of each redemption, by its name r1..r6. */
  a: Record<'r1' | 'r2' | 'r3' | 'r4' | 'r5' | 'r6', number>;
  /** Discount given (amount) of each redemption. */
  amount: Record<'r1' | 'r2' | 'r3' | 'r4' | 'r5' | 'r6', number>;
}

const voided = (f: RedemptionFacts, voidedAt: string, by: string) => ({
  type: 'CouponRedemptionVoided',
  data: {
    redemptionId: f.redemptionId,
    issuedCouponId: f.issuedCouponId,
    couponId: f.couponId,
    saleId: f.saleId,
    customerId: f.customerId,
    soldLocationId: f.soldLocationId,
    locationId: f.locationId,
    roNumber: f.roNumber,
    line: f.line,
    amount: f.amount,
    allocatedValue: f.allocatedValue,
    reason: 'Wrong coupon',
    by,
    voidedAt,
  },
});

export async function seedRedemptions(sql: Sql): Promise<RedemptionWorld> {
  const store = new PostgresEventStore(sql, { pollIntervalMs: 50 });
  await sql`insert into ref.locations (location_id, location_name, loc_id) values (1, 'Denver North', 'DN'), (2, 'Boulder', 'BO'), (3, 'Aurora', 'AU')`;
  const staff = randomUUID();
  const manager = randomUUID();
  await append(store, `employee-${staff}`, [{ type: 'EmployeeCreated', data: { userId: staff, first: 'Sam', last: 'Writer', username: `sam-${staff}`, locationId: 1 } }]);

  const customerId = randomUUID();
  const sold = packSold({
    customerId,
    status: 'final',
    soldOn: '2026-03-10',
    locationId: DENVER,
    items: [
      { couponId: randomUUID(), terms: couponTerms('Oil and Filter'), quantity: 4 },
      { couponId: randomUUID(), terms: couponTerms('Tire Rotation', { value: { kind: 'fixed', amount: cents(2500) } }), quantity: 2 },
    ],
  });
  await append(store, saleStream(sold.saleId), [{ type: 'PackSold', data: sold }]);

  const r1 = redemptionFacts(sold, 0, { locationId: DENVER, roNumber: '5500001', amount: cents(3999) });
  const r2 = redemptionFacts(sold, 1, { locationId: DENVER, roNumber: '5500001', amount: cents(3500), redeemedBy: staff });
  const r3 = redemptionFacts(sold, 4, { locationId: BOULDER, roNumber: '6600001', amount: cents(2500), opCode: 'ROT', laborType: 'W' });
  const r5 = redemptionFacts(sold, 2, { locationId: DENVER, roNumber: '5500003', amount: cents(3000) });
  const r6 = redemptionFacts(sold, 5, { locationId: BOULDER, roNumber: '6600003', amount: cents(2000), opCode: 'ROT' });
  await append(store, issuedCouponStream(r1.issuedCouponId), [couponRedeemed(r1, '2026-04-01T05:30:00.000Z')]);
  await append(store, issuedCouponStream(r2.issuedCouponId), [couponRedeemed(r2, '2026-04-01T06:30:00.000Z')]);
  await append(store, issuedCouponStream(r3.issuedCouponId), [couponRedeemed(r3, '2026-04-10T16:00:00.000Z'), voided(r3, '2026-05-02T16:00:00.000Z', manager)]);
  await append(store, issuedCouponStream(r5.issuedCouponId), [
    couponRedeemed(r5, '2026-04-20T16:00:00.000Z'),
    {
      type: 'CouponRedemptionRoChanged',
      data: {
        redemptionId: r5.redemptionId,
        issuedCouponId: r5.issuedCouponId,
        couponId: r5.couponId,
        saleId: r5.saleId,
        customerId,
        soldLocationId: r5.soldLocationId,
        allocatedValue: r5.allocatedValue,
        from: { locationId: DENVER, roNumber: '5500003', line: r5.line, amount: r5.amount },
        to: { locationId: BOULDER, timeZone: 'America/Denver', roNumber: '6600002', line: { ...r5.line, opCode: 'OIL2' }, amount: r5.amount },
        by: manager,
        changedAt: '2026-04-21T16:00:00.000Z',
      },
    },
  ]);
  await append(store, issuedCouponStream(r6.issuedCouponId), [couponRedeemed(r6, '2026-04-05T16:00:00.000Z'), voided(r6, '2026-05-01T05:00:00.000Z', manager)]);

  const book = paperBookRegistered({ bookNumber: 'PB-1', locationId: AURORA, soldOn: '2026-02-01', items: [{ couponId: randomUUID(), terms: couponTerms('Oil and Filter'), quantity: 2 }] });
  const r4 = paperCouponRedeemed(book, 1, { locationId: DENVER, roNumber: '5500002', amount: cents(3999), redeemedAt: '2026-04-15T16:00:00.000Z' });
  await append(store, paperBookStreamId('PB-1'), [book, r4]);

  if ((await catchUp(sql, store, reports)) !== 0) throw new Error('The reports projection parked an event of the fixture.');
  if ((await catchUp(sql, store, users)) !== 0) throw new Error('The users projection parked an event of the fixture.');

  const a = { r1: r1.allocatedValue, r2: r2.allocatedValue, r3: r3.allocatedValue, r4: r4.data.allocatedValue, r5: r5.allocatedValue, r6: r6.allocatedValue };
  const amount = { r1: r1.amount, r2: r2.amount, r3: r3.amount, r4: r4.data.amount, r5: r5.amount, r6: r6.amount };
  return { staff, a, amount };
}

/**
 * For a test file: a test database of its own seeded with the fixture (seedRedemptions) before
 * the file's tests and dropped after them; `sql` and `world` are there once beforeAll has run.
 */
export function useRedemptionWorld(): { readonly sql: Sql; readonly world: RedemptionWorld } {
  let db: TestDatabase | undefined;
  const env = {} as { sql: Sql; world: RedemptionWorld };
  beforeAll(async () => {
    db = await createTestDatabase();
    env.sql = db.sql;
    env.world = await seedRedemptions(db.sql);
  });
  afterAll(async () => {
    await db?.drop();
  });
  return env;
}

/** A report query over `from`..`to` at `locationIds`. */
export function reportQuery(from: string, to: string, locationIds: number[], options: Record<string, string> = {}, drill: Record<string, string> = {}): ReportQuery {
  return { from, to, locationIds, options, drill, today: '2026-06-30' };
}

/** Every row of a streamed table. */
export async function streamed(batches: AsyncIterable<ReportRow[]>): Promise<ReportRow[]> {
  const all: ReportRow[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}
