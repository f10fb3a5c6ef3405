// Browser tests of redeeming coupons on /employee/sales (issue 12; SPEC 2.5 Enter Redemption RO #, Enter Void
// Reason): on the demo programme's final sale of Pat, an employee redeems a coupon on an RO the DMS import brought
// in and sees it Redeemed with the RO; an RO that is not in the DMS data is refused with the help page's link; the
// employee voids the redemption with a reason and the coupon is Available again; the cards on a phone, and Change RO #.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { COUPON_REDEMPTION_MESSAGES as M, COUPON_RO_NOT_FOUND_HELP_PATH, customerStreamId, type CustomerCouponView } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { importDmsRecords } from '@dealer/dms/index';
import { startTestServer, waitForProjections, type TestServer } from '@dealer/launcher/testing/test-server';
import { apiHeaders } from './support/auth';
import { launchBrowser, visible, type ViewportName } from './support/browser';
import { apiData, openSales, redeemThroughDialog, screenshotFromTop, selectCustomerOnSales } from './support/sales';

let server: TestServer;
let browser: Browser;
let employeeApi: Record<string, string>;
const pat = deterministicUuid('demo-customer-0');
let patName: string;
let patEmail: string;
/** The coupon the test redeems: Pat's first available one. */
let coupon: CustomerCouponView;
// Location 1 uses the CRM; each RO carries one customer-pay line with the coupon's op code.
const LOCATION_ID = 1;
const RO = { desktop: '7410001', mobile: '7410002', missing: '7419999' };

const api = <T>(method: string, path: string, headers: Record<string, string>, body?: unknown) => apiData<T>(server.url, method, path, headers, body);
const patCoupons = () => api<CustomerCouponView[] | null>('GET', `/api/customers/${pat}/coupons`, employeeApi).then((d) => d ?? []);

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  employeeApi = await apiHeaders(server.url, 'employee');
  const managerApi = await apiHeaders(server.url, 'manager');
  const { sql } = server.product;
  await sql`update ref.locations set time_zone = 'America/Denver' where time_zone is null`;
  coupon = (await patCoupons()).find((c) => c.status === 'available' && c.redemption === null && c.saleStatus === 'final' && c.locationIds.includes(LOCATION_ID))!;
  expect(coupon).toBeDefined();
  const opCode = coupon.opCodes[0]!;
  const ro = (roNumber: string) => ({
    roNumber,
    locationId: LOCATION_ID,
    vin: '4T1BF1FK5CU123456',
    mileage: 42_000,
    openDate: '2026-03-02T08:15:00',
    closeDate: null,
    jobs: [{ jobId: 1, lineCode: 'A', lineNo: 1, opCode, opCodeDesc: 'Coupon service', laborType: 'C', laborSale: 49.95, partsSale: 20 }],
  });
  expect(await importDmsRecords(sql, [ro(RO.desktop), ro(RO.mobile)])).toMatchObject({ rejected: 0 });
  await waitForProjections(server.product);
  // Pat's Verify Redemptions switch would ask for a verification (412): a manager turns it off, as the Customer page does.
  const history = await server.product.store.readStream(customerStreamId(pat));
  const loaded = await api<Record<string, unknown>>('GET', `/api/customers/${pat}`, managerApi);
  const keys = ['firstName', 'lastName', 'emailAddress', 'phoneMobile', 'phoneOther', 'address', 'address2', 'city', 'state', 'zip', 'isTaxExempt', 'validateCoupon'];
  const profile = Object.fromEntries(keys.filter((k) => k in loaded).map((k) => [k, loaded[k]]));
  await api('PUT', `/api/customers/${pat}`, managerApi, { ...profile, verifyRedemptions: false, expectedRevision: history[history.length - 1]!.revision });
  patName = `${String(loaded.firstName)} ${String(loaded.lastName)}`;
  patEmail = String(loaded.emailAddress);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signedIn = (viewport: ViewportName = 'desktop') => openSales(browser, server.url, 'employee', viewport);

/** Picks Pat through the Search Customer dialog; returns the Coupons panel. */
const selectPat = (page: Page) => selectCustomerOnSales(page, patEmail, patName);

/** Redeem on the first available coupon of the name, through Enter Redemption RO #. */
const redeemOn = (page: Page, coupons: Locator, roNumber: string) => redeemThroughDialog(page, coupons, coupon.name, LOCATION_ID, roNumber);

const shot = screenshotFromTop;

describe('redeeming a coupon of the selected customer', () => {
  it('should redeem on an imported RO, refuse a missing RO with the help link, and void the redemption with a reason', async () => {
    const { page, pageErrors } = await signedIn();
    const coupons = await selectPat(page);
    // One table of coupons per sale (grouped by the sale that issued them): rows are looked up across them.
    await visible(coupons.getByRole('table', { name: 'Coupons' }).first());
    const table = coupons;
    const availableBefore = (await patCoupons()).filter((c) => c.status === 'available').length;

    await redeemOn(page, coupons, RO.desktop);
    await visible(page.getByText(M.redeemed, { exact: true }));
    const row = await visible(table.getByRole('row').filter({ hasText: `RO# ${RO.desktop}` }));
    await visible(row.getByText('Redeemed', { exact: true }));
    expect(await row.textContent()).toContain(coupon.name);
    const redeemed = (await patCoupons()).filter((c) => c.redemption?.roNumber === RO.desktop);
    expect(redeemed).toHaveLength(1);
    expect(redeemed[0]).toMatchObject({ status: 'redeemed', redemption: { state: 'redeemed', locationId: LOCATION_ID, roNumber: RO.desktop, opCode: coupon.opCodes[0] } });
    // The amount is the line's 69.95 or the coupon's offer, whichever is less; the row shows what the server took.
    expect(await row.textContent()).toContain(`RO# ${RO.desktop}`);
    await visible(row.getByRole('button', { name: `Void the redemption of ${redeemed[0]!.name}` }));
    await visible(row.getByRole('button', { name: `Change RO # of ${redeemed[0]!.name}` }));
    await shot(page, 'coupon-redemption-redeemed-desktop');

    // An RO the DMS data does not hold: the server's message, and the help page's link.
    await redeemOn(page, coupons, RO.missing);
    const alert = await visible(coupons.getByRole('alert'));
    await visible(alert.getByText(M.roNotFound(RO.missing), { exact: true }));
    const help = alert.getByRole('link', { name: 'Coupon RO Not Found: what to do' });
    expect(await help.getAttribute('href')).toBe(COUPON_RO_NOT_FOUND_HELP_PATH);
    await shot(page, 'coupon-redemption-ro-not-found-desktop');
    expect((await patCoupons()).filter((c) => c.status === 'available')).toHaveLength(availableBefore - 1);

    // Void with a reason: the coupon is available again.
    await row.getByRole('button', { name: `Void the redemption of ${redeemed[0]!.name}` }).click();
    const voidDialog = await visible(page.getByRole('dialog', { name: 'Enter Void Reason' }));
    await voidDialog.getByLabel('Void reason').fill('Customer paid for the service instead.');
    await voidDialog.getByRole('button', { name: 'Submit' }).click();
    await voidDialog.waitFor({ state: 'detached' });
    await visible(page.getByText(M.voided, { exact: true }));
    await row.waitFor({ state: 'detached' });
    const after = (await patCoupons()).find((c) => c.issuedCouponId === redeemed[0]!.issuedCouponId);
    expect(after).toMatchObject({ status: 'available', redemption: null });
    expect(await table.getByText('Redeemed', { exact: true }).count()).toBe(0);
    expect(await coupons.getByText('Available', { exact: true }).count()).toBe(availableBefore);
    expect(pageErrors).toEqual([]);
  });

  it('should show the coupons as cards with their redemption on a phone, and move a redemption to another RO', async () => {
    const { page, pageErrors } = await signedIn('mobile');
    const coupons = await selectPat(page);
    await redeemOn(page, coupons, RO.mobile);
    await visible(page.getByText(M.redeemed, { exact: true }));
    expect(await coupons.getByRole('table').count()).toBe(0);
    const card = await visible(coupons.getByRole('listitem').filter({ hasText: `RO# ${RO.mobile}` }));
    await visible(card.getByText('Redeemed', { exact: true }));
    await visible(card.getByRole('button', { name: `Void the redemption of ${coupon.name}` }));
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'coupon-redemption-redeemed-mobile');

    // Change RO #: the dialog starts from the redemption's RO; the voided redemption above freed the first RO.
    await card.getByRole('button', { name: `Change RO # of ${coupon.name}` }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Enter Redemption RO #' }));
    expect(await dialog.getByLabel('RO Number').inputValue()).toBe(RO.mobile);
    await dialog.getByLabel('RO Number').fill(RO.desktop);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByText(M.roChanged, { exact: true }));
    await visible(coupons.getByRole('listitem').filter({ hasText: `RO# ${RO.desktop}` }));
    expect((await patCoupons()).filter((c) => c.redemption?.roNumber === RO.desktop)).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });
});
