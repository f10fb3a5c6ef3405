/**
 * Erasure of a customer's personal data: afterwards no table of the database holds the erased
 * values anywhere (event store, read models, outbox, credentials, throttling), while the events
 * and the non-personal facts remain.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { importDmsFile } from '@dealer/dms/importer';
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

describe('POST /api/customer-erasure of a customer who has repair orders', () => {
  const PERSON = {
    firstName: 'Ottoline',
    lastName: 'Vanishwell',
    emailAddress: 'ottoline.v@erasure.example',
    phoneMobile: '7205553141',
    roOtherPhone: '3035552718',
    address: '7 Oblivion Court',
    city: 'Fairplay',
    zip: '80440',
  };
  const NEIGHBOUR = { firstName: 'Bartholomew', lastName: 'Staysput', email: 'bart.stays@erasure.example', phone: '7205550999' };
  const location = { locationId: 9901, locationName: 'Erasure Motors', locId: 'ERM', isUsingCrm: true };
  const job = { jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil change', laborType: 'C', laborSale: 49.95, partsSale: 20 };
  const ro = (roNumber: string, extra: Record<string, unknown>) => ({
    roNumber, locationId: 9901, deptId: 'S', vin: '1HGCM82633A004352', mileage: 52000,
    customerFirstName: PERSON.firstName, customerLastName: PERSON.lastName, customerEmail: PERSON.emailAddress.toUpperCase(),
    customerPhones: ['(720) 555-3141', PERSON.roOtherPhone], customerAddress: PERSON.address, customerCity: PERSON.city,
    customerState: 'CO', customerZip: PERSON.zip, advisorFirstName: 'Sam', advisorLastName: 'Lee',
    openDate: '2026-03-02T08:15:00', jobs: [job], ...extra,
  });
  const rows = [
    location,
    ro('990001', { closeDate: '2026-03-02T15:40:00' }),
    // Reached by a phone only (no e-mail on this RO).
    ro('990002', { customerEmail: null, customerPhones: [PERSON.roOtherPhone, '7205553141'] }),
    ro('990003', {
      customerFirstName: NEIGHBOUR.firstName, customerLastName: NEIGHBOUR.lastName, customerEmail: NEIGHBOUR.email,
      customerPhones: [NEIGHBOUR.phone], customerAddress: '9 Other St',
    }),
  ];
  const needles = [PERSON.firstName, PERSON.lastName, PERSON.emailAddress, PERSON.phoneMobile, PERSON.roOtherPhone, PERSON.address, PERSON.city];

  it('should show no personal data on its repair orders afterwards, and keep them masked when the same file is imported again', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'erasure-ros-'));
    try {
      const file = path.join(dir, 'ros.json');
      await writeFile(file, JSON.stringify(rows));
      const first = await importDmsFile(server.product.sql, file);
      expect(first.rejected).toBe(0);
      const created = await inject({
        method: 'POST', url: '/api/customers', headers: staff,
        payload: { firstName: PERSON.firstName, lastName: PERSON.lastName, emailAddress: PERSON.emailAddress, phoneMobile: PERSON.phoneMobile, address: PERSON.address, city: PERSON.city, zip: PERSON.zip },
      });
      expect(created.statusCode).toBe(201);
      const customerId = created.json().dataSet.customerId as string;
      const positioned = { ...admin, 'x-min-position': created.json().metaData.position as string };

      const reads = async () => [
        await inject({ method: 'GET', url: '/api/ro-data?roNumber=990001&locationId=9901', headers: positioned }),
        await inject({ method: 'GET', url: '/api/ro-data?roNumber=990002&locationId=9901', headers: positioned }),
        await inject({ method: 'GET', url: '/api/ro-data?roNumber=990001&locationId=9901&findCustomers=1', headers: positioned }),
        await inject({ method: 'GET', url: '/api/customer-info-from-ro?roNumber=990001&locationId=9901&isClosedRo=1', headers: positioned }),
        await inject({ method: 'GET', url: '/api/customer-info-from-ro?roNumber=990002&locationId=9901&isClosedRo=0', headers: positioned }),
      ];
      const before = await reads();
      for (const res of before) expect(res.statusCode).toBe(200);
      expect(before[0]!.json().dataSet).toMatchObject({ customerLastName: PERSON.lastName, customerEmail: PERSON.emailAddress });
      expect(before[2]!.json().dataSet).toEqual([expect.objectContaining({ customerId })]);
      expect(before[4]!.json().dataSet).toMatchObject({ firstName: PERSON.firstName, phoneMobile: PERSON.roOtherPhone });

      const erased = await inject({ method: 'POST', url: '/api/customer-erasure', headers: admin, payload: { customerId, reason: 'Asked at the service desk' } });
      expect(erased.statusCode).toBe(200);
      // The erasure is recorded before the key is destroyed (an erasure is never without its record).
      const [order] = await server.product.sql<{ event_first: boolean }[]>`
        select e.recorded_at < k.erased_at as event_first from es_events e, pii_keys k
        where e.stream_id = ${`customer-${customerId}`} and e.event_type = 'CustomerPersonalDataErased' and k.subject_id = ${customerId}`;
      expect(order).toEqual({ event_first: true });

      const expectMasked = async () => {
        const after = await reads();
        for (const res of after) {
          expect(res.statusCode).toBe(200);
          for (const needle of needles) expect(res.body.toLowerCase()).not.toContain(needle.toLowerCase());
        }
        // The non-personal facts of the RO stay.
        expect(after[0]!.json().dataSet).toMatchObject({ roNumber: '990001', vin: '1HGCM82633A004352', customerEmail: null, customerPhones: [], customerFirstName: null });
        expect(after[0]!.json().dataSet.jobs).toHaveLength(1);
        expect(after[2]!.json().dataSet).toEqual([]);
        // Another person's RO is untouched.
        const neighbour = await inject({ method: 'GET', url: '/api/ro-data?roNumber=990003&locationId=9901', headers: admin });
        expect(neighbour.json().dataSet).toMatchObject({ customerLastName: NEIGHBOUR.lastName, customerEmail: NEIGHBOUR.email });
      };
      await expectMasked();

      // The importer re-imports the same DMS rows idempotently: they stay masked.
      const again = await importDmsFile(server.product.sql, file);
      expect(again.rejected).toBe(0);
      expect(again.repairOrders.updated).toBe(0);
      await expectMasked();
      await waitForProjections(server.product);
      expect(await findEverywhere(PERSON.lastName, PERSON.emailAddress, PERSON.address, PERSON.roOtherPhone)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
