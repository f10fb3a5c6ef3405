/**
 * Reconciliation of the reports (issue 14), as a property: a random history of pack sales (over
 * the counter, online, paper-book conversions), finalisations, location corrections, sale voids
 * (an online one refunded through the provider), paper books, redemptions (digital and paper),
 * redemption voids and RO changes, gift packs (paid online: a sale on the payment day; claimed by
 * the recipient: the claim's PackSold no second sale, its coupons redeemed like any; or ended
 * unclaimed: GiftExpired a void with the whole refund, then the provider's refund), across three
 * locations in three time zones and three weeks,
 * built as real events with the contracts' types and rules (allocation, local days), is applied
 * by the `reports` projection's applyBatch (in random batches, then once more: re-applying
 * changes nothing); then every report (but expired) answers, and its figures equal the sums
 * over the events computed here independently (a fold of the events, not of the read model).
 *
 * The histories are built in testing/history.ts (actions interpreted as the deciders would
 * allow them, so every event is one the product records); the fold and the check per report are
 * in testing/reconciliation.ts (the product test launcher/src/reports-reconciliation.test.ts runs
 * the same checks through the HTTP route).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_NAMES, type ReportName, type ReportQuery, type ReportRow } from '@dealer/contracts';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { reports } from './projection';
import { REPORT_DEFINITIONS } from './index';
import { LOCATION_IDS, PERIOD, TODAY, action, interpret, recorded, type Action } from './testing/history';
import { CHECKS, fold } from './testing/reconciliation';

async function streamed(iterable: AsyncIterable<ReportRow[]>): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for await (const batch of iterable) rows.push(...batch);
  return rows;
}

// ---------------------------------------------------------------------------------------------

let db: TestDatabase;
const checked = new Set<ReportName>();
/** How many gifts the histories held, claimed and ended, and redemptions of a claimed gift's coupons (the property must see them). */
const seen = { gifts: 0, claimed: 0, ended: 0, giftRedemptions: 0 };

beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql`create schema if not exists rm_reports`;
  await reports.createTables(db.sql, 'rm_reports');
  await reports.createIndexes?.(db.sql, 'rm_reports');
});
afterAll(async () => {
  await db?.drop();
});

/** Every report but 'expired', which reads the liability read model and has its own roll-forward property test, and 'expiry-reminders' (the coupon_reminders read model, its own tests). */
const RECONCILED: ReportName[] = REPORT_NAMES.filter((n) => n !== 'expired' && n !== 'expiry-reminders');

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The period asked: mostly a part of the history (events before, in and after it), sometimes half a year (monthly charts). */
const period = fc.oneof(
  { weight: 2, arbitrary: fc.constant(PERIOD) },
  {
    weight: 3,
    arbitrary: fc.tuple(fc.integer({ min: -3, max: 22 }), fc.integer({ min: 0, max: 20 })).map(([start, days]) => ({ from: addDays('2026-03-01', start), to: addDays('2026-03-01', start + days) })),
  },
  { weight: 1, arbitrary: fc.constant({ from: '2026-01-01', to: '2026-06-30' }) },
);

/**
 * One history the property always checks besides the random ones: a gift claimed and one of its coupons redeemed,
 * and a gift ended unclaimed. Thirty random histories mostly hold both, but not always (a CI run once saw no
 * redemption of a claimed gift's coupon), and the property must see them every run.
 */
const GIFTS_CLAIMED_REDEEMED_AND_ENDED: Action[] = [
  { kind: 'sell', channel: 'lane', location: 1, at: 60, price: 12_000, final: true, ro: '550001' },
  { kind: 'gift', location: 2, at: 600, price: 20_000 },
  { kind: 'claimGift', gift: 0, at: 1_500 },
  { kind: 'gift', location: 3, at: 3_000, price: 9_000 },
  { kind: 'redeem', sale: 1, coupon: 0, location: 2, at: 6_000, amount: 4_000, ro: '550002', verification: 'direct' },
  { kind: 'endGift', gift: 0, at: 100, reason: 'expired' },
];

describe('reports reconcile to the events', () => {
  it('should give, for any history, every report the sums over its events', async () => {
    for (const name of RECONCILED) expect(CHECKS[name], `no reconciliation check for ${name}`).toBeDefined();

    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 10, maxLength: 80, size: 'max' }),
        fc.integer({ min: 1, max: 40 }),
        fc.subarray(LOCATION_IDS, { minLength: 1 }),
        period,
        async (actions, batchSize, locationIds, { from, to }) => {
          const events = recorded(interpret(actions));
          await db.sql`truncate rm_reports.sales, rm_reports.redemptions`;
          // As the runner: the events the projection handles, in batches, each in its transaction
          // (an event it cannot apply fails the property rather than being parked).
          const relevant = events.filter((e) => reports.handles.has(e.type));
          const apply = async () => {
            for (let i = 0; i < relevant.length; i += batchSize) {
              await db.sql.begin((tx) => reports.applyBatch(tx as never, 'rm_reports', relevant.slice(i, i + batchSize)));
            }
          };
          await apply();
          const folded = fold(events);
          const giftSales = new Set(folded.sales.filter((s) => s.giftId !== null).map((s) => s.saleId));
          seen.gifts += giftSales.size;
          seen.claimed += folded.sales.filter((s) => s.claimed).length;
          seen.ended += events.filter((e) => e.type === 'GiftExpired').length;
          seen.giftRedemptions += folded.redemptions.filter((r) => r.saleId !== null && giftSales.has(r.saleId)).length;
          const q: ReportQuery = { from, to, locationIds: [...locationIds].sort(), options: {}, drill: {}, today: TODAY };
          for (const name of RECONCILED) {
            await CHECKS[name]!({ ask: (report, query) => REPORT_DEFINITIONS[report].answer(db.sql, query), q, folded, nameOf: (id) => `Location ${id}` });
            checked.add(name);
            // The CSV export streams exactly the rows shown (every table of the top level, default options).
            const { tables } = await REPORT_DEFINITIONS[name].answer(db.sql, q);
            for (const t of tables) expect(await streamed(REPORT_DEFINITIONS[name].stream(db.sql, q, t.key)), `${name} ${t.key}`).toEqual(t.rows);
          }
          // Re-applying the whole history changes nothing.
          const before = await snapshot();
          await apply();
          expect(await snapshot()).toEqual(before);
        },
      ),
      { numRuns: 30, examples: [[GIFTS_CLAIMED_REDEEMED_AND_ENDED, 4, [...LOCATION_IDS], { from: '2026-03-01', to: '2026-03-31' }]] },
    );
    expect([...checked].sort()).toEqual([...RECONCILED].sort());
    expect(Math.min(seen.gifts, seen.claimed, seen.ended, seen.giftRedemptions), JSON.stringify(seen)).toBeGreaterThan(0);
  }, 120_000);
});

async function snapshot() {
  const sales = await db.sql`select * from rm_reports.sales order by sale_id`;
  const redemptions = await db.sql`select * from rm_reports.redemptions order by redemption_id`;
  return { sales: [...sales], redemptions: [...redemptions] };
}
