/**
 * The Payouts report over the reports read model filled from real events
 * (redemption-fixture.ts): the location that sold a coupon owes the one that redeemed it its
 * allocated value on the redemption's local day, a void reverses it on the void's local day (the
 * same period or a later one), an RO change moves the work to its new location, a paper book's
 * sale location owes likewise; the nets sum to zero; the location filter keeps the pairs touching
 * a chosen location; the drill lists the movements behind a pair; the streams give the same rows.
 */
import { describe, expect, it } from 'vitest';
import { payoutsReport } from './payouts';
import { ALL, APRIL, AURORA, BOULDER, DENVER, reportQuery, streamed, useRedemptionWorld } from './redemption-fixture';

const env = useRedemptionWorld();
const sumOf = (cells: Record<string, unknown>[], key: string) => cells.reduce((s, c) => s + (c[key] as number), 0);

describe('payouts', () => {
  it('should owe the redeeming location each coupon\'s allocated value, less the voids of the period, and net to zero', async () => {
    const { a } = env.world;
    const body = await payoutsReport.answer(env.sql, reportQuery(...APRIL, ALL));
    const [pairs, net] = body.tables;
    expect(pairs!.key).toBe('payouts');
    expect(pairs!.rows.map((r) => r.cells)).toEqual([
      // The paper book sold at Aurora, its coupon redeemed at Denver North.
      { from: 'Aurora', to: 'Denver North', redeemed: 1, voids: 0, amount: a.r4 },
      // r3, r5 (moved to Boulder by its RO change), r6 (voided at 23:00 local on April 30: the same period).
      { from: 'Denver North', to: 'Boulder', redeemed: 3, voids: 1, amount: a.r3 + a.r5 },
    ]);
    expect(pairs!.rows.map((r) => r.drill)).toEqual([
      { fromLocationId: '3', toLocationId: '1' },
      { fromLocationId: '1', toLocationId: '2' },
    ]);
    expect(pairs!.totals).toEqual({ from: 'Total', redeemed: 4, voids: 1, amount: a.r4 + a.r3 + a.r5 });

    expect(net!.key).toBe('net');
    expect(net!.rows.map((r) => r.cells)).toEqual([
      { location: 'Aurora', owedTo: 0, owedBy: a.r4, net: -a.r4 },
      { location: 'Boulder', owedTo: a.r3 + a.r5, owedBy: 0, net: a.r3 + a.r5 },
      { location: 'Denver North', owedTo: a.r4, owedBy: a.r3 + a.r5, net: a.r4 - a.r3 - a.r5 },
    ]);
    expect(sumOf(net!.rows.map((r) => r.cells), 'net')).toBe(0);
    expect(net!.totals).toEqual({ location: 'Total', owedTo: a.r4 + a.r3 + a.r5, owedBy: a.r4 + a.r3 + a.r5, net: 0 });
    // The chart draws the net table: what each location is owed and owes.
    expect(body.charts).toEqual([
      {
        key: 'net',
        title: 'Owed to and by each location',
        kind: 'bar',
        xKey: 'location',
        valueKind: 'money',
        series: [
          { key: 'owedTo', label: 'Owed to it' },
          { key: 'owedBy', label: 'Owed by it' },
        ],
        points: [
          { location: 'Aurora', owedTo: 0, owedBy: a.r4 },
          { location: 'Boulder', owedTo: a.r3 + a.r5, owedBy: 0 },
          { location: 'Denver North', owedTo: a.r4, owedBy: a.r3 + a.r5 },
        ],
      },
    ]);
  });

  it('should reverse a redemption in the period of its void, and leave out redemptions where the coupon was sold', async () => {
    const { a } = env.world;
    const may = await payoutsReport.answer(env.sql, reportQuery('2026-05-01', '2026-05-31', ALL));
    expect(may.tables[0]!.rows.map((r) => r.cells)).toEqual([{ from: 'Denver North', to: 'Boulder', redeemed: 0, voids: 1, amount: -a.r3 }]);
    expect(may.tables[1]!.rows.map((r) => [r.cells.location, r.cells.net])).toEqual([
      ['Boulder', -a.r3],
      ['Denver North', a.r3],
    ]);
    // March: r1 was redeemed where its pack was sold (Denver North), so nobody owes anybody.
    const march = await payoutsReport.answer(env.sql, reportQuery('2026-03-01', '2026-03-31', ALL));
    expect(march.tables.map((t) => [t.key, t.rowCount, t.totals])).toEqual([
      ['payouts', 0, { from: 'Total', redeemed: 0, voids: 0, amount: 0 }],
      ['net', 0, { location: 'Total', owedTo: 0, owedBy: 0, net: 0 }],
    ]);
    // April and May together: r3 is redeemed and voided, r6 too; the pair owes r5 alone.
    const both = await payoutsReport.answer(env.sql, reportQuery('2026-04-01', '2026-05-31', ALL));
    expect(both.tables[0]!.rows.map((r) => [r.cells.from, r.cells.to, r.cells.redeemed, r.cells.voids, r.cells.amount])).toEqual([
      ['Aurora', 'Denver North', 1, 0, a.r4],
      ['Denver North', 'Boulder', 3, 2, a.r5],
    ]);
  });

  it('should keep the pairs where either side is a chosen location, nets still summing to zero', async () => {
    const { a } = env.world;
    const aurora = await payoutsReport.answer(env.sql, reportQuery(...APRIL, [AURORA]));
    expect(aurora.tables[0]!.rows.map((r) => [r.cells.from, r.cells.to, r.cells.amount])).toEqual([['Aurora', 'Denver North', a.r4]]);
    expect(aurora.tables[1]!.rows.map((r) => [r.cells.location, r.cells.net])).toEqual([
      ['Aurora', -a.r4],
      ['Denver North', a.r4],
    ]);
    const boulder = await payoutsReport.answer(env.sql, reportQuery(...APRIL, [BOULDER]));
    expect(boulder.tables[0]!.rows.map((r) => [r.cells.from, r.cells.to, r.cells.amount])).toEqual([['Denver North', 'Boulder', a.r3 + a.r5]]);
    const denver = await payoutsReport.answer(env.sql, reportQuery(...APRIL, [DENVER]));
    expect(denver.tables[0]!.rowCount).toBe(2);
    expect(denver.tables[1]!.totals!.net).toBe(0);
  });

  it('should drill into the movements behind a pair\'s amount, signed, on their local days', async () => {
    const { a } = env.world;
    const q = reportQuery('2026-04-01', '2026-05-31', ALL, {}, { fromLocationId: '1', toLocationId: '2' });
    const body = await payoutsReport.answer(env.sql, q);
    const [t] = body.tables;
    expect(t!.key).toBe('lines');
    expect(t!.title).toBe('Denver North owes Boulder');
    expect(t!.rows.map((r) => r.cells)).toEqual([
      { date: '2026-04-05', movement: 'Redeemed', roNumber: '6600003', coupon: 'Tire Rotation', source: 'Digital', amount: a.r6 },
      { date: '2026-04-10', movement: 'Redeemed', roNumber: '6600001', coupon: 'Tire Rotation', source: 'Digital', amount: a.r3 },
      { date: '2026-04-20', movement: 'Redeemed', roNumber: '6600002', coupon: 'Oil and Filter', source: 'Digital', amount: a.r5 },
      { date: '2026-04-30', movement: 'Voided', roNumber: '6600003', coupon: 'Tire Rotation', source: 'Digital', amount: -a.r6 },
      { date: '2026-05-02', movement: 'Voided', roNumber: '6600001', coupon: 'Tire Rotation', source: 'Digital', amount: -a.r3 },
    ]);
    expect(t!.totals).toEqual({ date: null, movement: 'Total', amount: a.r5 });
    expect(await streamed(payoutsReport.stream(env.sql, q, 'lines'))).toEqual(t!.rows);

    const paper = await payoutsReport.answer(env.sql, reportQuery(...APRIL, [DENVER], {}, { fromLocationId: '3', toLocationId: '1' }));
    expect(paper.tables[0]!.rows.map((r) => [r.cells.source, r.cells.roNumber, r.cells.amount])).toEqual([['Paper', '5500002', a.r4]]);

    // Neither location asked for, or a location with itself: no lines.
    const notAsked = await payoutsReport.answer(env.sql, reportQuery(...APRIL, [AURORA], {}, { fromLocationId: '1', toLocationId: '2' }));
    expect(notAsked.tables[0]!.rows).toEqual([]);
    const itself = await payoutsReport.answer(env.sql, reportQuery(...APRIL, ALL, {}, { fromLocationId: '1', toLocationId: '1' }));
    expect(itself.tables[0]!.rowCount).toBe(0);
  });

  it('should stream the pairs and the nets as answered', async () => {
    const q = reportQuery(...APRIL, ALL);
    const body = await payoutsReport.answer(env.sql, q);
    expect(await streamed(payoutsReport.stream(env.sql, q, 'payouts'))).toEqual(body.tables[0]!.rows);
    expect(await streamed(payoutsReport.stream(env.sql, q, 'net'))).toEqual(body.tables[1]!.rows);
    await expect(streamed(payoutsReport.stream(env.sql, q, 'lines'))).rejects.toThrow('That report has no such table.');
  });
});
