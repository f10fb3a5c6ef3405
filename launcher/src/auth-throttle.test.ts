/**
 * Sign-in throttling (issue 10, item 4) against real PostgreSQL: the attempt is counted before
 * the password is checked, unknown usernames are throttled like known ones, the client address
 * comes from the socket unless a configured proxy forwarded the request, and the per-address
 * rule slows spraying without refusing a correct password for an account that is not locked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { AUTH_MESSAGES } from '@dealer/contracts';
import { hashPassword } from '@dealer/command-api';
import { startTestServer, type TestServer } from './testing/test-server';
import { xsrfHeaders } from './testing/auth';
import { DEMO_PASSWORD } from './demo/accounts';

let server: TestServer;
let headers: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  headers = await xsrfHeaders(server);
  await server.product.sql`insert into auth_credentials (user_kind, user_id, login, password_hash)
    values ('customer', gen_random_uuid(), 'throttle-target@example.com', ${await hashPassword(DEMO_PASSWORD)})`;
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await server.product.sql`delete from auth_throttle`;
});
const inject = (options: InjectOptions) => server.product.app.inject(options);
const login = (username: string, password: string, extra: Partial<InjectOptions> = {}) =>
  inject({ method: 'POST', url: '/auth-api/login', headers, payload: { username, password }, ...extra });
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe('sign-in throttling', () => {
  it('should check at most 5 of 25 parallel wrong passwords for one account', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login('throttle-target@example.com', `wrong-password-${i}`)));
    expect(statuses(answers)).toEqual([...Array(5).fill(401), ...Array(20).fill(429)]);
    for (const a of answers.filter((r) => r.statusCode === 429)) expect(a.json().errors).toEqual([AUTH_MESSAGES.throttled]);
    expect((await login('throttle-target@example.com', DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('should throttle an unknown username exactly like a known one', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login('no-such-user@example.com', `wrong-password-${i}`)));
    expect(statuses(answers)).toEqual([...Array(5).fill(401), ...Array(20).fill(429)]);
    expect((await login('no-such-user@example.com', 'another-password-1')).json().errors).toEqual([AUTH_MESSAGES.throttled]);
  });

  it('should take the client address from the socket, not from an X-Forwarded-For the client wrote', async () => {
    for (let i = 0; i < 6; i++) {
      await login(`sprayed-${i}@example.com`, 'wrong-password-1', { headers: { ...headers, 'x-forwarded-for': `203.0.113.${i}` }, remoteAddress: '198.51.100.20' });
    }
    const keys = (await server.product.sql<{ key: string }[]>`select key from auth_throttle where key like 'address:%'`).map((r) => r.key);
    expect(keys).toEqual(['address:198.51.100.20']);
  });

  it('should slow spraying across many accounts from one address, yet let a correct password in', async () => {
    const address = { remoteAddress: '198.51.100.30' };
    // 30 failures across 30 accounts: no account is locked, the address reaches its limit.
    for (let i = 0; i < 30; i++) expect((await login(`spray-${i}@example.com`, 'wrong-password-1', address)).statusCode).toBe(401);
    const started = Date.now();
    const sprayed = await Promise.all([30, 31, 32].map((i) => login(`spray-${i}@example.com`, 'wrong-password-1', address)));
    // Checked one at a time, a second apart.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(statuses(sprayed)).toEqual([401, 401, 401]);
    // A colleague behind the same address, with the right password, is let in.
    expect((await login('employee', DEMO_PASSWORD, address)).statusCode).toBe(200);
    // Another address is not slowed.
    const elsewhere = Date.now();
    expect((await login('spray-40@example.com', 'wrong-password-1', { remoteAddress: '198.51.100.31' })).statusCode).toBe(401);
    expect(Date.now() - elsewhere).toBeLessThan(900);
  });
});

describe('trusted proxies (TRUSTED_PROXIES)', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ webDist: null, seed: false, env: { TRUSTED_PROXIES: '10.0.0.1, 10.1.0.0/16' } });
  });
  afterAll(async () => {
    await proxied?.stop();
  });

  it('should take the address a trusted proxy forwarded, and only from a trusted proxy', async () => {
    const anon = await xsrfHeaders(proxied);
    const attempt = (remoteAddress: string, forwarded: string) =>
      proxied.product.app.inject({ method: 'POST', url: '/auth-api/login', remoteAddress, headers: { ...anon, 'x-forwarded-for': forwarded }, payload: { username: 'someone@example.com', password: 'wrong-password-1' } });
    const answers = [await attempt('10.0.0.1', '203.0.113.7'), await attempt('10.1.2.3', '198.51.100.1, 203.0.113.8'), await attempt('192.0.2.50', '203.0.113.9')];
    // Each attempt was checked (and so counted first): a refusal of another kind would say so here.
    expect(answers.map((a) => `${a.statusCode} ${a.json().errors}`)).toEqual(Array(3).fill(`401 ${AUTH_MESSAGES.invalidCredentials}`));
    const keys = (await proxied.product.sql<{ key: string }[]>`select key from auth_throttle where key like 'address:%' order by key`).map((r) => r.key);
    expect(keys).toEqual(['address:192.0.2.50', 'address:203.0.113.7', 'address:203.0.113.8']);
  });
});
