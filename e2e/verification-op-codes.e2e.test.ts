// Browser tests of the Verification Op Codes page (issue 5: op codes that need the customer's verification, per
// location): a manager adds TIR at a CRM location from the page, which then makes a redemption verification start
// for an RO with TIR (and only for TIR), and removes it after SPEC 8's confirmation; an employee has no entry and
// gets the forbidden page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { employeeWithRoles, givenRolesAtEveryRooftop, removeRole } from '@dealer/launcher/testing/rooftops';
import { loginAs } from '@dealer/launcher/testing/auth';
import { apiHeaders, signIn, submitSignIn, type DemoLogin } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;
let employeeApi: Record<string, string>;

const OP_CODE = 'TIR';
const DESCRIPTION = 'Tire replacement';
const NAV_LABEL = 'Verification Op Codes';

interface Ro {
  roNumber: string;
  locationId: number;
  locationName: string;
  customerId: string;
  opCodes: string[];
}
/** An RO with TIR and other op codes at a CRM location other than the manager's own, of a CRM customer without Verify Redemptions. */
let ro: Ro;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  // Issue 20: staff act and read only where they hold a role; this test's staff work at every rooftop
  // (4, Lakewood Chevrolet, does not use the CRM and is never offered).
  await givenRolesAtEveryRooftop(server, ['employee', 'manager']);
  employeeApi = await apiHeaders(server.url, 'employee');
  const [row] = await server.product.sql<Ro[]>`
    select r.ro_number as "roNumber", r.location_id as "locationId", l.location_name as "locationName", c.customer_id::text as "customerId",
      array_agg(distinct j.op_code order by j.op_code) as "opCodes"
    from ref.repair_orders r
    join ref.locations l on l.location_id = r.location_id and l.is_using_crm
    join rm_customer_details.customers c on c.email_address = r.customer_email and not c.verify_redemptions
    join ref.ro_jobs j on j.location_id = r.location_id and j.ro_number = r.ro_number
    where r.location_id <> 1
    group by r.ro_number, r.location_id, l.location_name, c.customer_id
    having bool_or(j.op_code = ${OP_CODE}) and count(distinct j.op_code) >= 2
    order by r.location_id, r.ro_number limit 1`;
  if (!row) throw new Error(`The demo data has no RO with ${OP_CODE} and another op code at a CRM location other than 1`);
  ro = row;
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

/** POST /api/redemption-verifications as the employee would start one for the RO (by e-mail). */
async function startVerification(): Promise<{ status: number; body: { dataSet?: { pendingOpCodes: string[]; roNumber: string }; errors?: string[] } }> {
  const response = await fetch(`${server.url}/api/redemption-verifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...employeeApi },
    body: JSON.stringify({ type: 'email', roNumber: ro.roNumber, locationId: ro.locationId, customerId: ro.customerId, preApprovalOpCodes: [] }),
  });
  return { status: response.status, body: await response.json() };
}

const opCodeField = (page: Page) => page.getByRole('textbox', { name: 'Op code', exact: true });

function ruleRow(page: Page, opCode: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: opCode, exact: true }) });
}

describe('verification op codes page', () => {
  it('should let a manager mark an op code at a location, which then needs the customer\'s verification, and remove it', async () => {
    // Before: no op code of the RO needs verification, so a verification cannot start.
    const before = await startVerification();
    expect(before.status).toBe(400);
    expect(before.body.errors).toEqual(["No op codes on this RO need the customer's verification."]);

    const { page, context, pageErrors } = await signedIn('manager', 'desktop');
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: NAV_LABEL }).click();
    await waitForTitle(page, 'Verification Op Codes | Dealer Coupons');
    await visible(page.getByRole('heading', { name: 'Verification Op Codes', level: 1 }));

    const location = page.getByLabel('Location');
    // Only CRM locations are offered (SPEC 2.5 location selector).
    await page.waitForFunction(() => [...document.querySelectorAll('option')].some((o) => o.textContent === 'Flatirons Honda'));
    expect(await location.locator('option').allTextContents()).not.toContain('Lakewood Chevrolet');
    await location.selectOption({ label: ro.locationName });
    await page.waitForURL(`**/employee/verification-op-codes?locationId=${ro.locationId}`);
    await visible(page.getByText("No op codes at this location need the customer's verification."));

    // The op code is required; the server's normalisation shows in the list (lower case typed, upper case stored).
    await page.getByRole('button', { name: 'Add Op Code' }).click();
    await visible(page.getByText('Op code is required.'));
    await opCodeField(page).fill(OP_CODE.toLowerCase());
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill(DESCRIPTION);
    await page.getByRole('button', { name: 'Add Op Code' }).click();
    await visible(page.getByText('Op code verification rule successfully added.'));
    const row = await visible(ruleRow(page, OP_CODE));
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(DESCRIPTION);
    expect(await opCodeField(page).inputValue()).toBe('');
    await screenshot(page, 'verification-op-codes-desktop');

    // The same op code again at the same location is refused by the server, shown as an error toast.
    await opCodeField(page).fill(OP_CODE);
    await page.getByRole('button', { name: 'Add Op Code' }).click();
    const duplicate = await visible(page.getByRole('alert').filter({ hasText: 'This op code already needs verification at this location.' }));
    await duplicate.getByRole('button', { name: 'Dismiss notification' }).click();
    await duplicate.waitFor({ state: 'detached' });

    // The rule is what the server applies: a verification now starts, asking about TIR only.
    const started = await startVerification();
    expect(started.status).toBe(201);
    expect(started.body.dataSet?.pendingOpCodes).toEqual([OP_CODE]);
    expect(ro.opCodes.length).toBeGreaterThan(1);

    // Edit the description.
    await row.getByRole('button', { name: `Edit ${OP_CODE}` }).click();
    const edit = await visible(page.getByRole('dialog', { name: `Edit Op Code ${OP_CODE}` }));
    await edit.getByRole('textbox', { name: 'Description', exact: true }).fill('Tire replacement (any size)');
    await edit.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Op code verification rule successfully updated.'));
    await edit.waitFor({ state: 'detached' });
    await visible(ruleRow(page, OP_CODE).getByRole('cell', { name: 'Tire replacement (any size)' }));

    // Remove: No keeps it, Yes removes it.
    await ruleRow(page, OP_CODE).getByRole('button', { name: `Remove ${OP_CODE}` }).click();
    const confirm = await visible(page.getByRole('alertdialog', { name: 'Confirm Action' }));
    await visible(confirm.getByText('Are you sure you want to remove op code verification rule?'));
    await visible(confirm.getByText(`${OP_CODE} at ${ro.locationName} will no longer need the customer's verification.`));
    await screenshot(page, 'verification-op-codes-confirm-desktop');
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    await visible(ruleRow(page, OP_CODE));
    await ruleRow(page, OP_CODE).getByRole('button', { name: `Remove ${OP_CODE}` }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Yes' }).click();
    await visible(page.getByText('Op code verification rule successfully removed.'));
    await ruleRow(page, OP_CODE).waitFor({ state: 'detached' });
    await visible(page.getByText("No op codes at this location need the customer's verification."));

    // The server agrees: the location has no rule left.
    const managerApi = await apiHeaders(server.url, 'manager');
    const listed = await fetch(`${server.url}/api/opcode-verification-rules?locationId=${ro.locationId}`, { headers: managerApi });
    expect(((await listed.json()) as { dataSet: unknown[] }).dataSet).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should show the op codes as cards on mobile', async () => {
    const managerApi = await apiHeaders(server.url, 'manager');
    for (const [opCode, description] of [['ALN', 'Alignment'], ['BRK', null]] as const) {
      const added = await fetch(`${server.url}/api/opcode-verification-rules`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...managerApi },
        body: JSON.stringify({ locationId: ro.locationId, opCode, description }),
      });
      expect(added.status).toBe(201);
    }
    const { page, context, pageErrors } = await signedIn('manager', 'mobile');
    await page.goto(`/employee/verification-op-codes?locationId=${ro.locationId}`);
    const cards = await visible(page.getByRole('list', { name: 'Verification op codes' }));
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await cards.getByRole('listitem').count()).toBe(2);
    expect(await cards.getByRole('listitem').first().textContent()).toContain('Alignment');
    await visible(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: NAV_LABEL }));
    await screenshot(page, 'verification-op-codes-mobile');
    await cards.getByRole('listitem').first().getByRole('button', { name: 'Remove ALN' }).click();
    await visible(page.getByRole('alertdialog', { name: 'Confirm Action' }));
    await screenshot(page, 'verification-op-codes-confirm-mobile');
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("should follow an admin's removal of the manager role without a sign-out: the next refusal renews the token and the page goes (issue 20)", async () => {
    const staff = await employeeWithRoles(server, 'live-op-code-manager', [{ role: 'manager', locationId: 1 }, { role: 'employee', locationId: 1 }]);
    const { page, context, pageErrors } = await openPage(browser, server.url, 'desktop');
    await page.goto('/auth/login');
    await submitSignIn(page, 'live-op-code-manager');
    await page.waitForURL('**/employee/sales');
    const nav = await visible(page.getByRole('navigation', { name: 'Staff' }));
    await visible(nav.getByRole('link', { name: NAV_LABEL }));

    const admin = (await loginAs(server, 'admin')).headers;
    const [managerRole] = await server.product.sql<{ id: string }[]>`
      select user_role_id::text as id from rm_user_roles.user_roles where user_id = ${staff.userId} and role_name = 'manager'`;
    await removeRole(server, admin, managerRole!.id);
    // Past the session check's cache (2 s): the server now refuses the managers' list to this tab's token.
    await new Promise((r) => setTimeout(r, 2_500));
    await nav.getByRole('link', { name: NAV_LABEL }).click();
    // The 403 renewed the token: the tab now knows the user is an employee, without signing out.
    await visible(page.getByRole('heading', { name: 'Forbidden' }));
    await page.waitForFunction(() => JSON.parse(sessionStorage.getItem('auth_token') ?? 'null')?.payload?.evt === 'REFRESH');
    // Still signed in, now as the employee they remain: Sales without the managers' page in the menu.
    await page.goto('/employee/sales');
    await waitForTitle(page, 'Sales | Dealer Coupons');
    const after = await visible(page.getByRole('navigation', { name: 'Staff' }));
    await visible(after.getByRole('link', { name: 'Sales' }));
    expect(await after.getByRole('link', { name: NAV_LABEL }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should not offer the page to an employee, who gets the forbidden page at its address', async () => {
    const { page, context } = await signedIn('employee', 'desktop');
    const nav = await visible(page.getByRole('navigation', { name: 'Staff' }));
    await visible(nav.getByRole('link', { name: 'Sales' }));
    expect(await nav.getByRole('link', { name: NAV_LABEL }).count()).toBe(0);
    await page.goto('/employee/verification-op-codes');
    await visible(page.getByRole('heading', { name: 'Forbidden' }));
    await visible(page.getByText('You do not have access to this page.'));
    expect(await page.getByRole('button', { name: 'Add Op Code' }).count()).toBe(0);
    await context.close();
  });
});
