/**
 * Sessions of the auth host (issue 10, items 2, 3 and 5) against real PostgreSQL: sign-out and
 * refresh-token reuse end the session at once (access token and app refresh included), sessions
 * have an absolute lifetime, two tabs refreshing together stay signed in, and the anti-forgery
 * pair is bound to the (pre-)session it was issued to. Issue 20: a role change reaches a live
 * session within seconds, and a token is held to its own session's user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestServer, type TestServer } from './testing/test-server';
import { signAccessToken } from '@dealer/platform';
import { loginAs, xsrfHeaders } from './testing/auth';
import { assignRole, demoUserId, employeeWithRoles, removeRole } from './testing/rooftops';

const AUTH_SECRET = 'auth-sessions-test-secret-of-enough-length';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ webDist: null, env: { AUTH_SECRET } });
});
afterAll(async () => {
  await server?.stop();
});
const inject = (options: InjectOptions) => server.product.app.inject(options);
const withRefresh = (headers: Record<string, string>, refresh: string) => ({ ...headers, cookie: `${headers.cookie}; dealer_refresh=${refresh}` });
const search = (headers: Record<string, string>) => inject({ method: 'GET', url: '/api/customer-search?searchTerm=pat', headers });
const appRefresh = (headers: Record<string, string>) => inject({ method: 'POST', url: '/auth-api/app-refresh', headers, payload: {} });
/** Moves the use of every spent refresh token back past any grace window: what a later reuse looks like. */
const ageSpentRefreshTokens = () => server.product.sql`update auth_refresh_tokens set used_at = used_at - interval '10 minutes' where used_at is not null`;

describe('sign-out (DELETE /auth-api/login)', () => {
  it('should end the session at once: the access token, app refresh and the refresh cookie are all refused', async () => {
    const { headers, refreshCookie } = await loginAs(server, 'employee');
    expect((await search(headers)).statusCode).toBe(200);
    expect((await appRefresh(headers)).statusCode).toBe(200);
    const out = await inject({ method: 'DELETE', url: '/auth-api/login', headers: withRefresh(headers, refreshCookie) });
    expect(out.statusCode).toBe(204);
    expect((await search(headers)).statusCode).toBe(401);
    expect((await appRefresh(headers)).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/auth-api/refresh', headers: withRefresh(headers, refreshCookie), payload: {} })).statusCode).toBe(401);
  });

  it('should end the session of the access token even without the refresh cookie', async () => {
    const { headers } = await loginAs(server, 'manager');
    expect((await inject({ method: 'DELETE', url: '/auth-api/login', headers })).statusCode).toBe(204);
    expect((await search(headers)).statusCode).toBe(401);
  });
});

describe('refresh-token reuse', () => {
  it('should end the session, access tokens included, when a spent refresh token comes back later', async () => {
    const { headers, refreshCookie } = await loginAs(server, 'employee');
    const first = await inject({ method: 'POST', url: '/auth-api/refresh', headers: withRefresh(headers, refreshCookie), payload: {} });
    expect(first.statusCode).toBe(200);
    const renewed = { ...headers, authorization: `Bearer ${first.json().dataSet.token}` };
    expect((await search(renewed)).statusCode).toBe(200);
    await ageSpentRefreshTokens();
    const reuse = await inject({ method: 'POST', url: '/auth-api/refresh', headers: withRefresh(headers, refreshCookie), payload: {} });
    expect(reuse.statusCode).toBe(401);
    expect((await search(headers)).statusCode).toBe(401);
    expect((await search(renewed)).statusCode).toBe(401);
    expect((await appRefresh(renewed)).statusCode).toBe(401);
  });
});

describe('session lifetime', () => {
  it('should refuse the access token and app refresh of a session past its absolute lifetime', async () => {
    const { headers, payload } = await loginAs(server, 'controller');
    expect((await appRefresh(headers)).statusCode).toBe(200);
    await server.product.sql`update auth_sessions set expires_at = now() - interval '1 second'
      where user_id = ${payload.user.userId} and revoked_at is null`;
    // Another process's cache: at most the session cache time (2 s) before it notices.
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await search(headers)).statusCode).toBe(401);
    expect((await appRefresh(headers)).statusCode).toBe(401);
  });

  it('should never give an access token that outlives its session', async () => {
    const { headers, payload } = await loginAs(server, 'admin');
    await server.product.sql`update auth_sessions set expires_at = now() + interval '30 seconds'
      where user_id = ${payload.user.userId} and revoked_at is null`;
    await new Promise((r) => setTimeout(r, 2_100));
    const renewed = await appRefresh(headers);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().dataSet.expiresSeconds).toBeLessThanOrEqual(30);
    const claims = JSON.parse(Buffer.from(renewed.json().dataSet.token.split('.')[1], 'base64url').toString()) as { exp: number };
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 31_000);
  });
});

describe('two tabs refreshing at once', () => {
  it('should answer simultaneous refreshes with one cookie with the same new token, and revoke on a later reuse', async () => {
    for (let round = 0; round < 3; round++) {
      const { headers, refreshCookie } = await loginAs(server, 'employee');
      const refresh = () =>
        fetch(`${server.url}/auth-api/refresh`, {
          method: 'POST',
          headers: { ...withRefresh(headers, refreshCookie), 'content-type': 'application/json' },
          body: JSON.stringify({ appId: 'dealer-web' }),
        });
      const [a, b] = await Promise.all([refresh(), refresh()]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const cookieOf = (r: Response) => /dealer_refresh=([^;]+)/.exec(r.headers.getSetCookie().join('\n'))?.[1];
      const next = cookieOf(a);
      expect(next).toBeDefined();
      expect(cookieOf(b)).toBe(next);
      expect(next).not.toBe(refreshCookie);
      const [tokenA, tokenB] = [(await a.json()).dataSet.token as string, (await b.json()).dataSet.token as string];
      expect((await search({ ...headers, authorization: `Bearer ${tokenA}` })).statusCode).toBe(200);
      expect((await search({ ...headers, authorization: `Bearer ${tokenB}` })).statusCode).toBe(200);
      // The shared new token goes on rotating.
      const after = await inject({ method: 'POST', url: '/auth-api/refresh', headers: withRefresh(headers, next!), payload: {} });
      expect(after.statusCode).toBe(200);
      // A reuse of the first token after the grace window is theft: the whole session ends.
      await ageSpentRefreshTokens();
      expect((await inject({ method: 'POST', url: '/auth-api/refresh', headers: withRefresh(headers, refreshCookie), payload: {} })).statusCode).toBe(401);
      const latest = after.cookies.find((c) => c.name === 'dealer_refresh')!.value;
      expect((await inject({ method: 'POST', url: '/auth-api/refresh', headers: withRefresh(headers, latest), payload: {} })).statusCode).toBe(401);
      expect((await search({ ...headers, authorization: `Bearer ${tokenA}` })).statusCode).toBe(401);
    }
  });
});

describe('anti-forgery bound to the session', () => {
  const body = { firstName: 'Xsrf', lastName: 'Bound', phoneMobile: '3035550911' };

  it('should refuse a signed pair issued to another signed-in session', async () => {
    const a = await loginAs(server, 'employee');
    const b = await loginAs(server, 'manager');
    const crossed = { cookie: b.headers.cookie!, 'x-xsrf-token': b.headers['x-xsrf-token']!, authorization: a.headers.authorization! };
    const res = await inject({ method: 'POST', url: '/api/customers', headers: crossed, payload: body });
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-auth-denied']).toBe('1');
    expect((await inject({ method: 'PUT', url: `/api/customers/${a.payload.user.userId}`, headers: crossed, payload: body })).statusCode).toBe(403);
    // Each session's own pair passes.
    expect((await inject({ method: 'POST', url: '/api/customer-validate', headers: a.headers, payload: body })).statusCode).toBe(200);
    expect((await inject({ method: 'POST', url: '/api/customer-validate', headers: b.headers, payload: body })).statusCode).toBe(200);
  });

  it("should refuse an anonymous pair used with another browser's pre-session", async () => {
    const first = await xsrfHeaders(server);
    const second = await xsrfHeaders(server);
    const preSession = (cookie: string) => cookie.split('; ').filter((c) => !c.startsWith('XSRF-TOKEN='));
    expect(preSession(second.cookie!)).not.toEqual([]);
    const xsrfOfFirst = first.cookie!.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!;
    const mixed = { cookie: [xsrfOfFirst, ...preSession(second.cookie!)].join('; '), 'x-xsrf-token': first['x-xsrf-token']! };
    const res = await inject({ method: 'POST', url: '/auth-api/login', headers: mixed, payload: { username: 'employee', password: 'whatever-12345' } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-auth-denied']).toBe('1');
    // Without the pre-session cookie at all, the pair is refused too.
    const bare = { cookie: xsrfOfFirst, 'x-xsrf-token': first['x-xsrf-token']! };
    expect((await inject({ method: 'POST', url: '/auth-api/login', headers: bare, payload: { username: 'employee', password: 'whatever-12345' } })).statusCode).toBe(403);
    expect((await inject({ method: 'POST', url: '/auth-api/login', headers: first, payload: { username: 'employee', password: 'whatever-12345' } })).statusCode).toBe(401);
  });

  it('should start a new pre-session on sign-out, so the pair of the ended session no longer works', async () => {
    const { headers, refreshCookie } = await loginAs(server, 'employee');
    const out = await inject({ method: 'DELETE', url: '/auth-api/login', headers: withRefresh(headers, refreshCookie) });
    expect(out.statusCode).toBe(204);
    const fresh = out.cookies.map((c) => `${c.name}=${c.value}`).filter((c) => !c.startsWith('dealer_refresh='));
    expect(fresh.some((c) => c.startsWith('XSRF-TOKEN='))).toBe(true);
    const old = { cookie: headers.cookie!, 'x-xsrf-token': headers['x-xsrf-token']! };
    const login = { username: 'employee', password: 'whatever-12345' };
    const renewedCookies = [...new Map([...old.cookie.split('; '), ...fresh].map((c) => [c.split('=')[0], c] as const)).values()].join('; ');
    // The browser now holds the new pre-session: its old pair is refused, the new pair works.
    expect((await inject({ method: 'POST', url: '/auth-api/login', headers: { cookie: renewedCookies, 'x-xsrf-token': old['x-xsrf-token'] }, payload: login })).statusCode).toBe(403);
    const newPair = fresh.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
    expect((await inject({ method: 'POST', url: '/auth-api/login', headers: { cookie: renewedCookies, 'x-xsrf-token': newPair }, payload: login })).statusCode).toBe(401);
  });

  it('should let a token handed over from another browser be exchanged with this browser’s own pair, then use it', async () => {
    const elsewhere = await loginAs(server, 'manager');
    const here = await xsrfHeaders(server);
    const arrived = await inject({ method: 'POST', url: '/auth-api/app-refresh', headers: { ...here, authorization: elsewhere.headers.authorization! }, payload: {} });
    expect(arrived.statusCode).toBe(200);
    // The answer binds this browser to the session; its later writes pass with the new cookies.
    const cookies = new Map(here.cookie!.split('; ').map((c) => [c.split('=')[0]!, c] as const));
    for (const c of arrived.cookies) cookies.set(c.name, `${c.name}=${c.value}`);
    const pair = cookies.get('XSRF-TOKEN')!.slice('XSRF-TOKEN='.length);
    const headers = { cookie: [...cookies.values()].join('; '), 'x-xsrf-token': pair, authorization: `Bearer ${arrived.json().dataSet.token}` };
    expect((await inject({ method: 'POST', url: '/api/customer-validate', headers, payload: body })).statusCode).toBe(200);
  });
});

/** Polls `attempt` until it answers `status`, at most `withinMs`: how long the change took to arrive. */
async function answersWithin(attempt: () => Promise<{ statusCode: number }>, status: number, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const { statusCode } = await attempt();
    if (statusCode === status) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`still ${statusCode}, not ${status}, after ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('access follows the admin within seconds (issue 20)', () => {
  let seq = 0;
  const coupon = () => ({
    name: `Live access coupon ${++seq}`,
    opCodes: ['LOF'],
    value: { kind: 'fixed', amount: 1995 },
    validity: { kind: 'monthsAfterSale', months: 12 },
    locationIds: [1],
  });

  it("should refuse POST /api/coupons with the same token within seconds of the manager role's removal, and allow it again once the role is given back", async () => {
    const admin = (await loginAs(server, 'admin')).headers;
    const staff = await employeeWithRoles(server, 'live-access-manager', [{ role: 'manager', locationId: 1 }, { role: 'employee', locationId: 1 }]);
    const create = () => inject({ method: 'POST', url: '/api/coupons', headers: staff.headers, payload: coupon() });
    expect((await create()).statusCode).toBe(201);
    const [managerRole] = await server.product.sql<{ user_role_id: string }[]>`
      select user_role_id from rm_user_roles.user_roles where user_id = ${staff.userId} and role_name = 'manager'`;

    await removeRole(server, admin, managerRole!.user_role_id);
    expect(await answersWithin(create, 403, 5_000)).toBeLessThan(5_000);
    // Still signed in as the employee they remain.
    expect((await inject({ method: 'GET', url: '/api/customer-search?searchTerm=pat', headers: staff.headers })).statusCode).toBe(200);

    await assignRole(server, admin, staff.userId, 'manager', 1);
    expect(await answersWithin(create, 201, 5_000)).toBeLessThan(5_000);
  });

  it('should act on the roles held now per location, not those the token was issued with', async () => {
    const admin = (await loginAs(server, 'admin')).headers;
    const staff = await employeeWithRoles(server, 'live-access-rooftop', [{ role: 'employee', locationId: 1 }]);
    const roAt2 = () => inject({ method: 'GET', url: '/api/ro-data?roNumber=1&locationId=2', headers: staff.headers });
    expect((await roAt2()).statusCode).toBe(403);
    const roleAt2 = await assignRole(server, admin, staff.userId, 'employee', 2);
    // Allowed at location 2 now: the RO is simply not there (404), no longer refused.
    expect(await answersWithin(roAt2, 404, 5_000)).toBeLessThan(5_000);
    await removeRole(server, admin, roleAt2);
    expect(await answersWithin(roAt2, 403, 5_000)).toBeLessThan(5_000);
  });
});

describe('a token held to its own session (issue 20, item 4)', () => {
  it("should refuse (401) a validly signed token for one user carrying another user's live session", async () => {
    const manager = await loginAs(server, 'manager');
    const employee = await loginAs(server, 'employee');
    const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
    const employeeSession = claimsOf(employee.payload.token).sid;
    // The manager's identity on the employee's live session.
    const borrowed = await signAccessToken({ sub: demoUserId('manager'), kind: 'employee', roles: ['manager'], locationIds: [1], sid: employeeSession }, AUTH_SECRET, 300);
    const asBorrowed = { ...employee.headers, authorization: `Bearer ${borrowed}` };
    const search = await inject({ method: 'GET', url: '/api/customer-search?searchTerm=pat', headers: asBorrowed });
    expect(search.statusCode).toBe(401);
    expect(search.headers['x-auth-denied']).toBe('1');
    // A customer kind on an employee's session, with the employee's own id, is refused too.
    const otherKind = await signAccessToken({ sub: demoUserId('employee'), kind: 'customer', roles: ['customer'], locationIds: [], sid: employeeSession }, AUTH_SECRET, 300);
    expect((await inject({ method: 'GET', url: '/api/locations', headers: { ...employee.headers, authorization: `Bearer ${otherKind}` } })).statusCode).toBe(401);
    // The same claims on the manager's own session pass: the token is only held to its session.
    const own = await signAccessToken({ sub: demoUserId('manager'), kind: 'employee', roles: ['manager'], locationIds: [1], sid: claimsOf(manager.payload.token).sid }, AUTH_SECRET, 300);
    expect((await inject({ method: 'GET', url: '/api/customer-search?searchTerm=pat', headers: { ...manager.headers, authorization: `Bearer ${own}` } })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/customer-search?searchTerm=pat', headers: employee.headers })).statusCode).toBe(200);
  });
});
