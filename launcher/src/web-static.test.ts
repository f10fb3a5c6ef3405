/**
 * Issue 10, item 7: security headers on pages, API answers and files; the built web client served
 * compressed (br, gzip) with immutable caching of hashed files, index.html revalidated, no source
 * maps. Runs against the built web client (npm run build:web, or WEB_DIST), copied so a stray map
 * can be planted in it.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './product';
import { registerSecurityHeaders } from './security-headers';
import { startTestServer, type TestServer } from './testing/test-server';
import { TRAINING_VIDEOS } from '@dealer/contracts';
import { IMMUTABLE_CACHE, MEDIA_CACHE, REVALIDATE_CACHE } from './web-static';

const builtDist = process.env.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist');

let server: TestServer;
let dist: string;
let indexHtml: string;
/** Every script and stylesheet index.html loads (the first load's files). */
let entryFiles: string[];

beforeAll(async () => {
  if (!existsSync(path.join(builtDist, 'index.html'))) throw new Error(`No built web client at ${builtDist}: run npm run build:web first`);
  dist = await mkdtemp(path.join(tmpdir(), 'dealer-web-'));
  await cp(builtDist, dist, { recursive: true });
  indexHtml = await readFile(path.join(dist, 'index.html'), 'utf8');
  entryFiles = [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  // A map that slipped into a build must still never be served.
  await writeFile(path.join(dist, `${entryFiles[0]}.map`), '{"version":3,"sources":["secret.ts"]}');
  server = await startTestServer({ webDist: dist, seed: false });
});

afterAll(async () => {
  await server?.stop();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.product.app.inject({ method: 'GET', url, headers });

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = directives(res);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
  // PUBLIC_URL is not https here: no HSTS.
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('should be sent with the SPA page', async () => {
    const res = await get('/employee/sales');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(res);
  });

  it('should be sent with API answers, errors and unknown addresses too', async () => {
    for (const url of ['/auth-api/xsrf', '/api/customers?search=pat', '/api/no-such-route', '/healthz']) {
      const res = await get(url);
      expectSecurityHeaders(res);
    }
  });

  it('should be sent with hashed files', async () => {
    expectSecurityHeaders(await get(entryFiles[0]!));
  });

  it('should add HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
    for (const [publicUrl, hsts] of [
      ['https://coupons.example.com', true],
      ['http://coupons.example.com', false],
      [undefined, false],
    ] as const) {
      const app = Fastify();
      await registerSecurityHeaders(app, { publicUrl });
      app.get('/x', () => 'x');
      const res = await app.inject({ method: 'GET', url: '/x' });
      if (hsts) {
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(directives(res).has('upgrade-insecure-requests')).toBe(true);
      } else {
        expect(res.headers['strict-transport-security']).toBeUndefined();
        expect(directives(res).has('upgrade-insecure-requests')).toBe(false);
      }
      await app.close();
    }
  });

  it('should find no inline script in the built index.html (the policy allows none)', () => {
    const scripts = [...indexHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/assets\//);
      expect(body!.trim()).toBe('');
    }
    expect(indexHtml).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('static files', () => {
  it('should serve the SPA page for revalidation on every use (no-cache)', async () => {
    for (const url of ['/employee/sales', '/auth/login', '/index.html']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
    }
  });

  it('should cache hashed files for a year as immutable', async () => {
    expect(entryFiles.length).toBeGreaterThan(1);
    for (const file of entryFiles) {
      const res = await get(file);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    }
  });

  it("should serve the training videos and captions at SPEC's paths with byte ranges (seeking) and long caching", async () => {
    for (const video of Object.values(TRAINING_VIDEOS)) {
      for (const [file, type] of [[video.mp4, 'video/mp4'], [video.webm, 'video/webm'], [video.captions, 'text/vtt']] as const) {
        const whole = await get(`${file}?v=1`);
        expect(whole.statusCode, file).toBe(200);
        expect(whole.headers['content-type'], file).toContain(type);
        expect(whole.headers['cache-control'], file).toBe(MEDIA_CACHE);
        expect(whole.headers['accept-ranges'], file).toBe('bytes');
        const size = whole.rawPayload.length;
        const part = await get(file, { range: 'bytes=100-199' });
        expect(part.statusCode, file).toBe(206);
        expect(part.headers['content-range'], file).toBe(`bytes 100-199/${size}`);
        expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200)), file).toBe(true);
      }
    }
  });

  it('should send brotli or gzip to browsers that accept them, the same content as the plain file', async () => {
    const big = [];
    for (const file of entryFiles) {
      const plain = await get(file, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      if (plain.rawPayload.length < 1024) continue;
      big.push(file);
      const br = await get(file, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toBe(plain.headers['content-type']);
      expect(br.headers['cache-control']).toBe(IMMUTABLE_CACHE);
      // Text halves at least once it is a few kB; a file just over the 1 kB threshold (a small
      // chunk, e.g. the session store at 1,048 bytes) only shrinks.
      const smaller = (n: number) => expect(n).toBeLessThan(plain.rawPayload.length >= 4096 ? plain.rawPayload.length / 2 : plain.rawPayload.length);
      smaller(br.rawPayload.length);
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
      const gz = await get(file, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      smaller(gz.rawPayload.length);
      expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    // The app's own entry script and the library chunk at least.
    expect(big.length).toBeGreaterThanOrEqual(2);
  });

  it('should never serve a source map, nor build one', async () => {
    const res = await get(`${entryFiles[0]}.map`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
    const built = await readdir(builtDist, { recursive: true });
    expect(built.filter((f) => f.endsWith('.map'))).toEqual([]);
    // Nor a trailer pointing browsers at one.
    for (const file of entryFiles.filter((f) => f.endsWith('.js'))) {
      expect((await get(file, { 'accept-encoding': 'identity' })).body).not.toMatch(/sourceMappingURL/);
    }
  });

  it('should answer 404 for a missing hashed file rather than the SPA page', async () => {
    const res = await get('/assets/index-0ld0ld.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });
});

describe("nginx's default.conf and the training media", () => {
  it('should cache the videos and captions as the launcher does, from their own location block', async () => {
    const conf = await readFile(path.join(REPO_ROOT, 'docker/nginx/default.conf'), 'utf8');
    const block = /location ~ \^\/\[\^\/\]\+\\\.\(mp4\|webm\|vtt\)\$ \{([\s\S]*?)\n {4}\}/.exec(conf)?.[1];
    expect(block).toBeDefined();
    expect(block).toContain(`add_header Cache-Control "${MEDIA_CACHE}";`);
    expect(block).toContain('try_files $uri =404;');
    // Before the SPA's catch-all, whose no-cache would otherwise apply to them.
    expect(conf.indexOf('(mp4|webm|vtt)')).toBeLessThan(conf.indexOf('location / {'));
  });
});
