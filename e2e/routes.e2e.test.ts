// Browser tests of the SPEC 2.1 route table: every redirect and guard, the forbidden and not-found pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '@dealer/launcher/testing/test-server';
import { apiHeaders, DEMO_CUSTOMER, signIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

const NOT_FOUND_TEXT = 'The page you are requesting was moved, removed or has never existed.';
const FORBIDDEN_TEXT = 'You do not have access to this page.';

let server: { url: string; stop(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** The history length tells a replaced entry from a pushed one. */
const historyLength = (page: Page) => page.evaluate(() => history.length);

describe('signed out', () => {
  it('should request a token at the empty path and fall back to the sign-in page, replacing history', async () => {
    const { page, context } = await openPage(browser, server.url);
    await page.goto('/privacy');
    const before = await historyLength(page);
    await page.goto('/');
    await page.waitForURL('**/auth/login');
    expect(await historyLength(page)).toBe(before + 1);
    await context.close();
  });

  it('should show Loading access... while the first token is requested', async () => {
    const { page, context } = await openPage(browser, server.url);
    // Slows the (failing) refresh down so the loading screen can be seen.
    await page.route('**/auth-api/refresh', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/employee/sales');
    await visible(page.getByRole('status').filter({ hasText: 'Loading access...' }));
    await page.waitForURL('**/auth/login?destination=%2Femployee%2Fsales');
    await context.close();
  });

  it('should send a guarded page to sign-in with the page as destination, and back after signing in', async () => {
    const { page, context } = await openPage(browser, server.url);
    await page.goto('/employee/sales?x=1');
    await page.waitForURL(`**/auth/login?destination=${encodeURIComponent('/employee/sales?x=1')}`);
    await page.getByLabel('Username or e-mail').fill('employee');
    await page.getByLabel('Password').fill('demo-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/employee/sales?x=1');
    await context.close();
  });

  for (const [from, to] of [
    ['/login', '/auth/login'],
    ['/employee/login', '/auth/login'],
    ['/logout', '/auth/login'],
    ['/auth/logout', '/auth/login'],
    ['/registration', '/auth/login'],
    ['/registration/gift', '/auth/login'],
    ['/registration/gift/no-token-here', '/auth/login'],
    ['/login/a/b', '/auth/login'],
    ['/registration/abc123', '/auth/register/abc123'],
    ['/registration/gift/kim%40example.com/g-42', '/auth/gift/kim%40example.com/g-42'],
    ['/login/g-42', '/auth/login?giftToken=g-42'],
    ['/coupons', `/auth/login?destination=${encodeURIComponent('/customer/coupons')}`],
    ['/contact', `/auth/login?destination=${encodeURIComponent('/customer/contact')}`],
    ['/auth/refresh?destination=%2Femployee%2Fusers', `/auth/login?destination=${encodeURIComponent('/employee/users')}`],
    ['/auth/refresh?destination=%2Fprivacy&authenticationOptional=1', '/privacy'],
    ['/auth/receiving?destination=%2Fterms-of-service&authenticationOptional=1', '/terms-of-service'],
  ] as const) {
    it(`should take ${from} to ${to}`, async () => {
      const { page, context, pageErrors } = await openPage(browser, server.url);
      await page.goto(from);
      await page.waitForURL((url) => `${url.pathname}${url.search}` === to);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }

  it('should sign in with an access token handed over to /auth/receiving and go to the destination', async () => {
    const token = (await apiHeaders(server.url, 'manager')).authorization?.replace('Bearer ', '');
    const { page, context } = await openPage(browser, server.url);
    await page.goto(`/auth/receiving?token=${token}&destination=${encodeURIComponent('/employee/ro-search')}`);
    await page.waitForURL('**/employee/ro-search');
    await visible(page.getByRole('heading', { name: 'RO Search' }));
    await visible(page.getByText('Morgan Manager'));
    await context.close();
  });

  it('should show the error page when arriving without authentication that was not optional', async () => {
    const { page, context } = await openPage(browser, server.url);
    await page.goto('/auth/receiving?destination=%2Femployee%2Fsales');
    await visible(page.getByRole('heading', { name: 'Sign-in Failed' }));
    expect(pathOf(page)).toBe('/auth/receiving?destination=%2Femployee%2Fsales');
    await page.goto('/auth/receiving?token=not-a-token&destination=%2Fprivacy&authenticationOptional=1');
    await visible(page.getByRole('heading', { name: 'Sign-in Failed' }));
    await context.close();
  });

  it('should show the privacy policy and the terms of service in the login-style layout', async () => {
    const { page, context } = await openPage(browser, server.url, 'mobile');
    await page.goto('/privacy');
    await waitForTitle(page, 'Privacy Policy | Dealer Coupons');
    for (const heading of ['Use of Information', 'What We Collect', 'Disclosure', 'What We Do With the Information We Gather']) {
      await visible(page.getByRole('heading', { name: heading }));
    }
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.getByRole('link', { name: 'Terms of Service' }).first().click();
    await waitForTitle(page, 'Terms of Service | Dealer Coupons');
    await visible(page.getByText('Last updated: February 26, 2025'));
    await visible(page.getByText(/State of Colorado, United States/).first());
    await visible(page.getByText(/or 100 USD if You have not/));
    await visible(page.getByText(/at least 30 days' notice/));
    expect(await page.getByRole('link', { name: 'support@dealer-coupons.example' }).getAttribute('href')).toBe('mailto:support@dealer-coupons.example');
    expect(await page.getByRole('link', { name: 'contact page' }).getAttribute('href')).toBe('/contact');
    await screenshot(page, 'terms-mobile');
    await context.close();
  });

  it('should show the loader page and fall back to the root after 10 s', async () => {
    const { page, context } = await openPage(browser, server.url);
    await page.goto('/loading');
    await visible(page.getByRole('status').filter({ hasText: 'Loading...' }));
    await visible(page.getByRole('img', { name: 'Dealer Coupons' }));
    await page.waitForURL('**/auth/login', { timeout: 14_000 });
    await context.close();
  });
});

describe('signed in', () => {
  it('should send a signed-in user from the empty path to their default page, replacing history', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signIn(page, 'admin');
    const before = await historyLength(page);
    await page.goto('/');
    await page.waitForURL('**/employee/users');
    expect(await historyLength(page)).toBe(before + 1);
    await page.goBack();
    await page.waitForURL('**/employee/users');
    await context.close();
  });

  it('should send /employee/login through logout to the sign-in page', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signIn(page, 'employee');
    await page.goto('/employee/login');
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => sessionStorage.getItem('auth_token'))).toBeNull();
    await context.close();
  });

  it('should take a customer from /coupons and /contact to their pages', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signIn(page, DEMO_CUSTOMER);
    await page.goto('/coupons');
    await page.waitForURL('**/customer/coupons');
    await visible(page.getByRole('heading', { name: 'My Coupons' }));
    await page.goto('/contact');
    await page.waitForURL('**/customer/contact');
    await visible(page.getByRole('heading', { name: 'Contact us' }));
    await screenshot(page, 'customer-contact-desktop');
    await context.close();
  });

  it('should show the customer top bar and the service history page on mobile', async () => {
    const { page, context } = await openPage(browser, server.url, 'mobile');
    await signIn(page, DEMO_CUSTOMER);
    const nav = page.getByRole('navigation', { name: 'Customer' });
    for (const link of ['My coupons', 'Service history', 'Contact']) await visible(nav.getByRole('link', { name: link }));
    await visible(page.getByRole('button', { name: 'Sign out' }));
    await nav.getByRole('link', { name: 'Service history' }).click();
    await visible(page.getByRole('heading', { name: 'Service History' }));
    await screenshot(page, 'customer-service-mobile');
    await context.close();
  });

  it('should bounce through /auth/refresh to the destination with a new token', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signIn(page, 'admin');
    const before = await page.evaluate(() => sessionStorage.getItem('auth_token'));
    await page.goto(`/auth/refresh?destination=${encodeURIComponent('/employee/dev-outbox')}`);
    await page.waitForURL('**/employee/dev-outbox');
    expect(await page.evaluate(() => sessionStorage.getItem('auth_token'))).not.toBe(before);
    await context.close();
  });

  it('should turn disallowed arrival destinations into the root, and foreign ones into the default page', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signIn(page, 'manager');
    for (const destination of ['/logout', '%2Flogin', '%252Fauth%252Freceiving']) {
      await page.goto(`/auth/receiving?destination=${destination}`);
      // '/' then sends the signed-in manager on to the default page; still signed in.
      await page.waitForURL('**/employee/sales');
      await visible(page.getByRole('heading', { name: 'Sales' }));
    }
    await page.goto(`/auth/receiving?destination=${encodeURIComponent('https://evil.example/')}`);
    await page.waitForURL('**/employee/sales');
    await page.goto(`/auth/receiving?destination=${encodeURIComponent(encodeURIComponent('/employee/ro-search'))}`);
    await page.waitForURL('**/employee/ro-search');
    await context.close();
  });

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`should show the forbidden page without changing the address when an employee opens /employee/users (${viewport})`, async () => {
      const { page, context } = await openPage(browser, server.url, viewport);
      await signIn(page, 'employee');
      await page.goto('/employee/users');
      await visible(page.getByRole('heading', { name: 'Forbidden' }));
      await visible(page.getByText(FORBIDDEN_TEXT));
      await visible(page.getByText('403', { exact: true }));
      expect(pathOf(page)).toBe('/employee/users');
      expect(await page.getByRole('link', { name: 'Go to your default page' }).getAttribute('href')).toBe('/employee/sales');
      await screenshot(page, `forbidden-${viewport}`);
      await context.close();
    });
  }

  it('should keep customers out of staff pages and staff out of customer pages', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signIn(page, DEMO_CUSTOMER);
    await page.goto('/employee/sales');
    await visible(page.getByRole('heading', { name: 'Forbidden' }));
    expect(await page.getByRole('link', { name: 'Go to your default page' }).getAttribute('href')).toBe('/customer/coupons');
    await context.close();
    const staff = await openPage(browser, server.url);
    await signIn(staff.page, 'controller');
    await staff.page.goto('/customer/coupons');
    await visible(staff.page.getByRole('heading', { name: 'Forbidden' }));
    // Reports are for controllers, managers and admins (issue 14): the controller gets the page.
    await staff.page.goto('/employee/reports/payouts');
    await visible(staff.page.getByRole('heading', { name: 'Payouts', level: 1 }));
    await staff.context.close();
  });

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`should show the 404 page for an unknown path (${viewport})`, async () => {
      const { page, context } = await openPage(browser, server.url, viewport);
      await page.goto('/no/such/page');
      await visible(page.getByRole('heading', { name: 'Page Not Found' }));
      await visible(page.getByText(NOT_FOUND_TEXT));
      await visible(page.getByText('404', { exact: true }));
      await visible(page.getByRole('button', { name: 'Back' }));
      expect(await page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
      await waitForTitle(page, 'Page Not Found | Dealer Coupons');
      await screenshot(page, `not-found-${viewport}`);
      await context.close();
    });
  }

  it('should show the 404 page at /not-found and go home to the default page', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signIn(page, 'employee');
    await page.goto('/not-found');
    await visible(page.getByText(NOT_FOUND_TEXT));
    await page.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL('**/employee/sales');
    await context.close();
  });

  it('should record page views but not of pass-through pages', async () => {
    const { page, context } = await openPage(browser, server.url);
    await page.addInitScript(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    });
    await signIn(page, 'admin');
    await page.getByRole('link', { name: 'Dev outbox' }).click();
    await waitForTitle(page, 'Dev Outbox | Dealer Coupons');
    await page.waitForTimeout(100);
    const views = await page.evaluate(() => (window as unknown as { dataLayer: { page_path: string }[] }).dataLayer.map((v) => v.page_path));
    expect(views).toEqual(['/auth/login', '/employee/users', '/employee/dev-outbox']);
    await context.close();
  });
});
