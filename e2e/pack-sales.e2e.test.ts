// Browser tests of selling a coupon pack on /employee/sales (issue 11; SPEC 2.5 Enter Sale RO # and the Location
// selector, SPEC 4 pending rules): an employee sells a pack on an open RO, sees the sale pending with its location
// locked and SPEC's tooltip; the RO closes through a DMS import and the sale turns final on screen with the
// customer's coupons and their expiries; a manager voids the sale through Enter Void Reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { PACK_SALE_MESSAGES, addMoney, cents, formatMoney, percentOf, type CustomerCouponView, type PackSaleView, type PackView } from '@dealer/contracts';
import { REPAIR_ORDER_FIELDS, RO_JOB_FIELDS, importDmsRecords } from '@dealer/dms/index';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { givenRolesAtEveryRooftop } from '@dealer/launcher/testing/rooftops';
import { createCustomer } from './support/api';
import { apiHeaders, signIn, type DemoLogin } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;
let employeeApi: Record<string, string>;

// A customer of this test alone, so the purchase history starts empty whatever the demo data sold.
const subject = { firstName: 'Morgan', lastName: 'Packbuyer', emailAddress: 'morgan.packbuyer@example.com', phoneMobile: '7205550431' };
const name = `${subject.firstName} ${subject.lastName}`;
let customerId: string;

interface OpenRo {
  roNumber: string;
  locationId: number;
  locationName: string;
}
/** An open demo RO (no close date) at a CRM location that sells an active pack. */
let saleRo: OpenRo;
/** Another open RO at a location that sells the pack, for a manager's Finalise. */
let secondRo: OpenRo | undefined;
let pack: PackView;

const get = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${server.url}${path}`, { headers: employeeApi });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { dataSet: T }).dataSet;
};

beforeAll(async () => {
  // The worker also finalises on a timer; 1 s keeps the test short if the import's notification is missed.
  [server, browser] = await Promise.all([startTestServer({ env: { PACK_SALE_FINALISE_INTERVAL_MS: '1000' } }), launchBrowser()]);
  // Issue 20: staff act only where they hold a role; this test's employee and manager work at every rooftop.
  await givenRolesAtEveryRooftop(server, ['employee', 'manager']);
  employeeApi = await apiHeaders(server.url, 'employee');
  customerId = await createCustomer(server.url, subject);
  const open = await server.product.sql<OpenRo[]>`
    select r.ro_number as "roNumber", r.location_id as "locationId", l.location_name as "locationName"
    from ref.repair_orders r join ref.locations l on l.location_id = r.location_id and l.is_using_crm
    where r.close_date is null and r.void_date is null
    order by r.location_id, r.ro_number`;
  for (const ro of open) {
    const packs = await get<PackView[] | null>(`/api/packs?status=active&locationId=${ro.locationId}`);
    const sellable = (packs ?? []).find((p) => p.items.length > 0);
    if (sellable) {
      saleRo = ro;
      pack = sellable;
      break;
    }
  }
  if (!pack) throw new Error(`No open demo RO at a CRM location that sells an active pack (${open.length} open ROs)`);
  secondRo = open.find((ro) => ro !== saleRo && pack.locationIds.includes(ro.locationId));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(login: DemoLogin, viewport: ViewportName = 'desktop') {
  const opened = await openPage(browser, server.url, viewport);
  await signIn(opened.page, login);
  await waitForTitle(opened.page, 'Sales | Dealer Coupons');
  await opened.page.getByText('Login Successful').waitFor({ state: 'detached' });
  return opened;
}

/** Picks the subject through the Search Customer dialog; returns the Coupon packs and Coupons panels. */
async function selectSubject(page: Page): Promise<{ packs: Locator; coupons: Locator }> {
  await page.getByRole('button', { name: 'Search customers' }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Search Customer' }));
  await dialog.getByPlaceholder('Phone, Email, RO #').fill(subject.emailAddress);
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await (await visible(dialog.locator('tr, li').filter({ hasText: name }).first())).getByText(name, { exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return {
    packs: await visible(page.getByRole('region', { name: 'Coupon packs' })),
    coupons: await visible(page.getByRole('region', { name: 'Coupons', exact: true })),
  };
}

const purchases = () => get<PackSaleView[] | null>(`/api/customers/${customerId}/purchases`).then((d) => d ?? []);
const ownedCoupons = () => get<CustomerCouponView[] | null>(`/api/customers/${customerId}/coupons`).then((d) => d ?? []);

/** The RO as the DMS export would send it again, now closed: header and jobs from the reference tables. */
async function closedRoRecord(ro: OpenRo, closeDate: string): Promise<Record<string, unknown>> {
  const [header] = await server.product.sql<{ j: Record<string, unknown> }[]>`
    select row_to_json(r) as j from ref.repair_orders r where r.location_id = ${ro.locationId} and r.ro_number = ${ro.roNumber}`;
  const jobs = await server.product.sql<{ j: Record<string, unknown> }[]>`
    select row_to_json(j) as j from ref.ro_jobs j where j.location_id = ${ro.locationId} and j.ro_number = ${ro.roNumber} order by j.job_id`;
  const pick = (row: Record<string, unknown>, fields: typeof REPAIR_ORDER_FIELDS) =>
    Object.fromEntries(fields.filter((f) => row[f.column] !== null && row[f.column] !== undefined).map((f) => [f.key, row[f.column]]));
  return { ...pick(header!.j, REPAIR_ORDER_FIELDS), locationName: ro.locationName, jobs: jobs.map((r) => pick(r.j, RO_JOB_FIELDS)), closeDate };
}

/** Full-page screenshots draw fixed parts (top bar, dialogs) where the page was scrolled to: start at the top. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** 'YYYY-MM-DD' as the screens show it (SPEC 5: month/day/year). */
const mdy = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

describe('selling a coupon pack to the selected customer', () => {
  it('should sell on an open RO as pending with the location locked, turn final when an import closes the RO, and show the coupons with their expiries', async () => {
    const { page, pageErrors } = await signedIn('employee');
    const { packs, coupons } = await selectSubject(page);
    await visible(packs.getByText('This customer has not bought a coupon pack yet.'));
    await visible(coupons.getByText(/^No coupons yet/));

    // Sell pack: the location, the pack it sells, price, tax and total; then Enter Sale RO #.
    await packs.getByRole('button', { name: 'Sell pack' }).click();
    const sell = await visible(page.getByRole('dialog', { name: 'Sell Coupon Pack' }));
    await visible(sell.getByText(name, { exact: true }));
    const location = sell.getByLabel('Location', { exact: true });
    await location.selectOption(String(saleRo.locationId));
    const packSelect = sell.getByLabel('Pack', { exact: true });
    // Options of a native select count as hidden: wait for the location's packs to be there.
    await packSelect.locator(`option[value="${pack.packId}"]`).waitFor({ state: 'attached' });
    await packSelect.selectOption(pack.packId);
    const money = sell.getByRole('definition').filter({ hasText: formatMoney(pack.price) }).first();
    await visible(money);
    for (const item of pack.items) await visible(sell.getByText(`${item.quantity} × ${item.couponName}`));
    // An employee cannot change the price (managers only).
    expect(await sell.getByRole('switch', { name: 'Change the price' }).count()).toBe(0);
    await page.mouse.move(5, 5);
    await screenshot(page, 'pack-sale-sell-dialog-desktop');

    await sell.getByRole('button', { name: 'Enter sale RO #' }).click();
    const roDialog = await visible(page.getByRole('dialog', { name: 'Enter Sale RO #' }));
    // The location was chosen for the sale; here it is shown, not changed.
    expect(await roDialog.getByLabel('Location', { exact: true }).isDisabled()).toBe(true);
    expect(await roDialog.getByLabel('Location', { exact: true }).inputValue()).toBe(String(saleRo.locationId));
    await roDialog.getByLabel('RO Number').fill(saleRo.roNumber);
    await screenshot(page, 'pack-sale-enter-sale-ro-desktop');
    await roDialog.getByRole('button', { name: 'Submit' }).click();
    await roDialog.waitFor({ state: 'detached' });
    await visible(page.getByText(PACK_SALE_MESSAGES.sold, { exact: true }));
    await sell.waitFor({ state: 'detached' });

    // Pending: the badge, and the location selector locked with SPEC 2.5's tooltip.
    const sale = await visible(packs.getByRole('article', { name: pack.name }));
    await visible(sale.getByText('Pending', { exact: true }));
    expect(await sale.textContent()).toContain(saleRo.roNumber);
    const soldAt = sale.getByLabel('Location', { exact: true });
    expect(await soldAt.isDisabled()).toBe(true);
    expect(await soldAt.inputValue()).toBe(String(saleRo.locationId));
    // Hidden until hovered, and always the select's description for assistive technology.
    const tooltip = sale.locator('[role="tooltip"]');
    expect(await tooltip.textContent()).toBe(PACK_SALE_MESSAGES.pendingLocationTooltip);
    expect(await soldAt.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
    expect(await tooltip.isVisible()).toBe(false);
    await soldAt.hover({ force: true });
    await visible(sale.getByRole('tooltip', { name: PACK_SALE_MESSAGES.pendingLocationTooltip }));
    const [pendingSale] = await purchases();
    expect(pendingSale).toMatchObject({ status: 'pending', saleRoNumber: saleRo.roNumber, locationId: saleRo.locationId, packId: pack.packId });
    // The tooltip covers part of the page: axe and the screenshot look at the pending sale as staff see it.
    await screenshot(page, 'pack-sale-pending-desktop');
    await page.mouse.move(5, 5);

    // The DMS export now shows the RO closed: the worker finalises the sale, and the page shows it without a reload.
    const report = await importDmsRecords(server.product.sql, [await closedRoRecord(saleRo, new Date().toISOString().slice(0, 19))]);
    expect(report).toMatchObject({ accepted: 1, rejected: 0 });
    await sale.getByText('Final', { exact: true }).waitFor({ state: 'visible', timeout: 20_000 });
    await visible(sale.getByText(/^Final since the sale RO closed/));
    expect(await sale.getByLabel('Location', { exact: true }).count()).toBe(0);
    expect(await sale.textContent()).toContain(saleRo.locationName);
    const [finalSale] = await purchases();
    expect(finalSale).toMatchObject({ status: 'final', finalisedVia: 'ro-closed' });

    // The customer's coupons: one per unit of each item, each with its expiry as month/day/year.
    const owned = await ownedCoupons();
    expect(owned).toHaveLength(pack.items.reduce((n, i) => n + i.quantity, 0));
    const table = coupons.getByRole('table', { name: 'Coupons' });
    await visible(table);
    expect(await table.locator('tbody tr').count()).toBe(owned.length);
    for (const coupon of owned) {
      expect(coupon.status).toBe('available');
      await visible(table.getByRole('row').filter({ hasText: coupon.name }).filter({ hasText: `Expires ${mdy(coupon.expiresOn)}` }).first());
    }
    expect(await coupons.getByText('Available', { exact: true }).count()).toBe(owned.length);
    await shot(page, 'pack-sale-final-desktop');
    expect(pageErrors).toEqual([]);
  });

  it('should show the purchase history and the coupons as cards on a phone', async () => {
    const { page, pageErrors } = await signedIn('employee', 'mobile');
    const { packs, coupons } = await selectSubject(page);
    const sale = await visible(packs.getByRole('article', { name: pack.name }));
    await visible(sale.getByText('Final', { exact: true }));
    // SPEC 9: at 768 px and below the tables are cards.
    expect(await coupons.getByRole('table').count()).toBe(0);
    const cards = coupons.getByRole('list', { name: 'Coupons' }).getByRole('listitem');
    expect(await cards.count()).toBe((await ownedCoupons()).length);
    await visible(cards.first().getByText(/^Expires \d{2}\/\d{2}\/\d{4}$/));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'pack-sale-history-mobile');

    await packs.getByRole('button', { name: 'Sell pack' }).click();
    const sell = await visible(page.getByRole('dialog', { name: 'Sell Coupon Pack' }));
    await sell.getByLabel('Location', { exact: true }).selectOption(String(saleRo.locationId));
    await sell.getByLabel('Pack', { exact: true }).selectOption(pack.packId);
    await shot(page, 'pack-sale-sell-dialog-mobile');
    await sell.getByRole('button', { name: 'Cancel' }).click();
    await sell.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });

  it('should let a manager change the price only with a reason, and show the tax on the new price', async () => {
    const { page, pageErrors } = await signedIn('manager');
    const { packs } = await selectSubject(page);
    await packs.getByRole('button', { name: 'Sell pack' }).click();
    const sell = await visible(page.getByRole('dialog', { name: 'Sell Coupon Pack' }));
    await sell.getByLabel('Location', { exact: true }).selectOption(String(saleRo.locationId));
    const packSelect = sell.getByLabel('Pack', { exact: true });
    await packSelect.locator(`option[value="${pack.packId}"]`).waitFor({ state: 'attached' });
    await packSelect.selectOption(pack.packId);
    await sell.getByRole('switch', { name: 'Change the price' }).check();
    await sell.getByLabel('New price').fill('120');
    await sell.getByRole('button', { name: 'Enter sale RO #' }).click();
    // No RO dialog: the reason is missing.
    await visible(sell.getByText(PACK_SALE_MESSAGES.priceOverrideReasonRequired, { exact: true }));
    expect(await page.getByRole('dialog', { name: 'Enter Sale RO #' }).count()).toBe(0);
    // The tax is the location's rate on the new price, rounded half-up as the server does.
    const locations = await get<{ locationId: number; salesTaxRateBasisPoints?: number }[]>('/api/locations');
    const rate = locations.find((l) => l.locationId === saleRo.locationId)?.salesTaxRateBasisPoints ?? 0;
    const total = addMoney(cents(12000), percentOf(cents(12000), rate, 'half-up'));
    await visible(sell.getByRole('definition').filter({ hasText: formatMoney(total) }));
    await sell.getByLabel('Reason for the price change').fill('Loyal customer.');
    expect(await sell.getByText(PACK_SALE_MESSAGES.priceOverrideReasonRequired).count()).toBe(0);
    await shot(page, 'pack-sale-price-change-desktop');
    await sell.getByRole('button', { name: 'Cancel' }).click();
    await sell.waitFor({ state: 'detached' });
    expect(await purchases()).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  it('should correct the sold location in the purchase history, with a reason', async () => {
    const [before] = await purchases();
    const crm = (await get<{ locationId: number; locationName: string; isUsingCrm: boolean }[]>('/api/locations')).filter((l) => l.isUsingCrm);
    const target = crm.find((l) => l.locationId !== saleRo.locationId && before!.sellingLocationIds.includes(l.locationId));
    if (!target) throw new Error(`The pack ${pack.name} is sold at no other CRM location`);
    const { page, pageErrors } = await signedIn('employee');
    const { packs } = await selectSubject(page);
    const sale = await visible(packs.getByRole('article', { name: pack.name }));
    await sale.getByRole('button', { name: `Correct location: ${pack.name}, RO# ${saleRo.roNumber}` }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Correct Sold Location' }));
    const location = dialog.getByLabel('Location', { exact: true });
    // Only the CRM locations that sold the pack when it was sold.
    const offered = await location.locator('option:not([disabled])').evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
    expect(offered.every((id) => before!.sellingLocationIds.includes(id) && crm.some((l) => l.locationId === id))).toBe(true);
    await location.selectOption(String(target.locationId));
    await dialog.getByRole('button', { name: 'Correct location' }).click();
    await visible(dialog.getByText(PACK_SALE_MESSAGES.correctionReasonRequired, { exact: true }));
    await dialog.getByLabel('Reason for the correction').fill('Sold at the other store; entered under ours by mistake.');
    await shot(page, 'pack-sale-correct-location-desktop');
    await dialog.getByRole('button', { name: 'Correct location' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByText(PACK_SALE_MESSAGES.locationCorrected, { exact: true }));
    await visible(sale.getByText(new RegExp(`Location corrected from .+ to ${target.locationName}`)));
    const [after] = await purchases();
    expect(after).toMatchObject({ locationId: target.locationId, corrections: [{ fromLocationId: saleRo.locationId, toLocationId: target.locationId }] });
    expect(pageErrors).toEqual([]);
  });

  it('should let a manager void the sale with a reason, which voids its coupons', async () => {
    const { page, pageErrors } = await signedIn('manager');
    const { packs, coupons } = await selectSubject(page);
    const sale = await visible(packs.getByRole('article', { name: pack.name }));
    await sale.getByRole('button', { name: `Void: ${pack.name}, RO# ${saleRo.roNumber}` }).click();

    const dialog = await visible(page.getByRole('dialog', { name: 'Enter Void Reason' }));
    const reason = dialog.getByLabel('Void reason');
    // SPEC 5: required, and said so once edited.
    expect(await dialog.getByText(PACK_SALE_MESSAGES.voidReasonRequired).count()).toBe(0);
    await reason.fill('x');
    await reason.fill('');
    await visible(dialog.getByText(PACK_SALE_MESSAGES.voidReasonRequired, { exact: true }));
    expect(await dialog.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    await shot(page, 'pack-sale-void-reason-desktop');
    await reason.fill('Customer changed their mind before leaving.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByText(PACK_SALE_MESSAGES.voidedSuccess, { exact: true }));

    await visible(sale.getByText('Voided', { exact: true }).first());
    await visible(sale.getByText(/Customer changed their mind before leaving\./));
    expect(await sale.getByRole('button', { name: /^Void/ }).count()).toBe(0);
    const owned = await ownedCoupons();
    expect(owned.every((c) => c.status === 'voided')).toBe(true);
    await coupons.getByText('Voided', { exact: true }).nth(owned.length - 1).waitFor({ state: 'visible' });
    expect(await coupons.getByText('Available', { exact: true }).count()).toBe(0);
    const [voided] = await purchases();
    expect(voided).toMatchObject({ status: 'voided', void: { reason: 'Customer changed their mind before leaving.' } });
    await page.mouse.move(5, 5);
    await shot(page, 'pack-sale-voided-desktop');
    expect(pageErrors).toEqual([]);
  });

  it('should let a manager finalise a pending sale without waiting for its RO to close', async () => {
    if (!secondRo) throw new Error(`No second open demo RO at a location that sells ${pack.name}`);
    const { page, pageErrors } = await signedIn('manager');
    const { packs } = await selectSubject(page);
    await packs.getByRole('button', { name: 'Sell pack' }).click();
    const sell = await visible(page.getByRole('dialog', { name: 'Sell Coupon Pack' }));
    await sell.getByLabel('Location', { exact: true }).selectOption(String(secondRo.locationId));
    const packSelect = sell.getByLabel('Pack', { exact: true });
    await packSelect.locator(`option[value="${pack.packId}"]`).waitFor({ state: 'attached' });
    await packSelect.selectOption(pack.packId);
    await sell.getByRole('button', { name: 'Enter sale RO #' }).click();
    const roDialog = await visible(page.getByRole('dialog', { name: 'Enter Sale RO #' }));
    await roDialog.getByLabel('RO Number').fill(secondRo.roNumber);
    await roDialog.getByRole('button', { name: 'Submit' }).click();
    await visible(page.getByText(PACK_SALE_MESSAGES.sold, { exact: true }));

    const sale = packs.getByRole('article').filter({ hasText: `Sale RO# ${secondRo.roNumber}` });
    await visible(sale.getByText('Pending', { exact: true }));
    await sale.getByRole('button', { name: `Finalise: ${pack.name}, RO# ${secondRo.roNumber}` }).click();
    const confirmDialog = await visible(page.getByRole('alertdialog', { name: 'Confirm Action' }));
    await confirmDialog.getByRole('button', { name: 'Yes' }).click();
    await visible(page.getByText(PACK_SALE_MESSAGES.finalised, { exact: true }));
    await visible(sale.getByText('Final', { exact: true }));
    await visible(sale.getByText('Finalised by a manager'));
    const finalised = (await purchases()).find((p) => p.saleRoNumber === secondRo!.roNumber);
    expect(finalised).toMatchObject({ status: 'final', finalisedVia: 'manager' });
    expect(pageErrors).toEqual([]);
  });
});
