// Browser tests of /verify, the customer's place for what waits on them (issue 23): signed out it explains
// itself, offers a sign-in that comes back, and the page load asks no /auth-api/refresh (nor logs a 401);
// signed in, Pat answers an open redemption verification without the link, at 1366 and 390 px, with the
// card filling the phone's width; the answer's time shows as time-ago in the dev outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { deterministicUuid } from '@dealer/platform';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { apiHeaders, DEMO_CUSTOMER, signIn, submitSignIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;
let admin: Record<string, string>;
const pat = deterministicUuid('demo-customer-0');

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  admin = await apiHeaders(server.url, 'admin');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Pat's repair orders with op codes, newest location first; one per test. */
async function patRepairOrders(): Promise<{ roNumber: string; locationId: number }[]> {
  return server.product.sql<{ roNumber: string; locationId: number }[]>`
    select r.ro_number as "roNumber", r.location_id as "locationId" from ref.repair_orders r
    where r.customer_email = 'pat.customer@example.com' and r.void_date is null
      and exists (select 1 from ref.ro_jobs j where j.location_id = r.location_id and j.ro_number = r.ro_number)
    order by r.location_id, r.ro_number`;
}

async function startVerification(ro: { roNumber: string; locationId: number }): Promise<{ id: string; pendingOpCodes: string[] }> {
  const response = await fetch(`${server.url}/api/redemption-verifications`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'email', ...ro, customerId: pat }),
  });
  if (response.status !== 201) throw new Error(`Starting a verification failed with ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { dataSet: { id: string; pendingOpCodes: string[] } }).dataSet;
}

/** Every request to /auth-api/refresh and every console error of the page. */
function watch(page: Page): { refreshes: string[]; consoleErrors: string[] } {
  const seen = { refreshes: [] as string[], consoleErrors: [] as string[] };
  page.on('request', (r) => new URL(r.url()).pathname === '/auth-api/refresh' && seen.refreshes.push(r.method()));
  page.on('console', (m) => m.type() === 'error' && seen.consoleErrors.push(m.text()));
  return seen;
}

/** The card's left and right margins inside the viewport. */
async function cardMargins(page: Page): Promise<[number, number]> {
  const box = (await page.locator('.verify-card').boundingBox())!;
  const width = page.viewportSize()!.width;
  return [box.x, width - box.x - box.width];
}

describe('/verify', () => {
  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`should explain itself to someone signed out without asking for a session, and sign in back to it (${viewport})`, async () => {
      const { page, context, pageErrors } = await openPage(browser, server.url, viewport);
      const seen = watch(page);
      await page.goto('/verify');
      await visible(page.getByRole('heading', { name: 'Verification', level: 1 }));
      await visible(page.getByText('Sign in to see what waits for you.'));
      await waitForTitle(page, 'Verification | Dealer Coupons');
      // Centred on a phone and a desk alike (the card was squeezed to one side at 390 px).
      const [left, right] = await cardMargins(page);
      expect(Math.abs(left - right)).toBeLessThanOrEqual(2);
      await screenshot(page, `verify-anonymous-${viewport}`);
      // Other pages open to anyone do not ask either.
      await page.goto('/purchase');
      await visible(page.getByRole('heading', { level: 1 }));
      await page.goto('/auth/login');
      await visible(page.getByLabel('Username or e-mail'));
      expect(seen.refreshes).toEqual([]);
      expect(seen.consoleErrors).toEqual([]);

      await page.goto('/verify');
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL(`**/auth/login?destination=${encodeURIComponent('/verify')}`);
      await submitSignIn(page, DEMO_CUSTOMER);
      await page.waitForURL('**/verify');
      await visible(page.getByRole('heading', { name: 'Services to approve' }));
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }

  it('should let Pat approve and decline an open verification without the link, at 1366 and 390 px', async () => {
    const [first, second] = await patRepairOrders();
    expect(second).toBeDefined();
    const verifications = [await startVerification(first!), await startVerification(second!)];
    const shots: Record<ViewportName, number> = { desktop: 0, mobile: 1 };
    for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
      const { page, context, pageErrors } = await openPage(browser, server.url, viewport);
      await signIn(page, DEMO_CUSTOMER, { destination: '/verify' });
      const ro = [first!, second!][shots[viewport]]!;
      const verification = verifications[shots[viewport]]!;
      const item = await visible(page.getByRole('article', { name: new RegExp(`RO# ${ro.roNumber}\\b`) }));
      await visible(item.getByText(/^Sent (just now|\d+ minutes? ago)$/));
      const time = item.locator('time');
      expect(await time.getAttribute('title')).toMatch(/^\d\d\/\d\d\/\d{4} \d{1,2}:\d\d:\d\d [AP]M$/);
      const [left, right] = await cardMargins(page);
      expect(Math.abs(left - right)).toBeLessThanOrEqual(2);
      await screenshot(page, `verify-customer-${viewport}`);

      // The first service approved, every other one declined.
      const groups = item.getByRole('group');
      expect(await groups.count()).toBe(verification.pendingOpCodes.length);
      for (let i = 0; i < verification.pendingOpCodes.length; i++) {
        await groups.nth(i).getByText(i === 0 ? 'Approve' : 'Decline', { exact: true }).click();
      }
      await item.getByRole('button', { name: 'Submit answer' }).click();
      await visible(item.getByText('Thank you. Your answer has been sent to your service advisor.'));
      await screenshot(page, `verify-customer-answered-${viewport}`);
      expect(pageErrors).toEqual([]);
      await context.close();
    }
    // Both are answered: the staff view says so.
    for (const v of verifications) {
      const response = await fetch(`${server.url}/api/redemption-verifications/${v.id}`, { headers: admin });
      const { dataSet } = (await response.json()) as { dataSet: { isFinal: boolean; approvedOpCodes: string[] } };
      expect(dataSet.isFinal).toBe(true);
      expect(dataSet.approvedOpCodes).toEqual([v.pendingOpCodes[0]]);
    }
  });

  it('should show every item of the customer navigation within a 390 px screen', async () => {
    const { page, context } = await openPage(browser, server.url, 'mobile');
    await signIn(page, DEMO_CUSTOMER);
    const links = page.getByRole('navigation', { name: 'Customer' }).getByRole('link');
    // signIn waits for the address, not for the page's layout: allInnerTexts does not wait, so the
    // links are polled until the navigation is there (on a slow host it once answered []).
    await expect.poll(() => links.allInnerTexts(), { timeout: 10_000 }).toEqual(['My coupons', 'Buy packs', 'Service history', 'Contact', 'My profile']);
    for (let i = 0; i < (await links.count()); i++) {
      const box = (await links.nth(i).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'customer-nav-mobile');
    await context.close();
  });

  it("should show the dev outbox's times as time-ago with the exact time on hover", async () => {
    const { page, context } = await openPage(browser, server.url);
    await signIn(page, 'admin');
    await page.goto(`/employee/dev-outbox?to=${encodeURIComponent(DEMO_CUSTOMER)}`);
    const time = await visible(page.locator('table time').first());
    expect(await time.locator('span').first().innerText()).toMatch(/^(just now|\d+ minutes ago|\d+ hours? ago|\d\d\/\d\d\/\d{4})$/);
    expect(await time.getAttribute('title')).toMatch(/^\d\d\/\d\d\/\d{4} \d{1,2}:\d\d:\d\d [AP]M$/);
    expect(Date.parse((await time.getAttribute('datetime'))!)).not.toBeNaN();
    await screenshot(page, 'dev-outbox-time-ago-desktop');
    await context.close();
  });
});
