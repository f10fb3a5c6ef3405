// Browser tests of the Sales page's selected customer (issue 23): each coupon once, grouped by pack, with
// filters; at 390 px the coupons come first, within the first screen; no internal id of the customer and no
// 'Sold by -'. Screenshots at 1366 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { screenshotFromTop, openSales, selectCustomerOnSales } from './support/sales';
import { visible, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

beforeAll(async () => {
  const { launchBrowser } = await import('./support/browser');
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the Sales page with a customer selected', () => {
  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`should list the coupons once, by pack, with filters, and on a phone first (${viewport})`, async () => {
      const { page, context, pageErrors } = await openSales(browser, server.url, 'employee', viewport);
      const coupons = await selectCustomerOnSales(page, 'pat.customer@example.com', 'Pat Customer');
      const filters = await visible(coupons.getByRole('group', { name: 'Show coupons' }));
      const groups = coupons.locator('.coupon-group');
      expect(await groups.count()).toBeGreaterThan(0);
      // Each coupon once: the purchase history no longer lists them.
      const history = page.getByRole('region', { name: 'Coupon packs' });
      expect(await history.locator('.card-list, table').count()).toBe(0);
      // No id of the customer anywhere, and every sale says who sold it.
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(UUID);
      expect(text).not.toMatch(/Sold by\s*-/);

      if (viewport === 'mobile') {
        await page.evaluate(() => window.scrollTo(0, 0));
        const first = (await coupons.locator('.card, tr').first().boundingBox())!;
        // The first coupon starts within the first screen (844 px high).
        expect(first.y).toBeLessThan(844);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      await screenshotFromTop(page, `sales-customer-${viewport}`);

      const used = filters.getByRole('button', { name: /^Used \(\d+\)$/ });
      await used.click();
      expect(await used.getAttribute('aria-pressed')).toBe('true');
      await screenshotFromTop(page, `sales-customer-used-${viewport}`);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
