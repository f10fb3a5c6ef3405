/**
 * The Coupon Redemptions and Coupon Redemptions V2 reports over the reports read model filled
 * from real events (redemption-fixture.ts): figures per location, op code and labour type, a void
 * in a later period and in the same one, an RO change, local-day boundaries in Denver, the chart
 * per day and per month, the RO table with its drill, and the CSV streams (cursor) giving the
 * same rows, beyond the answer's 1000.
 */
import { describe, expect, it } from 'vitest';
import { REPORT_ROWS_MAX } from '@dealer/contracts';
import { couponRedemptionsReport } from './coupon-redemptions';
import { couponRedemptionsV2Report } from './coupon-redemptions-v2';
import { ALL, APRIL, AURORA, BOULDER, DENVER, reportQuery, streamed, useRedemptionWorld } from './redemption-fixture';

const env = useRedemptionWorld();

describe('coupon-redemptions', () => {
  it('should count per redeeming location the period\'s redemptions, their value, discount, digital and paper, and the period\'s voids', async () => {
    const { a, amount } = env.world;
    const body = await couponRedemptionsReport.answer(env.sql, reportQuery(...APRIL, ALL, { groupBy: 'location' }));
    const [t] = body.tables;
    expect(t!.key).toBe('redemptions');
    expect(t!.rows.map((r) => r.cells)).toEqual([
      // r3, r5 (moved here by its RO change), r6 (voided 23:00 local on April 30: a void of April).
      { group: 'Boulder', redeemed: 3, allocated: a.r3 + a.r5 + a.r6, discount: amount.r3 + amount.r5 + amount.r6, digital: 3, paper: 0, voids: 1, voided: a.r6, net: a.r3 + a.r5 },
      // r2 (00:30 local on April 1) and the paper r4; r1 (23:30 local on March 31) is March's.
      { group: 'Denver North', redeemed: 2, allocated: a.r2 + a.r4, discount: amount.r2 + amount.r4, digital: 1, paper: 1, voids: 0, voided: 0, net: a.r2 + a.r4 },
    ]);
    expect(t!.rowCount).toBe(2);
    const allocated = a.r2 + a.r3 + a.r4 + a.r5 + a.r6;
    expect(t!.totals).toEqual({ group: 'Total', redeemed: 5, allocated, discount: amount.r2 + amount.r3 + amount.r4 + amount.r5 + amount.r6, digital: 4, paper: 1, voids: 1, voided: a.r6, net: allocated - a.r6 });
    expect(a.r3).not.toBe(a.r2); // the two coupons' shares differ, so a swapped coupon would show
  });

  it('should count a void in the period of the void: May has Boulder\'s void of April\'s r3 and no redemptions', async () => {
    const body = await couponRedemptionsReport.answer(env.sql, reportQuery('2026-05-01', '2026-05-31', ALL, { groupBy: 'location' }));
    expect(body.tables[0]!.rows.map((r) => r.cells)).toEqual([
      { group: 'Boulder', redeemed: 0, allocated: 0, discount: 0, digital: 0, paper: 0, voids: 1, voided: env.world.a.r3, net: -env.world.a.r3 },
    ]);
    const march = await couponRedemptionsReport.answer(env.sql, reportQuery('2026-03-31', '2026-03-31', ALL, { groupBy: 'location' }));
    expect(march.tables[0]!.rows.map((r) => [r.cells.group, r.cells.redeemed, r.cells.allocated])).toEqual([['Denver North', 1, env.world.a.r1]]);
  });

  it('should group by op code (the RO change\'s new line) and by labour type, and keep only the chosen locations', async () => {
    const { a } = env.world;
    const byOp = await couponRedemptionsReport.answer(env.sql, reportQuery(...APRIL, ALL, { groupBy: 'opCode' }));
    expect(byOp.tables[0]!.columns[0]).toEqual({ key: 'group', label: 'Op code', kind: 'text' });
    expect(byOp.tables[0]!.rows.map((r) => [r.cells.group, r.cells.redeemed, r.cells.allocated, r.cells.voids])).toEqual([
      ['OIL', 2, a.r2 + a.r4, 0],
      ['OIL2', 1, a.r5, 0],
      ['ROT', 2, a.r3 + a.r6, 1],
    ]);
    const byLabour = await couponRedemptionsReport.answer(env.sql, reportQuery(...APRIL, ALL, { groupBy: 'laborType' }));
    expect(byLabour.tables[0]!.rows.map((r) => [r.cells.group, r.cells.redeemed, r.cells.allocated])).toEqual([
      ['Customer pay', 4, a.r2 + a.r4 + a.r5 + a.r6],
      ['Warranty', 1, a.r3],
    ]);
    const denver = await couponRedemptionsReport.answer(env.sql, reportQuery(...APRIL, [DENVER], { groupBy: 'location' }));
    expect(denver.tables[0]!.rows.map((r) => r.cells.group)).toEqual(['Denver North']);
    expect(denver.tables[0]!.totals).toMatchObject({ redeemed: 2, allocated: a.r2 + a.r4 });
  });

  it('should chart the allocated value redeemed per local day, and per month over a period longer than 62 days', async () => {
    const { a } = env.world;
    const [daily] = (await couponRedemptionsReport.answer(env.sql, reportQuery(...APRIL, ALL))).charts;
    expect(daily).toMatchObject({ kind: 'bar', xKey: 'day', valueKind: 'money', series: [{ key: 'allocated', label: 'Allocated value' }] });
    expect(daily!.points).toHaveLength(30);
    const nonZero = daily!.points.filter((p) => p.allocated !== 0);
    expect(nonZero).toEqual([
      { day: '2026-04-01', allocated: a.r2 },
      { day: '2026-04-05', allocated: a.r6 },
      { day: '2026-04-10', allocated: a.r3 },
      { day: '2026-04-15', allocated: a.r4 },
      { day: '2026-04-20', allocated: a.r5 },
    ]);
    // Coupon Redemptions V2 (by RO) draws the same chart over its ROs' redemptions.
    expect((await couponRedemptionsV2Report.answer(env.sql, reportQuery(...APRIL, ALL))).charts).toEqual([daily]);
    const [monthly] = (await couponRedemptionsReport.answer(env.sql, reportQuery('2026-01-15', '2026-06-30', ALL))).charts;
    expect(monthly!.xKey).toBe('month');
    expect(monthly!.points).toEqual([
      { month: '2026-01', allocated: 0 },
      { month: '2026-02', allocated: 0 },
      { month: '2026-03', allocated: a.r1 },
      { month: '2026-04', allocated: a.r2 + a.r3 + a.r4 + a.r5 + a.r6 },
      { month: '2026-05', allocated: 0 },
      { month: '2026-06', allocated: 0 },
    ]);
  });

  it('should stream the same rows as the answer, and refuse a table it does not have', async () => {
    for (const groupBy of ['location', 'opCode', 'laborType']) {
      const q = reportQuery(...APRIL, ALL, { groupBy });
      const body = await couponRedemptionsReport.answer(env.sql, q);
      expect(await streamed(couponRedemptionsReport.stream(env.sql, q, 'redemptions'))).toEqual(body.tables[0]!.rows);
    }
    await expect(streamed(couponRedemptionsReport.stream(env.sql, reportQuery(...APRIL, ALL), 'ros'))).rejects.toThrow('That report has no such table.');
  });
});

describe('coupon-redemptions-v2', () => {
  it('should answer one row per RO with a redemption or a void in the period, the RO change\'s coupon under its new RO', async () => {
    const { a, amount } = env.world;
    const body = await couponRedemptionsV2Report.answer(env.sql, reportQuery(...APRIL, ALL));
    const [t] = body.tables;
    expect(t!.key).toBe('ros');
    expect(t!.rows.map((r) => r.cells)).toEqual([
      { location: 'Denver North', roNumber: '5500001', firstRedeemedOn: '2026-04-01', redeemed: 1, allocated: a.r2, discount: amount.r2, voided: 0, net: a.r2 },
      { location: 'Boulder', roNumber: '6600003', firstRedeemedOn: '2026-04-05', redeemed: 1, allocated: a.r6, discount: amount.r6, voided: a.r6, net: 0 },
      { location: 'Boulder', roNumber: '6600001', firstRedeemedOn: '2026-04-10', redeemed: 1, allocated: a.r3, discount: amount.r3, voided: 0, net: a.r3 },
      { location: 'Denver North', roNumber: '5500002', firstRedeemedOn: '2026-04-15', redeemed: 1, allocated: a.r4, discount: amount.r4, voided: 0, net: a.r4 },
      { location: 'Boulder', roNumber: '6600002', firstRedeemedOn: '2026-04-20', redeemed: 1, allocated: a.r5, discount: amount.r5, voided: 0, net: a.r5 },
    ]);
    expect(t!.rows.map((r) => r.drill)).toEqual([
      { locationId: '1', roNumber: '5500001' },
      { locationId: '2', roNumber: '6600003' },
      { locationId: '2', roNumber: '6600001' },
      { locationId: '1', roNumber: '5500002' },
      { locationId: '2', roNumber: '6600002' },
    ]);
    const allocated = a.r2 + a.r3 + a.r4 + a.r5 + a.r6;
    expect(t!.totals).toMatchObject({ location: 'Total', redeemed: 5, allocated, voided: a.r6, net: allocated - a.r6 });

    // May: only the RO whose coupon was voided then; its first redemption was in April.
    const may = await couponRedemptionsV2Report.answer(env.sql, reportQuery('2026-05-01', '2026-05-31', ALL));
    expect(may.tables[0]!.rows.map((r) => r.cells)).toEqual([
      { location: 'Boulder', roNumber: '6600001', firstRedeemedOn: '2026-04-10', redeemed: 0, allocated: 0, discount: 0, voided: a.r3, net: -a.r3 },
    ]);
  });

  it('should drill into an RO\'s coupon lines with who redeemed them, and into a line voided in the period', async () => {
    const { a, amount } = env.world;
    const body = await couponRedemptionsV2Report.answer(env.sql, reportQuery('2026-03-01', '2026-04-30', ALL, {}, { locationId: '1', roNumber: '5500001' }));
    const [t] = body.tables;
    expect(t!.key).toBe('lines');
    expect(t!.title).toBe('RO 5500001 at Denver North');
    expect(t!.rows.map((r) => r.cells)).toEqual([
      {
        coupon: 'Oil and Filter',
        source: 'Digital',
        opCode: 'OIL',
        laborType: 'Customer pay',
        lineTotal: 8000,
        discount: amount.r1,
        allocated: a.r1,
        redeemedOn: '2026-03-31',
        redeemedBy: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'Redeemed',
        voidedOn: null,
      },
      { coupon: 'Oil and Filter', source: 'Digital', opCode: 'OIL', laborType: 'Customer pay', lineTotal: 8000, discount: amount.r2, allocated: a.r2, redeemedOn: '2026-04-01', redeemedBy: 'Sam Writer', status: 'Redeemed', voidedOn: null },
    ]);
    expect(t!.totals).toEqual({ coupon: 'Total', discount: amount.r1 + amount.r2, allocated: a.r1 + a.r2 });

    const may = await couponRedemptionsV2Report.answer(env.sql, reportQuery('2026-05-01', '2026-05-31', ALL, {}, { locationId: '2', roNumber: '6600001' }));
    expect(may.tables[0]!.rows.map((r) => [r.cells.coupon, r.cells.laborType, r.cells.status, r.cells.redeemedOn, r.cells.voidedOn])).toEqual([
      ['Tire Rotation', 'Warranty', 'Voided', '2026-04-10', '2026-05-02'],
    ]);
    // Redeemed before the period: listed for its void, not in the period's redeemed totals.
    expect(may.tables[0]!.totals).toEqual({ coupon: 'Total', discount: 0, allocated: 0 });

    // The RO the redemption was moved away from has no lines; a location not asked for gives none.
    const moved = await couponRedemptionsV2Report.answer(env.sql, reportQuery(...APRIL, ALL, {}, { locationId: '1', roNumber: '5500003' }));
    expect(moved.tables[0]!.rowCount).toBe(0);
    const notAsked = await couponRedemptionsV2Report.answer(env.sql, reportQuery(...APRIL, [DENVER], {}, { locationId: '2', roNumber: '6600002' }));
    expect(notAsked.tables[0]!.rows).toEqual([]);
    const moveHere = await couponRedemptionsV2Report.answer(env.sql, reportQuery(...APRIL, [BOULDER], {}, { locationId: '2', roNumber: '6600002' }));
    expect(moveHere.tables[0]!.rows.map((r) => [r.cells.opCode, r.cells.allocated])).toEqual([['OIL2', a.r5]]);
  });

  it('should stream the RO table and the drill\'s lines with a cursor, every row beyond the answer\'s 1000', async () => {
    const q = reportQuery(...APRIL, ALL);
    const body = await couponRedemptionsV2Report.answer(env.sql, q);
    expect(await streamed(couponRedemptionsV2Report.stream(env.sql, q, 'ros'))).toEqual(body.tables[0]!.rows);
    const dq = reportQuery('2026-03-01', '2026-04-30', ALL, {}, { locationId: '1', roNumber: '5500001' });
    const drill = await couponRedemptionsV2Report.answer(env.sql, dq);
    expect(await streamed(couponRedemptionsV2Report.stream(env.sql, dq, 'lines'))).toEqual(drill.tables[0]!.rows);

    // 1 205 ROs at Aurora in January 2025 (rows written directly: only their number matters here).
    const n = 1205;
    await env.sql`
      insert into rm_reports.redemptions (redemption_id, source, issued_coupon_id, coupon_id, coupon_name, sold_location_id, location_id, time_zone, ro_number,
        op_code, labor_type, line_total, amount, allocated_value, redeemed_by, redeemed_at, redeemed_on, status, revision)
      select 'bulk-' || i, 'digital', 'ic-' || i, gen_random_uuid(), 'Oil and Filter', 3, 3, 'America/Denver', (9000000 + i)::text,
        'OIL', 'C', 8000, 100, 1000, 'nobody', '2025-01-10T16:00:00Z', '2025-01-10', 'redeemed', 0
      from generate_series(1, ${n}) i`;
    const bulk = reportQuery('2025-01-01', '2025-01-31', [AURORA]);
    const big = await couponRedemptionsV2Report.answer(env.sql, bulk);
    expect(big.tables[0]!.rows).toHaveLength(REPORT_ROWS_MAX);
    expect(big.tables[0]!.rowCount).toBe(n);
    expect(big.tables[0]!.totals).toMatchObject({ redeemed: n, allocated: n * 1000 });
    const batches: number[] = [];
    for await (const batch of couponRedemptionsV2Report.stream(env.sql, bulk, 'ros')) batches.push(batch.length);
    expect(batches).toEqual([1000, 205]);
    const v1 = await couponRedemptionsReport.answer(env.sql, bulk);
    expect(v1.tables[0]!.totals).toMatchObject({ redeemed: n, allocated: n * 1000 });
    await env.sql`delete from rm_reports.redemptions where redemption_id like 'bulk-%'`;
  });
});
