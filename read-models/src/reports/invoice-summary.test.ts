/**
 * The invoice summary and its v2 (issue 14) over rows of the `reports` read model written
 * directly (the projection's tables and indexes, its apply aside): per location, each movement
 * on its own local day (sold, converted, redeemed, voided, refunded), paper conversions kept out
 * of the money, rows of every location asked, totals, the chart per day and per month, v2's
 * days with their drill, the lines of one day adding up to the day's net figures, and the CSV
 * stream giving the same rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportQuery, ReportRow } from '@dealer/contracts';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { reports } from './projection';
import { invoiceSummaryReport } from './invoice-summary';
import { invoiceSummaryV2Report } from './invoice-summary-v2';
import { figuresByDay } from './invoice-figures';

let db: TestDatabase;

interface SaleInput {
  kind: 'lane' | 'online' | 'paper-conversion';
  locationId: number;
  soldOn: string;
  price: number;
  tax: number;
  voidedOn?: string;
  /** A paper conversion's day of conversion (its soldOn is the book's paper sale day). */
  convertedOn?: string;
  ro?: string;
}
async function insertSale(s: SaleInput) {
  const voided = s.voidedOn !== undefined;
  await db.sql`
    insert into rm_reports.sales (sale_id, kind, customer_id, location_id, time_zone, sale_ro_number, pack_id, pack_name, sold_by, sold_at, sold_on,
      status, list_price, price, tax, total, coupon_count, paper_book_number, online_order_id, voided_at, voided_on, voided_by, void_reason, refund, refund_tax, revision,
      converted_on)
    values (${randomUUID()}, ${s.kind}, ${randomUUID()}, ${s.locationId}, 'America/Denver', ${s.ro ?? '990001'}, ${randomUUID()}, 'Care Pack', 'seller',
      ${`${s.convertedOn ?? s.soldOn}T17:00:00Z`}, ${s.soldOn}, ${voided ? 'voided' : 'final'}, ${s.price}, ${s.price}, ${s.tax}, ${s.price + s.tax}, 3,
      ${s.kind === 'paper-conversion' ? 'B-100' : null}, ${s.kind === 'online' ? 'order-1' : null},
      ${voided ? `${s.voidedOn}T18:30:00Z` : null}, ${s.voidedOn ?? null}, ${voided ? 'manager' : null}, ${voided ? 'Mistake' : null},
      ${voided ? s.price + s.tax : null}, ${voided ? s.tax : null}, 1, ${s.convertedOn ?? null})`;
}

interface RedemptionInput {
  source: 'digital' | 'paper';
  locationId: number;
  soldLocationId: number;
  redeemedOn: string;
  allocated: number;
  amount: number;
  voidedOn?: string;
  ro?: string;
}
async function insertRedemption(r: RedemptionInput) {
  const voided = r.voidedOn !== undefined;
  await db.sql`
    insert into rm_reports.redemptions (redemption_id, source, issued_coupon_id, coupon_id, coupon_name, sale_id, paper_book_number, customer_id,
      sold_location_id, location_id, time_zone, ro_number, op_code, labor_type, line_total, amount, allocated_value, redeemed_by, redeemed_at, redeemed_on,
      status, voided_at, voided_on, voided_by, void_reason, revision)
    values (${randomUUID()}, ${r.source}, ${randomUUID()}, ${randomUUID()}, 'Oil and Filter', ${r.source === 'digital' ? randomUUID() : null},
      ${r.source === 'paper' ? 'B-200' : null}, ${null}, ${r.soldLocationId}, ${r.locationId}, 'America/Denver', ${r.ro ?? '550001'}, 'OIL', 'C', 8000,
      ${r.amount}, ${r.allocated}, 'writer', ${`${r.redeemedOn}T16:00:00Z`}, ${r.redeemedOn}, ${voided ? 'voided' : 'redeemed'},
      ${voided ? `${r.voidedOn}T20:00:00Z` : null}, ${r.voidedOn ?? null}, ${voided ? 'manager' : null}, ${voided ? 'Wrong RO' : null}, 1)`;
}

const query = (overrides: Partial<ReportQuery> = {}): ReportQuery => ({
  from: '2026-03-01',
  to: '2026-03-31',
  locationIds: [1, 2],
  options: {},
  drill: {},
  today: '2026-04-15',
  ...overrides,
});

async function streamed(iterable: AsyncIterable<ReportRow[]>): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for await (const batch of iterable) rows.push(...batch);
  return rows;
}

beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql`create schema if not exists rm_reports`;
  await reports.createTables(db.sql, 'rm_reports');
  await reports.createIndexes!(db.sql, 'rm_reports');
  await db.sql`insert into ref.locations (location_id, location_name, loc_id) values (1, 'Denver North', 'DN'), (2, 'Boulder', 'BO'), (3, 'Aurora', 'AU')`;
  // Denver North: a lane sale, an online sale voided two days later; Boulder: a conversion and a sale of February voided in March.
  await insertSale({ kind: 'lane', locationId: 1, soldOn: '2026-03-05', price: 10000, tax: 881 });
  await insertSale({ kind: 'online', locationId: 1, soldOn: '2026-03-10', price: 20000, tax: 1762, voidedOn: '2026-03-12', ro: 'ONLINE' });
  await insertSale({ kind: 'paper-conversion', locationId: 2, soldOn: '2026-02-15', convertedOn: '2026-03-10', price: 5000, tax: 0 });
  // A book sold on paper in March and converted in April is converted in April.
  await insertSale({ kind: 'paper-conversion', locationId: 2, soldOn: '2026-03-03', convertedOn: '2026-04-02', price: 4000, tax: 0 });
  await insertSale({ kind: 'lane', locationId: 2, soldOn: '2026-02-27', price: 5000, tax: 440, voidedOn: '2026-03-02' });
  // Outside the period or the locations asked.
  await insertSale({ kind: 'lane', locationId: 1, soldOn: '2026-04-01', price: 10000, tax: 881 });
  await insertSale({ kind: 'lane', locationId: 3, soldOn: '2026-03-05', price: 7000, tax: 600 });
  await insertRedemption({ source: 'digital', locationId: 2, soldLocationId: 1, redeemedOn: '2026-03-10', allocated: 3000, amount: 3999 });
  await insertRedemption({ source: 'paper', locationId: 1, soldLocationId: 2, redeemedOn: '2026-03-10', allocated: 1500, amount: 2000, voidedOn: '2026-03-11' });
  await insertRedemption({ source: 'digital', locationId: 1, soldLocationId: 1, redeemedOn: '2026-02-20', allocated: 2500, amount: 2500, voidedOn: '2026-03-01' });
  await insertRedemption({ source: 'digital', locationId: 3, soldLocationId: 1, redeemedOn: '2026-03-10', allocated: 999, amount: 999 });
});
afterAll(async () => {
  await db?.drop();
});

const boulder = {
  location: 'Boulder',
  soldCount: 0, soldNet: 0, soldTax: 0, soldGross: 0,
  convertedCount: 1,
  redeemedCount: 1, redeemedValue: 3000, redeemedDiscount: 3999,
  redemptionsVoidedCount: 0, redemptionsVoidedValue: 0, revenueRecognised: 3000,
  voidedCount: 1, voidedNet: 5000, voidedTax: 440,
  refunded: 5440, refundedTax: 440, refundedOnline: 0,
  netReceipts: -5440,
};
const denver = {
  location: 'Denver North',
  soldCount: 2, soldNet: 30000, soldTax: 2643, soldGross: 32643,
  convertedCount: 0,
  redeemedCount: 1, redeemedValue: 1500, redeemedDiscount: 2000,
  redemptionsVoidedCount: 2, redemptionsVoidedValue: 4000, revenueRecognised: -2500,
  voidedCount: 1, voidedNet: 20000, voidedTax: 1762,
  refunded: 21762, refundedTax: 1762, refundedOnline: 21762,
  netReceipts: 10881,
};

describe('invoice-summary', () => {
  it('should give each location asked its sold, converted, redeemed, voided and refunded figures on their own days, with the totals', async () => {
    const { tables, charts, notes } = await invoiceSummaryReport.answer(db.sql, query());
    expect(tables).toHaveLength(1);
    const [table] = tables;
    expect(table!.key).toBe('locations');
    expect(table!.rows.map((r) => r.cells)).toEqual([boulder, denver]);
    expect(table!.rowCount).toBe(2);
    const totals: Record<string, unknown> = { location: 'Total' };
    for (const [k, v] of Object.entries(denver)) if (typeof v === 'number') totals[k] = v + Number((boulder as Record<string, number | string>)[k]);
    expect(table!.totals).toEqual(totals);
    expect(table!.columns.map((c) => c.key)).toEqual(Object.keys(denver));
    expect(notes.join(' ')).toMatch(/online sale's void refunds the card through the payment provider/);
    expect(charts).toHaveLength(1);
  });

  it('should list a location asked with nothing in the period with zeros', async () => {
    const { tables } = await invoiceSummaryReport.answer(db.sql, query({ from: '2026-01-01', to: '2026-01-31', locationIds: [2] }));
    expect(tables[0]!.rows).toEqual([{ cells: expect.objectContaining({ location: 'Boulder', soldCount: 0, netReceipts: 0, redeemedValue: 0 }) }]);
    expect(tables[0]!.totals).toMatchObject({ location: 'Total', soldCount: 0, refunded: 0 });
  });

  it('should chart sales (net) against redemptions (allocated value) for every day of the period', async () => {
    const { charts } = await invoiceSummaryReport.answer(db.sql, query());
    const [chart] = charts;
    expect(chart).toMatchObject({ xKey: 'day', valueKind: 'money' });
    expect(chart!.points).toHaveLength(31);
    expect(chart!.points.find((p) => p.day === '2026-03-05')).toEqual({ day: '2026-03-05', sold: 10000, redeemed: 0 });
    expect(chart!.points.find((p) => p.day === '2026-03-10')).toEqual({ day: '2026-03-10', sold: 20000, redeemed: 4500 });
    expect(chart!.points.find((p) => p.day === '2026-03-11')).toEqual({ day: '2026-03-11', sold: 0, redeemed: 0 });
  });

  it('should chart per month over 62 days, up to today', async () => {
    const { charts } = await invoiceSummaryReport.answer(db.sql, query({ from: '2026-01-01', to: '2026-06-30' }));
    expect(charts[0]).toMatchObject({ xKey: 'month' });
    expect(charts[0]!.points).toEqual([
      { month: '2026-01', sold: 0, redeemed: 0 },
      { month: '2026-02', sold: 5000, redeemed: 2500 },
      { month: '2026-03', sold: 30000, redeemed: 4500 },
      { month: '2026-04', sold: 10000, redeemed: 0 },
    ]);
  });

  it('should stream the same rows as answered, and refuse another table', async () => {
    const rows = await streamed(invoiceSummaryReport.stream(db.sql, query(), 'locations'));
    expect(rows.map((r) => r.cells)).toEqual([boulder, denver]);
    await expect(streamed(invoiceSummaryReport.stream(db.sql, query(), 'days'))).rejects.toThrow('That report has no such table.');
  });
});

describe('invoice-summary-v2', () => {
  it('should give the figures per location and day that had a movement, each row drilling to its lines', async () => {
    const { tables, charts } = await invoiceSummaryV2Report.answer(db.sql, query());
    const [table] = tables;
    expect(table!.key).toBe('days');
    expect(table!.rowCount).toBe(7);
    expect(table!.rows.map((r) => [r.cells.location, r.cells.day, r.drill])).toEqual([
      ['Boulder', '2026-03-02', { locationId: '2', day: '2026-03-02' }],
      ['Boulder', '2026-03-10', { locationId: '2', day: '2026-03-10' }],
      ['Denver North', '2026-03-01', { locationId: '1', day: '2026-03-01' }],
      ['Denver North', '2026-03-05', { locationId: '1', day: '2026-03-05' }],
      ['Denver North', '2026-03-10', { locationId: '1', day: '2026-03-10' }],
      ['Denver North', '2026-03-11', { locationId: '1', day: '2026-03-11' }],
      ['Denver North', '2026-03-12', { locationId: '1', day: '2026-03-12' }],
    ]);
    expect(table!.rows[4]!.cells).toMatchObject({ soldCount: 1, soldGross: 21762, redeemedCount: 1, redeemedValue: 1500, voidedCount: 0 });
    expect(table!.rows[6]!.cells).toMatchObject({ soldCount: 0, voidedCount: 1, refunded: 21762, refundedOnline: 21762, netReceipts: -21762 });
    // The days add up to the per-location summary.
    const { tables: summary } = await invoiceSummaryReport.answer(db.sql, query());
    expect({ ...table!.totals, day: undefined, location: 'Total' }).toEqual({ ...summary[0]!.totals, day: undefined });
    expect(charts[0]!.points).toHaveLength(31);
  });

  it('should cap the rows answered and still count them all', async () => {
    const { rows, rowCount, totals } = await figuresByDay(db.sql, query(), [1, 2], 3);
    expect(rows).toHaveLength(3);
    expect(rowCount).toBe(7);
    expect(Number(totals.sold_gross)).toBe(32643);
  });

  it('should narrow the days to a drilled location', async () => {
    const { tables } = await invoiceSummaryV2Report.answer(db.sql, query({ drill: { locationId: '2' } }));
    expect(tables[0]!.rows.map((r) => r.cells.day)).toEqual(['2026-03-02', '2026-03-10']);
  });

  it("should list a day's lines: each sale, conversion, void and redemption, voids negative, adding up to the day's net figures", async () => {
    const { tables } = await invoiceSummaryV2Report.answer(db.sql, query({ drill: { locationId: '1', day: '2026-03-10' } }));
    const [lines] = tables;
    expect(lines!.key).toBe('lines');
    expect(lines!.title).toBe('Lines of 2026-03-10 at Denver North');
    expect(lines!.rows.map((r) => r.cells)).toEqual([
      { kind: 'Paper coupon redeemed', time: '10:00', roNumber: '550001', item: 'Oil and Filter (book B-200)', net: null, tax: null, gross: null, allocatedValue: 1500, discount: 2000 },
      { kind: 'Online sale', time: '11:00', roNumber: 'ONLINE', item: 'Care Pack', net: 20000, tax: 1762, gross: 21762, allocatedValue: null, discount: null },
    ]);
    expect(lines!.totals).toEqual({ kind: 'Total', time: null, roNumber: null, item: null, net: 20000, tax: 1762, gross: 21762, allocatedValue: 1500, discount: 2000 });

    const voids = await invoiceSummaryV2Report.answer(db.sql, query({ drill: { locationId: '2', day: '2026-03-02' } }));
    expect(voids.tables[0]!.rows.map((r) => r.cells)).toEqual([
      { kind: 'Sale voided', time: '11:30', roNumber: '990001', item: 'Care Pack', net: -5000, tax: -440, gross: -5440, allocatedValue: null, discount: null },
    ]);
    const conversion = await invoiceSummaryV2Report.answer(db.sql, query({ drill: { locationId: '2', day: '2026-03-10' } }));
    expect(conversion.tables[0]!.rows.map((r) => [r.cells.kind, r.cells.gross, r.cells.allocatedValue])).toEqual([
      ['Coupon redeemed', null, 3000],
      ['Paper book converted', null, null],
    ]);
  });

  it('should show no lines for a drilled location not asked', async () => {
    const { tables } = await invoiceSummaryV2Report.answer(db.sql, query({ locationIds: [2], drill: { locationId: '1', day: '2026-03-10' } }));
    expect(tables[0]!.rows).toEqual([]);
    expect(tables[0]!.rowCount).toBe(0);
  });

  it('should stream the days and the lines as answered', async () => {
    const { tables } = await invoiceSummaryV2Report.answer(db.sql, query());
    expect(await streamed(invoiceSummaryV2Report.stream(db.sql, query(), 'days'))).toEqual(tables[0]!.rows);
    const drill = { locationId: '1', day: '2026-03-10' };
    const { tables: lines } = await invoiceSummaryV2Report.answer(db.sql, query({ drill }));
    expect(await streamed(invoiceSummaryV2Report.stream(db.sql, query({ drill }), 'lines'))).toEqual(lines[0]!.rows);
    await expect(streamed(invoiceSummaryV2Report.stream(db.sql, query({ drill }), 'days'))).rejects.toThrow('That report has no such table.');
  });
});
