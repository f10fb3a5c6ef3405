/** Signs a demo account in through the real /auth-api for integration tests (app.inject). */
import type { AuthTokenPayload } from '@dealer/contracts';
import { DEMO_CUSTOMER_LOGIN, DEMO_PASSWORD } from '../demo/accounts';
import type { TestServer } from './test-server';

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
