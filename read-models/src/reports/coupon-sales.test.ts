/**
 * Coupon Sales and Coupon Sales V2 (issue 14) against real PostgreSQL, the `reports` read model
 * filled by its projection over real events: a month of sales at three locations with a pending
 * and a final sale, a sale voided on the last local day of the month (after midnight UTC), a void
 * in the month of a sale sold the month before, a sale moved by a location correction, an online
 * sale, a paper-book conversion (counted on its conversion day, never as a sale) and a sale the
 * day after the period; the chart's days; V2 by pack and by seller (the online group), its
 * drill-down to the sales behind a group; the streamed rows are the answer's rows.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PackSold, ReportQuery, ReportRow } from '@dealer/contracts';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { reports } from './projection';
import { append, catchUp, couponTerms, packSold, saleStream } from '../pack-sales/test-events';
import { users } from '../users/projection';
import { couponSalesReport } from './coupon-sales';
import { couponSalesV2Report } from './coupon-sales-v2';

const env = useEventStoreDatabase();

const query = (over: Partial<ReportQuery> = {}): ReportQuery => ({
  from: '2026-03-01',
  to: '2026-03-31',
  locationIds: [1, 2, 3],
  options: {},
  drill: {},
  today: '2026-04-10',
  ...over,
});

async function streamed(report: typeof couponSalesReport, q: ReportQuery, tableKey: string): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for await (const batch of report.stream(env.db.sql, q, tableKey)) rows.push(...batch);
  return rows;
}

describe('coupon sales reports', () => {
  const sam = randomUUID();
  const manager = randomUUID();
  const customerId = randomUUID();
  const items = [{ couponId: randomUUID(), terms: couponTerms('Oil and Filter'), quantity: 2 }];
  const sale = (input: Parameters<typeof packSold>[0]) => packSold({ soldBy: sam, ...input });
  // Pack P1 (Care Pack, 199.00): A pending on the last day, B voided, H sold in February and voided in March.
  const a = sale({ customerId, items, soldOn: '2026-03-31' });
  const p1 = a.pack;
  const b: PackSold['data'] = { ...sale({ customerId, items, soldOn: '2026-03-05', status: 'final' }), pack: p1 };
  const h: PackSold['data'] = { ...sale({ customerId, items, soldOn: '2026-02-20', status: 'final' }), pack: p1 };
  // Pack P2 (Oil Pack): C sold at 1 then corrected to 2, D bought online at 2.
  const c0 = sale({ customerId, items, soldOn: '2026-03-12', status: 'final', price: 10000 });
  const p2 = { ...c0.pack, name: 'Oil Pack' };
  const c: PackSold['data'] = { ...c0, pack: p2 };
  const d: PackSold['data'] = { ...sale({ customerId, items, soldOn: '2026-03-20', status: 'final', price: 6000, locationId: 2, soldBy: customerId }), pack: p2, onlineOrderId: 'order-7' };
  // A paper book sold in 2025, converted on 15 March; and F sold on 1 April (after the period).
  const e: PackSold['data'] = { ...sale({ customerId, items, soldOn: '2025-06-01', status: 'final', price: 8000 }), paperBookNumber: 'PB-5', soldAt: '2026-03-15T18:00:00.000Z', tax: 0 as never, total: 8000 as never };
  const f = sale({ customerId, items, soldOn: '2026-04-01', status: 'final' });
  const voided = (s: PackSold['data'], voidedAt: string) => ({
    type: 'PackSaleVoided',
    data: { saleId: s.saleId, customerId, locationId: s.locationId, reason: 'Changed their mind', by: manager, voidedAt, refund: s.total, refundTax: s.tax, voidedCouponIds: [], wasStatus: 'final' },
  });

  beforeAll(async () => {
    await env.db.sql`insert into ref.locations (location_id, location_name, loc_id) values (1, 'Denver North', 'DN'), (2, 'Boulder', 'BO'), (3, 'Aurora', 'AU')`;
    await append(env.store, 'employee-test', [{ type: 'EmployeeCreated', data: { userId: sam, first: 'Sam', last: 'Writer', username: `sam-${sam}`, locationId: 1 } }]);
    for (const s of [a, b, h, c, d, e, f]) await append(env.store, saleStream(s.saleId), [{ type: 'PackSold', data: s }]);
    // 05:30Z on 1 April is 23:30 on 31 March in Denver: the void counts in March.
    await append(env.store, saleStream(b.saleId), [voided(b, '2026-04-01T05:30:00.000Z')]);
    await append(env.store, saleStream(h.saleId), [voided(h, '2026-03-02T17:00:00.000Z')]);
    await append(env.store, saleStream(c.saleId), [
      { type: 'PackSaleLocationCorrected', data: { saleId: c.saleId, customerId, fromLocationId: 1, toLocationId: 2, timeZone: 'America/Denver', reason: 'Sold at Boulder', by: manager, correctedAt: '2026-03-13T15:00:00.000Z', coupons: [] } },
    ]);
    expect(await catchUp(env.db.sql, env.store, reports)).toBe(0);
    expect(await catchUp(env.db.sql, env.store, users)).toBe(0);
  });

  describe('coupon-sales', () => {
    it('should add up each location: sales as sold, voids on their local day, conversions apart, a location with nothing at zero', async () => {
      const answer = await couponSalesReport.answer(env.db.sql, query());
      const [table] = answer.tables;
      expect(table!.key).toBe('locations');
      expect(table!.columns.map((col) => col.label)).toEqual([
        'Location', 'Sales', 'Online', 'Gross', 'Tax', 'Net', 'Pending', 'Final', 'Voided', 'Refunded', 'Refunded tax', 'Net after voids', 'Paper books converted',
      ]);
      const byName = Object.fromEntries(table!.rows.map((r) => [r.cells.location, r.cells]));
      // Denver North: A (pending) and B (voided since) sold; B's void (31 March local) and H's (sold in February) made.
      expect(byName['Denver North']).toEqual({
        location: 'Denver North', sales: 2, online: 0, gross: a.total + b.total, tax: a.tax + b.tax, net: 39800, pending: 1, final: 0,
        voided: 2, refunded: b.total + h.total, refundedTax: b.tax + h.tax, netAfterVoids: 0, converted: 1,
      });
      // Boulder: C (moved there) and D (online).
      expect(byName.Boulder).toEqual({
        location: 'Boulder', sales: 2, online: 1, gross: c.total + d.total, tax: c.tax + d.tax, net: 16000, pending: 0, final: 2,
        voided: 0, refunded: 0, refundedTax: 0, netAfterVoids: 16000, converted: 0,
      });
      expect(byName.Aurora).toMatchObject({ sales: 0, net: 0, voided: 0, converted: 0 });
      expect(table!.rows.map((r) => r.cells.location)).toEqual(['Aurora', 'Boulder', 'Denver North']);
      expect(table!.rowCount).toBe(3);
      expect(table!.totals).toMatchObject({ location: 'Total', sales: 4, online: 1, net: 55800, voided: 2, netAfterVoids: 16000, converted: 1 });
    });

    it('should chart net sales and voids on every day of the period', async () => {
      const [chart] = (await couponSalesReport.answer(env.db.sql, query())).charts;
      expect(chart).toMatchObject({ key: 'net-sales', kind: 'line', xKey: 'day', valueKind: 'money', series: [{ key: 'net', label: 'Net sales' }, { key: 'voided', label: 'Voided' }] });
      expect(chart!.points).toHaveLength(31);
      const byDay = Object.fromEntries(chart!.points.map((p) => [p.day, [p.net, p.voided]]));
      expect(byDay['2026-03-02']).toEqual([0, 19900]);
      expect(byDay['2026-03-05']).toEqual([19900, 0]);
      expect(byDay['2026-03-12']).toEqual([10000, 0]);
      expect(byDay['2026-03-15']).toEqual([0, 0]);
      expect(byDay['2026-03-31']).toEqual([19900, 19900]);
      // Over 62 days: one point per month.
      const [monthly] = (await couponSalesReport.answer(env.db.sql, query({ from: '2026-01-01', to: '2026-04-30' }))).charts;
      expect(monthly!.points).toEqual([
        { month: '2026-01', net: 0, voided: 0 },
        { month: '2026-02', net: 19900, voided: 0 },
        { month: '2026-03', net: 55800, voided: 39800 },
        { month: '2026-04', net: 19900, voided: 0 },
      ]);
    });

    it('should count the next local day in the next period only', async () => {
      const answer = await couponSalesReport.answer(env.db.sql, query({ from: '2026-04-01', to: '2026-04-30', locationIds: [1] }));
      expect(answer.tables[0]!.rows).toEqual([
        { cells: expect.objectContaining({ location: 'Denver North', sales: 1, net: 19900, final: 1, voided: 0, converted: 0 }) },
      ]);
      const feb = await couponSalesReport.answer(env.db.sql, query({ from: '2026-02-01', to: '2026-02-28', locationIds: [1] }));
      expect(feb.tables[0]!.rows[0]!.cells).toMatchObject({ sales: 1, net: 19900, voided: 0, final: 0, pending: 0 });
    });

    it('should stream the same rows as it answers', async () => {
      const answer = await couponSalesReport.answer(env.db.sql, query());
      expect(await streamed(couponSalesReport, query(), 'locations')).toEqual(answer.tables[0]!.rows);
      await expect(streamed(couponSalesReport, query(), 'nope')).rejects.toThrow('no such table');
    });
  });

  describe('coupon-sales-v2', () => {
    it('should group by pack, largest net first, each row drilling to its pack', async () => {
      const answer = await couponSalesV2Report.answer(env.db.sql, query({ options: { groupBy: 'pack' } }));
      const [table] = answer.tables;
      expect(table!.key).toBe('groups');
      expect(table!.columns[0]).toEqual({ key: 'name', label: 'Pack', kind: 'text' });
      expect(table!.rows.map((r) => [r.cells.name, r.cells.sales, r.cells.net, r.cells.voided, r.cells.netAfterVoids, r.drill])).toEqual([
        ['Care Pack', 2, 39800, 2, 0, { packId: p1.packId }],
        ['Oil Pack', 2, 16000, 0, 16000, { packId: p2.packId }],
      ]);
      expect(table!.totals).toMatchObject({ name: 'Total', sales: 4, net: 55800, voided: 2 });
      expect(answer.charts[0]!.points).toEqual([{ name: 'Care Pack', net: 39800 }, { name: 'Oil Pack', net: 16000 }]);
    });

    it('should group by seller with names, online sales as one group', async () => {
      const answer = await couponSalesV2Report.answer(env.db.sql, query({ options: { groupBy: 'seller' } }));
      const [table] = answer.tables;
      expect(table!.columns[0]!.label).toBe('Seller');
      expect(table!.rows.map((r) => [r.cells.name, r.cells.sales, r.cells.online, r.cells.net, r.cells.voided, r.drill])).toEqual([
        ['Sam Writer', 3, 0, 49800, 2, { sellerId: sam }],
        ['Online', 1, 1, 6000, 0, { sellerId: 'online' }],
      ]);
    });

    it('should list the sales behind a pack, and behind the online group', async () => {
      const q = query({ options: { groupBy: 'pack' }, drill: { packId: p1.packId } });
      const answer = await couponSalesV2Report.answer(env.db.sql, q);
      const [table] = answer.tables;
      expect(table!.key).toBe('sales');
      expect(table!.title).toBe('Sales: Care Pack');
      expect(table!.rows.map((r) => r.cells)).toEqual([
        { date: '2026-03-05', location: 'Denver North', roNumber: '9900001', pack: 'Care Pack', seller: 'Sam Writer', status: 'Voided', net: 19900, tax: b.tax, gross: b.total, voidedOn: '2026-03-31' },
        { date: '2026-03-31', location: 'Denver North', roNumber: '9900001', pack: 'Care Pack', seller: 'Sam Writer', status: 'Pending', net: 19900, tax: a.tax, gross: a.total, voidedOn: null },
      ]);
      expect(table!.rowCount).toBe(2);
      expect(table!.totals).toMatchObject({ net: 39800, tax: a.tax + b.tax, gross: a.total + b.total });
      expect(await streamed(couponSalesV2Report, q, 'sales')).toEqual(table!.rows);

      const online = await couponSalesV2Report.answer(env.db.sql, query({ options: { groupBy: 'seller' }, drill: { sellerId: 'online' } }));
      expect(online.tables[0]!.rows.map((r) => [r.cells.date, r.cells.location, r.cells.seller, r.cells.status, r.cells.net])).toEqual([['2026-03-20', 'Boulder', 'Online', 'Final', 6000]]);
      const bySam = await couponSalesV2Report.answer(env.db.sql, query({ options: { groupBy: 'seller' }, drill: { sellerId: sam } }));
      expect(bySam.tables[0]!.rows.map((r) => [r.cells.date, r.cells.location, r.cells.pack])).toEqual([
        ['2026-03-05', 'Denver North', 'Care Pack'],
        ['2026-03-12', 'Boulder', 'Oil Pack'],
        ['2026-03-31', 'Denver North', 'Care Pack'],
      ]);
    });

    it('should stream the groups as it answers them and refuse a table it does not have', async () => {
      const q = query({ options: { groupBy: 'seller' } });
      expect(await streamed(couponSalesV2Report, q, 'groups')).toEqual((await couponSalesV2Report.answer(env.db.sql, q)).tables[0]!.rows);
      await expect(streamed(couponSalesV2Report, q, 'sales')).rejects.toThrow('no such table');
    });
  });
});
