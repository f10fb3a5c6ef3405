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

  it('should record every edit that answered 200 when edits do not pin a revision (no lost update)', async () => {
    const { id, current } = await newCustomer(2);
    const { revision: _r, ...profile } = current;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => put(id, { ...profile, address2: `Suite ${i + 100}` })));
    const ok = results.filter((r) => r.statusCode === 200);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().errors[0]).toMatch(/changed by someone else/);
    const edits = await server.product.sql<{ data: { address2: string } }[]>`
      select data from es_events where stream_id = ${customerStreamId(id)} and event_type = 'CustomerEdited' order by revision`;
    // Every success is one recorded edit; a retried command re-decided against the fresh state.
    expect(edits).toHaveLength(ok.length);
    expect(ok.length).toBeGreaterThan(0);
  });
});
