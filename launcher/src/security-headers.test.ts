/**
 * The Content-Security-Policy with and without the Stripe provider (issue 13, Stripe.js): strict
 * when Stripe is not configured; with it, only Stripe.js's script and frame origins, Stripe's
 * 3-D Secure pages and its API are added. docker/nginx/default.conf carries the same two policies
 * (the Stripe one commented, to swap in): checked here so the two stay in step.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './product';
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
