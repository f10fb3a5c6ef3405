import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAuth } from './plugin';
import type { SessionCheck } from './sessions';

const secret = 'a-test-secret-of-enough-length-000000';
/** No session is active (no request here carries a token). */
const noSessions: SessionCheck = { lookup: async () => null, forget: () => undefined };

describe('registerAuth', () => {
  it('should refuse to start when a route declares no access, naming it', async () => {
    const app = Fastify();
    await registerAuth(app, { secret, sessions: noSessions });
    app.get('/healthz', { config: { access: 'public' } }, async () => 'ok');
    await app.register(async (child) => {
      child.post('/api/things', async () => 'made');
    });
    await expect(app.ready()).rejects.toThrow('these declare no access: POST /api/things');
    await app.close().catch(() => undefined);
  });

  it('should accept an access a plugin declares for its own routes in its onRoute hook', async () => {
    const app = Fastify();
    await registerAuth(app, { secret, sessions: noSessions });
    await app.register(async (child) => {
      child.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      child.get('/file.txt', async () => 'file');
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/file.txt' })).statusCode).toBe(200);
    await app.close();
  });

  it('should decide from the route that matched, whatever spelling of its path reached it', async () => {
    const app = Fastify();
    await registerAuth(app, { secret, sessions: noSessions });
    app.get('/api/users', { config: { access: 'users' } }, async () => 'everyone');
    for (const url of ['/api/users', '/%61pi/users', '/ap%69/users', '/api/%75sers', '/x/../api/users', '/./api/users']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
    await app.close();
  });

  it('should skip the anti-forgery pair only for public routes that declare a signed webhook', async () => {
    const app = Fastify();
    await registerAuth(app, { secret, sessions: noSessions });
    app.post('/hooks/signed', { config: { access: 'public', antiForgery: 'signed-webhook' } }, async () => 'verified by the route');
    app.post('/hooks/plain', { config: { access: 'public' } }, async () => 'plain');
    app.post('/hooks/browser', { config: { access: 'public', antiForgery: 'browser' } }, async () => 'browser');
    // Declared on a route that is not public: the pair is still required.
    app.post('/api/things', { config: { access: 'things', antiForgery: 'signed-webhook' } }, async () => 'things');
    await app.ready();
    expect((await app.inject({ method: 'POST', url: '/hooks/signed', payload: {} })).statusCode).toBe(200);
    for (const url of ['/hooks/plain', '/hooks/browser', '/api/things']) {
      const res = await app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode, url).toBe(403);
      expect(res.body, url).toContain('anti-forgery');
    }
    await app.close();
  });
});
