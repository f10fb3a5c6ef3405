/**
 * The Content-Security-Policy with and without the Stripe provider (issue 13, Stripe.js): strict
 * when Stripe is not configured; with it, only Stripe.js's script and frame origins, Stripe's
 * 3-D Secure pages and its API are added. docker/nginx/default.conf carries the same two policies
 * (the Stripe one commented, to swap in): checked here so the two stay in step.
 * No API answer is stored by a browser or proxy (issue 20, item 6), while the web client's hashed
 * files keep their immutable caching.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './product';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs, xsrfHeaders } from './testing/auth';
import { IMMUTABLE_CACHE } from './web-static';
import { DEMO_PASSWORD } from './demo/accounts';
import { contentSecurityPolicy, registerSecurityHeaders, stripeCspSources, type StripeCspSources } from './security-headers';

async function policyHeader(publicUrl: string | undefined, stripe: StripeCspSources | null): Promise<string> {
  const app = Fastify();
  await registerSecurityHeaders(app, { publicUrl, stripe });
  app.get('/x', () => 'x');
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return String(res.headers['content-security-policy']);
}

const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

describe('the Content-Security-Policy', () => {
  it('should stay strict without the Stripe provider: own scripts, own connections, no other frames', async () => {
    expect(stripeCspSources({ PAYMENT_PROVIDER: 'demo' })).toBeNull();
    expect(stripeCspSources({})).toBeNull();
    const csp = directives(await policyHeader(undefined, null));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.has('frame-src')).toBe(false);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(JSON.stringify([...csp])).not.toContain('stripe');
  });

  it("should allow Stripe.js's script, frames, 3-D Secure pages and API with the Stripe provider, and nothing else more", async () => {
    const stripe = stripeCspSources({ PAYMENT_PROVIDER: 'stripe' });
    expect(stripe).toEqual({ scriptUrl: 'https://js.stripe.com/v3', apiUrl: undefined });
    const csp = directives(await policyHeader(undefined, stripe));
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    const strict = contentSecurityPolicy(false);
    for (const name of ['default-src', 'script-src-attr', 'style-src', 'img-src', 'font-src', 'object-src', 'base-uri', 'form-action', 'frame-ancestors']) {
      expect(csp.get(name)).toEqual(strict[name]);
    }
  });

  it('should take the test servers from STRIPE_JS_URL and STRIPE_API_URL (tests only)', () => {
    const stripe = stripeCspSources({ PAYMENT_PROVIDER: 'stripe', STRIPE_JS_URL: 'http://127.0.0.1:4321/v3', STRIPE_API_URL: 'http://127.0.0.1:4322' });
    const csp = contentSecurityPolicy(false, stripe);
    expect(csp['script-src']).toEqual(["'self'", 'http://127.0.0.1:4321']);
    expect(csp['frame-src']).toEqual(["'self'", 'http://127.0.0.1:4321', 'https://hooks.stripe.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:4322']);
  });

  it("should be what nginx's default.conf sends: the strict policy active, the Stripe one ready to swap in", async () => {
    const conf = await readFile(path.join(REPO_ROOT, 'docker/nginx/default.conf'), 'utf8');
    const block = /map \$http_x_forwarded_proto \$content_security_policy \{([\s\S]*?)\n\}/.exec(conf)![1]!;
    const line = (pattern: RegExp) => pattern.exec(block)?.[1];
    const stripe = stripeCspSources({ PAYMENT_PROVIDER: 'stripe' });
    expect(line(/^ {4}https\s+"([^"]+)";$/m)).toBe(await policyHeader('https://coupons.example.com', null));
    expect(line(/^ {4}default\s+"([^"]+)";$/m)).toBe(await policyHeader(undefined, null));
    expect(line(/^ {4}# https\s+"([^"]+)";$/m)).toBe(await policyHeader('https://coupons.example.com', stripe));
    expect(line(/^ {4}# default\s+"([^"]+)";$/m)).toBe(await policyHeader(undefined, stripe));
  });
});

describe('caching of API answers (issue 20, item 6)', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    // A minimal built web client: the page and one hashed file.
    dist = await mkdtemp(path.join(tmpdir(), 'dealer-web-cache-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-AbC123.js"></script>');
    await writeFile(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log(1);');
    server = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await server?.stop();
    if (dist) await rm(dist, { recursive: true, force: true });
  });
  const inject = (options: InjectOptions) => server.product.app.inject(options);

  it('should mark every API answer no-store: sign-in, personal data, the outbox, reads, errors', async () => {
    const anon = await xsrfHeaders(server);
    const failedLogin = await inject({ method: 'POST', url: '/auth-api/login', headers: anon, payload: { username: 'admin', password: 'not-the-password-1' } });
    expect(failedLogin.statusCode).toBe(401);
    const { headers: admin, payload } = await loginAs(server, 'admin');
    const customer = await loginAs(server, 'customer');
    const answers = {
      'POST /auth-api/login': await inject({ method: 'POST', url: '/auth-api/login', headers: anon, payload: { username: 'manager', password: DEMO_PASSWORD } }),
      'POST /auth-api/login (401)': failedLogin,
      'GET /auth-api/xsrf': await inject({ method: 'GET', url: '/auth-api/xsrf' }),
      'POST /auth-api/app-refresh': await inject({ method: 'POST', url: '/auth-api/app-refresh', headers: admin }),
      'GET /api/customers/{id}': await inject({ method: 'GET', url: `/api/customers/${customer.payload.user.customerId}`, headers: admin }),
      'GET /api/dev-outbox': await inject({ method: 'GET', url: '/api/dev-outbox', headers: admin }),
      'GET /api/locations': await inject({ method: 'GET', url: '/api/locations', headers: admin }),
      'POST /api/customers (400)': await inject({ method: 'POST', url: '/api/customers', headers: admin, payload: { firstName: '' } }),
      'GET /api/dev-outbox (401)': await inject({ method: 'GET', url: '/api/dev-outbox' }),
      'GET /api/no-such-route (404)': await inject({ method: 'GET', url: '/api/no-such-route', headers: admin }),
      // Other spellings of an API path reach the same route (or the API's 404), and so the same header.
      'GET /%61pi/customers/{id}': await inject({ method: 'GET', url: `/%61pi/customers/${customer.payload.user.customerId}`, headers: admin }),
      'GET /%61pi/no-such-route (404)': await inject({ method: 'GET', url: '/%61pi/no-such-route', headers: admin }),
    };
    expect(payload.token).toBeTruthy();
    expect(Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.statusCode < 500]))).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, true])));
    expect(Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.headers['cache-control']]))).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, 'no-store'])));
  });

  it('should keep immutable caching on a hashed file of the web client, and revalidation on the page', async () => {
    const asset = await inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    const page = await inject({ method: 'GET', url: '/customers' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});
