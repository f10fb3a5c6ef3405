// Browser tests of the signed-in customer's own pages (issue 13): the demo customer Pat sees their coupon packs
// and coupons (value, where good, until when, used or not) and the current offers on /customer/coupons, and their
// service history on /customer/service: at first only the visits staff sold them packs on, and once their mobile
// is verified every RO carrying it, newest first and paged, and never another customer's RO. Desktop and 390 px
// screenshots (axe runs on each).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type ServiceVisitView } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { importDmsRecords } from '@dealer/dms/index';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { apiHeaders, DEMO_CUSTOMER, signIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;
const pat = deterministicUuid('demo-customer-0');
const PAT_MOBILE = '3035551000';
/** The demo's pack-sale visits of Pat (demo/catalogue.ts) and of Jordan, another demo customer. */
const PAT_SALE_ROS = ['419902', '419901'];
const JORDAN_SALE_RO = '229901';
const NAME_ONLY_RO = '228899';

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(viewport: ViewportName = 'desktop') {
  const opened = await openPage(browser, server.url, viewport);
  await signIn(opened.page, DEMO_CUSTOMER);
  await waitForTitle(opened.page, 'My Coupons | Dealer Coupons');
  await opened.page.getByText('Login Successful').waitFor({ state: 'detached' });
  return opened;
}

/** Full-page screenshots draw the fixed top bar where the page was scrolled to: start at the top. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Pat's mobile, verified through the product: staff change it away and back, each confirmed with the texted code. */
async function verifyPatsMobile(): Promise<void> {
  const staff = await apiHeaders(server.url, 'employee');
  const admin = await apiHeaders(server.url, 'admin');
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...staff }, body: JSON.stringify(body) });
  for (const phone of ['3035559999', PAT_MOBILE]) {
    const requested = await post('/api/email-phone-verification', { type: 'phone', info: phone, customerId: pat });
    expect(requested.status).toBe(200);
    let code: string | undefined;
    for (let i = 0; i < 150 && !code; i++) {
      const res = await fetch(`${server.url}/api/dev-outbox?to=${phone}`, { headers: admin });
      const messages = ((await res.json()) as { dataSet: { body: string }[] }).dataSet;
      code = messages.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]).find(Boolean);
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    const confirmed = await post('/api/contact-change-confirmations', { customerId: pat, code });
    expect(confirmed.status).toBe(200);
    // Wait until the read model shows it (the next page load reads it).
    await fetch(`${server.url}/api/customers/${pat}`, { headers: { ...staff, 'x-min-position': ((await confirmed.json()) as { metaData: { position: string } }).metaData.position } });
  }
}

describe('/customer/coupons', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`should show Pat's packs with their coupons and the current offers (${viewport})`, async () => {
      const { page, pageErrors } = await signedIn(viewport);
      const packs = await visible(page.getByRole('region', { name: 'My coupon packs' }));
      // Pat's demo packs: Essential Maintenance (final) and Oil Change 4-Pack (pending until its RO closes).
      const essential = await visible(packs.getByRole('article', { name: 'Essential Maintenance' }));
      await visible(essential.getByText('Active', { exact: true }));
      await visible(essential.getByText(/^\d+ of \d+ coupons left$/));
      await visible(essential.getByText('The service is covered, up to $99.95').first());
      const oil = await visible(packs.getByRole('article', { name: 'Oil Change 4-Pack' }));
      await visible(oil.getByText('Being finalised', { exact: true }));
      await visible(oil.getByText(/until the visit you bought it on is closed/));
      await visible(oil.getByText('Oil and filter change').first());
      // No staff words on the customer's page.
      const text = await page.locator('main').innerText();
      for (const jargon of ['RO#', 'RO ledger', 'Op code', 'Sold by', 'Redeem']) expect(text).not.toContain(jargon);

      const offers = await visible(page.getByRole('region', { name: 'Current offers' }));
      const complete = await visible(offers.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Complete Care Plan' }) }));
      await visible(complete.getByText('$599.00'));
      await visible(complete.getByText('6 × Oil and filter change'));
      await visible(complete.getByText('36 months or 36,000 miles, whichever comes first'));
      // The disabled Winter Ready pack is not on offer.
      expect(await offers.getByRole('heading', { name: 'Winter Ready' }).count()).toBe(0);
      if (viewport === 'mobile') {
        // Cards, not tables, at 390 px; nothing wider than the screen.
        expect(await packs.locator('table').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      } else {
        await visible(essential.getByRole('table', { name: 'Coupons in Essential Maintenance' }));
      }
      await shot(page, `customer-area-coupons-${viewport}`);
      expect(pageErrors).toEqual([]);
    });
  }
});

describe('/customer/service', () => {
  it('should show only the visits staff sold Pat packs on while no contact is verified, never another customer\'s', async () => {
    const { page, pageErrors } = await signedIn();
    await page.getByRole('navigation', { name: 'Customer' }).getByRole('link', { name: 'Service history' }).click();
    await waitForTitle(page, 'Service History | Dealer Coupons');
    const visits = await visible(page.getByRole('list', { name: 'Visits' }));
    await visible(visits.getByText(`Repair order ${PAT_SALE_ROS[0]}`, { exact: true }));
    const shown = await visits.getByText(/^Repair order /).allInnerTexts();
    expect(shown).toEqual(PAT_SALE_ROS.map((ro) => `Repair order ${ro}`));
    expect(shown.join()).not.toContain(JORDAN_SALE_RO);
    // The visit's work and totals.
    const closed = visits.getByRole('listitem').filter({ hasText: `Repair order ${PAT_SALE_ROS[1]}` });
    await visible(closed.getByRole('table', { name: `Work done on repair order ${PAT_SALE_ROS[1]}` }));
    await visible(closed.getByText('Completed', { exact: true }));
    await visible(visits.getByRole('listitem').filter({ hasText: `Repair order ${PAT_SALE_ROS[0]}` }).getByText('In progress', { exact: true }));
    expect(pageErrors).toEqual([]);
  });

  it('should add every RO carrying Pat\'s verified mobile, newest first and paged, at desktop and 390 px', async () => {
    await verifyPatsMobile();
    // More of Pat's visits in a DMS import (the phone as the export wrote it), so the history has two pages; and a
    // visit of someone with Pat's name but other contacts, which is not Pat's.
    const visit = (roNumber: string, day: number, phones: string[]) => ({
      roNumber, locationId: 2, openDate: `2025-0${1 + (day % 9)}-1${day % 10}T08:30:00`, closeDate: `2025-0${1 + (day % 9)}-1${day % 10}T15:00:00`,
      vin: '2T1BURHE0JC012345', mileage: 30_000 + day * 1_000, customerPhones: phones, customerFirstName: 'Pat', customerLastName: 'Customer',
      jobs: [
        { jobId: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter change', laborType: 'C', partsSale: 32.5, laborSale: 49.95 },
        { jobId: 2, opCode: 'RECALL', opCodeDesc: 'Safety recall inspection', laborType: 'W', laborSale: 120 },
      ],
    });
    const report = await importDmsRecords(server.product.sql, [
      ...Array.from({ length: 8 }, (_, i) => visit(`22880${i}`, i, ['(303) 555-1000'])),
      visit(NAME_ONLY_RO, 9, ['3035550001']),
    ], { source: 'customer-area e2e' });
    expect(report.rejected).toBe(0);
    // What the DMS data holds for Pat's mobile, and an RO of someone else.
    const theirs = await server.product.sql<{ roNumber: string }[]>`
      select ro_number as "roNumber" from ref.repair_orders where ${PAT_MOBILE} = any(customer_phones) and void_date is null`;
    expect(theirs.length).toBeGreaterThan(10);
    const [someoneElse] = await server.product.sql<{ roNumber: string }[]>`
      select ro_number as "roNumber" from ref.repair_orders
      where not (${PAT_MOBILE} = any(customer_phones)) and customer_email is distinct from 'pat.customer@example.com'
      order by open_date desc limit 1`;
    const allowed = new Set([...theirs.map((r) => r.roNumber), ...PAT_SALE_ROS]);

    for (const viewport of ['desktop', 'mobile'] as const) {
      const { page, pageErrors } = await signedIn(viewport);
      await page.goto('/customer/service');
      const visits = await visible(page.getByRole('list', { name: 'Visits' }));
      await visible(visits.getByText(/^Repair order /).nth(9));
      const firstPage = (await visits.getByText(/^Repair order /).allInnerTexts()).map((t) => t.replace('Repair order ', ''));
      expect(firstPage).toHaveLength(10);
      for (const ro of firstPage) expect(allowed.has(ro), `RO ${ro} is Pat's`).toBe(true);
      expect(firstPage).not.toContain(someoneElse!.roNumber);
      expect(firstPage).not.toContain(NAME_ONLY_RO);
      const pager = page.getByRole('navigation', { name: 'Service history pages' });
      await visible(pager.getByText(`1-10 of ${allowed.size}`));
      if (viewport === 'mobile') {
        expect(await visits.locator('table').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      await shot(page, `customer-area-service-${viewport}`);
      await pager.getByRole('button', { name: 'Next' }).click();
      await visible(pager.getByText(`11-${Math.min(20, allowed.size)} of ${allowed.size}`));
      await visits.getByText(/^Repair order /).first().waitFor();
      const secondPage = (await visits.getByText(/^Repair order /).allInnerTexts()).map((t) => t.replace('Repair order ', ''));
      expect(secondPage.some((ro) => firstPage.includes(ro))).toBe(false);
      for (const ro of secondPage) expect(allowed.has(ro)).toBe(true);
      expect(secondPage).not.toContain(NAME_ONLY_RO);
      expect(pageErrors).toEqual([]);
    }

    // Newest first, as the API answers the page the screen showed.
    const pats = await apiHeaders(server.url, DEMO_CUSTOMER);
    const res = await fetch(`${server.url}/api/customers/${pat}/service-history?$limit=50`, { headers: pats });
    const dataSet = ((await res.json()) as { dataSet: ServiceVisitView[] }).dataSet;
    const dates = dataSet.map((v) => v.closeDate ?? v.openDate);
    expect(dates).toEqual([...dates].sort().reverse());
    // And Pat cannot read another customer's history.
    const jordan = await fetch(`${server.url}/api/customers/${deterministicUuid('demo-customer-1')}/service-history`, { headers: pats });
    expect(jordan.status).toBe(403);
  });
});
