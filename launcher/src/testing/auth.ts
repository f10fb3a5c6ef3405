/** Signs a demo account in through the real /auth-api for integration tests (app.inject). */
import type { AuthTokenPayload } from '@dealer/contracts';
import { hashPassword } from '@dealer/command-api';
import { DEMO_CUSTOMER_LOGIN, DEMO_PASSWORD } from '../demo/accounts';
import { waitForProjections, type TestServer } from './test-server';

export type DemoAccount = 'admin' | 'manager' | 'controller' | 'employee' | 'customer';

export interface SignedIn {
  payload: AuthTokenPayload;
  /** Bearer + anti-forgery cookies and header: enough for any request. */
  headers: Record<string, string>;
  refreshCookie: string;
}

/**
 * A fresh browser's anti-forgery cookies (the pair and the httpOnly pre-session it is bound to)
 * and the header, for anonymous non-GET requests; a sign-in made with them starts a session
 * bound to the same pre-session, so they stay valid with its Bearer token.
 */
export async function xsrfHeaders(server: TestServer): Promise<Record<string, string>> {
  const res = await server.product.app.inject({ method: 'GET', url: '/auth-api/xsrf' });
  const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return { cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'x-xsrf-token': xsrf };
}

export async function loginAs(server: TestServer, account: DemoAccount, password = DEMO_PASSWORD): Promise<SignedIn> {
  const xsrf = await xsrfHeaders(server);
  const username = account === 'customer' ? DEMO_CUSTOMER_LOGIN : account;
  const res = await server.product.app.inject({ method: 'POST', url: '/auth-api/login', headers: xsrf, payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login as ${account} failed: ${res.statusCode} ${res.body}`);
  const payload = res.json().dataSet as AuthTokenPayload;
  const refresh = res.cookies.find((c) => c.name === 'dealer_refresh')!.value;
  return { payload, headers: { ...xsrf, authorization: `Bearer ${payload.token}` }, refreshCookie: refresh };
}

/**
 * A new customer created by `staff` (POST /api/customers with `profile`) and given an account
 * (sign-in = their e-mail, the demo password), signed in: their id and signed-in headers.
 */
export async function createCustomerWithAccount(
  server: TestServer,
  staff: Record<string, string>,
  profile: Record<string, unknown> & { emailAddress: string },
): Promise<{ id: string; headers: Record<string, string> }> {
  const created = await server.product.app.inject({ method: 'POST', url: '/api/customers', headers: staff, payload: profile });
  if (created.statusCode !== 201) throw new Error(`creating the customer failed: ${created.statusCode} ${created.body}`);
  const id = created.json().dataSet.customerId as string;
  await server.product.sql`insert into auth_credentials (user_kind, user_id, login, password_hash)
    values ('customer', ${id}, ${profile.emailAddress}, ${await hashPassword(DEMO_PASSWORD)})`;
  // Sign-in reads the customer from the read models: a sign-in before they caught up is refused as unknown.
  await waitForProjections(server.product);
  const xsrf = await xsrfHeaders(server);
  const login = await server.product.app.inject({ method: 'POST', url: '/auth-api/login', headers: xsrf, payload: { username: profile.emailAddress, password: DEMO_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`the customer's sign-in failed: ${login.statusCode} ${login.body}`);
  return { id, headers: { ...xsrf, authorization: `Bearer ${login.json().dataSet.token}` } };
}
