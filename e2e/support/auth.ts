// Signing in for browser tests: through the sign-in page (what users do) or the auth API (to seed data).
import type { Page } from 'playwright-core';

/** Demo accounts of issue 3 (seeded by startTestServer). */
export const DEMO_PASSWORD = 'demo-password-1';
export const DEMO_CUSTOMER = 'pat.customer@example.com';
export type DemoLogin = 'admin' | 'manager' | 'controller' | 'employee' | typeof DEMO_CUSTOMER;

export const DEFAULT_PAGES: Record<DemoLogin, string> = {
  admin: '/employee/users',
  manager: '/employee/sales',
  controller: '/employee/sales',
  employee: '/employee/sales',
  [DEMO_CUSTOMER]: '/customer/coupons',
};

/** Fills the sign-in form on the current page (which must be /auth/login) and submits it. */
export async function submitSignIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through /auth/login and waits for the user's default page (or `landOn`). */
export async function signIn(page: Page, username: DemoLogin, options: { destination?: string; landOn?: string } = {}): Promise<void> {
  const query = options.destination ? `?destination=${encodeURIComponent(options.destination)}` : '';
  await page.goto(`/auth/login${query}`);
  await submitSignIn(page, username);
  await page.waitForURL(`**${options.landOn ?? options.destination ?? DEFAULT_PAGES[username]}`);
}

/** Bearer, anti-forgery cookie and header of a demo account, for seeding through the API. */
export async function apiHeaders(baseUrl: string, username: DemoLogin = 'admin'): Promise<Record<string, string>> {
  const xsrfResponse = await fetch(`${baseUrl}/auth-api/xsrf`);
  // Every cookie the server set: the readable pair and the pre-session it is bound to (issue 10, item 5).
  const cookies = xsrfResponse.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  if (!xsrf) throw new Error('The server did not set the XSRF-TOKEN cookie');
  const antiForgery = { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(xsrf) };
  const login = await fetch(`${baseUrl}/auth-api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...antiForgery },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`Signing in as ${username} failed with ${login.status}: ${await login.text()}`);
  const { dataSet } = (await login.json()) as { dataSet: { token: string } };
  return { ...antiForgery, authorization: `Bearer ${dataSet.token}` };
}
