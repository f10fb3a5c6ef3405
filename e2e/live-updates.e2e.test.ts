// Browser test of live updates (issue 24 part 3, ADR 0087): a customer approves a verification on the verify
// page and the employee's Sales screen shows it without waiting for SPEC's polls (3 s for the open
// verification, 10 s for the recent verifications listener). The time from the approval to the
// staff screen showing it is measured and printed (target under 1 s; the bound here is generous, 5 s, for a
// busy host). The stream is the browser's EventSource on /api/events, opened with a ticket. Decision 0091: a paper
// coupon redeemed elsewhere shows on the paper conversion page at once (that page has no poll at all).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { demoCustomer } from '@dealer/launcher/demo/seed';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { givenRolesAtEveryRooftop } from '@dealer/launcher/testing/rooftops';
import { apiHeaders, signIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle } from './support/browser';
import { expectAccessible } from './support/axe';
import { verifiableRos, type VerifiableRo } from './support/repair-orders';
import { apiData, pickCustomerOnSales } from './support/sales';
import { DEMO_PAPER_BOOKS } from '@dealer/launcher/demo/paper-books';

let server: TestServer;
let browser: Browser;
let adminApi: Record<string, string>;

// Demo customer 55 has the Verify Redemptions switch on (every 11th one); no other browser test uses them.
const subject = demoCustomer(55);
const name = `${subject.firstName} ${subject.lastName}`;
const email = subject.emailAddress!;
let ro: VerifiableRo;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  await givenRolesAtEveryRooftop(server, ['employee']);
  adminApi = await apiHeaders(server.url, 'admin');
  [ro] = (await verifiableRos(server, email, 1)) as [VerifiableRo];
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function verifyLink(): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await fetch(`${server.url}/api/dev-outbox?to=${encodeURIComponent(email)}`, { headers: adminApi });
    const messages = ((await response.json()) as { dataSet: { body: string }[] | null }).dataSet ?? [];
    const found = messages.find((m) => m.body.includes('/verify/redemption/') && m.body.includes(ro.roNumber));
    if (found) return /\/verify\/redemption\/([\w-]+)/.exec(found.body)![1]!;
    if (Date.now() > deadline) throw new Error(`No verification link reached ${email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const streamOpened = (page: Page) => page.waitForRequest((r: Request) => new URL(r.url()).pathname === '/api/events', { timeout: 15_000 });

describe('live updates', () => {
  it("should show the customer's approval on the employee's screen at once, without waiting for a poll", async () => {
    const { page, context, pageErrors } = await openPage(browser, server.url, 'desktop');
    const opened = streamOpened(page);
    await signIn(page, 'employee');
    await waitForTitle(page, 'Sales | Dealer Coupons');
    const stream = await opened;
    expect(new URL(stream.url()).searchParams.get('ticket')).toBeTruthy();
    await page.getByText('Login Successful').waitFor({ state: 'detached' });

    await pickCustomerOnSales(page, email, name);
    const panel = await visible(page.getByRole('region', { name: 'Redemption verification' }));

    await panel.getByRole('button', { name: 'Start verification' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Enter Verification RO #' }));
    await dialog.getByLabel('Location').selectOption(String(ro.locationId));
    await dialog.getByLabel('RO Number').fill(ro.roNumber);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    const active = await visible(panel.getByRole('article', { name: `RO# ${ro.roNumber}` }));
    await visible(active.getByText('Waiting for the customer', { exact: true }).first());

    // The customer answers on the verify page, in another browser.
    const token = await verifyLink();
    const customer = await openPage(browser, server.url, 'mobile');
    await customer.page.goto(`/verify/redemption/${token}`);
    const groups = customer.page.getByRole('group');
    await visible(groups.first());
    for (const group of await groups.all()) await group.getByRole('radio', { name: 'Approve', exact: true }).check();
    // Both of SPEC's polls have just run or are due at a random point: what follows is the stream's doing
    // when it lands well under the 3 s and 10 s poll intervals, which it does nearly every time.
    // Timed from the click that sends the answer (the answer's own round trip included), and from the moment
    // the customer's page confirms it (the staff screen may already show it by then).
    const submittedAt = Date.now();
    await customer.page.getByRole('button', { name: 'Submit answer' }).click();
    const staffSees = active.getByText('Approved by the customer', { exact: true }).first().waitFor({ state: 'visible', timeout: 5_000 }).then(() => Date.now());
    await visible(customer.page.getByText('Thank you. Your answer has been sent to your service advisor.'));
    const answeredAt = Date.now();
    const panelAt = await staffSees;
    const panelMs = panelAt - submittedAt;
    // The toast follows the first read that sees the change (SPEC: the 3 s poll of the open verification, the 10 s listener).
    // The recent verifications row shows it as well.
    await page.getByRole('table', { name: 'Recent verifications' }).getByRole('row').filter({ hasText: ro.roNumber }).getByText('Approved by the customer').waitFor({ state: 'visible', timeout: 5_000 });
    await page.getByText(`RO# ${ro.roNumber}: the customer approved the verification.`).waitFor({ state: 'visible', timeout: 5_000 });
    const toastMs = Date.now() - submittedAt;
    console.log(
      `live updates: from the customer's Submit answer click, the staff panel showed the approval in ${panelMs} ms the recent verifications row and the toast by ${toastMs} ms ` +
        `(the customer's page confirmed after ${answeredAt - submittedAt} ms)`,
    );
    expect(panelMs).toBeLessThan(5_000);
    expect(toastMs).toBeLessThan(5_000);

    await page.mouse.move(5, 5);
    await expectAccessible(page, 'the Sales page after a live update');
    await screenshot(page, 'live-updates-approved-desktop');
    expect(pageErrors).toEqual([]);
    expect(customer.pageErrors).toEqual([]);
    await customer.context.close();
    await context.close();
  });

  it('should show a paper coupon redeemed elsewhere on the paper conversion page at once (decision 0091)', async () => {
    const book = DEMO_PAPER_BOOKS.books[0].bookNumber;
    const { page, context, pageErrors } = await openPage(browser, server.url, 'desktop');
    const opened = streamOpened(page);
    await signIn(page, 'employee');
    await waitForTitle(page, 'Sales | Dealer Coupons');
    await opened;
    await page.goto(`/employee/paper-conversion/action?book=${book}`);
    const coupons = await visible(page.getByRole('region', { name: 'Coupons in the book' }));
    expect(await coupons.getByText(`RO# ${DEMO_PAPER_BOOKS.redeemRoNumber} at`).count()).toBe(0);
    // Another device of the service lane redeems paper coupon 1; this page sends nothing and polls nothing.
    const employeeApi = await apiHeaders(server.url, 'employee');
    const redeemedAt = Date.now();
    await apiData(server.url, 'POST', `/api/paper-books/${book}/redemptions`, employeeApi, { paperCouponNumber: 1, locationId: DEMO_PAPER_BOOKS.locationId, roNumber: DEMO_PAPER_BOOKS.redeemRoNumber });
    await coupons.getByText(`RO# ${DEMO_PAPER_BOOKS.redeemRoNumber} at`).first().waitFor({ state: 'visible', timeout: 5_000 });
    console.log(`live updates: a paper coupon redeemed elsewhere showed on the paper conversion page ${Date.now() - redeemedAt} ms after the request was sent`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
