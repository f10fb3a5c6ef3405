// Browser tests of redeeming a coupon whose op code needs the customer's verification (issue 12 "With verification";
// SPEC 2.5 Enter {type} RO #, Enter Void Reason, Pending Approvals; SPEC 8). Pat's Verify Redemptions switch is on
// (demo customer 0), so every op code of Pat's ROs needs Pat's verification:
// - the redemption answers 412 with its message and the way to start the verification for that RO; once it is sent
//   the coupon is held ("Waiting for the customer's verification on RO# ..."); Pat approves from the dev-outbox link
//   on /verify/redemption and the product's own settle job (workers) completes it: the row shows it Redeemed;
// - a declined verification leaves the coupon available; a staff override with its required reason completes it;
// - op codes pre-approved in person when the verification starts let the redemption through at once;
// - a pending pack's coupon: SPEC 2.5's warning and the location locked;
// - an employee cannot void a manager's redemption (the server's 403 message shows); the manager can, with a reason,
//   and the coupon is available again.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  COUPON_REDEMPTION_MESSAGES as M,
  PACK_SALE_MESSAGES,
  REDEMPTION_TEXTS,
  type CustomerCouponView,
  type RedemptionVerification,
} from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { importDmsRecords } from '@dealer/dms/index';
import { startTestServer, waitForProjections, type TestServer } from '@dealer/launcher/testing/test-server';
import { apiHeaders, type DemoLogin } from './support/auth';
import { SCREENSHOT_DIR, launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';
import { openSales, redeemThroughDialog, screenshotFromTop, selectCustomerOnSales } from './support/sales';

let server: TestServer;
let browser: Browser;
let employeeApi: Record<string, string>;
let managerApi: Record<string, string>;
let adminApi: Record<string, string>;
const pat = deterministicUuid('demo-customer-0');
let patName: string;
let patEmail: string;
/** The kind of coupon a test redeems: Pat's first available one of a final sale honoured at location 1 (useCoupon). */
let coupon: CustomerCouponView;
let opCode: string;
const LOCATION_ID = 1;
/** A second op code on some ROs: something left for Pat to answer when the coupon's is pre-approved. */
const OTHER_OP = 'ALN';
const RO = { approve: '7420001', decline: '7420002', preApproved: '7420003', manager: '7420004', override: '7420005' };

async function api<T>(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: { dataSet: T; errors?: string[]; metaData?: { position?: string } } }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { dataSet: T; errors?: string[]; metaData?: { position?: string } } };
}
const patCoupons = async () => (await api<CustomerCouponView[] | null>('GET', `/api/customers/${pat}/coupons`, employeeApi)).body.dataSet ?? [];
const verificationsOf = async () => (await api<RedemptionVerification[] | null>('GET', `/api/redemption-verifications?customerId=${pat}&getStatuses=1`, employeeApi)).body.dataSet ?? [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  [employeeApi, managerApi, adminApi] = await Promise.all([apiHeaders(server.url, 'employee'), apiHeaders(server.url, 'manager'), apiHeaders(server.url, 'admin')]);
  const { sql } = server.product;
  await sql`update ref.locations set time_zone = 'America/Denver' where time_zone is null`;
  const profile = (await api<Record<string, unknown>>('GET', `/api/customers/${pat}`, managerApi)).body.dataSet;
  // What these tests rely on: Pat's switch asks for a verification of every op code.
  expect(profile.verifyRedemptions).toBe(true);
  patName = `${String(profile.firstName)} ${String(profile.lastName)}`;
  patEmail = String(profile.emailAddress);
});

/**
 * Picks the coupon the test redeems (Pat's first available one of a final sale at location 1: the tests use them
 * up) and imports the ROs it is redeemed on, each with a customer-pay line of its op code (and, with `both`, a
 * second service, so something is left to ask Pat when the coupon's op code is pre-approved).
 */
async function useCoupon(roNumbers: string[], both = false): Promise<void> {
  const found = (await patCoupons()).find((c) => c.status === 'available' && c.redemption === null && c.saleStatus === 'final' && c.locationIds.includes(LOCATION_ID));
  expect(found, 'Pat has no available coupon left at location 1').toBeDefined();
  coupon = found!;
  opCode = coupon.opCodes[0]!;
  const job = (jobId: number, op: string, desc: string) => ({ jobId, lineCode: String.fromCharCode(64 + jobId), lineNo: jobId, opCode: op, opCodeDesc: desc, laborType: 'C', laborSale: 49.95, partsSale: 20 });
  const records = roNumbers.map((roNumber) => ({
    roNumber,
    locationId: LOCATION_ID,
    vin: '4T1BF1FK5CU123456',
    mileage: 42_000,
    openDate: '2026-03-02T08:15:00',
    closeDate: null,
    jobs: both ? [job(1, opCode, 'Coupon service'), job(2, OTHER_OP, 'Wheel alignment')] : [job(1, opCode, 'Coupon service')],
  }));
  expect(await importDmsRecords(server.product.sql, records)).toMatchObject({ rejected: 0 });
  await waitForProjections(server.product);
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signedIn = (login: DemoLogin = 'employee', viewport: ViewportName = 'desktop') => openSales(browser, server.url, login, viewport);

/** Picks Pat through the Search Customer dialog; returns the Coupons panel. */
const selectPat = (page: Page) => selectCustomerOnSales(page, patEmail, patName);

/** Redeem on the first available coupon of the kind, through Enter Redemption RO #. */
const redeemOn = (page: Page, coupons: Locator, roNumber: string) => redeemThroughDialog(page, coupons, coupon.name, LOCATION_ID, roNumber);

/** The coupon's row (table) or card (phone) that shows the RO. */
const entryOn = (coupons: Locator, roNumber: string) => coupons.locator('tr, li').filter({ hasText: `RO# ${roNumber}` });

/** Redeem -> 412 -> Start verification for RO# -> Start Verification -> Send: the coupon is held for the RO. */
async function redeemHeld(page: Page, coupons: Locator, roNumber: string, shots?: string): Promise<Locator> {
  await redeemOn(page, coupons, roNumber);
  const refusal = await visible(coupons.getByRole('alert'));
  await visible(refusal.getByText(M.verificationRequired(opCode), { exact: true }));
  const start = await visible(refusal.getByRole('button', { name: `Start verification for RO# ${roNumber}` }));
  if (shots) await shot(page, `coupon-redemption-verification-required-${shots}`);
  await start.click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Start Verification' }));
  await visible(dialog.getByText(`Ask ${patName} to approve the services on RO# ${roNumber} at`, { exact: false }));
  await visible(dialog.getByRole('checkbox', { name: new RegExp(`^${opCode}\\b`) }));
  if (shots) {
    await screenshot(page, `start-verification-dialog-${shots}`);
    await dialog.screenshot({ path: path.join(SCREENSHOT_DIR, `start-verification-dialog-${shots}-detail.png`), animations: 'disabled' });
  }
  await dialog.getByRole('button', { name: 'Send verification' }).click();
  await dialog.waitFor({ state: 'detached' });
  await visible(page.getByText(REDEMPTION_TEXTS.sent(patName), { exact: true }));
  // Sent: the refused redemption is asked again and held for the customer's answer.
  await visible(page.getByText(M.awaitingVerification(roNumber), { exact: true }));
  await refusal.waitFor({ state: 'detached' });
  const held = await visible(entryOn(coupons, roNumber));
  await visible(held.getByText(`Waiting for the customer's verification on RO# ${roNumber}`, { exact: true }));
  await visible(held.getByText('Awaiting verification', { exact: true }));
  expect(await held.getByRole('button', { name: `Redeem ${coupon.name}` }).count()).toBe(0);
  if (shots) await held.screenshot({ path: path.join(SCREENSHOT_DIR, `coupon-redemption-awaiting-verification-${shots}-detail.png`), animations: 'disabled' });
  return held;
}

const shot = screenshotFromTop;

/** Waits for the verification message of `roNumber` to Pat (sent by the workers) and returns its link's token. */
async function linkTokenFor(roNumber: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { body } = await api<{ body: string }[] | null>('GET', `/api/dev-outbox?to=${encodeURIComponent(patEmail)}`, adminApi);
    const message = (body.dataSet ?? []).find((m) => m.body.includes('/verify/redemption/') && m.body.includes(roNumber));
    if (message) return /\/verify\/redemption\/([\w-]+)/.exec(message.body)![1]!;
    if (Date.now() > deadline) throw new Error(`No verification message for RO# ${roNumber} reached ${patEmail}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Pat answers every op code from the message's link, in a signed-out browser. */
async function patAnswers(roNumber: string, answer: 'Approve' | 'Decline'): Promise<void> {
  const token = await linkTokenFor(roNumber);
  const customer = await openPage(browser, server.url, 'mobile');
  await customer.page.goto(`/verify/redemption/${token}`);
  await waitForTitle(customer.page, 'Approve Your Service | Dealer Coupons');
  const groups = customer.page.getByRole('group');
  await visible(groups.first());
  for (const group of await groups.all()) await group.getByRole('radio', { name: answer, exact: true }).check();
  await customer.page.getByRole('button', { name: 'Submit answer' }).click();
  await visible(customer.page.getByText('Thank you. Your answer has been sent to your service advisor.'));
  expect(customer.pageErrors).toEqual([]);
  await customer.context.close();
}

/** The coupon (by RO) as the API reads it. */
const couponOn = async (roNumber: string) => (await patCoupons()).find((c) => c.redemption?.roNumber === roNumber) ?? null;

describe('a redemption that needs the customer\'s verification', () => {
  it('should show the 412 with the way to start the verification, hold the coupon, and redeem it when the customer approves', async () => {
    await useCoupon([RO.approve]);
    const { page, pageErrors } = await signedIn();
    const coupons = await selectPat(page);
    const held = await redeemHeld(page, coupons, RO.approve, 'desktop');
    await shot(page, 'coupon-redemption-awaiting-verification-desktop');
    expect(await couponOn(RO.approve)).toMatchObject({ status: 'available', redemption: { state: 'awaiting-verification', roNumber: RO.approve } });
    // The verification panel follows the verification just started.
    const panel = page.getByRole('region', { name: 'Redemption verification' });
    await visible(panel.getByRole('article', { name: `RO# ${RO.approve}` }));

    await patAnswers(RO.approve, 'Approve');
    // The workers settle the held redemption; the row turns Redeemed without a reload.
    await held.getByText('Redeemed', { exact: true }).waitFor({ state: 'visible', timeout: 20_000 });
    expect(await held.getByText(/^Waiting for the customer's verification/).count()).toBe(0);
    await visible(held.getByRole('button', { name: `Void the redemption of ${coupon.name}` }));
    expect(await couponOn(RO.approve)).toMatchObject({ status: 'redeemed', redemption: { state: 'redeemed', roNumber: RO.approve, opCode } });
    await visible(panel.getByRole('article', { name: `RO# ${RO.approve}` }).getByText('Approved by the customer', { exact: true }).first());
    await shot(page, 'coupon-redemption-verified-desktop');
    expect(pageErrors).toEqual([]);
  });

  it('should leave the coupon available when the customer declines (on a phone)', async () => {
    await useCoupon([RO.decline]);
    const { page, pageErrors } = await signedIn('employee', 'mobile');
    const coupons = await selectPat(page);
    const held = await redeemHeld(page, coupons, RO.decline, 'mobile');
    await held.scrollIntoViewIfNeeded();
    await screenshot(page, 'coupon-redemption-awaiting-verification-mobile');
    const issuedCouponId = (await couponOn(RO.decline))!.issuedCouponId;

    await patAnswers(RO.decline, 'Decline');
    await held.waitFor({ state: 'detached', timeout: 20_000 });
    expect((await patCoupons()).find((c) => c.issuedCouponId === issuedCouponId)).toMatchObject({ status: 'available', redemption: null });
    expect(await coupons.getByText(/^Waiting for the customer's verification/).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('should complete a held redemption when staff accept on the customer\'s behalf with a reason', async () => {
    await useCoupon([RO.override]);
    const { page, pageErrors } = await signedIn('manager');
    const coupons = await selectPat(page);
    const held = await redeemHeld(page, coupons, RO.override);
    const panel = page.getByRole('region', { name: 'Redemption verification' });
    await panel.getByRole('button', { name: /^Pending Approvals/ }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Pending Approvals' }));
    await (await visible(dialog.getByRole('row').filter({ hasText: RO.override }))).getByRole('button', { name: `Approve RO# ${RO.override}` }).click();
    const confirmation = await visible(page.getByRole('alertdialog', { name: 'Confirm Action' }));
    await visible(confirmation.getByText(REDEMPTION_TEXTS.overrideConfirm(patName)));
    // The reason is required: Yes without one says so and sends nothing.
    await confirmation.getByRole('button', { name: 'Yes' }).click();
    await visible(confirmation.getByText('Reason is required.', { exact: true }));
    await screenshot(page, 'override-reason-required-desktop');
    await confirmation.screenshot({ path: path.join(SCREENSHOT_DIR, 'override-reason-required-desktop-detail.png'), animations: 'disabled' });
    const reason = 'Pat approved the service in person at the desk.';
    await confirmation.getByLabel('Reason').fill(reason);
    await confirmation.getByRole('button', { name: 'Yes' }).click();
    await confirmation.waitFor({ state: 'detached' });
    await visible(page.getByText(REDEMPTION_TEXTS.overrideSuccess(RO.override), { exact: true }));
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    const verification = (await verificationsOf()).find((v) => v.roNumber === RO.override)!;
    expect(verification).toMatchObject({ status: 'overridden', overrideReason: reason });
    await visible(panel.getByRole('article', { name: `RO# ${RO.override}` }).getByText(reason, { exact: true }));
    await held.getByText('Redeemed', { exact: true }).waitFor({ state: 'visible', timeout: 20_000 });
    expect(await couponOn(RO.override)).toMatchObject({ status: 'redeemed', redemption: { state: 'redeemed' } });
    expect(pageErrors).toEqual([]);
  });

  it('should redeem at once on an RO whose op code staff pre-approved when they started the verification', async () => {
    await useCoupon([RO.preApproved], true);
    const { page, pageErrors } = await signedIn();
    const coupons = await selectPat(page);
    const panel = page.getByRole('region', { name: 'Redemption verification' });
    await panel.getByRole('checkbox', { name: 'The customer agreed to some services in person' }).check();
    await panel.getByRole('button', { name: 'Start verification' }).click();
    const enterRo = await visible(page.getByRole('dialog', { name: 'Enter Verification RO #' }));
    await enterRo.getByLabel('Location').selectOption(String(LOCATION_ID));
    await enterRo.getByLabel('RO Number').fill(RO.preApproved);
    await enterRo.getByRole('button', { name: 'Submit' }).click();
    await enterRo.waitFor({ state: 'detached' });

    const dialog = await visible(page.getByRole('dialog', { name: 'Start Verification' }));
    await visible(dialog.getByRole('group', { name: 'Already agreed in person (pre-approve)' }));
    await dialog.getByRole('checkbox', { name: new RegExp(`^${opCode}\\b`) }).check();
    expect(await dialog.getByRole('checkbox', { name: new RegExp(`^${OTHER_OP}\\b`) }).isChecked()).toBe(false);
    await screenshot(page, 'start-verification-preapproval-desktop');
    await dialog.getByRole('button', { name: 'Send verification' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByText(REDEMPTION_TEXTS.sent(patName), { exact: true }));
    // Pat is asked only about the other service.
    const verification = (await verificationsOf()).find((v) => v.roNumber === RO.preApproved)!;
    expect(verification.opCodes.map((o) => o.opCode)).toEqual([OTHER_OP]);

    await redeemOn(page, coupons, RO.preApproved);
    await visible(page.getByText(M.redeemed, { exact: true }));
    const row = await visible(entryOn(coupons, RO.preApproved));
    await visible(row.getByText('Redeemed', { exact: true }));
    expect(await couponOn(RO.preApproved)).toMatchObject({ status: 'redeemed', redemption: { state: 'redeemed', roNumber: RO.preApproved } });
    expect(pageErrors).toEqual([]);
  });
});

describe('redeeming a pending pack\'s coupon', () => {
  it('should warn that the book is pending and lock the location in Enter Redemption RO #', async () => {
    const pending = (await patCoupons()).find((c) => c.saleStatus === 'pending' && c.status === 'available' && c.redemption === null)!;
    expect(pending).toBeDefined();
    for (const viewport of ['desktop', 'mobile'] as const) {
      const { page, context, pageErrors } = await signedIn('employee', viewport);
      const coupons = await selectPat(page);
      // Coupons are listed once, grouped by the sale that issued them (a region named after its pack).
      const entry = coupons.getByRole('region', { name: `From ${pending.packName}` }).filter({ has: page.getByRole('button', { name: `Redeem ${pending.name}` }) }).first();
      await (await visible(entry.getByRole('button', { name: `Redeem ${pending.name}` }).first())).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Enter Redemption RO #' }));
      await visible(dialog.getByText(PACK_SALE_MESSAGES.pendingWarning, { exact: true }));
      const location = dialog.getByLabel('Location', { exact: true });
      expect(await location.isDisabled()).toBe(true);
      expect(await location.inputValue()).toBe(String(pending.soldLocationId));
      await screenshot(page, `redeem-pending-book-${viewport}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  });
});

describe('voiding another employee\'s redemption', () => {
  it('should refuse an employee with the server\'s message, let a manager void it with a reason, and make the coupon available', async () => {
    // A manager redeems on an RO whose coupon op code was pre-approved in person (Pat is asked about the other one).
    await useCoupon([RO.manager], true);
    const started = await api<RedemptionVerification>('POST', '/api/redemption-verifications', managerApi, {
      type: 'email', roNumber: RO.manager, locationId: LOCATION_ID, customerId: pat, preApprovalOpCodes: [opCode],
    });
    expect(started.status).toBe(201);
    const target = coupon;
    // The command reads the verification from the read side: at the start's position, as the web client asks.
    const atStart = { ...managerApi, 'x-min-position': started.body.metaData!.position! };
    const redeemed = await api<{ status: string }>('POST', '/api/coupon-redemptions', atStart, { issuedCouponId: target.issuedCouponId, customerId: pat, locationId: LOCATION_ID, roNumber: RO.manager });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(201);
    expect(redeemed.body.dataSet.status).toBe('redeemed');

    const employee = await signedIn('employee');
    let coupons = await selectPat(employee.page);
    let row = await visible(entryOn(coupons, RO.manager));
    await row.getByRole('button', { name: `Void the redemption of ${coupon.name}` }).click();
    let voidDialog = await visible(employee.page.getByRole('dialog', { name: 'Enter Void Reason' }));
    await voidDialog.getByLabel('Void reason').fill('Wrong coupon.');
    await voidDialog.getByRole('button', { name: 'Submit' }).click();
    await visible(employee.page.getByText(M.changeNotAllowed, { exact: true }));
    await screenshot(employee.page, 'void-other-employees-redemption-refused-desktop');
    expect(await couponOn(RO.manager)).toMatchObject({ status: 'redeemed' });
    expect(employee.pageErrors).toEqual([]);
    await employee.context.close();

    const manager = await signedIn('manager', 'mobile');
    coupons = await selectPat(manager.page);
    row = await visible(entryOn(coupons, RO.manager));
    await row.getByRole('button', { name: `Void the redemption of ${coupon.name}` }).click();
    voidDialog = await visible(manager.page.getByRole('dialog', { name: 'Enter Void Reason' }));
    await voidDialog.getByLabel('Void reason').fill('Redeemed on the wrong RO; the customer paid.');
    await voidDialog.getByRole('button', { name: 'Submit' }).click();
    await voidDialog.waitFor({ state: 'detached' });
    await visible(manager.page.getByText(M.voided, { exact: true }));
    await row.waitFor({ state: 'detached' });
    expect((await patCoupons()).find((c) => c.issuedCouponId === target.issuedCouponId)).toMatchObject({ status: 'available', redemption: null });
    expect(manager.pageErrors).toEqual([]);
    await manager.context.close();
  });
});
