/**
 * Health (issue 10, item 17): public GET /healthz answers the status only; admins get the parts
 * at GET /api/system-health; a parked event makes the status 'degraded' (still 200). A server
 * of its own, so no other test's parked event changes the status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';

let server: TestServer;
let staff: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  staff = (await loginAs(server, 'employee')).headers;
  admin = (await loginAs(server, 'admin')).headers;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** Requests as the signed-in service advisor unless the options say otherwise. */
const inject = (options: InjectOptions) => server.product.app.inject({ ...options, headers: { ...staff, ...(options.headers ?? {}) } });

describe('GET /healthz', () => {
  it('should answer 200 with the status only, to anyone, once everything is ready', async () => {
    let res = await server.product.app.inject({ method: 'GET', url: '/healthz' });
    for (let i = 0; i < 50 && res.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await server.product.app.inject({ method: 'GET', url: '/healthz' });
    }
    expect(res.statusCode).toBe(200);
    // Public: no parts, positions, lag or errors.
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('should give admins, and only admins, each part with the projector lag and parked events at GET /api/system-health', async () => {
    const res = await inject({ method: 'GET', url: '/api/system-health', headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json().dataSet;
    expect(body.status).toBe('ok');
    expect(Object.keys(body.parts).sort()).toEqual(['database', 'eventStore', 'projector', 'redis', 'workers']);
    expect(typeof body.parts.projector.lag).toBe('number');
    expect(body.parts.projector).toMatchObject({ state: 'ready', parked: 0 });
    expect(body.parts.projector.projections[0]).toMatchObject({ state: 'running', parked: 0, lastError: null });
    expect((await inject({ method: 'GET', url: '/api/system-health' })).statusCode).toBe(403);
    expect((await server.product.app.inject({ method: 'GET', url: '/api/system-health' })).statusCode).toBe(401);
  });

  it('should answer degraded (still 200) while a projection has a parked event, and show the count to admins', async () => {
    const [row] = await server.product.sql<{ id: string }[]>`
      insert into parked_events (projection, global_position, event_id, event_type, stream_id, error)
      values ('customer_details', 999999999, gen_random_uuid(), 'CustomerCreated', 'customer-health-test', 'test: parked')
      returning id`;
    try {
      let res = await server.product.app.inject({ method: 'GET', url: '/healthz' });
      for (let i = 0; i < 60 && res.json().status !== 'degraded'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await server.product.app.inject({ method: 'GET', url: '/healthz' });
      }
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'degraded' });
      const details = (await inject({ method: 'GET', url: '/api/system-health', headers: admin })).json().dataSet;
      expect(details.parts.projector).toMatchObject({ state: 'degraded', parked: 1 });
      expect(details.parts.projector.projections.find((p: { name: string }) => p.name === 'customer_details')).toMatchObject({ parked: 1 });
    } finally {
      await server.product.sql`delete from parked_events where id = ${row!.id}`;
    }
  });
});
