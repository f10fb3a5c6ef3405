// Browser tests of the customer's answer to a redemption verification (issue 5, SPEC 3, 7, 8): the link from
// the message opens /verify/redemption/:token without signing in; the customer approves or declines each op
// code and submits; the verification records it; a used or unknown link shows the server's message, no form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RedemptionVerification } from '@dealer/contracts';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { givenRolesAtEveryRooftop } from '@dealer/launcher/testing/rooftops';
import { outboxSecret } from './support/api';
import { apiHeaders } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;
let employee: Record<string, string>;

const LINK = /\/verify\/redemption\/([\w-]+)/;
const LINK_INVALID = 'This link is not valid or has already been used.';

interface DemoRo {
  roNumber: string;
  locationId: number;
  locationName: string;
  customerId: string;
  email: string;
  opCodes: string[];
}

/**
 * ROs of demo customers whose Verify Redemptions switch is on (every op code of their ROs needs the
 * customer's answer), with two op codes or more; one per customer, Pat left out (other tests sign in as Pat).
 */
async function demoRepairOrders(): Promise<DemoRo[]> {
  const rows = await server.product.sql<DemoRo[]>`
    select distinct on (c.customer_id) r.ro_number as "roNumber", r.location_id as "locationId", l.location_name as "locationName",
      c.customer_id::text as "customerId", c.email_address as email,
      array_agg(distinct j.op_code) as "opCodes"
    from ref.repair_orders r
    join ref.locations l on l.location_id = r.location_id
    join rm_customer_details.customers c on c.email_address = r.customer_email and c.verify_redemptions
    join ref.ro_jobs j on j.location_id = r.location_id and j.ro_number = r.ro_number
    where c.email_address <> 'pat.customer@example.com' and r.void_date is null
    group by r.ro_number, r.location_id, l.location_name, c.customer_id, c.email_address
    having count(distinct j.op_code) >= 2
    order by c.customer_id, r.location_id, r.ro_number`;
  if (rows.length < 2) throw new Error('The demo data has too few ROs of customers who verify redemptions');
  return rows;
}

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...employee, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Starts a verification by e-mail as an employee and returns it with the link's token from the outbox. */
async function startVerification(ro: DemoRo): Promise<{ verification: RedemptionVerification; token: string }> {
  const started = await api<{ dataSet: RedemptionVerification }>('POST', '/api/redemption-verifications', {
    type: 'email',
    roNumber: ro.roNumber,
    locationId: ro.locationId,
    customerId: ro.customerId,
  });
  expect(started.status).toBe(201);
  const token = await outboxSecret(server.url, ro.email, LINK);
  return { verification: started.body.dataSet, token };
}

/** Polls the verification as staff do (GET /api/redemption-verifications/{id}) until it is final. */
async function finalState(id: string): Promise<RedemptionVerification> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const { status, body } = await api<{ dataSet: RedemptionVerification }>('GET', `/api/redemption-verifications/${id}`);
    expect(status).toBe(200);
    if (body.dataSet.isFinal) return body.dataSet;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Verification ${id} did not become final`);
}

/** A fresh, signed-out browser on the verify page of `token`. */
async function openLink(token: string, viewport: ViewportName = 'desktop') {
  const opened = await openPage(browser, server.url, viewport);
  await opened.page.goto(`/verify/redemption/${token}`);
  await waitForTitle(opened.page, 'Approve Your Service | Dealer Coupons');
  return opened;
}

const opCodeGroup = (page: Page, opCode: string) => page.getByRole('group', { name: new RegExp(`^${opCode}\\b`) });

let ros: DemoRo[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  // Issue 20: staff act only where they hold a role; this test's demo ROs may be at any rooftop.
  await givenRolesAtEveryRooftop(server, ['employee', 'manager']);
  employee = await apiHeaders(server.url, 'employee');
  ros = await demoRepairOrders();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the redemption verification page', () => {
  it('should take an answer per op code from a signed-out customer, record it, and refuse the link afterwards', async () => {
    const ro = ros[0]!;
    const { verification, token } = await startVerification(ro);
    const opCodes = verification.opCodes.map((o) => o.opCode);
    expect(opCodes.length).toBeGreaterThanOrEqual(2);
    const [approved, ...declined] = opCodes as [string, ...string[]];

    const { page, context, pageErrors } = await openLink(token);
    await visible(page.getByRole('heading', { name: 'Approve your service' }));
    const facts = page.locator('.redemption-facts');
    await visible(facts.getByText(ro.roNumber, { exact: true }));
    await visible(facts.getByText(ro.locationName, { exact: true }));
    await visible(facts.getByText('Answer by'));
    for (const o of verification.opCodes) {
      const group = await visible(opCodeGroup(page, o.opCode));
      if (o.description) await visible(group.getByText(o.description, { exact: true }));
      await visible(group.getByRole('radio', { name: 'Approve', exact: true }));
      await visible(group.getByRole('radio', { name: 'Decline', exact: true }));
    }

    // Every op code needs an answer before anything is sent.
    await opCodeGroup(page, approved).getByRole('radio', { name: 'Approve', exact: true }).check();
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Please approve or decline each service.' }));
    expect(await opCodeGroup(page, declined[0]!).getAttribute('aria-describedby')).toBeTruthy();
    expect((await api<{ dataSet: RedemptionVerification }>('GET', `/api/redemption-verifications/${verification.id}`)).body.dataSet.isFinal).toBe(false);

    for (const opCode of declined) await opCodeGroup(page, opCode).getByRole('radio', { name: 'Decline', exact: true }).check();
    expect(await page.getByText('Please approve or decline each service.').count()).toBe(0);
    await screenshot(page, 'verify-redemption-desktop');
    await page.getByRole('button', { name: 'Submit answer' }).click();

    // The page confirms what was approved and declined, as recorded by the server.
    await visible(page.getByText('Thank you. Your answer has been sent to your service advisor.'));
    const approvedList = page.getByRole('region', { name: 'Approved' });
    const declinedList = page.getByRole('region', { name: 'Declined' });
    expect((await approvedList.getByRole('listitem').allTextContents()).map((t) => t.split(' – ')[0])).toEqual([approved]);
    expect((await declinedList.getByRole('listitem').allTextContents()).map((t) => t.split(' – ')[0]).sort()).toEqual([...declined].sort());
    expect(await page.getByRole('button', { name: 'Submit answer' }).count()).toBe(0);
    // Answered: no deadline any more.
    await visible(facts.getByText(ro.roNumber, { exact: true }));
    expect(await facts.getByText('Answer by').count()).toBe(0);
    expect(await facts.getByText('Expired').count()).toBe(0);
    await screenshot(page, 'verify-redemption-done-desktop');

    const recorded = await finalState(verification.id);
    expect(recorded).toMatchObject({ status: 'declined', isAccepted: false, isComplete: true, approvedOpCodes: [approved] });
    expect([...recorded.declinedOpCodes].sort()).toEqual([...declined].sort());

    // The link again: used; a link that never existed: the same message. No form either time.
    await page.reload();
    await visible(page.getByRole('alert').filter({ hasText: LINK_INVALID }));
    expect(await page.getByRole('button', { name: 'Submit answer' }).count()).toBe(0);
    await page.goto('/verify/redemption/not-a-real-token');
    await visible(page.getByRole('alert').filter({ hasText: LINK_INVALID }));
    expect(await page.getByRole('radio').count()).toBe(0);
    await screenshot(page, 'verify-redemption-invalid-desktop');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should work on a phone: approving every op code accepts the verification', async () => {
    const ro = ros[1]!;
    const { verification, token } = await startVerification(ro);
    const { page, context, pageErrors } = await openLink(token, 'mobile');
    for (const o of verification.opCodes) await opCodeGroup(page, o.opCode).getByText('Approve', { exact: true }).click();
    await screenshot(page, 'verify-redemption-mobile');
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await visible(page.getByText('Thank you. Your answer has been sent to your service advisor.'));
    await visible(page.getByRole('region', { name: 'Declined' }).getByText('None', { exact: true }));
    await screenshot(page, 'verify-redemption-done-mobile');

    const recorded = await finalState(verification.id);
    expect(recorded).toMatchObject({ status: 'accepted', isAccepted: true, declinedOpCodes: [] });
    expect([...recorded.approvedOpCodes].sort()).toEqual(verification.opCodes.map((o) => o.opCode).sort());
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
