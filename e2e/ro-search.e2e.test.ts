// Browser tests of the RO page (/employee/ro-search, issue 4): find an RO by location and number, its
// header, jobs, totals and accounting rows, and Customers On RO with its three outcomes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { givenRolesAtEveryRooftop } from '@dealer/launcher/testing/rooftops';
import { signIn } from './support/auth';
import { expectAccessible } from './support/axe';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;

interface DemoRo {
  roNumber: string;
  customerName: string;
  advisorName: string;
  vin: string;
  jobs: number;
  accounting: number;
  /** SPEC 3: the sum of partsSale + laborSale + miscSale over the jobs. */
  total: number;
  firstJobTotal: number;
}

/** A closed RO at location 1 with several jobs, whose customer is in the CRM. */
let ro: DemoRo;

const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  // Issue 20: staff act and read only where they hold a role; this test's staff work at every rooftop
  // (4, Lakewood Chevrolet, does not use the CRM and is never offered).
  await givenRolesAtEveryRooftop(server, ['employee', 'manager']);
  const [row] = await server.product.sql.unsafe<DemoRo[]>(
    `select r.ro_number as "roNumber", r.customer_first_name || ' ' || r.customer_last_name as "customerName",
       r.advisor_first_name || ' ' || r.advisor_last_name as "advisorName", r.vin,
       (select count(*)::int from ref.ro_jobs j where j.location_id = r.location_id and j.ro_number = r.ro_number) as jobs,
       (select count(*)::int from ref.accounting_details a where a.location_id = r.location_id and a.ro_number = r.ro_number) as accounting,
       (select sum(j.parts_sale + j.labor_sale + j.misc_sale)::float8 from ref.ro_jobs j where j.location_id = r.location_id and j.ro_number = r.ro_number) as total,
       (select (j.parts_sale + j.labor_sale + j.misc_sale)::float8 from ref.ro_jobs j where j.location_id = r.location_id and j.ro_number = r.ro_number
         order by j.line_no nulls last, j.job_id limit 1) as "firstJobTotal"
     from ref.repair_orders r
     where r.location_id = 1 and r.close_date is not null and r.void_date is null and r.vin is not null
       and exists (select 1 from rm_customer_search.customers c where c.email_norm = r.customer_email)
       and (select count(*) from ref.ro_jobs j where j.location_id = r.location_id and j.ro_number = r.ro_number) >= 2
     order by r.ro_number limit 1`,
  );
  if (!row) throw new Error('No demo RO with several jobs and a CRM customer');
  ro = row;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openRoPage(viewport: ViewportName) {
  const opened = await openPage(browser, server.url, viewport);
  await signIn(opened.page, 'employee');
  // The sign-in toast hides itself after 2 s; screenshots are easier to read without it.
  await opened.page.getByText('Login Successful').waitFor({ state: 'detached' });
  if (viewport === 'desktop') await opened.page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'RO Search' }).click();
  else await opened.page.goto('/employee/ro-search');
  await waitForTitle(opened.page, 'RO Search | Dealer Coupons');
  // Preset to the employee's location, which uses the CRM.
  await opened.page.waitForFunction(() => document.querySelector('select')?.selectedOptions[0]?.textContent === 'Front Range Toyota');
  return opened;
}

async function findRo(page: Page, roNumber: string) {
  await page.getByLabel('RO Number').fill(roNumber);
  await page.getByRole('button', { name: 'Find RO' }).click();
}

describe('RO page', () => {
  it('should find an RO by location and number and show its header, jobs, totals and accounting', async () => {
    const { page, context, pageErrors } = await openRoPage('desktop');
    const options = await page.getByLabel('Location').locator('option').allTextContents();
    expect(options).toEqual(['Select a location...', 'Front Range Toyota', 'Flatirons Honda', 'Cherry Creek Ford']);

    await page.getByRole('button', { name: 'Find RO' }).click();
    await visible(page.getByText('RO Number is required', { exact: true }));

    await findRo(page, '999999');
    await visible(page.getByRole('alert').filter({ hasText: 'Repair order not found.' }));
    await screenshot(page, 'ro-not-found-desktop');

    await findRo(page, ro.roNumber);
    const header = await visible(page.getByRole('region', { name: `RO# ${ro.roNumber}` }));
    const headerText = await header.textContent();
    for (const expected of ['Front Range Toyota', ro.customerName, ro.advisorName, ro.vin, 'Closed', 'Open Date', 'Close Date', 'Mileage']) {
      expect(headerText).toContain(expected);
    }
    const jobs = await visible(page.getByRole('table', { name: 'Jobs' }));
    expect(await jobs.getByRole('columnheader').allTextContents()).toEqual([
      'Line', 'Op Code', 'Description', 'Labor Type', 'Parts Sale', 'Labor Sale', 'Misc Sale', 'Total',
    ]);
    expect(await jobs.locator('tbody tr').count()).toBe(ro.jobs);
    expect(await jobs.locator('tbody tr').first().locator('td').last().textContent()).toBe(money(ro.firstJobTotal));
    expect(await jobs.locator('tfoot td').last().textContent()).toBe(money(ro.total));
    const accounting = await visible(page.getByRole('table', { name: 'Accounting' }));
    expect(await accounting.locator('tbody tr').count()).toBe(ro.accounting);
    await screenshot(page, 'ro-page-desktop');

    // The address keeps the lookup: a reload shows the same RO.
    expect(page.url()).toContain(`roNumber=${ro.roNumber}`);
    await page.reload();
    await visible(page.getByRole('region', { name: `RO# ${ro.roNumber}` }));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should list the RO customer in Customers On RO and make the selected one the current customer', async () => {
    const { page, context, pageErrors } = await openRoPage('desktop');
    await findRo(page, ro.roNumber);
    await page.getByRole('button', { name: 'Find customers' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Customers On RO' }));
    await visible(dialog.getByText('We have found customers in our system that match the customer on this RO.'));
    expect(await dialog.getByRole('columnheader').allTextContents()).toEqual(['Select', 'Name', 'Email', 'Address', 'Mobile Phone', 'Other Phone']);
    const row = await visible(dialog.getByRole('row').filter({ hasText: ro.customerName }));
    expect(await row.textContent()).toMatch(/\(\d{3}\) \d{3}-\d{4}/);
    const useSelected = dialog.getByRole('button', { name: 'Use Selected Customer' });
    expect(await useSelected.isDisabled()).toBe(true);
    await screenshot(page, 'customers-on-ro-desktop');

    // Search For Customer closes this dialog and opens Search Customer.
    await dialog.getByRole('button', { name: 'Search For Customer' }).click();
    await dialog.waitFor({ state: 'detached' });
    const search = await visible(page.getByRole('dialog', { name: 'Search Customer' }));
    await search.getByRole('button', { name: 'Cancel' }).click();
    await search.waitFor({ state: 'detached' });

    // Cancel returns nothing; Use Selected Customer loads the customer and makes them current.
    await page.getByRole('button', { name: 'Find customers' }).click();
    const again = await visible(page.getByRole('dialog', { name: 'Customers On RO' }));
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Find customers' }).click();
    const third = await visible(page.getByRole('dialog', { name: 'Customers On RO' }));
    await third.getByRole('row').filter({ hasText: ro.customerName }).click();
    await third.getByRole('button', { name: 'Use Selected Customer' }).click();
    await page.waitForURL('**/employee/sales');
    await visible(page.getByRole('region', { name: ro.customerName }));
    expect(await page.evaluate(() => localStorage.getItem('EMPLOYEE_CUSTOMER_ID'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should show the RO and Customers On RO as cards at 390 px', async () => {
    const { page, context, pageErrors } = await openRoPage('mobile');
    await screenshot(page, 'ro-search-mobile');
    await findRo(page, ro.roNumber);
    await visible(page.getByRole('region', { name: `RO# ${ro.roNumber}` }));
    const jobs = await visible(page.getByRole('list', { name: 'Jobs' }));
    expect(await jobs.getByRole('listitem').count()).toBe(ro.jobs);
    await visible(page.getByText(money(ro.total)).last());
    await visible(page.getByRole('list', { name: 'Accounting' }));
    expect(await page.getByRole('table').count()).toBe(0);
    await screenshot(page, 'ro-page-mobile');

    await page.getByRole('button', { name: 'Find customers' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Customers On RO' }));
    await visible(dialog.getByRole('list', { name: 'Customers on this RO' }));
    expect(await dialog.getByRole('table').count()).toBe(0);
    await screenshot(page, 'customers-on-ro-mobile');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should search ROs by advisor and dates, page through them, and open one (issue 23)', async () => {
    const { page, context, pageErrors } = await openRoPage('desktop');
    const [found] = await server.product.sql.unsafe<{ openDay: string }[]>(
      `select to_char(open_date, 'YYYY-MM-DD') as "openDay" from ref.repair_orders where location_id = 1 and ro_number = $1`, [ro.roNumber],
    );
    const openDay = found!.openDay;
    const finder = page.getByRole('search', { name: 'Search repair orders' });
    await finder.getByLabel('Search at').selectOption({ label: 'Front Range Toyota' });
    await finder.getByLabel(/^Advisor/).fill(ro.advisorName);
    await finder.getByLabel('From', { exact: true }).fill(openDay);
    await finder.getByLabel('To', { exact: true }).fill(openDay);
    await finder.getByRole('button', { name: 'Search' }).click();
    const results = await visible(page.getByRole('table', { name: 'Repair orders found' }));
    const row = results.getByRole('row', { name: new RegExp(`^${ro.roNumber} Front Range Toyota Closed`) });
    await visible(row);
    for (const text of await results.locator('tbody tr td:nth-child(6)').allTextContents()) expect(text).toBe(ro.advisorName);
    await expectAccessible(page, 'RO search results');
    await screenshot(page, 'ro-search-results');

    // Every closed RO at the location, a page at a time: the next page holds other ROs, and Previous comes back.
    await finder.getByLabel(/^Advisor/).fill('');
    await finder.getByLabel('From', { exact: true }).fill('');
    await finder.getByLabel('To', { exact: true }).fill('');
    await finder.getByLabel('Status').selectOption({ label: 'Closed' });
    await finder.getByRole('button', { name: 'Search' }).click();
    await visible(page.getByText('Page 1'));
    const firstPage = await results.locator('tbody tr td:first-child').allTextContents();
    expect(firstPage).toHaveLength(25);
    await page.getByRole('button', { name: 'Next page' }).click();
    await visible(page.getByText('Page 2'));
    await page.waitForFunction((first) => document.querySelector('table tbody tr td')?.textContent !== first, firstPage[0]);
    const secondPage = await results.locator('tbody tr td:first-child').allTextContents();
    expect(secondPage.filter((n) => firstPage.includes(n))).toEqual([]);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await visible(page.getByText('Page 1'));

    await finder.getByLabel(/^Advisor/).fill(ro.advisorName);
    await finder.getByLabel('From', { exact: true }).fill(openDay);
    await finder.getByLabel('To', { exact: true }).fill(openDay);
    await finder.getByRole('button', { name: 'Search' }).click();
    await row.getByRole('button', { name: `View RO# ${ro.roNumber} at Front Range Toyota` }).click();
    await visible(page.getByRole('region', { name: `RO# ${ro.roNumber}` }));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should show RO search results as cards at 390 px', async () => {
    const { page, context, pageErrors } = await openRoPage('mobile');
    const finder = page.getByRole('search', { name: 'Search repair orders' });
    await finder.getByLabel(/^Customer name/).fill(ro.customerName);
    await finder.getByRole('button', { name: 'Search' }).click();
    const cards = await visible(page.getByRole('list', { name: 'Repair orders found' }));
    await visible(cards.getByText(`RO# ${ro.roNumber}`));
    expect(await page.getByRole('table').count()).toBe(0);
    await expectAccessible(page, 'RO search results at 390 px');
    await cards.getByRole('listitem').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'ro-search-results-mobile');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
