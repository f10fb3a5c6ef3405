// Browser tests of the catalogue pages (issue 11): a manager creates two coupons and a pack, adds the coupons to
// the pack through the generic search dialog (highlight, then Select; and by keyboard), removes one after SPEC 8's
// confirmation and disables the pack, each with SPEC's toast; the pages as cards on mobile; an employee reads both
// pages without any of the commands. Every screen is checked by axe at 1366 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { apiHeaders, signIn, type DemoLogin } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';
import { readSideReport, recordReads } from './support/read-side';

let server: TestServer;
let browser: Browser;

/** Unique names, so the demo catalogue and a rerun cannot collide. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const OIL = `E2E Oil Change ${RUN}`;
const BRAKES = `E2E Brake Check ${RUN}`;
const PACK = `E2E Care Pack ${RUN}`;
const LOCATION = 'Front Range Toyota';

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(login: DemoLogin, viewport: ViewportName) {
  const opened = await openPage(browser, server.url, viewport);
  await signIn(opened.page, login);
  // The sign-in toast hides itself after 2 s; screenshots are easier to read without it.
  await opened.page.getByText('Login Successful').waitFor({ state: 'detached' });
  return opened;
}

/** A success toast with SPEC's text; waits until it hides itself, so the next one is not confused with it. */
async function toastSays(page: Page, text: string) {
  const toast = await visible(page.getByText(text, { exact: true }));
  await toast.waitFor({ state: 'detached' });
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

async function goTo(page: Page, link: 'Coupons' | 'Packs') {
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: link, exact: true }).click();
  await waitForTitle(page, `${link} | Dealer Coupons`);
  await visible(page.getByRole('heading', { name: link, level: 1 }));
}

describe('catalogue pages', () => {
  it('should let a manager create coupons and a pack, add and remove a coupon, and disable the pack', async () => {
    const { page, context, pageErrors } = await signedIn('manager', 'desktop');
    const reads = recordReads(page, '/api/coupons');
    await goTo(page, 'Coupons');
    await visible(page.getByRole('table'));
    await screenshot(page, 'catalogue-coupons-desktop');

    // A fixed-amount coupon. The form checks contracts' rules before sending.
    await page.getByRole('button', { name: 'Add Coupon' }).click();
    let dialog = await visible(page.getByRole('dialog', { name: 'Add Coupon' }));
    await visible(dialog.getByLabel('C customer pay'));
    expect(await dialog.getByLabel('C customer pay').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText('Name is required.'));
    await visible(dialog.getByText('At least one op code is required.'));
    await visible(dialog.getByText('Choose at least one location that honours the coupon.'));
    await dialog.getByLabel('Name').fill(OIL);
    await dialog.getByLabel('Op codes').fill('lof, 01lof');
    await dialog.getByLabel('Amount off ($)').fill('29.999');
    await dialog.getByLabel(LOCATION).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText('Enter at most 2 digits after the decimal point.'));
    await dialog.getByLabel('Amount off ($)').fill('$29.99');
    await screenshot(page, 'catalogue-coupon-form-desktop');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toastSays(page, 'Coupon successfully added.');
    await dialog.waitFor({ state: 'detached' });

    // A percent coupon good through a date, for customer pay and warranty lines.
    await page.getByRole('button', { name: 'Add Coupon' }).click();
    dialog = await visible(page.getByRole('dialog', { name: 'Add Coupon' }));
    await dialog.getByLabel('Name').fill(BRAKES);
    await dialog.getByLabel('Op codes').fill('BRK');
    await dialog.getByLabel('Percent of the line').check();
    await dialog.getByLabel('Percent off the line (%)').fill('15');
    await dialog.getByLabel('Reference price ($)').fill('120');
    await dialog.getByLabel('W warranty').check();
    await dialog.getByLabel('Until a date').check();
    await dialog.getByLabel('Valid through').fill('2030-12-31');
    await dialog.getByLabel('Most per RO').fill('2');
    await dialog.getByLabel(LOCATION).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toastSays(page, 'Coupon successfully added.');

    // Both are listed with their terms as the server stored them.
    await page.getByLabel('Search coupons').fill(RUN);
    const oil = await visible(row(page, OIL));
    expect(await oil.textContent()).toContain('LOF01LOF');
    expect(await oil.textContent()).toContain('$29.99 off');
    const brakes = await visible(row(page, BRAKES));
    expect(await brakes.textContent()).toContain('15% off');
    expect(await brakes.textContent()).toContain('Reference $120.00');
    expect(await brakes.textContent()).toContain('Through 12/31/2030');
    expect(await brakes.textContent()).toContain('2 per RO');
    expect(await brakes.textContent()).toContain('C, W');

    // Edit sends the revision read; the change shows.
    await oil.getByRole('button', { name: `Edit ${OIL}` }).click();
    dialog = await visible(page.getByRole('dialog', { name: `Edit Coupon: ${OIL}` }));
    expect(await dialog.getByLabel('Amount off ($)').inputValue()).toBe('29.99');
    await dialog.getByLabel('Amount off ($)').fill('34.50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastSays(page, 'Coupon successfully updated.');
    await visible(row(page, OIL).getByText('$34.50 off')).catch(async (error: Error) => {
      throw new Error(`${error.message}\nreads of /api/coupons:\n${reads.join('\n')}\n${await readSideReport(server, ['coupon_catalogue'])}`);
    });

    // A pack.
    await goTo(page, 'Packs');
    await page.getByRole('button', { name: 'Add Pack' }).click();
    dialog = await visible(page.getByRole('dialog', { name: 'Add Pack' }));
    await dialog.getByLabel('Name').fill(PACK);
    await dialog.getByLabel('Description').fill('Two services for one price.');
    await dialog.getByLabel('Price ($)').fill('199');
    await dialog.getByLabel('Term (months)').fill('24');
    await dialog.getByLabel('Mileage limit').fill('30,000');
    await dialog.getByLabel(LOCATION).check();
    await screenshot(page, 'catalogue-pack-form-desktop');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toastSays(page, 'Successfully created coupon pack.');
    await page.getByLabel('Search packs').fill(RUN);
    const pack = await visible(row(page, PACK));
    expect(await pack.textContent()).toContain('$199.00');
    expect(await pack.textContent()).toContain('24 months or 30,000 miles');

    // Add the oil coupon: highlight a row, then Select; then a quantity.
    await pack.getByRole('button', { name: `Coupons of ${PACK}` }).click();
    const detail = await visible(page.getByRole('dialog', { name: `Pack: ${PACK}` }));
    await visible(detail.getByText('This pack has no coupons yet.'));
    await detail.getByRole('button', { name: 'Add Coupon' }).click();
    const picker = await visible(page.getByRole('dialog', { name: 'Add Coupon to Pack' }));
    const select = picker.getByRole('button', { name: 'Select', exact: true });
    await picker.getByLabel('Search active coupons by name or op code').fill(OIL);
    // The empty box lists the active coupons; wait for the typed search to narrow them to one.
    await expect.poll(() => picker.getByRole('row').count()).toBe(2);
    const oilResult = await visible(picker.getByRole('row').filter({ hasText: OIL }));
    expect(await select.isDisabled()).toBe(true);
    await oilResult.click();
    expect(await oilResult.getAttribute('aria-current')).toBe('true');
    expect(await select.isDisabled()).toBe(false);
    await screenshot(page, 'catalogue-coupon-picker-desktop');
    await select.click();
    let quantity = await visible(page.getByRole('dialog', { name: `Quantity of ${OIL}` }));
    await quantity.getByRole('textbox', { name: 'Quantity' }).fill('100');
    await quantity.getByRole('button', { name: 'Add Coupon' }).click();
    await visible(quantity.getByText('Quantity must be a whole number from 1 to 99.'));
    await quantity.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await quantity.getByRole('button', { name: 'Add Coupon' }).click();
    await toastSays(page, 'Successfully added coupon to pack.');
    await visible(detail.getByRole('row').filter({ hasText: OIL }));

    // The brake coupon by keyboard: arrow down to it, Enter selects, Enter adds one.
    await detail.getByRole('button', { name: 'Add Coupon' }).click();
    const picker2 = await visible(page.getByRole('dialog', { name: 'Add Coupon to Pack' }));
    await page.keyboard.type(BRAKES);
    await expect.poll(() => picker2.getByRole('row').count()).toBe(2);
    await visible(picker2.getByRole('row').filter({ hasText: BRAKES }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    quantity = await visible(page.getByRole('dialog', { name: `Quantity of ${BRAKES}` }));
    expect(await quantity.getByRole('textbox', { name: 'Quantity' }).inputValue()).toBe('1');
    await page.keyboard.press('Enter');
    await toastSays(page, 'Successfully added coupon to pack.');
    const brakeItem = await visible(detail.getByRole('row').filter({ hasText: BRAKES }));
    expect(await detail.getByRole('row').filter({ hasText: OIL }).getByRole('cell').nth(1).textContent()).toBe('2');
    await screenshot(page, 'catalogue-pack-detail-desktop');

    // A double-click selects too; a coupon the pack holds starts from its quantity, which the dialog would set.
    await detail.getByRole('button', { name: 'Add Coupon' }).click();
    const picker3 = await visible(page.getByRole('dialog', { name: 'Add Coupon to Pack' }));
    await page.keyboard.type(OIL);
    await expect.poll(() => picker3.getByRole('row').count()).toBe(2);
    await picker3.getByRole('row').filter({ hasText: OIL }).dblclick();
    quantity = await visible(page.getByRole('dialog', { name: `Quantity of ${OIL}` }));
    expect(await quantity.getByRole('textbox', { name: 'Quantity' }).inputValue()).toBe('2');
    await visible(quantity.getByText('The pack already holds 2; this sets the new quantity.'));
    await quantity.getByRole('button', { name: 'Cancel' }).click();
    await quantity.waitFor({ state: 'detached' });

    // Remove the brake coupon: No keeps it, Yes removes it.
    await brakeItem.getByRole('button', { name: `Remove ${BRAKES}` }).click();
    let confirm = await visible(page.getByRole('alertdialog', { name: 'Confirm Action' }));
    await visible(confirm.getByText('Are you sure you want to remove coupon?'));
    await screenshot(page, 'catalogue-remove-confirm-desktop');
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    await brakeItem.getByRole('button', { name: `Remove ${BRAKES}` }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Yes' }).click();
    await toastSays(page, 'Successfully removed coupon from pack.');
    await detail.getByRole('row').filter({ hasText: BRAKES }).waitFor({ state: 'detached' });
    await detail.getByRole('button', { name: 'Close' }).last().click();
    await detail.waitFor({ state: 'detached' });
    await visible(row(page, PACK).getByText('2 coupons of 1 kind'));

    // Disable the pack.
    await row(page, PACK).getByRole('button', { name: `Disable ${PACK}` }).click();
    confirm = await visible(page.getByRole('alertdialog', { name: 'Confirm Action' }));
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await toastSays(page, 'Successfully disabled coupon pack.');
    await visible(row(page, PACK).getByText('Disabled', { exact: true }));
    await visible(row(page, PACK).getByRole('button', { name: `Enable ${PACK}` }));

    // The server agrees.
    const managerApi = await apiHeaders(server.url, 'manager');
    const listed = await fetch(`${server.url}/api/packs?search=${encodeURIComponent(PACK)}`, { headers: managerApi });
    const [stored] = ((await listed.json()) as { dataSet: { name: string; status: string; items: { couponName: string; quantity: number }[] }[] }).dataSet;
    expect(stored).toMatchObject({ name: PACK, status: 'disabled', items: [{ couponName: OIL, quantity: 2 }] });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should show the coupons, the packs and their dialogs as cards on mobile', async () => {
    const { page, context, pageErrors } = await signedIn('manager', 'mobile');
    await page.goto('/employee/coupons');
    await visible(page.getByRole('list', { name: 'Coupons' }));
    expect(await page.getByRole('table').count()).toBe(0);
    await screenshot(page, 'catalogue-coupons-mobile');
    await page.getByRole('button', { name: 'Add Coupon' }).click();
    await visible(page.getByRole('dialog', { name: 'Add Coupon' }));
    await screenshot(page, 'catalogue-coupon-form-mobile');
    await page.keyboard.press('Escape');

    await page.goto('/employee/packs');
    const cards = await visible(page.getByRole('list', { name: 'Packs' }));
    await screenshot(page, 'catalogue-packs-mobile');
    await cards.getByRole('listitem').first().getByRole('button', { name: /^Coupons of / }).click();
    const detail = await visible(page.getByRole('dialog', { name: /^Pack: / }));
    await screenshot(page, 'catalogue-pack-detail-mobile');
    const add = detail.getByRole('button', { name: 'Add Coupon' });
    if (await add.count()) {
      await add.click();
      const picker = await visible(page.getByRole('dialog', { name: 'Add Coupon to Pack' }));
      await visible(picker.getByRole('list', { name: 'Search results' }));
      await screenshot(page, 'catalogue-coupon-picker-mobile');
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should let an employee read the coupons and packs without changing them', async () => {
    const { page, context, pageErrors } = await signedIn('employee', 'desktop');
    await goTo(page, 'Coupons');
    await visible(page.getByRole('table'));
    expect(await page.getByRole('button', { name: 'Add Coupon' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Disable|Enable) / }).count()).toBe(0);
    await screenshot(page, 'catalogue-coupons-employee-desktop');

    await goTo(page, 'Packs');
    await visible(page.getByRole('table'));
    expect(await page.getByRole('button', { name: 'Add Pack' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Disable|Enable) / }).count()).toBe(0);
    await page.getByRole('button', { name: /^Coupons of / }).first().click();
    const detail = await visible(page.getByRole('dialog', { name: /^Pack: / }));
    expect(await detail.getByRole('button', { name: 'Add Coupon' }).count()).toBe(0);
    expect(await detail.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    await screenshot(page, 'catalogue-pack-detail-employee-desktop');

    // The server refuses the commands too.
    const employeeApi = await apiHeaders(server.url, 'employee');
    const refused = await fetch(`${server.url}/api/packs`, { method: 'POST', headers: { 'content-type': 'application/json', ...employeeApi }, body: '{}' });
    expect(refused.status).toBe(403);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
