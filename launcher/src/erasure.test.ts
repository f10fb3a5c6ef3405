/**
 * Erasure of a customer's personal data: afterwards no table of the database holds the erased
 * values anywhere (event store, read models, outbox, credentials, throttling), while the events
 * and the non-personal facts remain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs, xsrfHeaders } from './testing/auth';

let server: TestServer;
let staff: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  staff = (await loginAs(server, 'employee')).headers;
  admin = (await loginAs(server, 'admin')).headers;
});
afterAll(async () => {
  await server?.stop();
});
const inject = (o: InjectOptions) => server.product.app.inject(o);

const VALUES = {
  firstName: 'Zebulonia',
  lastName: 'Quixotically',
  emailAddress: 'zebulonia.q@erasure.example',
  phoneMobile: '7205559876',
  phoneOther: '7205551234',
  address: '42 Forgetme Way',
  city: 'Leadville',
};

/** Every (schema, table, column) whose text holds one of the needles, across the whole database. */
async function findEverywhere(...needles: string[]): Promise<string[]> {
  const sql = server.product.sql;
  const columns = await sql<{ table_schema: string; table_name: string; column_name: string }[]>`
    select c.table_schema, c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema not in ('pg_catalog', 'information_schema')`;
  const hits: string[] = [];
  for (const c of columns) {
    const [row] = await sql.unsafe(
      `select count(*)::int as n from "${c.table_schema}"."${c.table_name}" where "${c.column_name}"::text ilike any($1)`,
      [needles.map((n) => `%${n}%`)] as never[],
    );
    if (row!.n > 0) hits.push(`${c.table_schema}.${c.table_name}.${c.column_name}`);
  }
  return hits;
}

describe('POST /api/customer-erasure', () => {
  it('should leave no trace of the personal values in any table, keep the events and the non-personal facts', async () => {
    const created = await inject({ method: 'POST', url: '/api/customers', headers: staff, payload: { ...VALUES, isTaxExempt: true } });
    expect(created.statusCode).toBe(201);
    const customerId = created.json().dataSet.customerId as string;
    await inject({ method: 'POST', url: '/api/customer-resend-registration', headers: staff, payload: { customerId, isEmail: true } });
    // A failed sign-in with the e-mail leaves a throttling key holding it.
    await inject({ method: 'POST', url: '/auth-api/login', headers: await xsrfHeaders(server), payload: { username: VALUES.emailAddress, password: 'not-the-password-1' } });
    for (let i = 0; i < 100; i++) {
      const box = await inject({ method: 'GET', url: `/api/dev-outbox?to=${VALUES.emailAddress}`, headers: admin });
      if (box.json().dataSet.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await waitForProjections(server.product);
    expect(await findEverywhere(VALUES.lastName)).not.toEqual([]);
    const eventsBefore = await server.product.sql`select count(*)::int as n from es_events where stream_id = ${`customer-${customerId}`}`;

    const refused = await inject({ method: 'POST', url: '/api/customer-erasure', headers: staff, payload: { customerId, reason: 'Customer asked' } });
    expect(refused.statusCode).toBe(403);
    const noReason = await inject({ method: 'POST', url: '/api/customer-erasure', headers: admin, payload: { customerId, reason: '   ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual(['Reason is required.']);
    expect(await findEverywhere(VALUES.lastName)).not.toEqual([]);
    const erased = await inject({ method: 'POST', url: '/api/customer-erasure', headers: admin, payload: { customerId, reason: 'Customer asked by e-mail, ticket 1234' } });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().dataSet.message).toBe('Personal data erased.');
    const again = await inject({ method: 'POST', url: '/api/customer-erasure', headers: admin, payload: { customerId, reason: 'Repeated request' } });
    expect(again.statusCode).toBe(200);

    // The projections and the outbox scrub run asynchronously.
    let hits: string[] = [];
    for (let i = 0; i < 50; i++) {
      await waitForProjections(server.product);
      hits = await findEverywhere(...Object.values(VALUES));
      if (hits.length === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(hits).toEqual([]);

    const eventsAfter = await server.product.sql`select count(*)::int as n from es_events where stream_id = ${`customer-${customerId}`}`;
    expect(eventsAfter[0]!.n).toBe(eventsBefore[0]!.n + 1);
    const customer = await inject({ method: 'GET', url: `/api/customers/${customerId}`, headers: staff });
    expect(customer.json().dataSet).toMatchObject({ firstName: null, emailAddress: null, phoneMobile: null, isTaxExempt: true, personalDataErased: true });
    const history = await inject({ method: 'GET', url: `/api/customers/${customerId}/history`, headers: admin });
    expect(history.json().dataSet.entries.at(-1).summary).toBe('Personal data erased');
    expect(JSON.stringify(history.json())).not.toContain(VALUES.lastName);

    const edit = await inject({ method: 'PUT', url: `/api/customers/${customerId}`, headers: staff, payload: { firstName: 'New', lastName: 'Name', phoneMobile: null } });
    expect(edit.statusCode).toBeGreaterThanOrEqual(400);
  }, 90_000);
});
