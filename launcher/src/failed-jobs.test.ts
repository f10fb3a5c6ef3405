/**
 * Message jobs that failed for good, through the running product: admins list them
 * (GET /api/failed-jobs) and ask for a retry (POST /api/failed-jobs/{id}/retry); the product's
 * reactor adds the job back and its worker delivers it once. (How a job gets parked, every
 * attempt failing at the provider, is proven in workers/src/reactor/reactor.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PARKED_MESSAGES, type FailedJob } from '@dealer/contracts';
import { parkFailedJob } from '@dealer/workers';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';

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

describe('failed jobs: list and retry', () => {
  it('should list a parked job to admins, and deliver it once after a retry', async () => {
    const email = `failed.${randomUUID().slice(0, 8)}@jobs.example`;
    const created = await inject({
      method: 'POST',
      url: '/api/customers',
      headers: staff,
      payload: { firstName: 'Failed', lastName: 'Job', emailAddress: email, phoneMobile: '3035550188', isTaxExempt: false },
    });
    expect(created.statusCode).toBe(201);
    const customerId = created.json().dataSet.customerId as string;
    const outbox = async () => (await server.product.sql`select body from dev_outbox where recipient = ${email}`).length;
    // Whatever creating the customer sends has gone out first.
    await new Promise((r) => setTimeout(r, 1000));
    const before = await outbox();

    // What the worker does after the last attempt failed (see reactor.test.ts).
    const eventId = randomUUID();
    const jobId = `registration-${eventId}`;
    await parkFailedJob(server.product.sql, {
      id: jobId,
      name: 'send-registration-message',
      data: { customerId, channel: 'email', eventId, correlationId: eventId },
      error: 'email send failed (provider status 421)',
      attempts: 8,
    });

    const listed = await inject({ method: 'GET', url: '/api/failed-jobs', headers: admin });
    expect(listed.statusCode).toBe(200);
    const row = (listed.json().dataSet as FailedJob[]).find((j) => j.id === jobId);
    expect(row).toMatchObject({ name: 'send-registration-message', error: 'email send failed (provider status 421)', attempts: 8, retryRequestedAt: null });
    expect(Number.isNaN(Date.parse(row!.failedAt))).toBe(false);
    expect(JSON.stringify(listed.json())).not.toContain(customerId);
    expect((await inject({ method: 'GET', url: '/api/failed-jobs', headers: staff })).statusCode).toBe(403);

    const unknown = await inject({ method: 'POST', url: `/api/failed-jobs/registration-${randomUUID()}/retry`, headers: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([PARKED_MESSAGES.notFound]);
    expect((await inject({ method: 'POST', url: '/api/failed-jobs/a%20b/retry', headers: admin })).statusCode).toBe(400);
    expect((await inject({ method: 'POST', url: '/api/failed-jobs/a%00b/retry', headers: admin })).statusCode).toBe(400);
    // Too long for a job id: refused by the route's schema (400) or the input guards (414).
    expect([400, 414]).toContain((await inject({ method: 'POST', url: `/api/failed-jobs/${'x'.repeat(201)}/retry`, headers: admin })).statusCode);

    const retried = await inject({ method: 'POST', url: `/api/failed-jobs/${jobId}/retry`, headers: admin });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().dataSet).toEqual({ id: jobId });

    const deadline = Date.now() + 20_000;
    while ((await outbox()) === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await outbox()).toBe(before + 1);
    for (let i = 0; i < 100; i++) {
      const left = (await inject({ method: 'GET', url: '/api/failed-jobs', headers: admin })).json().dataSet as FailedJob[];
      if (!left.some((j) => j.id === jobId)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(((await inject({ method: 'GET', url: '/api/failed-jobs', headers: admin })).json().dataSet as FailedJob[]).some((j) => j.id === jobId)).toBe(false);
    // A second retry of a job no longer parked: not found, nothing sent again.
    expect((await inject({ method: 'POST', url: `/api/failed-jobs/${jobId}/retry`, headers: admin })).statusCode).toBe(404);
    await new Promise((r) => setTimeout(r, 500));
    expect(await outbox()).toBe(before + 1);
  });
});
