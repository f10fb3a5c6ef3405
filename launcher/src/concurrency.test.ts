/**
 * 50 concurrent conflicting commands on one customer: no lost update. Each command either
 * applies (and is recorded) or fails with the clear conflict error; nothing is half-applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerStreamId } from '@dealer/contracts';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';

let server: TestServer;
let staff: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  staff = (await loginAs(server, 'employee')).headers;
});
afterAll(async () => {
  await server?.stop();
});

const base = { firstName: 'Connie', lastName: 'Current', emailAddress: 'connie.current@example.com', phoneMobile: '3035550800' };

/** Creates a customer and reads it back once the read side has it. */
async function newCustomer(n: number): Promise<{ id: string; current: Record<string, unknown> }> {
  const res = await server.product.app.inject({ method: 'POST', url: '/api/customers', headers: staff, payload: { ...base, phoneMobile: `303555080${n}`, emailAddress: `connie${n}@example.com` } });
  expect(res.statusCode).toBe(201);
  const id = res.json().dataSet.customerId as string;
  const read = await server.product.app.inject({ method: 'GET', url: `/api/customers/${id}`, headers: { ...staff, 'x-min-position': res.json().metaData.position } });
  expect(read.statusCode).toBe(200);
  return { id, current: read.json().dataSet };
}

const put = (id: string, payload: Record<string, unknown>) => server.product.app.inject({ method: 'PUT', url: `/api/customers/${id}`, headers: staff, payload });

describe('50 concurrent conflicting edits of one customer', () => {
  it('should let exactly one edit based on the same revision win and refuse the others with the conflict message', async () => {
    const { id, current } = await newCustomer(1);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => put(id, { ...current, city: `City ${i}`, expectedRevision: 0 })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const conflicts = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(conflicts).toHaveLength(49);
    for (const c of conflicts) expect(c.json().errors[0]).toMatch(/changed by someone else/);
    const edits = await server.product.sql`select data from es_events where stream_id = ${customerStreamId(id)} and event_type = 'CustomerEdited'`;
    expect(edits).toHaveLength(1);
  });

  it('should refuse a PUT without expectedRevision with 428 and a clear message, changing nothing', async () => {
    const { id, current } = await newCustomer(2);
    const { revision: _r, ...profile } = current;
    const res = await put(id, { ...profile, address2: 'Suite 100' });
    expect(res.statusCode).toBe(428);
    expect(res.json().errors[0]).toMatch(/expectedRevision is required/);
    const edits = await server.product.sql`select 1 from es_events where stream_id = ${customerStreamId(id)} and event_type = 'CustomerEdited'`;
    expect(edits).toHaveLength(0);
  });

  it('should apply or refuse each of 50 concurrent read-then-edit clients, and never put an old value back', async () => {
    const { id } = await newCustomer(3);
    // Each client reads the customer (with the revision it needs), changes one field and saves:
    // even clients the city, odd ones the second address line.
    const client = async (i: number) => {
      await new Promise((r) => setTimeout(r, (i * 7) % 40));
      const read = await server.product.app.inject({ method: 'GET', url: `/api/customers/${id}`, headers: staff });
      const seen = read.json().dataSet as Record<string, unknown> & { revision: number };
      const change = i % 2 === 0 ? { city: `City ${i}` } : { address2: `Suite ${i}` };
      const { revision, ...profile } = seen;
      return { i, change, res: await put(id, { ...profile, ...change, expectedRevision: revision }) };
    };
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => client(i)));
    for (const { res } of results) expect([200, 409]).toContain(res.statusCode);
    for (const { res } of results.filter((x) => x.res.statusCode === 409)) expect(res.json().errors[0]).toMatch(/changed by someone else/);
    const ok = results.filter((x) => x.res.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    const edits = await server.product.sql<{ data: Record<string, unknown> & { __pii?: { fields: string[] } } }[]>`
      select data from es_events where stream_id = ${customerStreamId(id)} and event_type = 'CustomerEdited' order by revision`;
    // Every success is exactly one recorded edit, and each edit changed only the field its client
    // changed: a stale profile would also have written back the other field's old value. (The
    // values are sealed; the box names its fields.)
    expect(edits).toHaveLength(ok.length);
    for (const { data } of edits) {
      const { customerId: _id, __pii, ...plain } = data;
      expect([...Object.keys(plain), ...(__pii?.fields ?? [])]).toHaveLength(1);
    }
    // The customer ends with the last applied value of each field (by the revision each save answered).
    const byRevision = ok.sort((x, y) => x.res.json().dataSet.revision - y.res.json().dataSet.revision);
    const last = Object.assign({}, ...byRevision.map(({ change }) => change)) as { city?: string; address2?: string };
    const final = await server.product.app.inject({ method: 'GET', url: `/api/customers/${id}`, headers: { ...staff, 'x-min-position': String(Math.max(...ok.map((x) => Number(x.res.json().metaData.position)))) } });
    const after = final.json().dataSet as { city: string; address2: string | null };
    if (last.city) expect(after.city).toBe(last.city);
    if (last.address2) expect(after.address2).toBe(last.address2);
  });
});
