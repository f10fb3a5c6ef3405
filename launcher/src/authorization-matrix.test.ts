/**
 * The authorisation matrix: every registered API route against anonymous, customer A,
 * customer B, employee, controller, manager and admin. A route missing from the matrix (or a
 * matrix row with no route) fails, so a new route cannot ship without an access decision.
 * Every route is also tried under other spellings of its path (percent-encoded letters, upper
 * case, `//`, `/./`, `/x/../`), in process and over a real socket: the access layer decides
 * from the route that matched, so a spelling reaches either that route's checks or no route.
 * Issue 20: staff with roles at some rooftops only act and read there (the last describe block).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, COUPON_REDEMPTION_MESSAGES, PACK_SALE_MESSAGES } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { importDmsRecords } from '@dealer/dms/index';
import { hashPassword } from '@dealer/command-api';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs, xsrfHeaders } from './testing/auth';
import { employeeWithRoles } from './testing/rooftops';
import { DEMO_PASSWORD } from './demo/accounts';
import { demoPackId } from './demo/catalogue';

type Persona = 'anonymous' | 'customerA' | 'customerB' | 'employee' | 'controller' | 'manager' | 'admin';
const PERSONAS: Persona[] = ['anonymous', 'customerA', 'customerB', 'employee', 'controller', 'manager', 'admin'];
const ALL = PERSONAS;
const SIGNED_IN = PERSONAS.filter((p) => p !== 'anonymous');
const STAFF: Persona[] = ['employee', 'controller', 'manager', 'admin'];
/** Customer A's own records: customer A and staff; never customer B. */
const OWN_A: Persona[] = ['customerA', ...STAFF];
const CUSTOMERS_AND_STAFF: Persona[] = ['customerA', 'customerB', ...STAFF];
/** The coupon programme (issue 11): the catalogue, finalising and voiding sales. */
const MANAGERS: Persona[] = ['manager', 'admin'];

/** 'METHOD /url' -> who may pass the access layer. */
const MATRIX: Record<string, Persona[]> = {
  'GET /auth-api/xsrf': ALL,
  'POST /auth-api/login': ALL,
  'POST /auth-api/refresh': ALL,
  'POST /auth-api/app-refresh': SIGNED_IN,
  'DELETE /auth-api/login': ALL,
  'GET /auth-api/registration/:securityToken': ALL,
  'POST /auth-api/registration': ALL,
  'POST /auth-api/registration/gift': ALL,
  'POST /auth-api/self-registration': ALL,
  'POST /api/customers': STAFF,
  'POST /api/customer-validate': STAFF,
  'PUT /api/customers/:id': OWN_A,
  'GET /api/customers/:id': OWN_A,
  'GET /api/customers/:id/history': ['controller', 'manager', 'admin'],
  'GET /api/customer-search': STAFF,
  'POST /api/customer-resend-registration': STAFF,
  'GET /api/dev-outbox': ['admin'],
  'GET /api/user-roles': ['admin'],
  'POST /api/user-roles': ['admin'],
  'PUT /api/user-roles/:id': ['admin'],
  'DELETE /api/user-roles/:id': ['admin'],
  'GET /api/users': ['admin'],
  'POST /api/customer-erasure': ['admin'],
  'GET /api/locations': CUSTOMERS_AND_STAFF,
  'POST /api/app-events': OWN_A,
  // Issue 13: customers write to a location about themselves; staff do not use the form.
  'POST /api/customer-contact-form': ['customerA'],
  // Issue 13: customers buy packs online; the handler keeps each order to its own customer.
  'POST /api/online-orders': ['customerA', 'customerB'],
  'POST /api/online-orders/:orderId/confirm': ['customerA', 'customerB'],
  // An order as read back: the customer's own (another's is 404), managers and admins any; the list for managers.
  'GET /api/online-orders/:orderId': ['customerA', 'customerB', ...MANAGERS],
  'GET /api/online-orders': MANAGERS,
  // Issue 13 gifts: a signed-in customer claims a gift sent to their e-mail (the handler checks the e-mail).
  'POST /api/gift-claims': ['customerA', 'customerB'],
  // The payment provider's webhook: public, proven by the provider's signature (no anti-forgery pair).
  'POST /api/payment-webhooks/:provider': ALL,
  'POST /api/email-phone-verification': OWN_A,
  'POST /api/contact-change-confirmations': OWN_A,
  'POST /api/contact-change-declines': OWN_A,
  'POST /auth-api/contact-change/confirm': ALL,
  'GET /api/ro-data': STAFF,
  'GET /api/ro-search': STAFF,
  'GET /api/customer-info-from-ro': STAFF,
  'POST /api/redemption-verifications': STAFF,
  'POST /api/redemption-verifications/:id/resend': STAFF,
  'GET /api/redemption-verifications/:id': CUSTOMERS_AND_STAFF,
  'GET /api/redemption-verifications': OWN_A,
  // The customer's answer and the verify page: the link token is the secret, no sign-in.
  'PUT /api/redemption-verifications': ALL,
  'GET /auth-api/redemption-verifications/by-token': ALL,
  'POST /api/redemption-verification-overrides': STAFF,
  'GET /api/opcode-verification-rules': ['manager', 'admin'],
  'POST /api/opcode-verification-rules': ['manager', 'admin'],
  'PUT /api/opcode-verification-rules/:id': ['manager', 'admin'],
  'DELETE /api/opcode-verification-rules/:id': ['manager', 'admin'],
  // Operations (issue 10, item 9): events a projection parked, listed and retried by admins.
  'GET /api/parked-events': ['admin'],
  'POST /api/parked-events/:id/retry': ['admin'],
  // Message jobs that failed for good (issue 10, item 16), listed and retried by admins.
  'GET /api/failed-jobs': ['admin'],
  'POST /api/failed-jobs/:id/retry': ['admin'],
  // Health details (issue 10, item 17): public /healthz answers the status only.
  'GET /api/system-health': ['admin'],
  // Issue 11: all staff read the catalogue; managers and admins run it.
  'GET /api/opcodes': STAFF,
  'GET /api/coupons': STAFF,
  'GET /api/coupons/:id': STAFF,
  'POST /api/coupons': MANAGERS,
  'PUT /api/coupons/:id': MANAGERS,
  'POST /api/coupons/:id/disable': MANAGERS,
  'POST /api/coupons/:id/enable': MANAGERS,
  'GET /api/packs': STAFF,
  'GET /api/packs/:id': STAFF,
  'POST /api/packs': MANAGERS,
  'PUT /api/packs/:id': MANAGERS,
  'POST /api/packs/:id/disable': MANAGERS,
  'POST /api/packs/:id/enable': MANAGERS,
  'POST /api/packs/:id/coupons': MANAGERS,
  'DELETE /api/packs/:id/coupons/:couponId': MANAGERS,
  // Any staff member sells and corrects a sale's location; managers finalise and void.
  'POST /api/pack-sales': STAFF,
  'POST /api/pack-sales/:id/finalise': MANAGERS,
  'POST /api/pack-sales/:id/location': STAFF,
  'POST /api/pack-sales/:id/void': MANAGERS,
  // A customer's packs and coupons: staff, and the customer themselves (issue 13; B is refused A's).
  'GET /api/customers/:id/purchases': OWN_A,
  'GET /api/customers/:id/coupons': OWN_A,
  // Issue 13: the gifts a customer bought, for that customer only (their own order pages' data).
  'GET /api/customers/:id/gifts': ['customerA'],
  // Issue 13: the customer's service history (their own ROs; staff any customer's), and the
  // current offers, public (the customer's coupons page and the /purchase landing).
  'GET /api/customers/:id/service-history': OWN_A,
  'GET /api/pack-offers': ALL,
  // Issue 12: any staff member redeems, voids and moves a redemption (the decider lets staff act
  // on their own redemptions on the day they made them, managers on any).
  'POST /api/coupon-redemptions': STAFF,
  'POST /api/coupon-redemptions/:issuedCouponId/void': STAFF,
  'PUT /api/coupon-redemptions/:issuedCouponId': STAFF,
  // Issue 12: paper coupon books, for all staff (voids: the decider's own-redemption rule).
  'GET /api/paper-books/:bookNumber': STAFF,
  'POST /api/paper-books': STAFF,
  'POST /api/paper-books/:bookNumber/redemptions': STAFF,
  'POST /api/paper-books/:bookNumber/redemptions/:redemptionId/void': STAFF,
  'POST /api/paper-books/:bookNumber/conversion': STAFF,
  // Issue 12: redemptions on ROs the DMS data shows voided, reviewed by managers.
  'GET /api/coupon-redemption-reviews': MANAGERS,
  'POST /api/coupon-redemption-reviews': MANAGERS,
  // Issue 14: reports, for controllers, managers and admins (each to their own locations).
  'GET /api/reports/:report': ['controller', 'manager', 'admin'],
  'GET /api/report-locations': ['controller', 'manager', 'admin'],
  // Issue 23: every staff member watches the training videos and reads their own progress;
  // managers and admins see completion at the locations they manage.
  'GET /api/training': STAFF,
  'POST /api/training/:videoId/progress': STAFF,
  'GET /api/training/completion': MANAGERS,
  // Issue 24: the API's OpenAPI description. Staff outside demo mode (platform/src/http/openapi.test.ts);
  // the test server runs in demo mode, where everyone reads it (ADR 0084).
  'GET /api/openapi.json': ALL,
  // Issue 23: form drafts, staff only; each user reaches only their own (another's is 404, form-drafts.test.ts).
  'POST /api/form-drafts': STAFF,
  'PUT /api/form-drafts/:objectCacheId': STAFF,
  'PATCH /api/form-drafts/:objectCacheId': STAFF,
  'DELETE /api/form-drafts/:objectCacheId': STAFF,
  // Issue 24 part 3: every signed-in user asks for stream tickets and opens their live updates
  // stream (each message is filtered to what they may read; the stream answers text/event-stream
  // only, so here, past the access layer, it is a 406).
  'POST /api/event-stream-tickets': SIGNED_IN,
  'GET /api/events': SIGNED_IN,
  // Issue 24 part 2: consent to coupon reminders, a customer's own or staff for any customer; the
  // unsubscribe link (its signed token is the proof) and the SMS provider's signed webhook are public.
  'PUT /api/customers/:id/marketing-consent': OWN_A,
  'POST /api/unsubscribe/:token': ALL,
  'POST /api/sms/inbound': ALL,
};

const SIGN_OUT = 'DELETE /auth-api/login';
/**
 * Routes proven by a provider's signature (or a signed link) instead of the anti-forgery pair
 * (antiForgery: 'signed-webhook'), and how each refuses an unsigned request. The SMS webhook has no
 * secret on this server (404, ADR 0089; its signature checks: marketing-consent.test.ts).
 */
const SIGNED_WEBHOOKS: Record<string, { status: number; error: string }> = {
  'POST /api/payment-webhooks/:provider': { status: 400, error: 'The webhook signature is missing or invalid.' },
  'POST /api/unsubscribe/:token': { status: 404, error: 'This unsubscribe link is not valid. You can turn reminders off in My profile after signing in.' },
  'POST /api/sms/inbound': { status: 404, error: 'Inbound texts are not configured on this server.' },
};

let server: TestServer;
const headers = {} as Record<Persona, Record<string, string>>;
const customerA = deterministicUuid('demo-customer-0');
const customerB = deterministicUuid('demo-customer-1');

/**
 * Bodies for routes whose access depends on the body (customerScope). Contact-change bodies
 * name customer A but leave out a required field, so passing the access layer changes nothing.
 */
const PAYLOADS: Record<string, Record<string, unknown>> = {
  '/api/app-events': { type: 'Login', customerId: customerA },
  '/api/customer-contact-form': { customerId: customerA },
  '/api/email-phone-verification': { customerId: customerA },
  '/api/contact-change-confirmations': { customerId: customerA },
  '/api/contact-change-declines': { customerId: customerA },
};

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  // Customer B: a second demo customer given a password for this test.
  await server.product.sql`insert into auth_credentials (user_kind, user_id, login, password_hash)
    values ('customer', ${customerB}, 'customer-b@example.com', ${await hashPassword(DEMO_PASSWORD)}) on conflict do nothing`;
  headers.anonymous = await xsrfHeaders(server);
  headers.customerA = (await loginAs(server, 'customer')).headers;
  const b = await server.product.app.inject({ method: 'POST', url: '/auth-api/login', headers: headers.anonymous, payload: { username: 'customer-b@example.com', password: DEMO_PASSWORD } });
  headers.customerB = { ...headers.anonymous, authorization: `Bearer ${b.json().dataSet.token}` };
  for (const role of ['employee', 'controller', 'manager', 'admin'] as const) headers[role] = (await loginAs(server, role)).headers;
});
afterAll(async () => {
  await server?.stop();
});

function concreteUrl(url: string): string {
  return url
    .replace('/api/customers/:id', `/api/customers/${customerA}`)
    .replace('/api/user-roles/:id', `/api/user-roles/${deterministicUuid('no-such-user-role')}`)
    .replace(':securityToken', 'not-a-real-token')
    .replace(':token', 'not-a-real-token')
    .replace('/api/customer-search', '/api/customer-search?searchTerm=pat')
    .replace('/api/ro-data', '/api/ro-data?roNumber=1&locationId=1')
    .replace('/api/customer-info-from-ro', '/api/customer-info-from-ro?roNumber=1&locationId=1&isClosedRo=0')
    .replace('/api/redemption-verifications/:id', `/api/redemption-verifications/${deterministicUuid('no-such-verification')}`)
    .replace(/^\/api\/redemption-verifications$/, `/api/redemption-verifications?customerId=${customerA}`)
    .replace('/api/opcode-verification-rules/:id', `/api/opcode-verification-rules/${deterministicUuid('no-such-rule')}`)
    .replace('/api/coupons/:id', `/api/coupons/${deterministicUuid('no-such-coupon')}`)
    .replace('/api/packs/:id', `/api/packs/${deterministicUuid('no-such-pack')}`)
    .replace('/coupons/:couponId', `/coupons/${deterministicUuid('no-such-coupon')}`)
    .replace('/api/pack-sales/:id', `/api/pack-sales/${deterministicUuid('no-such-pack-sale')}`)
    .replace('/api/coupon-redemptions/:issuedCouponId', `/api/coupon-redemptions/${deterministicUuid('no-such-issued-coupon')}`)
    .replace('/api/paper-books/:bookNumber', '/api/paper-books/NO-SUCH-BOOK')
    .replace(':redemptionId', deterministicUuid('no-such-redemption'))
    .replace(':orderId', deterministicUuid('no-such-online-order'))
    .replace(':provider', 'demo')
    .replace(':videoId', 'coupons')
    .replace(':objectCacheId', deterministicUuid('no-such-form-draft'))
    .replace('/api/reports/:report', '/api/reports/coupon-sales?from=2026-01-01&to=2026-01-31')
    .replace('/redemption-verifications/by-token', '/redemption-verifications/by-token?token=not-a-real-token');
}

describe('authorisation matrix', () => {
  it('should have a row for every registered API route and a route for every row', () => {
    const apiRoutes = server.product.routes.filter((r) => / \/(api|auth-api)\//.test(r));
    expect([...new Set(apiRoutes)].sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it('should let exactly the allowed personas through the access layer on every route', async () => {
    const wrong: string[] = [];
    // Sign-out ends each persona's session: it goes last.
    const signOutLast = Object.entries(MATRIX).sort(([a], [b]) => Number(a === SIGN_OUT) - Number(b === SIGN_OUT));
    for (const [route, allowed] of signOutLast) {
      const [method, url] = route.split(' ') as [string, string];
      for (const persona of PERSONAS) {
        const res = await server.product.app.inject({
          method: method as 'GET',
          url: concreteUrl(url),
          headers: headers[persona],
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: PAYLOADS[url] ?? {} }),
        });
        const denied = res.headers['x-auth-denied'] === '1';
        if (denied === allowed.includes(persona)) wrong.push(`${route} as ${persona}: ${denied ? `denied ${res.statusCode}` : `allowed ${res.statusCode}`}`);
        if (denied) expect([401, 403]).toContain(res.statusCode);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('should refuse anonymous callers under every other spelling of every route, or find no route', async () => {
    const wrong: string[] = [];
    for (const [route, allowed] of Object.entries(MATRIX)) {
      if (allowed.includes('anonymous')) continue;
      const [method, url] = route.split(' ') as [string, string];
      for (const spelled of spellings(concreteUrl(url))) {
        for (const res of await bothWays(method, spelled, headers.anonymous, PAYLOADS[url])) {
          const refused = res.statusCode === 401 && res.denied;
          if (!refused && !isNoRoute(res)) wrong.push(`${method} ${spelled} (${res.via}): ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('should hold the anti-forgery check for every non-GET route under every spelling', async () => {
    const wrong: string[] = [];
    for (const [route, allowed] of Object.entries(MATRIX)) {
      const [method, url] = route.split(' ') as [string, string];
      if (method === 'GET') continue;
      if (route in SIGNED_WEBHOOKS) continue;
      // The most privileged persona the route lets in, without the anti-forgery header.
      const persona = [...allowed].reverse()[0]!;
      const { 'x-xsrf-token': _omitted, ...withoutHeader } = headers[persona];
      for (const spelled of [concreteUrl(url), ...spellings(concreteUrl(url))]) {
        for (const res of await bothWays(method, spelled, withoutHeader, PAYLOADS[url])) {
          const refused = res.statusCode === 403 && res.denied && res.body.includes('anti-forgery');
          if (!refused && !isNoRoute(res)) wrong.push(`${method} ${spelled} as ${persona} (${res.via}): ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('should let a signed webhook route skip the pair but still refuse an unsigned body', async () => {
    for (const [route, refusal] of Object.entries(SIGNED_WEBHOOKS)) {
      const [method, url] = route.split(' ') as [string, string];
      const res = await server.product.app.inject({ method: method as 'POST', url: concreteUrl(url), headers: { 'content-type': 'application/json' }, payload: '{"kind":"payment-succeeded"}' });
      expect(res.statusCode, route).toBe(refusal.status);
      expect(res.json().errors).toEqual([refusal.error]);
    }
  });
});

/** Spellings a router or a proxy may read as the same path; the query string is kept. */
function spellings(url: string): string[] {
  const [path, query] = url.split('?') as [string, string | undefined];
  const q = query === undefined ? '' : `?${query}`;
  const [, prefix, ...rest] = path.split('/') as [string, string, ...string[]];
  const tail = rest.join('/');
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
  const encodeFirst = (s: string) => `${hex(s[0]!)}${s.slice(1)}`;
  const paths = [
    `/${encodeFirst(prefix)}/${tail}`,
    `/${[...prefix].map(hex).join('')}/${tail}`,
    `/${prefix}/${encodeFirst(tail)}`,
    `/${prefix.toUpperCase()}/${tail}`,
    path.toUpperCase(),
    `/${path}`,
    `/${prefix}//${tail}`,
    `/.${path}`,
    `/${prefix}/./${tail}`,
    `/x/..${path}`,
    `/${prefix}/x/../${tail}`,
  ];
  return [...new Set(paths)].map((p) => `${p}${q}`);
}

interface Answer {
  via: 'inject' | 'socket';
  statusCode: number;
  denied: boolean;
  body: string;
}

/** The not-found handler's answer: no route matched this spelling at all. */
const isNoRoute = (res: Answer) => res.statusCode === 404 && res.body.includes('No route');

/** The same request through app.inject (which resolves dot segments) and as raw bytes over a socket. */
async function bothWays(method: string, url: string, requestHeaders: Record<string, string>, payload?: Record<string, unknown>): Promise<Answer[]> {
  const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(payload ?? {});
  const injected = await server.product.app.inject({ method: method as 'GET', url, headers: { ...requestHeaders, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { payload: body } : {}) });
  const socket = await new Promise<Answer>((resolve, reject) => {
    const { port } = new URL(server.url);
    const req = httpRequest({ host: '127.0.0.1', port: Number(port), method, path: url, headers: { ...requestHeaders, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ via: 'socket', statusCode: res.statusCode ?? 0, denied: res.headers['x-auth-denied'] === '1', body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
  return [{ via: 'inject', statusCode: injected.statusCode, denied: injected.headers['x-auth-denied'] === '1', body: injected.body }, socket];
}

// ---------------------------------------------------------------------------------------------
// Issue 20: each rooftop its own. Identities with roles at some locations only, against real data
// at two locations: every command and read that happens at a location is refused (403) where the
// caller holds no role allowing it THERE, and allowed where they do; the union of their roles never
// travels (a manager at location 1 who is an employee at location 2 has an employee's rights at 2).

type Rooftop = 'advisor1' | 'manager1' | 'mixed' | 'admin';
const ROOFTOP_ROLES: Record<Exclude<Rooftop, 'admin'>, { role: 'employee' | 'manager'; locationId: number }[]> = {
  advisor1: [{ role: 'employee', locationId: 1 }],
  manager1: [{ role: 'manager', locationId: 1 }],
  mixed: [{ role: 'manager', locationId: 1 }, { role: 'employee', locationId: 2 }],
};
const ROOFTOP_PERSONAS: Rooftop[] = ['advisor1', 'manager1', 'mixed', 'admin'];
type Need = 'staff' | 'manager';

/** What is at one location: its ROs, a sale, redemptions, a paper book and its redemption, a verification, an op-code rule. */
interface Place {
  locationId: number;
  ro: { a: string; b: string; paper: string };
  saleId: string;
  freeCouponId: string;
  voidable: { issuedCouponId: string; redemptionId: string };
  movable: { issuedCouponId: string; redemptionId: string };
  bookNumber: string;
  paperRedemptionId: string;
  verificationId: string;
  ruleId: string;
}

describe('each rooftop its own (issue 20)', () => {
  const places = {} as Record<1 | 2, Place>;
  const rooftopHeaders = {} as Record<Rooftop, Record<string, string>>;
  const packId = demoPackId('oil4');
  let customerId: string;
  const send = (persona: Rooftop, method: string, url: string, payload?: Record<string, unknown>) =>
    server.product.app.inject({ method: method as 'GET', url, headers: rooftopHeaders[persona], ...(payload === undefined ? {} : { payload }) });
  const ok = async (res: { statusCode: number; body: string }, ...statuses: number[]) => {
    if (!statuses.includes(res.statusCode)) throw new Error(`setup: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as { dataSet: Record<string, unknown> };
  };

  beforeAll(async () => {
    const { sql } = server.product;
    rooftopHeaders.admin = (await loginAs(server, 'admin')).headers;
    for (const [persona, roles] of Object.entries(ROOFTOP_ROLES)) rooftopHeaders[persona as Rooftop] = (await employeeWithRoles(server, `rooftop-${persona}`, roles)).headers;
    await sql`update ref.locations set time_zone = 'America/Denver' where time_zone is null`;
    const job = (jobId: number, opCode: string) => ({ jobId, lineCode: String.fromCharCode(64 + jobId), lineNo: jobId, opCode, opCodeDesc: opCode, laborType: 'C', laborSale: 49.95, partsSale: 20 });
    const ros = (locationId: number) => ({ a: `88${locationId}0001`, b: `88${locationId}0002`, paper: `88${locationId}0003` });
    const dms = [1, 2].flatMap((l) => Object.values(ros(l)).map((roNumber) => ({ roNumber, locationId: l, vin: '4T1BF1FK5CU123456', mileage: 42_000, openDate: '2026-03-02T08:15:00', closeDate: null, jobs: [job(1, 'LOF'), job(2, 'ROT')] })));
    expect(await importDmsRecords(sql, dms)).toMatchObject({ rejected: 0 });
    const customer = await ok(await send('admin', 'POST', '/api/customers', {
      firstName: 'Rooftop', lastName: 'Visitor', emailAddress: 'rooftop.visitor@example.com', phoneMobile: '3035550199', phoneOther: null, address: null, address2: null, city: null, state: null, zip: null, isTaxExempt: false,
    }), 201);
    customerId = customer.dataSet.customerId as string;

    for (const locationId of [1, 2] as const) {
      const ro = ros(locationId);
      const rule = await ok(await send('admin', 'POST', '/api/opcode-verification-rules', { locationId, opCode: 'ROT' }), 201);
      const sale = await ok(await send('admin', 'POST', '/api/pack-sales', { customerId, packId, locationId, roNumber: ro.a, price: null }), 201);
      const saleId = sale.dataSet.saleId as string;
      await waitForProjections(server.product);
      const coupons = (await sql<{ id: string }[]>`select issued_coupon_id::text as id from rm_pack_sales.issued_coupons where sale_id = ${saleId} order by position`).map((r) => r.id);
      const redeem = async (issuedCouponId: string, roNumber: string) => {
        const res = await ok(await send('admin', 'POST', '/api/coupon-redemptions', { issuedCouponId, customerId, locationId, roNumber }), 201);
        return { issuedCouponId, redemptionId: res.dataSet.redemptionId as string };
      };
      const voidable = await redeem(coupons[0]!, ro.a);
      const movable = await redeem(coupons[1]!, ro.b);
      const bookNumber = `PB-ROOF-${locationId}`;
      await ok(await send('admin', 'POST', '/api/paper-books', { bookNumber, locationId, saleRoNumber: ro.paper, packId }), 201);
      const paper = await ok(await send('admin', 'POST', `/api/paper-books/${bookNumber}/redemptions`, { paperCouponNumber: 1, locationId, roNumber: ro.paper }), 201);
      await waitForProjections(server.product);
      const verification = await ok(await send('admin', 'POST', '/api/redemption-verifications', { type: 'email', roNumber: ro.a, locationId, customerId, preApprovalOpCodes: [] }), 201);
      places[locationId] = {
        locationId, ro, saleId, freeCouponId: coupons[2]!, voidable, movable, bookNumber,
        paperRedemptionId: paper.dataSet.redemptionId as string,
        verificationId: verification.dataSet.redemptionVerificationId as string,
        ruleId: rule.dataSet.id as string,
      };
    }
    await waitForProjections(server.product);
  });

  /** Every command and read that happens at a place, and the role it needs there. */
  const AT_A_PLACE: { name: string; need: Need; send: (persona: Rooftop, p: Place) => ReturnType<typeof send> }[] = [
    { name: 'GET /api/ro-data', need: 'staff', send: (who, p) => send(who, 'GET', `/api/ro-data?roNumber=${p.ro.a}&locationId=${p.locationId}`) },
    { name: 'GET /api/ro-search', need: 'staff', send: (who, p) => send(who, 'GET', `/api/ro-search?locationId=${p.locationId}&status=open`) },
    { name: 'GET /api/customer-info-from-ro', need: 'staff', send: (who, p) => send(who, 'GET', `/api/customer-info-from-ro?roNumber=${p.ro.a}&locationId=${p.locationId}&isClosedRo=0`) },
    { name: 'GET /api/redemption-verifications/:id', need: 'staff', send: (who, p) => send(who, 'GET', `/api/redemption-verifications/${p.verificationId}`) },
    { name: 'POST /api/pack-sales', need: 'staff', send: (who, p) => send(who, 'POST', '/api/pack-sales', { customerId, packId, locationId: p.locationId, roNumber: p.ro.b, price: null }) },
    { name: 'POST /api/pack-sales (another price)', need: 'manager', send: (who, p) => send(who, 'POST', '/api/pack-sales', { customerId, packId, locationId: p.locationId, roNumber: p.ro.b, price: 100, priceOverrideReason: 'Loyal customer' }) },
    { name: 'POST /api/pack-sales/:id/finalise', need: 'manager', send: (who, p) => send(who, 'POST', `/api/pack-sales/${p.saleId}/finalise`, {}) },
    { name: 'POST /api/pack-sales/:id/void (no reason)', need: 'manager', send: (who, p) => send(who, 'POST', `/api/pack-sales/${p.saleId}/void`, {}) },
    { name: 'POST /api/pack-sales/:id/location (same location, no reason)', need: 'staff', send: (who, p) => send(who, 'POST', `/api/pack-sales/${p.saleId}/location`, { locationId: p.locationId }) },
    { name: 'POST /api/coupon-redemptions', need: 'staff', send: (who, p) => send(who, 'POST', '/api/coupon-redemptions', { issuedCouponId: p.freeCouponId, customerId, locationId: p.locationId, roNumber: p.ro.b }) },
    { name: "PUT /api/coupon-redemptions/:issuedCouponId (another's, same RO)", need: 'manager', send: (who, p) => send(who, 'PUT', `/api/coupon-redemptions/${p.movable.issuedCouponId}`, { redemptionId: p.movable.redemptionId, locationId: p.locationId, roNumber: p.ro.b }) },
    { name: "POST /api/coupon-redemptions/:issuedCouponId/void (another's)", need: 'manager', send: (who, p) => send(who, 'POST', `/api/coupon-redemptions/${p.voidable.issuedCouponId}/void`, { redemptionId: p.voidable.redemptionId, reason: 'Keyed on the wrong RO' }) },
    { name: 'POST /api/paper-books', need: 'staff', send: (who, p) => send(who, 'POST', '/api/paper-books', { bookNumber: p.bookNumber, locationId: p.locationId, saleRoNumber: p.ro.paper, packId }) },
    { name: 'POST /api/paper-books/:bookNumber/redemptions', need: 'staff', send: (who, p) => send(who, 'POST', `/api/paper-books/${p.bookNumber}/redemptions`, { paperCouponNumber: 2, locationId: p.locationId, roNumber: p.ro.paper }) },
    { name: "POST /api/paper-books/:bookNumber/redemptions/:redemptionId/void (another's)", need: 'manager', send: (who, p) => send(who, 'POST', `/api/paper-books/${p.bookNumber}/redemptions/${p.paperRedemptionId}/void`, { reason: 'Keyed on the wrong RO' }) },
    { name: 'POST /api/redemption-verifications', need: 'staff', send: (who, p) => send(who, 'POST', '/api/redemption-verifications', { type: 'email', roNumber: p.ro.a, locationId: p.locationId, customerId, preApprovalOpCodes: [] }) },
    { name: 'POST /api/redemption-verifications/:id/resend', need: 'staff', send: (who, p) => send(who, 'POST', `/api/redemption-verifications/${p.verificationId}/resend`, {}) },
    { name: 'POST /api/redemption-verification-overrides', need: 'staff', send: (who, p) => send(who, 'POST', '/api/redemption-verification-overrides', { redemptionVerificationId: p.verificationId, reason: 'The customer agreed at the desk' }) },
    { name: 'POST /api/coupon-redemption-reviews', need: 'manager', send: (who, p) => send(who, 'POST', '/api/coupon-redemption-reviews', { redemptionId: p.movable.redemptionId, note: 'Kept' }) },
    { name: 'POST /api/opcode-verification-rules', need: 'manager', send: (who, p) => send(who, 'POST', '/api/opcode-verification-rules', { locationId: p.locationId, opCode: 'MPI' }) },
    { name: 'PUT /api/opcode-verification-rules/:id', need: 'manager', send: (who, p) => send(who, 'PUT', `/api/opcode-verification-rules/${p.ruleId}`, { description: 'Rotation' }) },
    { name: 'GET /api/training/completion', need: 'manager', send: (who, p) => send(who, 'GET', `/api/training/completion?locationId=${p.locationId}`) },
    { name: 'DELETE /api/opcode-verification-rules/:id', need: 'manager', send: (who, p) => send(who, 'DELETE', `/api/opcode-verification-rules/${p.ruleId}`) },
    // Last: converting the book ends its paper coupons.
    { name: 'POST /api/paper-books/:bookNumber/conversion', need: 'staff', send: (who, p) => send(who, 'POST', `/api/paper-books/${p.bookNumber}/conversion`, { customerId }) },
  ];

  /** Whether `persona` holds, at each location, a role meeting the need there. */
  function allowed(persona: Rooftop, needs: [number, Need][]): boolean {
    if (persona === 'admin') return true;
    return needs.every(([locationId, need]) => ROOFTOP_ROLES[persona].some((r) => r.locationId === locationId && (need === 'staff' || r.role === 'manager')));
  }

  /** The refusals an action or read may give where the caller's role there does not allow it. */
  const REFUSALS = [AUTH_MESSAGES.notPermitted, COUPON_REDEMPTION_MESSAGES.changeNotAllowed, PACK_SALE_MESSAGES.priceOverrideManagersOnly];

  function judge(wrong: string[], label: string, persona: Rooftop, expectAllowed: boolean, res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
    const refused = res.statusCode === 403;
    if (expectAllowed === refused || res.statusCode >= 500) wrong.push(`${label} as ${persona}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    // A refusal by the handler (the caller's roles elsewhere pass the access layer) names no more than that.
    if (refused && res.headers['x-auth-denied'] !== '1' && !REFUSALS.includes(JSON.parse(res.body).errors?.[0])) wrong.push(`${label} as ${persona}: refused with ${res.body.slice(0, 120)}`);
  }

  it("should refuse every command and read at a location where the caller holds no role allowing it there, and allow it at their own", async () => {
    const wrong: string[] = [];
    for (const request of AT_A_PLACE) {
      for (const locationId of [1, 2] as const) {
        for (const persona of ROOFTOP_PERSONAS) {
          const res = await request.send(persona, places[locationId]);
          judge(wrong, `${request.name} at ${locationId}`, persona, allowed(persona, [[locationId, request.need]]), res);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("should refuse a location text with the exact message, and never let a manager's role at one rooftop travel to another", async () => {
    const p2 = places[2];
    const ro = await send('manager1', 'GET', `/api/ro-data?roNumber=${p2.ro.a}&locationId=2`);
    expect(ro.statusCode).toBe(403);
    expect(ro.json().errors).toEqual(['You do not have permission to do this.']);
    // An employee at location 2 (a manager at 1) sells there at the list price, not at another.
    const other = await send('mixed', 'POST', '/api/pack-sales', { customerId, packId, locationId: 2, roNumber: p2.ro.b, price: 100, priceOverrideReason: 'Loyal customer' });
    expect(other.statusCode).toBe(403);
    expect(other.json().errors).toEqual([PACK_SALE_MESSAGES.priceOverrideManagersOnly]);
    const listPrice = await send('mixed', 'POST', '/api/pack-sales', { customerId, packId, locationId: 2, roNumber: p2.ro.b, price: null });
    expect(listPrice.statusCode).toBe(201);
  });

  it('should search ROs only at the rooftops where the caller holds a role when no location is asked for', async () => {
    const locationsOf = async (persona: Rooftop) => {
      const res = await send(persona, 'GET', '/api/ro-search?pageSize=100');
      expect(res.statusCode, res.body).toBe(200);
      return new Set((res.json().dataSet.rows as { locationId: number }[]).map((r) => r.locationId));
    };
    expect([...(await locationsOf('advisor1'))]).toEqual([1]);
    expect([...(await locationsOf('mixed'))].sort()).toEqual([1, 2]);
    expect((await locationsOf('admin')).has(2)).toBe(true);
  });

  it("should need a role at both the sale's location and the new one to correct a sale's location", async () => {
    const wrong: string[] = [];
    const needs: [number, Need][] = [[1, 'staff'], [2, 'staff']];
    for (const persona of ROOFTOP_PERSONAS) {
      // Without a reason: allowed callers get the reason's 400, and the sale stays where it is.
      const res = await send(persona, 'POST', `/api/pack-sales/${places[1].saleId}/location`, { locationId: 2 });
      judge(wrong, 'POST /api/pack-sales/:id/location from 1 to 2', persona, allowed(persona, needs), res);
      const back = await send(persona, 'POST', `/api/pack-sales/${places[2].saleId}/location`, { locationId: 1 });
      judge(wrong, 'POST /api/pack-sales/:id/location from 2 to 1', persona, allowed(persona, needs), back);
    }
    expect(wrong).toEqual([]);
  });

  it('should list only the redemption reviews of the locations where the caller is a manager', async () => {
    const own = await send('manager1', 'GET', '/api/coupon-redemption-reviews?locationId=1');
    expect(own.statusCode).toBe(200);
    const elsewhere = await send('manager1', 'GET', '/api/coupon-redemption-reviews?locationId=2');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().dataSet).toEqual([]);
    for (const persona of ['manager1', 'mixed'] as const) {
      const all = await send(persona, 'GET', '/api/coupon-redemption-reviews');
      expect(all.statusCode).toBe(200);
      expect((all.json().dataSet as { locationId: number }[]).every((r) => r.locationId === 1)).toBe(true);
    }
  });

  it("should keep customers group-wide: every rooftop's staff find a customer and read their coupons, purchases and paper books", async () => {
    const wrong: string[] = [];
    const reads = [
      `/api/customer-search?searchTerm=rooftop.visitor@example.com`,
      `/api/customers/${customerId}`,
      `/api/customers/${customerId}/coupons`,
      `/api/customers/${customerId}/purchases`,
      `/api/paper-books/${places[1].bookNumber}`,
      `/api/paper-books/${places[2].bookNumber}`,
    ];
    for (const url of reads) {
      for (const persona of ROOFTOP_PERSONAS) {
        const res = await send(persona, 'GET', url);
        if (res.statusCode !== 200) wrong.push(`GET ${url} as ${persona}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
