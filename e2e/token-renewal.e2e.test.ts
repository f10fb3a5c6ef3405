// Browser tests of token renewal (SPEC 4) on a server issuing 10 s access tokens renewable after 3 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '@dealer/launcher/testing/test-server';
import { signIn } from './support/auth';
import { launchBrowser, openPage, visible } from './support/browser';

const TTL_SECONDS = 10;
const RENEW_SECONDS = 3;

let server: { url: string; stop(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startTestServer({ env: { AUTH_ACCESS_TTL_SECONDS: String(TTL_SECONDS), AUTH_RENEW_SECONDS: String(RENEW_SECONDS) } }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface StoredSession {
  receivedAt: number;
  payload: { token: string; evt: string; expiresSeconds: number; renewPeriodSeconds: number };
}

const stored = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('auth_token') ?? 'null') as StoredSession | null);
const focusWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

describe('token renewal', () => {
  it('should not renew on focus while the token is fresh, and renew inside the renew period', async () => {
    const { page, context, pageErrors } = await openPage(browser, server.url);
    await signIn(page, 'employee');
    const first = await stored(page);
    expect(first?.payload).toMatchObject({ expiresSeconds: TTL_SECONDS, renewPeriodSeconds: RENEW_SECONDS, evt: 'LOGIN' });

    const refreshes: string[] = [];
    page.on('request', (r) => r.url().endsWith('/auth-api/refresh') && refreshes.push(r.method()));
    await focusWindow(page);
    await page.waitForTimeout(300);
    expect(refreshes).toEqual([]);

    await page.waitForTimeout(RENEW_SECONDS * 1000);
    const answered = page.waitForResponse((r) => r.url().endsWith('/auth-api/refresh'));
    await focusWindow(page);
    expect((await answered).status()).toBe(200);
    await page.waitForFunction((old) => JSON.parse(sessionStorage.getItem('auth_token') ?? '{}').payload?.token !== old, first?.payload.token);
    expect((await stored(page))?.payload.evt).toBe('REFRESH');
    expect(page.url()).toContain('/employee/sales');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should refresh once and retry when an API call answers 401 with an expired token', async () => {
    const { page, context, pageErrors } = await openPage(browser, server.url);
    await signIn(page, 'employee');
    await page.waitForTimeout(TTL_SECONDS * 1000 + 500);
    const statuses: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/customer-search' || path === '/auth-api/refresh') statuses.push(`${path} ${r.status()}`);
    });
    await page.getByRole('button', { name: 'Search customers' }).click();
    await page.getByPlaceholder('Phone, Email, RO #').fill('Nobody Here');
    await visible(page.getByText('No results', { exact: true }));
    expect(statuses).toEqual(['/api/customer-search 401', '/auth-api/refresh 200', '/api/customer-search 200']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should get a new token through the refresh route on focus once the token expired, staying on the page', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signIn(page, 'admin');
    await page.goto('/employee/dev-outbox?to=x');
    const before = await stored(page);
    await page.waitForTimeout(TTL_SECONDS * 1000 + 500);
    const answered = page.waitForResponse((r) => r.url().endsWith('/auth-api/refresh'));
    await focusWindow(page);
    expect((await answered).status()).toBe(200);
    await page.waitForFunction((old) => JSON.parse(sessionStorage.getItem('auth_token') ?? '{}').payload?.token !== old, before?.payload.token);
    await visible(page.getByRole('heading', { name: 'Dev Outbox' }));
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/employee/dev-outbox?to=x');
    await context.close();
  });

  it('should ask for a sign-in, coming back to the page, when the expired session cannot be refreshed', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signIn(page, 'manager');
    // As if signed out elsewhere: the refresh cookie is gone.
    await context.clearCookies();
    await page.waitForTimeout(TTL_SECONDS * 1000 + 500);
    await focusWindow(page);
    await page.waitForURL(`**/auth/login?destination=${encodeURIComponent('/employee/sales')}`);
    await context.close();
  });
});
