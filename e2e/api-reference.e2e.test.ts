// Browser test of the API reference (issue 24 part 4, ADR 0084): a service advisor opens it from the staff
// menu and reads a route's parameters, body, answers and who may call it; desktop and 390 px, axe-checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { signIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';
import { expectCurrentTabInView } from './support/navigation';
import type { Browser } from 'playwright-core';

let server: TestServer;
let browser: Browser;
/** How many routes the server's document describes. */
let routeCount: number;
let groupCount: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const doc = (await server.product.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>>; tags: unknown[] };
  routeCount = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  groupCount = doc.tags.length;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openReference(viewport: ViewportName) {
  const opened = await openPage(browser, server.url, viewport);
  await signIn(opened.page, 'employee');
  await opened.page.getByText('Login Successful').waitFor({ state: 'detached' });
  if (viewport === 'desktop') await opened.page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'API reference' }).click();
  else await opened.page.goto('/employee/api-reference');
  await waitForTitle(opened.page, 'API reference | Dealer Coupons');
  return opened;
}

describe('API reference', () => {
  it("should show every route by group, and a route's body, answers and who may call it", async () => {
    const { page, context, pageErrors } = await openReference('desktop');
    await visible(page.getByText(`${routeCount} routes in ${groupCount} groups`));
    const sales = page.getByRole('region', { name: 'Pack sales' });
    const sell = sales.locator('details', { has: page.locator('summary', { hasText: 'Sell a pack' }) });
    await sell.locator('summary').click();
    await visible(sell.getByText('Service advisors, controllers, managers, admins.'));
    await visible(sell.getByText('The Bearer access token, the X-XSRF-TOKEN header, the XSRF-TOKEN cookie.'));
    await visible(sell.getByRole('heading', { name: 'Body (JSON)' }));
    expect(await sell.locator('.api-ref-field-name').allTextContents()).toEqual(expect.arrayContaining(['customerId', 'packId', 'locationId', 'roNumber', 'idempotency-key']));
    await visible(sell.locator('.api-ref-answers > li', { hasText: '4XX' }).getByText('application/problem+json'));
    await screenshot(page, 'api-reference-desktop');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should filter the routes and fit a phone', async () => {
    const { page, context, pageErrors } = await openReference('mobile');
    await expectCurrentTabInView(page, 'API reference');
    await page.getByLabel('Filter routes').fill('/api/pack-sales');
    await visible(page.getByText('4 routes in 1 group'));
    const voidSale = page.locator('details', { has: page.locator('summary', { hasText: 'Void a sale' }) });
    await voidSale.locator('summary').click();
    await visible(voidSale.getByText('Managers, admins.'));
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'api-reference-mobile');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
