/** The auth host against real PostgreSQL: sign-in, rotation, reuse detection, throttling, anti-forgery, registration. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { APP_EVENT_MESSAGES, APP_EVENTS, AUTH_MESSAGES } from '@dealer/contracts';
import { signAccessToken, verifyAccessToken } from '@dealer/platform';
import { holdProjection, startTestServer, type TestServer } from './testing/test-server';
import { loginAs, xsrfHeaders } from './testing/auth';
import { DEMO_PASSWORD } from './demo/accounts';
import { hashPassword } from '@dealer/command-api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ webDist: null, env: { AUTH_ACCESS_TTL_SECONDS: '60', AUTH_RENEW_SECONDS: '30' } });
});
afterAll(async () => {
  await server?.stop();
});
const inject = (options: InjectOptions) => server.product.app.inject(options);

describe('POST /auth-api/login', () => {
  it('should sign in each demo role with SPEC payload and roles', async () => {
    for (const role of ['admin', 'manager', 'controller', 'employee'] as const) {
      const { payload } = await loginAs(server, role);
      expect(payload.evt).toBe('LOGIN');
      expect(payload.user.isEmployee).toBe(true);
      expect(payload.user.roles).toContain(role);
      expect(payload.expiresSeconds).toBe(60);
      expect(payload.renewPeriodSeconds).toBe(30);
      expect(payload.access.args.isAdmin).toBe(role === 'admin');
    }
    const customer = await loginAs(server, 'customer');
    expect(customer.payload.user).toMatchObject({ isEmployee: false, email: 'pat.customer@example.com', roles: ['customer'] });
    expect(customer.payload.access.list).toContain('Api,customers,GET');
    expect(customer.payload.access.list).not.toContain('Api,customer-search,GET');
  });

  it('should answer unknown user and wrong password the same way', async () => {
    const headers = await xsrfHeaders(server);
    const unknown = await inject({ method: 'POST', url: '/auth-api/login', headers, payload: { username: 'nobody-here', password: 'whatever-12345' } });
    const wrong = await inject({ method: 'POST', url: '/auth-api/login', headers, payload: { username: 'controller', password: 'whatever-12345' } });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().errors).toEqual([AUTH_MESSAGES.invalidCredentials]);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('should record the last failed login and show it to the employee at the next sign-in', async () => {
    const headers = await xsrfHeaders(server);
    await inject({ method: 'POST', url: '/auth-api/login', headers, payload: { username: 'manager', password: 'wrong-password-1' } });
    const { payload } = await loginAs(server, 'manager');
    expect(Date.now() - new Date(payload.user.lastFailedLoginDate!).getTime()).toBeLessThan(60_000);
  });

  it('should lock an account after 5 failures within 15 minutes, even for the right password', async () => {
    const headers = await xsrfHeaders(server);
    const username = 'pat.customer@example.com';
    for (let i = 0; i < 5; i++) {
      const res = await inject({ method: 'POST', url: '/auth-api/login', headers, payload: { username, password: `nope-nope-${i}` } });
      expect(res.statusCode).toBe(401);
    }
    const locked = await inject({ method: 'POST', url: '/auth-api/login', headers, payload: { username, password: DEMO_PASSWORD } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors).toEqual([AUTH_MESSAGES.throttled]);
    await server.product.sql`delete from auth_throttle`;
  });
});

describe('POST /auth-api/refresh', () => {
  it('should rotate the refresh token, and revoke the whole family when an old one is used again', async () => {
    const { refreshCookie } = await loginAs(server, 'employee');
    const xsrf = await xsrfHeaders(server);
    const withCookie = (refresh: string) => ({ ...xsrf, cookie: `${xsrf.cookie}; dealer_refresh=${refresh}` });
    const first = await inject({ method: 'POST', url: '/auth-api/refresh', headers: withCookie(refreshCookie), payload: { appId: 'dealer-web' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().dataSet.evt).toBe('REFRESH');
    const second = first.cookies.find((c) => c.name === 'dealer_refresh')!.value;
    expect(second).not.toBe(refreshCookie);

    // A reuse after the grace window two tabs refreshing together get (issue 10, item 3).
    await server.product.sql`update auth_refresh_tokens set used_at = used_at - interval '1 minute' where used_at is not null`;
    const reuse = await inject({ method: 'POST', url: '/auth-api/refresh', headers: withCookie(refreshCookie), payload: {} });
    expect(reuse.statusCode).toBe(401);
    // The thief's reuse also ended the legitimate session's newer token.
    const afterTheft = await inject({ method: 'POST', url: '/auth-api/refresh', headers: withCookie(second), payload: {} });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('should end the session on logout', async () => {
    const { refreshCookie } = await loginAs(server, 'employee');
    const xsrf = await xsrfHeaders(server);
    const headers = { ...xsrf, cookie: `${xsrf.cookie}; dealer_refresh=${refreshCookie}` };
    expect((await inject({ method: 'DELETE', url: '/auth-api/login', headers })).statusCode).toBe(204);
    expect((await inject({ method: 'POST', url: '/auth-api/refresh', headers, payload: {} })).statusCode).toBe(401);
  });
});

describe('access tokens and anti-forgery', () => {
  it('should refuse a tampered, foreign or missing token with 401', async () => {
    const { headers } = await loginAs(server, 'employee');
    const ok = await inject({ method: 'GET', url: '/api/customer-search?searchTerm=pat', headers });
    expect(ok.statusCode).toBe(200);
    const token = headers.authorization!.slice(7);
    const [h, p] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), roles: ['admin'] })).toString('base64url')}.${token.split('.')[2]}`;
    const noneAlg = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    for (const bad of [tampered, noneAlg, 'garbage']) {
      const res = await inject({ method: 'GET', url: '/api/user-roles', headers: { ...headers, authorization: `Bearer ${bad}` } });
      expect(res.statusCode).toBe(401);
    }
    expect((await inject({ method: 'GET', url: '/api/customer-search?searchTerm=pat' })).statusCode).toBe(401);
  });

  it('should refuse a non-GET request without a matching, signed anti-forgery header', async () => {
    const { headers } = await loginAs(server, 'employee');
    const body = { firstName: 'X', lastName: 'Y', phoneMobile: '3035550000' };
    const missing = await inject({ method: 'POST', url: '/api/customers', headers: { authorization: headers.authorization! }, payload: body });
    expect(missing.statusCode).toBe(403);
    const mismatched = await inject({ method: 'POST', url: '/api/customers', headers: { ...headers, 'x-xsrf-token': 'abc.def' }, payload: body });
    expect(mismatched.statusCode).toBe(403);
    const forged = 'forged.value';
    const unsigned = await inject({ method: 'POST', url: '/api/customers', headers: { ...headers, cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged }, payload: body });
    expect(unsigned.statusCode).toBe(403);
    const ok = await inject({ method: 'POST', url: '/api/customers', headers, payload: body });
    expect(ok.statusCode).toBe(201);
  });
});

describe('the words of an API refusal (issue 20, item 8)', () => {
  it('should refuse a command the caller may not give with the words for a command, not those of the forbidden page', async () => {
    const { headers } = await loginAs(server, 'employee');
    const refused = await inject({ method: 'POST', url: '/api/user-roles', headers, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-auth-denied']).toBe('1');
    expect(refused.json().errors).toEqual([AUTH_MESSAGES.notPermitted]);
    expect(AUTH_MESSAGES.notPermitted).toBe('You do not have permission to do this.');
    expect(refused.body).not.toContain(AUTH_MESSAGES.forbidden);
    // A customer reaching for another customer's record is refused in the same words.
    const customer = await loginAs(server, 'customer');
    const other = await inject({ method: 'POST', url: '/api/app-events', headers: customer.headers, payload: { type: 'Login', customerId: '00000000-0000-4000-8000-000000000001' } });
    expect(other.statusCode).toBe(403);
    expect(other.json().errors).toEqual([AUTH_MESSAGES.notPermitted]);
  });
});

describe('the signing secret in demo mode (issue 20, item 4)', () => {
  it("should accept no token signed with the former built-in demo secret, only with the install's own", async () => {
    const { payload, headers } = await loginAs(server, 'admin');
    const claims = await verifyAccessToken(payload.token, server.env.authSecret);
    expect(claims).toMatchObject({ roles: ['admin'] });
    const as = async (token: string) =>
      (await inject({ method: 'GET', url: '/api/dev-outbox', headers: { ...headers, authorization: `Bearer ${token}` } })).statusCode;
    // The very claims of a live admin session, signed with what the source used to hold.
    expect(await as(await signAccessToken(claims!, 'demo-only-auth-secret-never-use-in-production', 60))).toBe(401);
    expect(await as(await signAccessToken(claims!, server.env.authSecret, 60))).toBe(200);
  });
});

describe('customer registration from a registration link', () => {
  it('should register the customer with a strong password, sign them in, and refuse the link afterwards', async () => {
    const staff = (await loginAs(server, 'employee')).headers;
    const created = await inject({ method: 'POST', url: '/api/customers', headers: staff, payload: { firstName: 'Rene', lastName: 'Register', emailAddress: 'rene.register@example.com', phoneMobile: '3035550400' } });
    const customerId = created.json().dataSet.customerId as string;
    await inject({ method: 'POST', url: '/api/customer-resend-registration', headers: staff, payload: { customerId, isEmail: true } });
    const admin = (await loginAs(server, 'admin')).headers;
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      const messages = (await inject({ method: 'GET', url: '/api/dev-outbox?to=rene.register@example.com', headers: admin })).json().dataSet as { body: string }[];
      link = messages[0]?.body.match(/\/registration\/([\w-]+)/)?.[1];
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    expect(link).toBeDefined();
    const greet = await inject({ method: 'GET', url: `/auth-api/registration/${link}` });
    expect(greet.json().dataSet).toMatchObject({ firstName: 'Rene', emailAddress: 'rene.register@example.com' });

    const xsrf = await xsrfHeaders(server);
    const weak = await inject({ method: 'POST', url: '/auth-api/registration', headers: xsrf, payload: { securityToken: link, password: 'password123', passwordConfirm: 'password123' } });
    expect(weak.json().errors).toEqual([AUTH_MESSAGES.passwordCommon]);
    const mismatch = await inject({ method: 'POST', url: '/auth-api/registration', headers: xsrf, payload: { securityToken: link, password: 'a-good-long-pass', passwordConfirm: 'another-long-pass' } });
    expect(mismatch.json().errors).toEqual([AUTH_MESSAGES.passwordMismatch]);
    const ok = await inject({ method: 'POST', url: '/auth-api/registration', headers: xsrf, payload: { securityToken: link, password: 'a-good-long-pass', passwordConfirm: 'a-good-long-pass' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().dataSet.user).toMatchObject({ customerId, isEmployee: false });
    const again = await inject({ method: 'POST', url: '/auth-api/registration', headers: xsrf, payload: { securityToken: link, password: 'a-good-long-pass', passwordConfirm: 'a-good-long-pass' } });
    expect(again.json().errors).toEqual([AUTH_MESSAGES.registrationLinkInvalid]);
    const login = await inject({ method: 'POST', url: '/auth-api/login', headers: xsrf, payload: { username: 'Rene.Register@example.com', password: 'a-good-long-pass' } });
    expect(login.statusCode).toBe(200);
  });
});

describe('sign-in of a user the read models do not hold yet', () => {
  it("should wait for the customer's read model instead of refusing the right password, and still refuse a wrong one at once", async () => {
    const staff = (await loginAs(server, 'employee')).headers;
    const { sql } = server.product;
    // customer_details is held back, as a long batch or a rebuild's swap holds it.
    const held = await holdProjection(sql, 'customer_details');
    try {
      const created = await inject({ method: 'POST', url: '/api/customers', headers: staff, payload: { firstName: 'Lena', lastName: 'Lagging', emailAddress: 'lena.lagging@example.com', phoneMobile: '3035550401' } });
      expect(created.statusCode, created.body).toBe(201);
      const customerId = created.json().dataSet.customerId as string;
      await sql`insert into auth_credentials (user_kind, user_id, login, password_hash) values ('customer', ${customerId}, 'lena.lagging@example.com', ${await hashPassword(DEMO_PASSWORD)})`;
      expect(await sql`select 1 from rm_customer_details.customers where customer_id = ${customerId}`).toHaveLength(0);
      const xsrf = await xsrfHeaders(server);
      const wrong = await inject({ method: 'POST', url: '/auth-api/login', headers: xsrf, payload: { username: 'lena.lagging@example.com', password: 'not-her-password-1' } });
      expect(wrong.statusCode).toBe(401);
      const signingIn = inject({ method: 'POST', url: '/auth-api/login', headers: xsrf, payload: { username: 'lena.lagging@example.com', password: DEMO_PASSWORD } });
      await new Promise((r) => setTimeout(r, 300));
      await held.release();
      const login = await signingIn;
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().dataSet.user).toMatchObject({ customerId, first: 'Lena', email: 'lena.lagging@example.com' });
    } finally {
      await held.release();
    }
  });
});

describe('POST /api/app-events', () => {
  it('should record the Login app event a customer triggers after signing in, and refuse it for another customer', async () => {
    const { headers, payload } = await loginAs(server, 'customer');
    const res = await inject({ method: 'POST', url: '/api/app-events', headers, payload: { type: 'Login', customerId: payload.user.customerId } });
    expect(res.statusCode).toBe(200);
    // The catalogue names the event and gives the message the client shows as a toast.
    // A first sign-in is welcomed, not welcomed back (issue 10, item 20).
    expect(res.json().dataSet[0].event).toMatchObject({ type: 'Login', name: 'Login', message: APP_EVENTS.Login.firstMessage, isTriggered: true, customerId: payload.user.customerId });
    expect(APP_EVENTS.Login.firstMessage).toMatch(/^Welcome!/);
    const stored = await server.product.sql`select event_type from es_events where stream_id = ${`app-events-${payload.user.customerId}`}`;
    expect(stored.map((r) => r.event_type)).toEqual(['AppEventTriggered']);
    const second = await inject({ method: 'POST', url: '/api/app-events', headers, payload: { type: 'Login', customerId: payload.user.customerId } });
    expect(second.json().dataSet[0].event.message).toBe(APP_EVENTS.Login.message);
    expect(APP_EVENTS.Login.message).toMatch(/^Welcome back!/);
    const other = await inject({ method: 'POST', url: '/api/app-events', headers, payload: { type: 'Login', customerId: '00000000-0000-4000-8000-000000000999' } });
    expect(other.statusCode).toBe(403);
    const unknown = await inject({ method: 'POST', url: '/api/app-events', headers, payload: { type: 'Birthday', customerId: payload.user.customerId } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([APP_EVENT_MESSAGES.unknownType]);
  });
});
