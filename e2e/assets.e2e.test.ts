// Browser tests of issue 10, items 7 and 21: the Content-Security-Policy breaks no page (and the
// check every browser test makes does catch a violation), and each page's code loads when the page is first visited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '@dealer/launcher/testing/test-server';
import { signIn, submitSignIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: { url: string; stop(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Scripts the page loads from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

describe('Content-Security-Policy', () => {
  it('should block an inline script, and the browser tests should see the violation', async () => {
    const { page, context, cspViolations } = await openPage(browser, server.url);
    await page.goto('/auth/login');
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true';
      document.body.append(script);
    });
    await page.waitForFunction(() => document.querySelectorAll('script:not([src])').length > 0);
    await expect.poll(() => cspViolations.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { inlineScriptRan?: boolean }).inlineScriptRan)).toBeUndefined();
    expect(cspViolations[0]).toMatch(/script-src/);
    // Seen and asserted: this test's own violation must not fail it.
    cspViolations.length = 0;
    await context.close();
  });

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`should lock the page's scroll under a dialog without a violation (${viewport})`, async () => {
      const { page, context, pageErrors, cspViolations } = await openPage(browser, server.url, viewport);
      await signIn(page, 'employee');
      await waitForTitle(page, 'Sales | Dealer Coupons');
      await screenshot(page, `assets-sales-${viewport}`);
      await page.getByRole('button', { name: 'Search customers' }).click();
      const finder = await visible(page.getByRole('dialog', { name: 'Search Customer' }));
      await finder.getByPlaceholder('Phone, Email, RO #').fill('Nobody Here');
      await visible(finder.getByText('No results', { exact: true }));
      await finder.getByRole('button', { name: 'Create New Customer' }).click();
      await visible(page.getByRole('dialog', { name: 'Create Customer' }));
      // Radix Dialog's scroll lock is an injected <style> element: style-src must allow it.
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow), { timeout: 10_000 }).toBe('hidden');
      await page.keyboard.press('Escape');
      expect(cspViolations).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});

describe('code loaded per page', () => {
  it("should load the sales page's code only after signing in, showing the sign-in page until it is ready", async () => {
    const { page, context, pageErrors } = await openPage(browser, server.url);
    const scripts = recordScripts(page);
    await page.goto('/auth/login');
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'assets-sign-in-desktop');
    const signInScripts = scripts.length;
    expect(signInScripts).toBeGreaterThan(0);

    // Holds the page chunks back to see what the user sees while they load.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/sales-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await submitSignIn(page, 'employee');
    await expect.poll(() => scripts.some((s) => /\/assets\/sales-[^/]+\.js$/.test(s)), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await screenshot(page, 'assets-sign-in-while-sales-loads');
    release();
    await page.waitForURL('**/employee/sales');
    await waitForTitle(page, 'Sales | Dealer Coupons');
    await visible(page.getByRole('button', { name: 'Search customers' }));
    // The sales page needed code the sign-in page did not load.
    expect(scripts.length).toBeGreaterThan(signInScripts);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should show the loading screen while a first visit loads its page', async () => {
    const { page, context, pageErrors } = await openPage(browser, server.url, 'mobile');
    await page.goto('/auth/login');
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await screenshot(page, 'assets-sign-in-mobile');
    await submitSignIn(page, 'employee');
    await page.waitForURL('**/employee/sales');
    const fresh = await context.newPage();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await fresh.route(/\/assets\/sales-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await fresh.goto('/employee/sales');
    await visible(fresh.getByRole('status').filter({ hasText: 'Loading access...' }));
    await screenshot(fresh, 'assets-sales-loading-mobile');
    release();
    await waitForTitle(fresh, 'Sales | Dealer Coupons');
    await screenshot(fresh, 'assets-sales-mobile-first-visit');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
