// Browser tests of the redemptions on voided ROs (issue 12) on /employee/ro-search: Pat's coupons are redeemed
// through the API on three imported ROs, then an import brings those ROs with a voidDate. A manager sees them in
// "Redemptions on voided ROs" (a table on a desktop), keeps one with a required note (Keep Redemption) and voids
// another with a reason (Enter Void Reason); on a phone the last one is a card, kept, and the empty state shows.
// An employee does not see the section. Every screen is checked with axe by screenshot().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { COUPON_REDEMPTION_MESSAGES, REDEMPTION_REVIEW_MESSAGES as M, customerStreamId, type CustomerCouponView, type VoidedRoRedemptionView } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { importDmsRecords } from '@dealer/dms/index';
import { startTestServer, waitForProjections, type TestServer } from '@dealer/launcher/testing/test-server';
import { apiHeaders, signIn, type DemoLogin } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, type ViewportName } from './support/browser';
import { apiData, screenshotFromTop } from './support/sales';

let server: TestServer;
let browser: Browser;
let employeeApi: Record<string, string>;
let managerApi: Record<string, string>;
const pat = deterministicUuid('demo-customer-0');
const LOCATION_ID = 1;
const RO = { kept: '7420001', voided: '7420002', mobile: '7420003' };
/** The coupon redeemed on each RO. */
const couponOn: Record<string, CustomerCouponView> = {};

const api = <T>(method: string, path: string, headers: Record<string, string>, body?: unknown) => apiData<T>(server.url, method, path, headers, body);
const reviews = () => api<VoidedRoRedemptionView[]>('GET', `/api/coupon-redemption-reviews?locationId=${LOCATION_ID}`, managerApi);

const ro = (roNumber: string, opCode: string, voidDate: string | null) => ({
  roNumber,
  locationId: LOCATION_ID,
  vin: '4T1BF1FK5CU123456',
  mileage: 42_000,
  openDate: '2026-03-02T08:15:00',
  closeDate: null,
  voidDate,
  jobs: [{ jobId: 1, lineCode: 'A', lineNo: 1, opCode, opCodeDesc: 'Coupon service', laborType: 'C', laborSale: 49.95, partsSale: 20 }],
});

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  employeeApi = await apiHeaders(server.url, 'employee');
  managerApi = await apiHeaders(server.url, 'manager');
  const { sql } = server.product;
  await sql`update ref.locations set time_zone = 'America/Denver' where time_zone is null`;
  // Pat's Verify Redemptions switch would ask for a verification (412): a manager turns it off, as the Customer page does.
  const history = await server.product.store.readStream(customerStreamId(pat));
  const loaded = await api<Record<string, unknown>>('GET', `/api/customers/${pat}`, managerApi);
  const keys = ['firstName', 'lastName', 'emailAddress', 'phoneMobile', 'phoneOther', 'address', 'address2', 'city', 'state', 'zip', 'isTaxExempt', 'validateCoupon'];
  const profile = Object.fromEntries(keys.filter((k) => k in loaded).map((k) => [k, loaded[k]]));
  await api('PUT', `/api/customers/${pat}`, managerApi, { ...profile, verifyRedemptions: false, expectedRevision: history[history.length - 1]!.revision });

  const coupons = ((await api<CustomerCouponView[] | null>('GET', `/api/customers/${pat}/coupons`, employeeApi)) ?? []).filter(
    (c) => c.status === 'available' && c.redemption === null && c.saleStatus === 'final' && c.locationIds.includes(LOCATION_ID) && c.opCodes.length > 0,
  );
  expect(coupons.length).toBeGreaterThanOrEqual(3);
  Object.values(RO).forEach((roNumber, i) => (couponOn[roNumber] = coupons[i]!));
  const open = Object.values(RO).map((n) => ro(n, couponOn[n]!.opCodes[0]!, null));
  expect(await importDmsRecords(sql, open)).toMatchObject({ rejected: 0 });
  await waitForProjections(server.product);
  for (const roNumber of Object.values(RO))
    await api('POST', '/api/coupon-redemptions', employeeApi, { issuedCouponId: couponOn[roNumber]!.issuedCouponId, customerId: pat, locationId: LOCATION_ID, roNumber });
  // The next DMS batch says the three ROs were voided.
  const voided = Object.values(RO).map((n, i) => ro(n, couponOn[n]!.opCodes[0]!, `2026-03-0${3 + i}T09:00:00`));
  expect(await importDmsRecords(sql, voided)).toMatchObject({ rejected: 0 });
  await waitForProjections(server.product);
  expect((await reviews()).map((r) => r.roNumber).sort()).toEqual(Object.values(RO).sort());
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function reviewSection(login: DemoLogin, viewport: ViewportName) {
  const opened = await openPage(browser, server.url, viewport);
  await signIn(opened.page, login);
  await opened.page.getByText('Login Successful').waitFor({ state: 'detached' });
  await opened.page.goto('/employee/ro-search');
  await visible(opened.page.getByRole('heading', { name: 'RO Search' }));
  return opened;
}

/**
 * Picks the list's location. Focus moves there first: RO Search autofocuses its RO Number field, which shows
 * 'RO Number is required' when it loses focus; the first click below it would otherwise land after the shift.
 */
async function chooseLocation(section: Locator): Promise<void> {
  const select = section.getByLabel('Location of the ROs');
  await select.focus();
  await select.selectOption(String(LOCATION_ID));
}

const what = (roNumber: string) => `${couponOn[roNumber]!.name} on RO# ${roNumber}`;

const shot = screenshotFromTop;

describe('redemptions on voided ROs', () => {
  it('should list them for a manager, keep one with a note and void another with a reason', async () => {
    const { page, pageErrors } = await reviewSection('manager', 'desktop');
    const section = await visible(page.getByRole('region', { name: 'Redemptions on voided ROs' }));
    await chooseLocation(section);
    const table = await visible(section.getByRole('table'));
    for (const roNumber of Object.values(RO)) await visible(table.getByRole('row').filter({ hasText: roNumber }));
    await visible(section.getByText('3 redemptions to review'));
    const keptRow = table.getByRole('row').filter({ hasText: RO.kept });
    expect(await keptRow.textContent()).toContain('Voided in the DMS 03/03/2026');
    await shot(page, 'redemption-reviews-desktop');

    // Keep: the note is required.
    await section.getByRole('button', { name: `Keep ${what(RO.kept)}` }).click();
    const keep = await visible(page.getByRole('dialog', { name: 'Keep Redemption' }));
    await keep.getByRole('button', { name: 'Keep', exact: true }).click();
    await visible(keep.getByText(M.noteRequired));
    await keep.getByLabel('Note').fill('The customer paid for the work on a re-opened RO; the coupon was used.');
    await shot(page, 'redemption-reviews-keep-dialog');
    await keep.getByRole('button', { name: 'Keep', exact: true }).click();
    await keep.waitFor({ state: 'detached' });
    await visible(page.getByText(M.kept, { exact: true }));
    await keptRow.waitFor({ state: 'detached' });

    // Void through Enter Void Reason: the coupon's own void route.
    await section.getByRole('button', { name: `Void ${what(RO.voided)}` }).click();
    const voiding = await visible(page.getByRole('dialog', { name: 'Enter Void Reason' }));
    await voiding.getByLabel('Void reason').fill('The RO was voided in the DMS; the work was not done.');
    await voiding.getByRole('button', { name: 'Submit' }).click();
    await voiding.waitFor({ state: 'detached' });
    await visible(page.getByText(COUPON_REDEMPTION_MESSAGES.voided, { exact: true }));
    await table.getByRole('row').filter({ hasText: RO.voided }).waitFor({ state: 'detached' });
    await visible(section.getByText('1 redemption to review'));

    expect((await reviews()).map((r) => r.roNumber)).toEqual([RO.mobile]);
    const coupons = (await api<CustomerCouponView[]>('GET', `/api/customers/${pat}/coupons`, employeeApi)) ?? [];
    expect(coupons.find((c) => c.issuedCouponId === couponOn[RO.voided]!.issuedCouponId)?.redemption).toBeNull();
    expect(pageErrors).toEqual([]);
  });

  it('should show cards on a phone, and the empty state once the last one is kept', async () => {
    const { page, pageErrors } = await reviewSection('manager', 'mobile');
    const section = await visible(page.getByRole('region', { name: 'Redemptions on voided ROs' }));
    await chooseLocation(section);
    const cards = await visible(section.getByRole('list', { name: 'Redemptions on voided ROs' }));
    await visible(cards.getByRole('listitem').filter({ hasText: RO.mobile }));
    expect(await section.getByRole('table').count()).toBe(0);
    await shot(page, 'redemption-reviews-mobile');

    await section.getByRole('button', { name: `Keep ${what(RO.mobile)}` }).click();
    const keep = await visible(page.getByRole('dialog', { name: 'Keep Redemption' }));
    await keep.getByLabel('Note').fill('Warranty re-bill; the coupon stands.');
    await keep.getByRole('button', { name: 'Keep', exact: true }).click();
    await keep.waitFor({ state: 'detached' });
    await visible(section.getByText('No redemptions on voided ROs at this location. Nothing to review.'));
    await shot(page, 'redemption-reviews-empty-mobile');
    expect(await reviews()).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('should not show the section to an employee', async () => {
    const { page } = await reviewSection('employee', 'desktop');
    await visible(page.getByRole('region', { name: 'Find a repair order' }).or(page.getByRole('heading', { name: 'RO Search' })).first());
    expect(await page.getByRole('heading', { name: 'Redemptions on voided ROs' }).count()).toBe(0);
  });
});
