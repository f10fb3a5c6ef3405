/**
 * The reports reconcile to the events, end to end (issue 14): the demo programme's events and a
 * history of three weeks (reports/testing/history.ts, a fixed seed: 150 actions of lane,
 * online and paper-conversion sales, corrections, voids, paper books, digital and paper
 * redemptions, their voids and RO changes across three locations in three zones) appended to the
 * event store go through the running projector into the `reports` read model, nothing parked;
 * then every report, asked through GET
 * /api/reports/{report} as an admin for ten years of all locations, equals the sums over the
 * events read back from the event store (reports/testing/reconciliation.ts: the same fold and
 * checks as the property test), payouts net to zero, and each table's CSV has its rows and totals.
 * 'expired' has its own roll-forward tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_NAMES, type ReportAnswer, type ReportName, type ReportQuery, type ReportTable } from '@dealer/contracts';
import fc from 'fast-check';
import { systemContext, toNewEvents, type RecordedEvent } from '@dealer/platform';
import { action, interpret } from '@dealer/read-models/reports/testing/history';
import { CHECKS, fold, type Folded } from '@dealer/read-models/reports/testing/reconciliation';
import { CSV_BOM, centsToDollars } from '@dealer/query-api/routes/reports-csv';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';

let server: TestServer;
let admin: Record<string, string>;
let events: RecordedEvent[];
let folded: Folded;
let names: Map<number, string>;
let q: ReportQuery;

const DAY_MS = 86_400_000;

/** The report through the route: the query's period, locations, options and drill as its query string. */
async function ask(report: ReportName, query: ReportQuery, format?: { csv: string }) {
  const params = new URLSearchParams({ from: query.from, to: query.to, locationIds: query.locationIds.join(','), ...query.options, ...query.drill });
  if (format) {
    params.set('format', 'csv');
    params.set('table', format.csv);
  }
  return server.product.app.inject({ method: 'GET', url: `/api/reports/${report}?${params}`, headers: admin });
}

async function answer(report: ReportName, query: ReportQuery): Promise<ReportAnswer> {
  const res = await ask(report, query);
  expect(res.statusCode, `${report} ${res.body.slice(0, 200)}`).toBe(200);
  return res.json() as ReportAnswer;
}

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  admin = (await loginAs(server, 'admin')).headers;
  const [actions] = fc.sample(fc.array(action, { minLength: 150, maxLength: 150 }), { seed: 14, numRuns: 1 });
  for (const { stream, event } of interpret(actions!)) {
    await server.product.store.appendToStream(stream, toNewEvents([event], systemContext('user:reports-reconciliation')));
  }
  await waitForProjections(server.product, 60_000);
  events = [];
  for (;;) {
    const batch = await server.product.store.readAll({ after: events.at(-1)?.globalPosition ?? 0, maxCount: 1000 });
    if (batch.length === 0) break;
    events.push(...batch);
  }
  folded = fold(events);
  const rows = await server.product.sql<{ id: number; name: string }[]>`select location_id as id, location_name as name from ref.locations`;
  names = new Map(rows.map((r) => [r.id, r.name]));
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 3650 * DAY_MS).toISOString().slice(0, 10);
  // Every location the admin may see: the route's answer says which.
  const all = await answer('invoice-summary', { from, to: today, locationIds: [], options: {}, drill: {}, today });
  q = { from, to: today, locationIds: all.locationIds, options: {}, drill: {}, today };
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe('reports against the events of the demo and of three weeks of history', () => {
  it('should have every sale and redemption in the reports read model, nothing parked', async () => {
    expect(folded.sales.filter((s) => s.kind !== 'paper-conversion').length).toBeGreaterThan(10);
    expect(folded.redemptions.filter((r) => r.voidedAt !== null).length).toBeGreaterThan(0);
    expect(folded.sales.filter((s) => s.voidedAt !== null).length).toBeGreaterThan(0);
    const [row] = await server.product.sql<{ sales: number; redemptions: number; parked: number }[]>`
      select (select count(*)::int from rm_reports.sales) as sales, (select count(*)::int from rm_reports.redemptions) as redemptions,
        (select count(*)::int from parked_events where projection = 'reports') as parked`;
    expect(row).toEqual({ sales: folded.sales.length, redemptions: folded.redemptions.length, parked: 0 });
  });

  it('should give every report, through the route, the sums over the events (payouts net to zero)', async () => {
    // Expiry Reminders reads no sale or redemption sums: launcher/src/coupon-reminders.test.ts counts it.
    const reconciled = REPORT_NAMES.filter((n) => n !== 'expired' && n !== 'expiry-reminders');
    const checked: ReportName[] = [];
    for (const name of reconciled) {
      const res = await ask(name, q);
      expect(res.statusCode, name).toBe(200);
      const check = CHECKS[name];
      expect(check, `no reconciliation check for ${name}`).toBeDefined();
      await check!({ ask: answer, q, folded, nameOf: (id) => names.get(id) ?? `Location ${id}` });
      checked.push(name);
    }
    expect(checked).toEqual(reconciled);
  }, 120_000);

  it('should export each table of the invoice summaries as CSV: a header, its rows and the totals last', async () => {
    for (const name of ['invoice-summary', 'invoice-summary-v2'] as const) {
      const shown = await answer(name, q);
      for (const table of shown.tables as ReportTable[]) {
        const res = await ask(name, q, { csv: table.key });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/csv/);
        expect(res.body.startsWith(CSV_BOM)).toBe(true);
        const lines = res.body.slice(CSV_BOM.length).trim().split('\r\n');
        expect(lines[0]).toBe(table.columns.map((c) => c.label).join(','));
        expect(lines).toHaveLength(1 + table.rowCount + 1);
        // The totals row last, its net receipts as the CSV writes money.
        const netReceipts = table.columns.findIndex((c) => c.key === 'netReceipts');
        const cells = lines.at(-1)!.split(',');
        expect(cells).toHaveLength(table.columns.length);
        expect(cells[0]).toBe('Total');
        expect(cells[netReceipts]).toBe(centsToDollars(Number(table.totals!.netReceipts)));
      }
    }
  });
});
