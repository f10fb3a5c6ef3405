/**
 * Issue 10, item 9 (a), as a property: every event a command can produce is applied by every
 * projection. Arbitrary request bodies (any code point, NUL and lone surrogates, huge strings,
 * numbers past PostgreSQL's integer and JavaScript's safe range) go through the HTTP API of a
 * running product; whatever the API accepts, every projection applies: each stays running with
 * nothing parked, and the read model shows what was accepted.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateProfile, validateOpCodeRule } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';

let server: TestServer;
let admin: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  admin = (await loginAs(server, 'admin')).headers;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** One character: any code point, with NUL and halves of surrogate pairs far more often than chance. */
const anyChar = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff') },
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)) },
  { weight: 6, arbitrary: fc.constantFrom(...'abcXYZ019 -().@+') },
);
const hostileText = fc.oneof(
  fc.string({ unit: anyChar, maxLength: 30 }),
  fc.constantFrom('9'.repeat(1_000_000 / 4), 'a'.repeat(1001), 'x'.repeat(101), '\u0000', '\ud800'),
);
const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
/** Values a person may type, so that many bodies are accepted and reach the projections. */
const plausibleName = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzÉéñ\' -'), minLength: 3, maxLength: 100 });
/** Mostly plausible (so that many bodies are accepted), sometimes hostile, sometimes null. */
const field = (plausible: fc.Arbitrary<string | null>) => fc.oneof({ weight: 18, arbitrary: plausible }, { weight: 1, arbitrary: hostileText }, { weight: 1, arbitrary: fc.constant(null) });

const profileBody = fc.record({
  firstName: field(plausibleName),
  lastName: field(plausibleName),
  emailAddress: field(fc.emailAddress()),
  phoneMobile: field(digits(10, 10).map((d) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`)),
  phoneOther: field(fc.oneof(digits(10, 15), digits(7, 20))),
  address: field(plausibleName),
  address2: field(plausibleName),
  city: field(fc.string({ unit: fc.constantFrom(...'abc DEF'), maxLength: 21 })),
  state: field(fc.constantFrom('CO', 'tx', ' C O ', '', 'COL')),
  zip: field(fc.oneof(digits(5, 5), digits(4, 6))),
  isTaxExempt: fc.boolean(),
});

/** Numbers as raw JSON: past PostgreSQL's integer, past 2^53, fractions, 1e400 (Infinity once parsed). */
const rawNumber = fc.oneof(
  fc.integer({ min: -3, max: 5 }).map(String),
  fc.integer().map(String),
  fc.constantFrom('2147483647', '2147483648', '-2147483649', '9007199254740993', '1e400', '-1e400', '1.5', '1e308'),
);

const TEXT_FIELDS = ['firstName', 'lastName', 'emailAddress', 'phoneMobile', 'phoneOther', 'address', 'address2', 'city', 'state', 'zip'] as const;

const inject = (method: 'POST' | 'PUT', url: string, payload: string) =>
  server.product.app.inject({ method, url, headers: { ...admin, 'content-type': 'application/json' }, payload });

describe('every event a command can produce is applied by every projection', () => {
  const customers = new Map<string, Record<string, unknown>>();
  const roles = new Map<string, number>();
  const rules = new Map<string, string | null>();
  const serverErrors: string[] = [];

  it('should accept or refuse arbitrary customer bodies (create, then edit), never with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(profileBody, profileBody, async (created, edited) => {
        const res = await inject('POST', '/api/customers', JSON.stringify(created));
        if (res.statusCode >= 500) serverErrors.push(`POST ${res.statusCode}`);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode !== 201) return;
        const { customerId, revision } = res.json().dataSet as { customerId: string; revision: number };
        const accepted = validateProfile(created);
        expect(accepted.ok).toBe(true);
        customers.set(customerId, accepted.ok ? accepted.value : {});
        const edit = await inject('PUT', `/api/customers/${customerId}`, JSON.stringify({ ...edited, expectedRevision: revision }));
        if (edit.statusCode >= 500) serverErrors.push(`PUT ${edit.statusCode}`);
        expect(edit.statusCode).toBeLessThan(500);
        const changed = validateProfile(edited);
        if (edit.statusCode === 200 && changed.ok) customers.set(customerId, changed.value);
      }),
      { numRuns: 60, endOnFailure: true },
    );
    expect(customers.size).toBeGreaterThan(5);
  }, 240_000);

  it('should accept or refuse arbitrary user roles and op-code rules, never with a 5xx', async () => {
    const employee = deterministicUuid('demo-employee-employee');
    await fc.assert(
      fc.asyncProperty(rawNumber, fc.constantFrom('employee', 'manager', 'controller', 'admin', 'nobody'), async (locationId, roleName) => {
        const res = await inject('POST', '/api/user-roles', `{"userId": "${employee}", "roleName": ${JSON.stringify(roleName)}, "locationId": ${locationId}}`);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 201) roles.set(res.json().dataSet.userRoleId as string, JSON.parse(locationId) as number);
      }),
      { numRuns: 40, endOnFailure: true },
    );
    await fc.assert(
      fc.asyncProperty(rawNumber, field(fc.string({ unit: fc.constantFrom(...'ABC123'), minLength: 1, maxLength: 12 })), field(plausibleName), async (locationId, opCode, description) => {
        const body = `{"locationId": ${locationId}, "opCode": ${JSON.stringify(opCode)}, "description": ${JSON.stringify(description)}}`;
        const res = await inject('POST', '/api/opcode-verification-rules', body);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 201) {
          const checked = validateOpCodeRule(JSON.parse(body));
          rules.set(res.json().dataSet.id as string, checked.ok ? checked.value.description : 'not valid');
        }
      }),
      { numRuns: 40, endOnFailure: true },
    );
    expect(roles.size).toBeGreaterThan(0);
  }, 240_000);

  it('should leave every projection running with nothing parked, and the read models showing what was accepted', async () => {
    expect(serverErrors).toEqual([]);
    await waitForProjections(server.product);
    for (const s of server.product.projector.status()) {
      expect({ name: s.name, state: s.state, parked: s.parked, lastError: s.lastError }).toEqual({ name: s.name, state: 'running', parked: 0, lastError: null });
    }
    const [parkedRows] = await server.product.sql<{ n: number }[]>`select count(*)::int as n from parked_events`;
    expect(parkedRows!.n).toBe(0);

    for (const [customerId, expected] of customers) {
      const res = await server.product.app.inject({ method: 'GET', url: `/api/customers/${customerId}`, headers: admin });
      expect(res.statusCode).toBe(200);
      const shown = res.json().dataSet as Record<string, unknown>;
      for (const key of TEXT_FIELDS) expect(shown[key], `${customerId} ${key}`).toEqual(expected[key]);
    }
    const search = await server.product.sql<{ id: string }[]>`select customer_id::text as id from rm_customer_search.customers where customer_id = any(${[...customers.keys()]})`;
    expect(search.length).toBe(customers.size);
    for (const [userRoleId, locationId] of roles) {
      const [row] = await server.product.sql<{ location_id: number }[]>`select location_id from rm_user_roles.user_roles where user_role_id = ${userRoleId}`;
      expect(row?.location_id).toBe(locationId);
    }
    for (const [ruleId, description] of rules) {
      const [row] = await server.product.sql<{ description: string | null }[]>`select description from rm_opcode_rules.rules where rule_id = ${ruleId}`;
      expect(row?.description).toBe(description);
    }
  }, 60_000);
});
