/**
 * GET /api/openapi.json outside demo mode (ADR 0084): signed-in staff of every role read it, a
 * customer and an anonymous caller do not. (The test server runs in demo mode, where the
 * authorisation matrix shows it open to everyone.) Also what the document derives from a
 * route's config: security, x-access, the Idempotency-Key header, problem+json refusals.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAuth } from '../auth/plugin';
import { signAccessToken } from '../auth/access-token';
import type { ActiveSession, SessionCheck } from '../auth/sessions';
import { OPENAPI_MESSAGES, OPENAPI_PATH, operationIdOf, registerOpenApi } from './openapi';

const secret = 'a-test-secret-of-enough-length-000000';

/** Sessions by id: 'sid-<role>' is a user holding that role at location 1. */
const sessions: SessionCheck = {
  lookup: async (sid) => {
    const role = sid.replace(/^sid-/, '');
    if (role === 'customer') return { binding: null, expiresAt: new Date(Date.now() + 60_000), userKind: 'customer', userId: 'c1', locationRoles: [] } satisfies ActiveSession;
    return { binding: null, expiresAt: new Date(Date.now() + 60_000), userKind: 'employee', userId: `u-${role}`, locationRoles: [{ locationId: 1, role }] } as ActiveSession;
  },
  forget: () => undefined,
};

async function bearer(role: string) {
  const kind = role === 'customer' ? 'customer' : 'employee';
  const token = await signAccessToken({ sub: kind === 'customer' ? 'c1' : `u-${role}`, kind, roles: [role as never], locationIds: [1], sid: `sid-${role}` }, secret, 60);
  return { authorization: `Bearer ${token}` };
}

async function appWith(demoMode: boolean) {
  const app = Fastify();
  await registerOpenApi(app, { demoMode });
  await registerAuth(app, { secret, sessions });
  app.post(
    '/api/things/:id/void',
    { config: { access: 'pack-sale-voids' }, schema: { tags: ['Pack sales'], summary: 'Void a thing', description: 'Voids a thing.', response: { 200: { type: 'object' }, '4xx': { type: 'object' } } } },
    async () => ({}),
  );
  await app.ready();
  return app;
}

describe('GET /api/openapi.json', () => {
  it('should serve the document to every staff role and refuse customers and anonymous callers outside demo mode', async () => {
    const app = await appWith(false);
    for (const role of ['employee', 'controller', 'manager', 'admin']) {
      const res = await app.inject({ method: 'GET', url: OPENAPI_PATH, headers: await bearer(role) });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().openapi).toBe('3.1.0');
    }
    expect((await app.inject({ method: 'GET', url: OPENAPI_PATH, headers: await bearer('customer') })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: OPENAPI_PATH })).statusCode).toBe(401);
    await app.close();
  });

  it('should serve it to everyone in demo mode', async () => {
    const app = await appWith(true);
    expect((await app.inject({ method: 'GET', url: OPENAPI_PATH })).statusCode).toBe(200);
    await app.close();
  });

  it("should derive security, who may call, the Idempotency-Key and problem+json refusals from the route's config", async () => {
    const app = await appWith(false);
    const doc = (await app.inject({ method: 'GET', url: OPENAPI_PATH, headers: await bearer('admin') })).json();
    const op = doc.paths['/api/things/{id}/void'].post;
    expect(op.operationId).toBe('postThingsByIdVoid');
    expect(op.security).toEqual([{ bearerAuth: [], antiForgeryHeader: [], antiForgeryCookie: [] }]);
    expect(op['x-access']).toEqual({ rule: 'pack-sale-voids', roles: ['manager', 'admin'] });
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`).sort()).toEqual(['header idempotency-key', 'path id']);
    expect(Object.keys(op.responses['4XX'].content)).toEqual(['application/problem+json']);
    expect(op.responses['200'].description).toBe('OK');
    expect(doc.paths['/api/openapi.json'].get['x-access']).toEqual({ rule: 'api-reference', roles: ['employee', 'controller', 'manager', 'admin'] });
    await app.close();
  });

  it("should answer 503 while another process's part cannot be fetched, and the merged document once it can", async () => {
    let up = false;
    const app = Fastify();
    await registerOpenApi(app, {
      demoMode: true,
      otherParts: async () => {
        if (!up) throw new Error('connect ECONNREFUSED');
        return [{ paths: { '/api/elsewhere': { get: { summary: 'Elsewhere' } } } }];
      },
    });
    await registerAuth(app, { secret, sessions });
    await app.ready();
    const down = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(down.statusCode).toBe(503);
    expect(down.json().errors).toEqual([OPENAPI_MESSAGES.partUnavailable]);
    up = true;
    const merged = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(merged.statusCode).toBe(200);
    expect(Object.keys(merged.json().paths).sort()).toEqual(['/api/elsewhere', '/api/openapi.json']);
    await app.close();
  });

  it('should name operations after their method and path', () => {
    expect(operationIdOf('GET', '/api/customers/:id/history')).toBe('getCustomersByIdHistory');
    expect(operationIdOf('POST', '/auth-api/registration/gift')).toBe('postAuthRegistrationGift');
    expect(operationIdOf('GET', '/healthz')).toBe('getHealthz');
  });
});
