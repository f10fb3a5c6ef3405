/**
 * GET /api/reports/{report} (issue 14): access per role, location scoping, the 400s of the
 * period, locations, options, drill and format, the 404 and 501, and the CSV export's shape and
 * streaming. The product runs on a fresh seeded database (startTestServer); the route's parsing
 * and CSV are also checked on an app of its own over the same database whose definitions report
 * back the ReportQuery the route built and stream real rows from PostgreSQL through a cursor.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, REPORT_NAMES, rolesAtLocation, type EmployeeRole, type ReportAnswer, type ReportName, type ReportQuery, type ReportRow } from '@dealer/contracts';
import { deterministicUuid, registerErrorHandler, registerInputGuards, type Sql } from '@dealer/platform';
import type { RequestAuth } from '@dealer/platform/auth/plugin';
import { startTestServer, waitForProjections, type TestServer } from '@dealer/launcher/testing/test-server';
import { loginAs } from '@dealer/launcher/testing/auth';
import type { ReportDefinition } from '@dealer/read-models/reports/index';
import { REPORT_ROUTE_MESSAGES, reportRoutes, utcToday } from './reports';

let server: TestServer;
const headers: Record<'admin' | 'manager' | 'controller' | 'employee' | 'customer', Record<string, string>> = {} as never;
const period = 'from=2026-01-01&to=2026-01-31';

const get = (url: string, who: Record<string, string> | undefined) => server.product.app.inject({ method: 'GET', url, headers: who ?? {} });
const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: string[] }).errors;

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  const admin = await loginAs(server, 'admin');
  // The controller also works as an employee at location 2 (no reports there); the manager also manages location 3.
  for (const [user, roleName, locationId] of [['controller', 'employee', 2], ['manager', 'manager', 3]] as const) {
    const res = await server.product.app.inject({
      method: 'POST', url: '/api/user-roles', headers: admin.headers, payload: { userId: deterministicUuid(`demo-employee-${user}`), roleName, locationId },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  await waitForProjections(server.product);
  headers.admin = admin.headers;
  for (const who of ['manager', 'controller', 'employee', 'customer'] as const) headers[who] = (await loginAs(server, who)).headers;
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/reports/{report} in the product', () => {
  it('should let controllers, managers and admins in, and no one else', async () => {
    for (const who of [undefined, headers.customer, headers.employee]) {
      const res = await get(`/api/reports/coupon-sales?${period}`, who);
      expect(res.headers['x-auth-denied']).toBe('1');
      expect([401, 403]).toContain(res.statusCode);
    }
    for (const who of [headers.controller, headers.manager, headers.admin]) {
      const res = await get(`/api/reports/coupon-sales?${period}`, who);
      expect(res.headers['x-auth-denied']).toBeUndefined();
      expect(res.statusCode).toBe(200);
    }
  });

  it('should answer 404 for a report that does not exist', async () => {
    const res = await get(`/api/reports/no-such-report?${period}`, headers.admin);
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res)).toEqual([REPORT_MESSAGES.unknownReport]);
  });

  it('should refuse a bad period, locations, option, drill or format with a clear 400', async () => {
    const cases: [string, string][] = [
      ['/api/reports/coupon-sales', REPORT_MESSAGES.periodInvalid],
      ['/api/reports/coupon-sales?from=2026-01-01', REPORT_MESSAGES.periodInvalid],
      ['/api/reports/coupon-sales?from=2026-02-30&to=2026-03-01', REPORT_MESSAGES.periodInvalid],
      ['/api/reports/coupon-sales?from=2026-03-02&to=2026-03-01', REPORT_MESSAGES.periodInvalid],
      ['/api/reports/coupon-sales?from=1%2F1%2F2026&to=2026-03-01', REPORT_MESSAGES.periodInvalid],
      ['/api/reports/coupon-sales?from=2000-01-01&to=2026-12-31', REPORT_MESSAGES.periodTooLong],
      [`/api/reports/coupon-sales?${period}&locationIds=abc`, REPORT_ROUTE_MESSAGES.locationsInvalid],
      [`/api/reports/coupon-sales?${period}&locationIds=1,0`, REPORT_ROUTE_MESSAGES.locationsInvalid],
      [`/api/reports/coupon-sales?${period}&locationIds=2147483648`, REPORT_ROUTE_MESSAGES.locationsInvalid],
      [`/api/reports/coupon-sales-v2?${period}&groupBy=colour`, REPORT_MESSAGES.optionInvalid('Group by')],
      [`/api/reports/coupon-sales-v2?${period}&packId=not-a-uuid`, REPORT_MESSAGES.drillInvalid],
      [`/api/reports/invoice-summary-v2?${period}&day=2026-13-01`, REPORT_MESSAGES.drillInvalid],
      [`/api/reports/payouts?${period}&fromLocationId=-1`, REPORT_MESSAGES.drillInvalid],
      [`/api/reports/coupon-sales?${period}&format=csv`, REPORT_MESSAGES.tableUnknown],
    ];
    for (const [url, message] of cases) {
      const res = await get(url, headers.admin);
      expect(res.statusCode, url).toBe(400);
      expect(errorsOf(res), url).toEqual([message]);
    }
    const format = await get(`/api/reports/coupon-sales?${period}&format=xml`, headers.admin);
    expect(format.statusCode).toBe(400);
  });

  it('should refuse a controller or manager asking only for locations where they hold no reporting role', async () => {
    for (const [who, url] of [
      [headers.controller, `/api/reports/coupon-sales?${period}&locationIds=2`],
      [headers.controller, `/api/reports/coupon-sales?${period}&locationIds=4,5`],
      [headers.manager, `/api/reports/coupon-sales?${period}&locationIds=2`],
    ] as const) {
      const res = await get(url, who);
      expect(res.statusCode, url).toBe(403);
      expect(errorsOf(res)).toEqual([REPORT_MESSAGES.noLocations]);
    }
  });

  it('should answer a built report narrowed to the caller, and export its table as the page shows it', async () => {
    const wide = `from=2020-01-01&to=${utcToday()}`;
    const res = await get(`/api/reports/coupon-sales?${wide}&locationIds=1,2`, headers.controller);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as ReportAnswer;
    expect({ report: answer.report, locationIds: answer.locationIds, options: answer.options, drill: answer.drill }).toEqual({
      report: 'coupon-sales', locationIds: [1], options: {}, drill: {},
    });
    const table = answer.tables[0]!;
    expect(table.rowCount).toBeGreaterThan(0);
    const csv = await get(`/api/reports/coupon-sales?${wide}&locationIds=1,2&format=csv&table=${table.key}`, headers.controller);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="coupon-sales-2020-01-01-${utcToday()}.csv"`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${table.columns.map((c) => (/[",]/.test(c.label) ? `"${c.label.replace(/"/g, '""')}"` : c.label)).join(',')}`);
    expect(lines.at(-1)).toBe('');
    expect(lines.length).toBe(1 + table.rowCount + (table.totals ? 1 : 0) + 1);
    if (table.totals) expect(lines.at(-2)!.startsWith('Total,')).toBe(true);
    // The same rows as the page: the first row's first cell.
    expect(lines[1]!.startsWith(String(table.rows[0]!.cells[table.columns[0]!.key] ?? ''))).toBe(true);

    // A report of several tables: the file name says which table, as the page names it.
    const payouts = (await get(`/api/reports/payouts?${wide}`, headers.admin)).json() as ReportAnswer;
    expect(payouts.tables.length).toBeGreaterThan(1);
    const last = payouts.tables.at(-1)!.key;
    const file = await get(`/api/reports/payouts?${wide}&format=csv&table=${last}`, headers.admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="payouts-2020-01-01-${utcToday()}-${last}.csv"`);
  });

  it('should list the locations each caller reads reports at, by name, and ask a report for exactly those by default', async () => {
    for (const who of [undefined, headers.customer, headers.employee]) {
      const res = await get('/api/report-locations', who);
      expect(res.headers['x-auth-denied']).toBe('1');
      expect([401, 403]).toContain(res.statusCode);
    }
    const all = ((await get('/api/locations', headers.admin)).json() as { dataSet: { locationId: number; locationName: string }[] }).dataSet;
    const named = (ids: number[]) =>
      all.filter((l) => ids.includes(l.locationId)).map((l) => ({ locationId: l.locationId, name: l.locationName })).sort((a, b) => a.name.localeCompare(b.name));
    // The controller is only an employee at 2 (not offered); the manager manages 1 and 3; admins: every location.
    for (const [who, ids] of [['controller', [1]], ['manager', [1, 3]], ['admin', all.map((l) => l.locationId)]] as const) {
      const res = await get('/api/report-locations', headers[who]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const offered = (res.json() as { dataSet: { locationId: number; name: string }[] }).dataSet;
      expect(offered, who).toEqual(named([...ids]));
      // The report route narrows to the same list: nothing asked -> all of them.
      const report = await get(`/api/reports/coupon-sales?${period}`, headers[who]);
      expect(report.statusCode, report.body).toBe(200);
      expect((report.json() as ReportAnswer).locationIds, who).toEqual(offered.map((l) => l.locationId).sort((a, b) => a - b));
    }
    expect(all.length).toBeGreaterThan(3);
    // A location not offered is still refused by the report route itself.
    const refused = await get(`/api/reports/coupon-sales?${period}&locationIds=2`, headers.controller);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused)).toEqual([REPORT_MESSAGES.noLocations]);
  });
});

/** Definitions that report back what the route asked them and stream real rows through a cursor. */
interface Spy {
  last: ReportQuery | null;
  pulled: number;
  rows: number;
}
function spyDefinitions(spy: Spy): Record<ReportName, ReportDefinition> {
  const definition = (name: ReportName): ReportDefinition => ({
    name,
    readModels: ['reports'],
    async answer(_sql, query) {
      spy.last = query;
      if (name === 'payouts') throw new Error('relation "rm_reports.missing" does not exist');
      return {
        tables: [
          {
            key: 'lines',
            title: 'Lines',
            columns: [
              { key: 'name', label: 'Name', kind: 'text' },
              { key: 'n', label: 'Number', kind: 'count' },
              { key: 'value', label: 'Value', kind: 'money' },
              { key: 'share', label: 'Share', kind: 'percent' },
            ],
            rows: [{ cells: { name: '=cmd', n: 1, value: 1, share: 1 } }],
            rowCount: spy.rows,
            totals: { n: spy.rows, value: 123456, share: 10000 },
          },
        ],
        charts: [],
        notes: ['Spy.'],
      };
    },
    async *stream(sql: Sql, _query, tableKey): AsyncIterable<ReportRow[]> {
      expect(tableKey).toBe('lines');
      const cursor = sql<{ n: number }[]>`select g as n from generate_series(1, ${spy.rows}::int) g`.cursor(1000);
      for await (const batch of cursor) {
        spy.pulled++;
        yield batch.map((r) => ({ cells: { name: r.n === 2 ? '=HYPERLINK("http://x")' : `Line ${r.n}, "padded" ${'.'.repeat(150)}`, n: r.n, value: -r.n, share: r.n % 10000 } }));
      }
    },
  });
  return Object.fromEntries(REPORT_NAMES.map((n) => [n, definition(n)])) as Record<ReportName, ReportDefinition>;
}

describe('GET /api/reports/{report}: what the route asks the definition, and the CSV', () => {
  let app: FastifyInstance;
  let url: string;
  const spy: Spy = { last: null, pulled: 0, rows: 30_000 };
  const auth = (roles: RequestAuth['roles'], user: string, locationIds: number[]): RequestAuth => {
    const locationRoles = locationIds.flatMap((locationId) => roles.map((role) => ({ locationId, role: role as EmployeeRole })));
    return {
      userId: deterministicUuid(`demo-employee-${user}`), kind: 'employee', roles, locationIds, locationRoles, rolesAt: (id) => rolesAtLocation(locationRoles, id),
      access: new Set(['Api,reports,GET']), sessionId: 'test', actor: `user:${user}`,
    };
  };
  const personas: Record<string, RequestAuth> = {
    // As their tokens carry them: every location where they hold any role.
    controller: auth(['controller', 'employee'], 'controller', [1, 2]),
    manager: auth(['manager'], 'manager', [1, 3]),
    admin: auth(['admin'], 'admin', [1]),
    // A controller whose token names location 1, but who holds no role anywhere now (removed since sign-in).
    former: auth(['controller'], 'former-controller', [1]),
  };
  const ask = (path: string, persona: string) => app.inject({ method: 'GET', url: path, headers: { 'x-test-persona': persona } });
  const answerOf = (res: { json(): unknown }) => res.json() as ReportAnswer;

  beforeAll(async () => {
    app = Fastify();
    app.decorateRequest('auth', null);
    registerErrorHandler(app);
    registerInputGuards(app);
    app.addHook('onRequest', async (request) => {
      request.auth = personas[String(request.headers['x-test-persona'])] ?? null;
    });
    await app.register(reportRoutes(server.product.sql, spyDefinitions(spy)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('should narrow a controller or manager to the locations where they hold the role, and give admins every location', async () => {
    const cases: [string, string, number[]][] = [
      ['controller', '', [1]],
      ['controller', '&locationIds=1,2', [1]],
      ['controller', '&locationIds=2&locationIds=1', [1]],
      ['manager', '', [1, 3]],
      ['manager', '&locationIds=3,2', [3]],
      ['admin', '', [1, 2, 3, 4, 5, 6]],
      ['admin', '&locationIds=7,2, 2', [2, 7]],
    ];
    for (const [persona, locations, expected] of cases) {
      const res = await ask(`/api/reports/coupon-sales?${period}${locations}`, persona);
      expect(res.statusCode, `${persona} ${locations}: ${res.body}`).toBe(200);
      expect(answerOf(res).locationIds, `${persona} ${locations}`).toEqual(expected);
      expect(spy.last!.locationIds).toEqual(expected);
    }
    expect((await ask(`/api/reports/coupon-sales?${period}&locationIds=2`, 'controller')).statusCode).toBe(403);
  });

  it('should offer a controller without a reporting role now no location, and refuse their reports', async () => {
    const res = await ask('/api/report-locations', 'former');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ dataSet: [] });
    const report = await ask(`/api/reports/coupon-sales?${period}`, 'former');
    expect(report.statusCode).toBe(403);
    expect(errorsOf(report)).toEqual([REPORT_MESSAGES.noLocations]);
    // The manager's token names 1 and 3: only those, whatever else is asked.
    expect(((await ask('/api/report-locations', 'manager')).json() as { dataSet: { locationId: number }[] }).dataSet.map((l) => l.locationId).sort()).toEqual([1, 3]);
  });

  it('should pass the period, defaults of options, the drill and today (UTC) to the definition', async () => {
    const res = await ask(`/api/reports/coupon-sales-v2?${period}&packId=AAAAAAAA-0000-4000-8000-000000000001&sellerId=user:x&day=2026-01-02`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(spy.last).toEqual({
      from: '2026-01-01', to: '2026-01-31', locationIds: [1, 2, 3, 4, 5, 6], options: { groupBy: 'pack' },
      drill: { packId: 'aaaaaaaa-0000-4000-8000-000000000001', sellerId: 'user:x' }, today: utcToday(),
    });
    const answer = answerOf(res);
    expect({ report: answer.report, from: answer.from, to: answer.to, options: answer.options, notes: answer.notes }).toEqual({
      report: 'coupon-sales-v2', from: '2026-01-01', to: '2026-01-31', options: { groupBy: 'pack' }, notes: ['Spy.'],
    });
    expect(res.headers['cache-control']).toBe('no-store');
    await ask(`/api/reports/coupon-sales-v2?${period}&groupBy=seller`, 'admin');
    expect(spy.last!.options).toEqual({ groupBy: 'seller' });
    expect((await ask(`/api/reports/invoice-summary-v2?${period}&locationId=2&day=2026-01-02&groupBy=seller`, 'manager')).statusCode).toBe(200);
    expect(spy.last!.drill).toEqual({ locationId: '2', day: '2026-01-02' });
    expect(spy.last!.options).toEqual({});
  });

  it('should answer a plain 500 when a definition fails, telling nothing of the failure', async () => {
    const failed = await ask(`/api/reports/payouts?${period}`, 'admin');
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('rm_reports');
  });

  it('should refuse a CSV of a table the report does not have', async () => {
    const res = await ask(`/api/reports/coupon-sales?${period}&format=csv&table=nope`, 'admin');
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([REPORT_MESSAGES.tableUnknown]);
  });

  it('should stream the CSV: labels, every row as it is read from the cursor, totals last, escaped and guarded', async () => {
    spy.pulled = 0;
    const res = await fetch(`${url}/api/reports/coupon-redemptions-v2?${period}&format=csv&table=lines`, { headers: { 'x-test-persona': 'admin' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="coupon-redemptions-v2-2026-01-01-2026-01-31.csv"');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let text = '';
    const first = await reader.read();
    text += decoder.decode(first.value, { stream: true });
    // The first bytes are out while most of the 30 batches are still in the database.
    const pulledAtFirstChunk = spy.pulled;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(pulledAtFirstChunk).toBeLessThan(spy.rows / 1000);
    expect(spy.pulled).toBe(spy.rows / 1000);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFName,Number,Value,Share');
    expect(lines[1]).toBe(`"Line 1, ""padded"" ${'.'.repeat(150)}",1,-0.01,0.01%`);
    expect(lines[2]).toBe(`"'=HYPERLINK(""http://x"")",2,-0.02,0.02%`);
    expect(lines.length).toBe(1 + spy.rows + 1 + 1);
    expect(lines[spy.rows]).toMatch(/^"Line 30000,/);
    expect(lines[spy.rows + 1]).toBe('Total,30000,1234.56,100.00%');
    expect(lines[spy.rows + 2]).toBe('');
  });
});
