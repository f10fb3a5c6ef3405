/**
 * Fuzz suite (issue 10, item 10): every registered API route gets malformed input, and no
 * answer is a 5xx; afterwards nothing stored is something a valid request could not store, and
 * every projection still runs with nothing parked.
 * - every non-GET route: at least 300 malformed bodies (wrong types, NUL, lone surrogates, huge
 *   strings, huge/negative/fractional numbers, NaN/Infinity/1e400 as raw JSON, deep nesting,
 *   arrays for objects, extra fields...), as an admin, and also as a customer where the
 *   customer has access;
 * - every body field of every non-GET route, one at a time, a value of each wrong JSON type
 *   (a flag, a number for text, text for a number, a list, an object, null where the field is not
 *   nullable): a 400 every time, and nothing stored (issue 20: bodies are never coerced);
 * - every GET route: odd query strings; every route with path parameters: odd path values.
 * Routes come from the product's OpenAPI document (GET /api/openapi.json, generated from the
 * registered routes; ADR 0084), checked here against the routes the product registered, so a
 * route added later is fuzzed too: its body schema, path and query parameters come from the
 * document. A route with path parameters needs a row in PATH_PARAMS (the suite fails without).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, ROLE_ACCESS, accessEntry, validateProfile, type HttpMethod } from '@dealer/contracts';
import { deterministicUuid, GENERIC_STRING_MAX, isStorableText } from '@dealer/platform';
import { isApiUrl, OPENAPI_PATH } from '@dealer/platform';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { apiOperations, bodySchemaOf, type OpenApiDocument, type Operation } from './testing/openapi';
import { loginAs, xsrfHeaders } from './testing/auth';
import { demoCouponId, demoPackId, demoSaleId } from './demo/catalogue';

const customerA = deterministicUuid('demo-customer-0');
const employeeId = deterministicUuid('demo-employee-employee');
const controllerRole = deterministicUuid('demo-user-role-controller');
const nowhere = '00000000-0000-4000-8000-000000000001';

/** Concrete values of path parameters, per route. A route with parameters and no row fails the suite. */
const PATH_PARAMS: Record<string, Record<string, string>> = {
  'PUT /api/customers/:id': { id: customerA },
  'GET /api/customers/:id': { id: customerA },
  'GET /api/customers/:id/history': { id: customerA },
  'PUT /api/user-roles/:id': { id: controllerRole },
  'DELETE /api/user-roles/:id': { id: nowhere },
  'GET /auth-api/registration/:securityToken': { securityToken: 'no-such-token' },
  'POST /api/redemption-verifications/:id/resend': { id: nowhere },
  'GET /api/redemption-verifications/:id': { id: nowhere },
  'PUT /api/opcode-verification-rules/:id': { id: nowhere },
  'DELETE /api/opcode-verification-rules/:id': { id: nowhere },
  'POST /api/parked-events/:id/retry': { id: nowhere },
  'POST /api/failed-jobs/:id/retry': { id: nowhere },
  // Issue 11: the demo programme's records (demo/catalogue.ts), so bodies reach the deciders.
  'GET /api/coupons/:id': { id: demoCouponId('oil') },
  'PUT /api/coupons/:id': { id: demoCouponId('oil') },
  'POST /api/coupons/:id/disable': { id: demoCouponId('sparkPlugs') },
  'POST /api/coupons/:id/enable': { id: demoCouponId('sparkPlugs') },
  'GET /api/packs/:id': { id: demoPackId('complete') },
  'PUT /api/packs/:id': { id: demoPackId('essential') },
  'POST /api/packs/:id/disable': { id: demoPackId('winter') },
  'POST /api/packs/:id/enable': { id: demoPackId('winter') },
  'POST /api/packs/:id/coupons': { id: demoPackId('brakeTire') },
  'DELETE /api/packs/:id/coupons/:couponId': { id: demoPackId('brakeTire'), couponId: demoCouponId('alignment') },
  'POST /api/pack-sales/:id/finalise': { id: demoSaleId('casey-brake-tire') },
  'POST /api/pack-sales/:id/location': { id: demoSaleId('pat-oil4') },
  'POST /api/pack-sales/:id/void': { id: demoSaleId('jordan-complete') },
  'GET /api/customers/:id/purchases': { id: customerA },
  'GET /api/customers/:id/coupons': { id: customerA },
  'GET /api/customers/:id/gifts': { id: customerA },
  'GET /api/customers/:id/service-history': { id: customerA },
  // Issue 12: no issued coupon of that id (ids come from the sale's newId), so bodies reach the lookups and refusals.
  'POST /api/coupon-redemptions/:issuedCouponId/void': { issuedCouponId: nowhere },
  'PUT /api/coupon-redemptions/:issuedCouponId': { issuedCouponId: nowhere },
  'GET /api/paper-books/:bookNumber': { bookNumber: 'NO-SUCH-BOOK' },
  'POST /api/paper-books/:bookNumber/redemptions': { bookNumber: 'NO-SUCH-BOOK' },
  'POST /api/paper-books/:bookNumber/redemptions/:redemptionId/void': { bookNumber: 'NO-SUCH-BOOK', redemptionId: nowhere },
  'POST /api/paper-books/:bookNumber/conversion': { bookNumber: 'NO-SUCH-BOOK' },
  // Issue 13: no order of that id: bodies reach the checks, then the customer's-own-order refusal.
  'POST /api/online-orders/:orderId/confirm': { orderId: nowhere },
  'GET /api/online-orders/:orderId': { orderId: nowhere },
  // Malformed bodies reach the signature check (400); 'stripe' is not configured in tests (404).
  'POST /api/payment-webhooks/:provider': { provider: 'demo' },
  // Issue 14: a real report, so odd query strings reach its period, location and option checks.
  'GET /api/reports/:report': { report: 'coupon-sales-v2' },
  // Issue 23: a real video, so bodies reach the range checks and the decider.
  'POST /api/training/:videoId/progress': { videoId: 'coupons' },
  // Issue 23: no draft of that id: typed values are checked (400) before the draft is looked up (404).
  'PUT /api/form-drafts/:objectCacheId': { objectCacheId: nowhere },
  'PATCH /api/form-drafts/:objectCacheId': { objectCacheId: nowhere },
  'DELETE /api/form-drafts/:objectCacheId': { objectCacheId: nowhere },
  // Issue 24 part 2: customer A's consent; an unsubscribe token that does not verify (404, misses throttled per address).
  'PUT /api/customers/:id/marketing-consent': { id: customerA },
  'POST /api/unsubscribe/:token': { token: 'no-such-token' },
};

const profile = {
  firstName: 'Fuzz', lastName: 'Tester', emailAddress: 'fuzz.tester@example.com', phoneMobile: '3035550100', phoneOther: null,
  address: '1 Main St', address2: null, city: 'Denver', state: 'CO', zip: '80202', isTaxExempt: false, verifyRedemptions: false,
};
const passwords = { password: 'a-long-enough-password', passwordConfirm: 'a-long-enough-password' };

const couponTerms = {
  name: 'Fuzz coupon', description: 'fuzz', opCodes: ['LOF'], value: { kind: 'percent', basisPoints: 1500, referencePrice: 8995 },
  laborTypes: ['C'], validity: { kind: 'monthsAfterSale', months: 12 }, maxPerRo: 1, maxAmountPerRo: null, locationIds: [1, 2],
};
const packTerms = { name: 'Fuzz pack', description: 'fuzz', price: 9900, locationIds: [1], termMonths: 12, termMileage: 10000 };

/** A plausible body per route, so that one bad field reaches as deep into the handler as it can. */
const BASE_BODIES: Record<string, Record<string, unknown>> = {
  // Issue 24 part 3: a stream ticket takes an empty body (any field is refused).
  'POST /api/event-stream-tickets': {},
  'POST /api/customers': profile,
  'POST /api/customer-validate': profile,
  'PUT /api/customers/:id': { ...profile, emailAddress: 'pat.customer@example.com' },
  'POST /api/customer-resend-registration': { customerId: customerA, isEmail: true },
  'PUT /api/customers/:id/marketing-consent': { channel: 'email', granted: true },
  'POST /api/user-roles': { userId: employeeId, roleName: 'employee', locationId: 2 },
  'PUT /api/user-roles/:id': { roleName: 'controller', locationId: 1 },
  'POST /api/customer-erasure': { customerId: nowhere, reason: 'fuzz' },
  'POST /api/app-events': { type: 'Login', customerId: customerA },
  'POST /api/customer-contact-form': { customerId: customerA, locationId: 1, topic: 'service', message: 'Fuzz message', preferredReply: 'email' },
  'POST /api/email-phone-verification': { type: 'email', info: 'fuzz.new@example.com', customerId: customerA },
  'POST /api/contact-change-confirmations': { customerId: customerA, code: '123456' },
  'POST /auth-api/contact-change/confirm': { token: 'no-such-token' },
  'POST /api/redemption-verifications': { type: 'email', roNumber: '9900001', locationId: 1, customerId: customerA, preApprovalOpCodes: ['A1'] },
  'POST /api/redemption-verifications/:id/resend': { type: 'email' },
  'PUT /api/redemption-verifications': { codeId: nowhere, code: 'no-such-code', reply: { approvedOpCodes: ['A1'], declinedOpCodes: [] } },
  'POST /api/redemption-verification-overrides': { redemptionVerificationId: nowhere, reason: 'fuzz' },
  'POST /api/opcode-verification-rules': { locationId: 1, opCode: 'FUZZ1', description: 'fuzz' },
  'PUT /api/opcode-verification-rules/:id': { description: 'fuzz' },
  'POST /auth-api/login': { username: 'nobody-here', password: 'wrong-password-1' },
  'POST /auth-api/registration': { securityToken: 'no-such-token', ...passwords },
  'POST /auth-api/registration/gift': { email: 'fuzz.gift@example.com', giftToken: 'no-such-token', firstName: 'Fuzz', lastName: 'Gift', phoneMobile: '7205550199', ...passwords },
  'POST /auth-api/self-registration': { firstName: 'Fuzz', lastName: 'Visitor', emailAddress: 'fuzz.visitor@example.com', phoneMobile: '7205559901', isAdult: true },
  'POST /api/coupons': couponTerms,
  'PUT /api/coupons/:id': { ...couponTerms, expectedRevision: 0 },
  'POST /api/coupons/:id/disable': { reason: 'fuzz' },
  'POST /api/packs': { ...packTerms, items: [{ couponId: demoCouponId('oil'), quantity: 2 }] },
  'PUT /api/packs/:id': { ...packTerms, expectedRevision: 0 },
  'POST /api/packs/:id/disable': { reason: 'fuzz' },
  'POST /api/packs/:id/coupons': { couponId: demoCouponId('rotation'), quantity: 2 },
  'POST /api/pack-sales': { customerId: customerA, packId: demoPackId('oil4'), locationId: 1, roNumber: '419902', price: null, priceOverrideReason: null },
  'POST /api/pack-sales/:id/location': { locationId: 2, reason: 'fuzz' },
  'POST /api/pack-sales/:id/void': { reason: 'fuzz' },
  'POST /api/coupon-redemptions': { issuedCouponId: nowhere, customerId: customerA, locationId: 1, roNumber: '419902' },
  'POST /api/coupon-redemptions/:issuedCouponId/void': { redemptionId: nowhere, reason: 'fuzz' },
  'PUT /api/coupon-redemptions/:issuedCouponId': { redemptionId: nowhere, locationId: 1, roNumber: '419902' },
  'POST /api/paper-books': { bookNumber: 'FUZZ-1', locationId: 1, saleRoNumber: '419902', packId: demoPackId('oil4') },
  'POST /api/paper-books/:bookNumber/redemptions': { paperCouponNumber: 1, locationId: 1, roNumber: '419902' },
  'POST /api/paper-books/:bookNumber/redemptions/:redemptionId/void': { reason: 'fuzz' },
  'POST /api/paper-books/:bookNumber/conversion': { customerId: customerA },
  'POST /api/coupon-redemption-reviews': { redemptionId: nowhere, note: 'fuzz' },
  'POST /api/online-orders': { packId: demoPackId('oil4'), locationId: 1 },
  'POST /api/online-orders/:orderId/confirm': { cardNumber: '4242 4242 4242 4242' },
  'POST /api/gift-claims': { giftToken: 'no-such-token' },
  'POST /api/training/:videoId/progress': { durationSeconds: 120, positionSeconds: 10, watchedRanges: [[0, 10]] },
  'POST /api/form-drafts': { objectCacheToken: { formId: 'customer-profile', objectCacheModelId: customerA, parentCacheModelId: null, parentKey: null, isObjectNew: false } },
  'PUT /api/form-drafts/:objectCacheId': { formId: 'customer-profile', values: { firstName: 'Fuzz', isTaxExempt: false } },
  'PATCH /api/form-drafts/:objectCacheId': { isSubmitting: true },
};
/** Fields every body also gets hostile values in (routes added later have no base body). */
const GENERIC_FIELDS = ['customerId', 'locationId', 'type', 'id', 'reason', 'description', 'limit', 'extraField', 'expectedRevision'];

const deep = (levels: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { n: v };
  return v;
};

/** Values no valid request carries where a string, number or flag belongs. */
const HOSTILE: unknown[] = [
  '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', '\ud83d', 'ok\u0000'.repeat(50),
  'a'.repeat(20_000), '9'.repeat(200_000), '\u00e9'.repeat(5_000), '\u{1F600}'.repeat(3_000), '', ' ', '\t\n', '0', '-1', 'null',
  "' or 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '\u202e\u200b', '0000-00-00T00:00:00Z', '2026-13-45T99:99:99Z',
  0, -1, 1.5, -0.000001, 2_147_483_648, -2_147_483_649, 9_007_199_254_740_993, 1e308, -1e308, 5e-324,
  true, false, null, [], [1, 2, 3], ['\u0000'], ['\ud800'], Array.from({ length: 300 }, (_, i) => `A${i}`), {}, { nested: { deeper: '\u0000' } }, deep(40),
];

/** Whole bodies, as raw text where JSON.stringify cannot write them. */
const RAW_BODIES: string[] = [
  '{"locationId": NaN}', '{"locationId": Infinity}', '{"locationId": -Infinity}', '{"locationId": 1e400}', '{"locationId": -1e400}',
  '{"firstName": "\\u0000"}', '{"firstName": "\\ud800"}', '{"customerId": "\\udfff"}', '{"a\\u0000b": 1}', '{"\\ud800": "x"}',
  '[]', '[{}]', 'null', '"string"', '123', 'true', '{', '{"a":', '{"a": 1,}', "{'a': 1}", '',
  '['.repeat(20_000) + ']'.repeat(20_000), '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
  '{"__proto__": {"isAdmin": true}}', '{"constructor": {"prototype": {"x": 1}}}', '{"a": 1, "a": "\\u0000"}',
];

interface Case {
  label: string;
  payload: string;
}

/** Hostile values every field gets (the rest are spread over the fields). */
const CRITICAL = [0, 2, 8, 26, 30, 31, 37, 43, 44].map((i) => HOSTILE[i]);
/** Bodies per non-GET route (issue 10: at least 300). */
const BODIES_PER_ROUTE = 320;

function bodiesFor(route: string): Case[] {
  const base = BASE_BODIES[route] ?? {};
  const cases: Case[] = [];
  const paths: string[][] = [...new Set([...Object.keys(base), ...GENERIC_FIELDS])].map((f) => [f]);
  // Nested fields of the base body (e.g. reply.approvedOpCodes).
  for (const [field, value] of Object.entries(base)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) for (const inner of Object.keys(value)) paths.push([field, inner]);
  }
  const withValue = (path: string[], value: unknown) => {
    const body = structuredClone(base) as Record<string, unknown>;
    if (path.length === 1) body[path[0]!] = value;
    else body[path[0]!] = { ...(body[path[0]!] as object), [path[1]!]: value };
    return JSON.stringify(body);
  };
  RAW_BODIES.forEach((raw, i) => cases.push({ label: `raw[${i}]`, payload: raw }));
  for (const value of HOSTILE.slice(0, 12)) cases.push({ label: 'whole body hostile', payload: JSON.stringify(value) });
  cases.push({ label: 'array for the object', payload: JSON.stringify([base]) });
  cases.push({ label: 'every field null', payload: JSON.stringify(Object.fromEntries(Object.keys(base).map((k) => [k, null]))) });
  cases.push({ label: 'every field an object', payload: JSON.stringify(Object.fromEntries(Object.keys(base).map((k) => [k, { k }]))) });
  cases.push({ label: '500 extra fields', payload: JSON.stringify({ ...base, ...Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`x${i}`, '\u0000'])) }) });
  for (const path of paths) CRITICAL.forEach((value, i) => cases.push({ label: `${path.join('.')}=critical[${i}]`, payload: withValue(path, value) }));
  // The other hostile values, spread over the fields until the route has its count.
  for (let i = 0; cases.length < BODIES_PER_ROUTE; i++) {
    const path = paths[i % paths.length]!;
    const h = (i * 7) % HOSTILE.length;
    cases.push({ label: `${path.join('.')}=hostile[${h}]`, payload: withValue(path, HOSTILE[h]) });
  }
  return cases;
}

const ODD_QUERY_VALUES = [
  '%00', 'a%00b', '%ED%A0%80', '%F0%9F', '%zz', 'Infinity', '-Infinity', 'NaN', '1e400', '-1e400', '1e308',
  '9007199254740993', '2147483648', '-1', '0.5', '', 'x'.repeat(5_000), '[]',
];
/** Names every GET route gets odd values in, besides the query parameters its document entry declares. */
const GENERIC_QUERY_PARAMS = [
  'locationId', 'roNumber', 'searchTerm', 'customerId', 'limit', 'to', 'asOf', 'minPosition', 'token', 'getStatuses', 'isClosedRo', 'accounting', 'findCustomers', 'id',
  'search', 'status', '$limit', '$offset', 'ticket', 'lastEventId',
];
/** A GET route's query parameter names: every one its document entry declares, and the generic ones. */
const queryParamsOf = (operation: Operation) => [...new Set([...(operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name), ...GENERIC_QUERY_PARAMS])];
const ODD_PATH_VALUES = ['%00', '%ED%A0%80', 'x'.repeat(3_000), '..', '%2F', 'Infinity', '9007199254740993', '-1', '%25', 'null'];

/** A value of each JSON type; the number is whole (an integer field takes it), the text is digits (what coercion would take). */
const OF_TYPE = { boolean: true, number: 12345, string: '12345', array: ['12345'], object: { value: '12345' }, null: null } as const;
type JsonType = keyof typeof OF_TYPE;

const jsonTypeOf = (value: unknown): JsonType =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : (typeof value as 'boolean' | 'number' | 'string');

/** The types a route's body schema declares for a field (integer counted as number), or null where it declares none. */
function declaredTypes(schema: unknown, path: string[]): JsonType[] | null {
  let node = schema as { properties?: Record<string, unknown>; type?: unknown } | undefined;
  for (const key of path) node = node?.properties?.[key] as typeof node;
  if (!node || node.type === undefined) return null;
  return [node.type].flat().map((t) => (t === 'integer' ? 'number' : t) as JsonType);
}

/**
 * The wrongly typed values of a field: every JSON type but the ones it takes. What it takes is
 * what the route's schema declares, else (a field only the contracts' rules check) the type of
 * its plausible value; null is sent only where a schema says the field is not nullable.
 */
function wrongTypes(schema: unknown, path: string[], plausible: unknown): { type: JsonType; value: unknown }[] {
  const declared = declaredTypes(schema, path);
  const takes = new Set<JsonType>(declared ?? [jsonTypeOf(plausible), 'null']);
  return (Object.keys(OF_TYPE) as JsonType[]).filter((t) => !takes.has(t)).map((type) => ({ type, value: OF_TYPE[type] }));
}

const fill = (route: string, params: Record<string, string>, encoded = false) =>
  route.replace(/:([A-Za-z]+)/g, (_, name: string) => (encoded ? params[name]! : encodeURIComponent(params[name]!)));

let server: TestServer;
let admin: Record<string, string>;
let customer: Record<string, string>;
let anonymous: Record<string, string>;
let routes: string[];
/** The document's operations by route ('POST /api/x/:id'). */
let operations: Map<string, Operation>;

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  admin = (await loginAs(server, 'admin')).headers;
  customer = (await loginAs(server, 'customer')).headers;
  anonymous = await xsrfHeaders(server);
  const res = await server.product.app.inject({ method: 'GET', url: OPENAPI_PATH, headers: admin });
  expect(res.statusCode).toBe(200);
  operations = new Map(apiOperations(res.json() as OpenApiDocument).map((o) => [o.route, o.operation]));
  routes = [...operations.keys()].filter((r) => / \/(auth-)?api\//.test(r));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** Runs `tasks` with a few in flight (app.inject: in process, no sockets). */
async function pool<T>(items: T[], run: (item: T) => Promise<void>, width = 6): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await run(items[next++]!);
  }));
}

const customerMay = (method: string, url: string) => {
  const resource = url.split('/')[2] ?? '';
  return ROLE_ACCESS.customer.includes(accessEntry(resource, method as HttpMethod));
};

describe('fuzz: malformed input', () => {
  it("should refuse the issue's examples with a 400 naming the field", async () => {
    const send = async (method: 'POST' | 'PUT' | 'GET', url: string, headers: Record<string, string>, payload?: string) => {
      const res = await server.product.app.inject({ method, url, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) }, payload });
      return { status: res.statusCode, errors: (res.json() as { errors?: string[] }).errors };
    };
    const body = (changes: Record<string, unknown>) => JSON.stringify({ ...profile, emailAddress: null, phoneMobile: '3035550199', ...changes });
    expect(await send('POST', '/api/customers', admin, body({ firstName: '\ud800' }))).toEqual({ status: 400, errors: ['firstName contains a character that is not allowed.'] });
    expect(await send('POST', '/api/customers', admin, body({ lastName: 'a\u0000b' }))).toEqual({ status: 400, errors: ['lastName contains a character that is not allowed.'] });
    expect((await send('POST', '/api/customers', admin, body({ phoneOther: '9'.repeat(1_000_000) }))).status).toBe(400);
    expect(await send('POST', '/api/customers', admin, body({ phoneOther: '9'.repeat(16) }))).toEqual({ status: 400, errors: ['Enter valid phone number.'] });
    // A signed-in customer on their own profile.
    const own = await send('PUT', `/api/customers/${customerA}`, customer, JSON.stringify({ ...profile, emailAddress: 'pat.customer@example.com', address: 'x\udfff', expectedRevision: 0 }));
    expect(own).toEqual({ status: 400, errors: ['address contains a character that is not allowed.'] });
    expect((await send('POST', '/api/user-roles', admin, `{"userId": "${employeeId}", "roleName": "employee", "locationId": 9007199254740993}`)).status).toBe(400);
    expect((await send('POST', '/api/user-roles', admin, `{"userId": "${employeeId}", "roleName": "employee", "locationId": 2147483648}`)).status).toBe(400);
    expect(await send('GET', '/api/dev-outbox?limit=Infinity', admin)).toEqual({ status: 400, errors: ['limit is not a number that can be stored.'] });
    expect((await send('GET', '/api/user-roles?locationId=1e400', admin)).status).toBe(400);
    // Issue 14: the report locations take no input; odd query strings (and a hostile minPosition) change nothing.
    const reportLocations = await server.product.app.inject({ method: 'GET', url: '/api/report-locations?minPosition=1e400&locationIds=abc&x[y]=1', headers: admin });
    expect(reportLocations.statusCode, reportLocations.body).toBe(200);
    expect((reportLocations.json() as { dataSet: unknown[] }).dataSet.length).toBeGreaterThan(1);
  });

  it('should take its routes from the OpenAPI document, which lists every registered API route', () => {
    const registered = [...new Set(server.product.routes.filter((r) => isApiUrl(r.split(' ')[1]!)))].sort();
    expect([...operations.keys()].sort()).toEqual(registered);
  });

  it('should know a concrete value of every path parameter', () => {
    // The path parameters the document names for each route, each with a value here.
    const missing = routes.filter((r) => (operations.get(r)!.parameters ?? []).some((p) => p.in === 'path' && PATH_PARAMS[r]?.[p.name] === undefined));
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(30);
  });

  it('should refuse a wrong JSON type in every body field of every route with a 400, and store nothing', async () => {
    const head = async () => (await server.product.sql<{ n: string | null }[]>`select max(global_position)::text as n from es_events`)[0]!.n;
    const counts = async () => {
      const tables = ['auth_credentials', 'auth_sessions', 'auth_throttle', 'registration_tokens', 'idempotency_keys', 'form_drafts'];
      const found = await server.product.sql<{ t: string }[]>`select table_name as t from information_schema.tables where table_schema = 'public' and table_name = any(${tables})`;
      return Object.fromEntries(await Promise.all(found.map(async ({ t }) => [t, (await server.product.sql.unsafe<{ n: number }[]>(`select count(*)::int as n from "${t}"`))[0]!.n])));
    };
    const [headBefore, countsBefore] = [await head(), await counts()];
    const wrong: string[] = [];
    let sent = 0;
    const jobs: { route: string; field: string; type: JsonType; payload: string; headers: Record<string, string> }[] = [];
    for (const route of routes.filter((r) => !r.startsWith('GET '))) {
      const base = BASE_BODIES[route];
      if (!base) continue;
      const [method, url] = route.split(' ') as [string, string];
      const resource = url.split('/')[2] ?? '';
      // As an admin, or a customer where only customers may (their own record: customerA).
      const headers = url.startsWith('/auth-api/') ? anonymous : ROLE_ACCESS.admin.includes(accessEntry(resource, method as HttpMethod)) ? admin : customer;
      const schema = bodySchemaOf(operations.get(route)!);
      const paths: string[][] = Object.keys(base).map((f) => [f]);
      for (const [field, value] of Object.entries(base)) {
        if (value && typeof value === 'object' && !Array.isArray(value)) for (const inner of Object.keys(value)) paths.push([field, inner]);
      }
      for (const path of paths) {
        const plausible = path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], base);
        for (const { type, value } of wrongTypes(schema, path, plausible)) {
          const body = structuredClone(base);
          if (path.length === 1) body[path[0]!] = value;
          else body[path[0]!] = { ...(body[path[0]!] as object), [path[1]!]: value };
          jobs.push({ route, field: path.join('.'), type, payload: JSON.stringify(body), headers });
        }
      }
    }
    await pool(jobs, async ({ route, field, type, payload, headers }) => {
      const [method, url] = route.split(' ') as [string, string];
      const res = await server.product.app.inject({ method: method as 'POST', url: fill(url, PATH_PARAMS[route] ?? {}), headers: { ...headers, 'content-type': 'application/json' }, payload });
      sent += 1;
      // A customer's own record is named by customerId: the access layer refuses any other value
      // (wrong types included) before the body is validated, as for another customer's id.
      const refusedAsOthers = headers === customer && field === 'customerId' && res.statusCode === 403 && res.headers['x-auth-denied'] === '1';
      if (res.statusCode !== 400 && !refusedAsOthers) wrong.push(`${route} ${field}=${type}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    });
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    await new Promise((r) => setTimeout(r, 200));
    expect(await head()).toBe(headBefore);
    expect(await counts()).toEqual(countsBefore);
  }, 300_000);

  it('should never answer 5xx to malformed bodies on any non-GET route', async () => {
    const failures: string[] = [];
    const jobs: { route: string; c: Case; headers: Record<string, string> }[] = [];
    for (const route of routes.filter((r) => !r.startsWith('GET '))) {
      const [method, url] = route.split(' ') as [string, string];
      const cases = bodiesFor(route);
      expect(cases.length, route).toBeGreaterThanOrEqual(300);
      // Signing out would end the admin's session: that route is fuzzed anonymously.
      const who = url.startsWith('/auth-api/') && method === 'DELETE' ? [anonymous] : customerMay(method, url) ? [admin, customer] : [admin];
      for (const headers of who) for (const c of cases) jobs.push({ route, c, headers });
    }
    await pool(jobs, async ({ route, c, headers }) => {
      const [method, url] = route.split(' ') as [string, string];
      const res = await server.product.app.inject({
        method: method as 'POST',
        url: fill(url, PATH_PARAMS[route] ?? {}),
        headers: { ...headers, 'content-type': 'application/json' },
        payload: c.payload,
      });
      if (res.statusCode >= 500) failures.push(`${route} ${c.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    });
    expect(failures).toEqual([]);
    expect(jobs.length).toBeGreaterThan(300 * 20);
  }, 600_000);

  it('should never answer 5xx to odd query strings or path values', async () => {
    const failures: string[] = [];
    const jobs: { method: string; url: string; label: string }[] = [];
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      const base = fill(url, PATH_PARAMS[route] ?? {});
      if (method === 'GET') {
        for (const name of queryParamsOf(operations.get(route)!)) for (const value of ODD_QUERY_VALUES) jobs.push({ method, url: `${base}?${name}=${value}`, label: `${name}=${value.slice(0, 20)}` });
        jobs.push({ method, url: `${base}?locationId=1&locationId=2&roNumber[]=1&asOf[x]=1`, label: 'repeated and bracketed names' });
        jobs.push({ method, url: `${base}?${'a=1&'.repeat(2_000)}`, label: '2,000 parameters' });
      }
      if (url.includes(':')) {
        for (const value of ODD_PATH_VALUES) {
          const params = Object.fromEntries(Object.keys(PATH_PARAMS[route] ?? {}).map((k) => [k, value]));
          jobs.push({ method, url: fill(url, params, true), label: `path=${value.slice(0, 20)}` });
        }
      }
    }
    await pool(jobs, async ({ method, url, label }) => {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : '{}';
      const res = await server.product.app.inject({ method: method as 'GET', url, headers: { ...admin, ...(payload ? { 'content-type': 'application/json' } : {}) }, payload });
      if (res.statusCode >= 500) failures.push(`${method} ${url.slice(0, 80)} (${label}): ${res.statusCode} ${res.body.slice(0, 200)}`);
    });
    expect(failures).toEqual([]);
  }, 600_000);

  it('should answer odd stream tickets and Last-Event-IDs on the live stream without a 5xx (issue 24 part 3)', async () => {
    const failures: string[] = [];
    const values = [...ODD_QUERY_VALUES, 'a.b', '.', 'x.y.z', `${'A'.repeat(100)}.${'B'.repeat(43)}`];
    for (const value of values) {
      const res = await server.product.app.inject({ method: 'GET', url: `/api/events?ticket=${value}`, headers: { ...anonymous, accept: 'text/event-stream' } });
      if (res.statusCode >= 500 || ![400, 401].includes(res.statusCode)) failures.push(`ticket=${value.slice(0, 20)}: ${res.statusCode}`);
    }
    // With a good ticket, an odd Last-Event-ID opens the stream and says resync (or is a 400): read its first frames over a socket.
    const { request: httpRequest } = await import('node:http');
    const { port } = new URL(server.url);
    for (const value of ['abc', '1-2-3', '-1-0', '99999999999999999-1', '1e3-0', '%00', 'a b', 'x'.repeat(39), 'x'.repeat(41)]) {
      const ticket = (await server.product.app.inject({ method: 'POST', url: '/api/event-stream-tickets', headers: admin, payload: {} })).json().dataSet.ticket as string;
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: Number(port), path: `/api/events?ticket=${ticket}`, headers: { accept: 'text/event-stream', 'last-event-id': value } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes('event: ready')) req.destroy();
          });
          res.on('close', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
        req.end();
      });
      const refused = answer.status === 400 && value.length > 40;
      if (!refused && (answer.status !== 200 || !answer.text.includes('event: resync'))) failures.push(`last-event-id=${value}: ${answer.status} ${answer.text.slice(0, 80)}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('should have stored nothing a valid request could not store, and every projection still runs', async () => {
    await waitForProjections(server.product);
    for (const status of server.product.projector.status()) {
      expect({ name: status.name, state: status.state, parked: status.parked, lastError: status.lastError }).toEqual({ name: status.name, state: 'running', parked: 0, lastError: null });
    }

    // Every event, opened: no NUL, no lone surrogate, no over-long text, no unsafe number.
    const bad: string[] = [];
    const check = (value: unknown, where: string): void => {
      if (typeof value === 'string') {
        if (!isStorableText(value) || value.length > GENERIC_STRING_MAX) bad.push(`${where}: ${JSON.stringify(value.slice(0, 40))}`);
      } else if (typeof value === 'number') {
        if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))) bad.push(`${where}: ${value}`);
      } else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) check(v, `${where}.${k}`);
      }
    };
    let after = 0;
    for (;;) {
      const events = await server.product.store.readAll({ after, maxCount: 1000 });
      if (events.length === 0) break;
      for (const e of events) check(e.data, `${e.type}@${e.globalPosition}`);
      after = events[events.length - 1]!.globalPosition;
    }
    expect(bad).toEqual([]);

    // Every customer in the read model is a profile the rules accept (SPEC 5's maxima included).
    const rows = await server.product.sql<Record<string, string | null>[]>`
      select first_name as "firstName", last_name as "lastName", email_address as "emailAddress", phone_mobile as "phoneMobile",
        phone_other as "phoneOther", address, address2, city, state, zip
      from rm_customer_details.customers where not personal_data_erased`;
    const invalid = rows.filter((r) => !validateProfile(r).ok).map((r) => JSON.stringify(r).slice(0, 200));
    expect(invalid).toEqual([]);
    // Text in every read table stays within what a request may send.
    const columns = await server.product.sql<{ schema: string; table: string; column: string }[]>`
      select table_schema as schema, table_name as table, column_name as column from information_schema.columns
      where table_schema like 'rm\\_%' and data_type = 'text'`;
    for (const c of columns) {
      const [row] = await server.product.sql.unsafe<{ longest: number | null }[]>(
        `select max(length("${c.column}")) as longest from "${c.schema}"."${c.table}"`,
      );
      expect(row?.longest ?? 0, `${c.schema}.${c.table}.${c.column}`).toBeLessThanOrEqual(LIMITS.rawTextMax);
    }
  }, 60_000);
});
