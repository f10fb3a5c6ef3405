// Browser tests of the auditor's customer history (issue 5) and the Login app event's toast (SPEC 3, 4):
// a manager opens the timeline from the Sales page and looks at a past moment, a controller sees personal
// data hidden, an employee is refused, and a signed-in customer is welcomed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { APP_EVENTS } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { createCustomer } from './support/api';
import { apiHeaders, DEMO_CUSTOMER, signIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;

const profile = { firstName: 'Hilda', lastName: 'Historia', emailAddress: 'hilda.historia@example.com', phoneMobile: '3035550891', city: 'Denver' };
const name = `${profile.firstName} ${profile.lastName}`;
const adminId = deterministicUuid('demo-employee-admin');
let customerId: string;
/** A moment after the customer was created and before the edit, to the second. */
let between: Date;

const pad = (n: number) => String(n).padStart(2, '0');
/** The value a person types into a datetime-local control (local time, seconds). */
const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const historyPath = () => `/employee/customers/${customerId}/history`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  // Created, then edited by the admin two seconds later (Denver -> Golden).
  customerId = await createCustomer(server.url, profile);
  between = new Date(Math.floor((Date.now() + 1000) / 1000) * 1000);
  await new Promise((r) => setTimeout(r, 2000));
  const admin = await apiHeaders(server.url, 'admin');
  // A whole-profile edit names the revision it was based on (issue 10, item 13).
  let loadedResponse = await fetch(`${server.url}/api/customers/${customerId}`, { headers: admin });
  // The read side catches up with the create within moments.
  for (let i = 0; i < 50 && loadedResponse.status === 404; i++) {
    await new Promise((r) => setTimeout(r, 100));
    loadedResponse = await fetch(`${server.url}/api/customers/${customerId}`, { headers: admin });
  }
  const loaded = (await loadedResponse.json()) as { dataSet: { revision: number } };
  const edit = await fetch(`${server.url}/api/customers/${customerId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...admin },
    body: JSON.stringify({ ...profile, city: 'Golden', expectedRevision: loaded.dataSet.revision }),
  });
  if (edit.status !== 200) throw new Error(`Editing the customer failed with ${edit.status}: ${await edit.text()}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(login: 'manager' | 'controller' | 'employee', viewport: ViewportName = 'desktop', destination?: string) {
  const opened = await openPage(browser, server.url, viewport);
  await signIn(opened.page, login, destination ? { destination } : {});
  // The sign-in toast hides itself after 2 s; screenshots are easier to read without it.
  await opened.page.getByText('Login Successful').waitFor({ state: 'detached' });
  return opened;
}

/** The timeline row (desktop) or card (mobile) of an event. */
const entry = (page: Page, summary: string) => page.locator('tbody tr, li.history-card').filter({ hasText: summary });

describe('customer history page', () => {
  it('should open from the selected customer on Sales, show who changed what, and the state as of a past moment', async () => {
    const { page, pageErrors } = await signedIn('manager');
    await waitForTitle(page, 'Sales | Dealer Coupons');
    await page.getByRole('button', { name: 'Search customers' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Search Customer' }));
    await dialog.getByPlaceholder('Phone, Email, RO #').fill(profile.emailAddress);
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await (await visible(dialog.locator('tr, li').filter({ hasText: name }).first())).getByText(name, { exact: true }).click();
    const details = await visible(page.getByRole('region', { name }));
    await screenshot(page, 'customer-history-button-desktop');
    await details.getByRole('link', { name: 'History' }).click();

    await page.waitForURL(`**${historyPath()}`);
    await waitForTitle(page, 'Customer History | Dealer Coupons');
    const edited = await visible(entry(page, 'Profile edited'));
    const cells = await edited.getByRole('cell').allTextContents();
    expect(cells[2]).toBe('Avery Admin (staff)');
    expect(cells[3]).toContain('City: Denver');
    expect(cells[3]).toContain('Golden');
    expect(await edited.locator('.history-before').textContent()).toBe('Denver');
    expect(await edited.locator('.history-after').textContent()).toBe('Golden');
    // No internal id on screen or on hover (issue 23): the actor's name, and the action numbered.
    expect(await edited.getByText('Avery Admin (staff)').getAttribute('title')).toBeNull();
    // Time as time-ago (SPEC 9) with the exact month/day/year and time of day for screen readers;
    // the entries of one action share its number.
    expect(cells[0]).toMatch(/^(just now|\d+ minutes? ago|\d+ hours? ago), \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M$/);
    expect(cells[4]).toMatch(/^Action \d+$/);
    expect(await edited.textContent()).not.toContain(adminId);
    const created = await visible(entry(page, 'Customer created'));
    expect(await created.textContent()).toContain('First Name');
    expect(await created.textContent()).toContain(profile.emailAddress);
    // Newest first.
    expect(await page.locator('tbody tr').first().textContent()).toContain('Profile edited');
    const state = page.getByRole('region', { name: 'Current state' });
    expect(await state.textContent()).toContain('Golden');
    await screenshot(page, 'customer-history-desktop');

    // As of a moment between the two events: the old city, and only the creation.
    await page.getByLabel('As of').fill(localInput(between));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const past = await visible(page.getByRole('region', { name: /^State as of / }));
    await visible(past.getByText('Denver', { exact: true }));
    expect(await past.textContent()).not.toContain('Golden');
    await visible(page.getByText('1 event, newest first'));
    expect(await entry(page, 'Profile edited').count()).toBe(0);
    expect(page.url()).toContain('asOf=');
    await screenshot(page, 'customer-history-as-of-desktop');

    // Back to now.
    await page.getByRole('button', { name: 'Show current' }).click();
    await visible(page.getByRole('region', { name: 'Current state' }).getByText('Golden', { exact: true }));

    // An As-of left empty is refused with a message.
    await page.getByLabel('As of').fill('');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await visible(page.getByText('Enter a date and time.'));
    expect(pageErrors).toEqual([]);
  });

  it('should name every event in plain words, list no internal fields, and fit 1366 px', async () => {
    // A phone change by staff: the request, then the workers' record that the code went out.
    const other = await createCustomer(server.url, { firstName: 'Paz', lastName: 'Plainword', emailAddress: 'paz.plainword@example.com', phoneMobile: '3035550892' });
    const change = await fetch(`${server.url}/api/email-phone-verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await apiHeaders(server.url, 'admin')) },
      body: JSON.stringify({ type: 'phone', info: '3035550893', customerId: other }),
    });
    expect(change.status).toBe(200);
    const { page, pageErrors } = await signedIn('manager', 'desktop', `/employee/customers/${other}/history`);
    await visible(entry(page, 'Phone change requested'));
    // The code is sent by a background worker; reload until its record shows.
    for (let i = 0; i < 20 && !(await entry(page, 'Phone change code sent by text').count()); i++) {
      await page.waitForTimeout(500);
      await page.reload();
    }
    await visible(entry(page, 'Phone change code sent by text'));
    const timeline = page.getByRole('table', { name: 'Timeline, newest first' });
    const text = (await timeline.textContent()) ?? '';
    expect(text).not.toMatch(/Customer[A-Z]\w+/);
    expect(await timeline.locator('.history-field').filter({ hasText: /^Kind:/ }).count()).toBe(0);
    // Every column, the last included, is inside the page at 1366 px: nothing to scroll sideways to.
    const wrap = timeline.locator('xpath=..');
    expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const lastHeader = await timeline.getByRole('columnheader', { name: 'Action' }).boundingBox();
    expect(lastHeader!.x + lastHeader!.width).toBeLessThanOrEqual(1366);
    await screenshot(page, 'customer-history-contact-change-desktop');
    expect(pageErrors).toEqual([]);
  });

  it('should show the timeline as cards on mobile', async () => {
    const { page } = await signedIn('manager', 'mobile', historyPath());
    const card = await visible(entry(page, 'Profile edited'));
    expect(await card.evaluate((el) => el.tagName)).toBe('LI');
    expect(await page.locator('table').count()).toBe(0);
    expect(await card.textContent()).toContain('Golden');
    await screenshot(page, 'customer-history-mobile');
  });

  it('should hide personal data from a controller with a visible marker', async () => {
    const { page } = await signedIn('controller', 'desktop', historyPath());
    await visible(page.getByText('Personal data is hidden for your role; it shows as Hidden.'));
    const edited = await visible(entry(page, 'Profile edited'));
    expect(await edited.locator('.history-before').textContent()).toBe('Hidden');
    expect(await edited.locator('.history-after').textContent()).toBe('Hidden');
    const state = page.getByRole('region', { name: 'Current state' });
    expect(await state.getByText('Hidden', { exact: true }).count()).toBeGreaterThanOrEqual(4);
    const text = (await page.textContent('body')) ?? '';
    expect(text).not.toContain(profile.emailAddress);
    expect(text).not.toContain('Golden');
    await screenshot(page, 'customer-history-controller-desktop');
    const mobile = await signedIn('controller', 'mobile', historyPath());
    await visible(entry(mobile.page, 'Profile edited'));
    await screenshot(mobile.page, 'customer-history-controller-mobile');
  });

  it('should refuse an employee with the forbidden page', async () => {
    const { page } = await signedIn('employee');
    await waitForTitle(page, 'Sales | Dealer Coupons');
    // The History button is not offered to an employee either.
    expect(await page.getByRole('link', { name: 'History' }).count()).toBe(0);
    await page.goto(historyPath());
    await visible(page.getByText('You do not have access to this page.'));
    expect(page.url()).toContain(historyPath());
  });
});

describe('Login app event', () => {
  it("should show the Login event's message as a toast after a customer signs in", async () => {
    const { page } = await openPage(browser, server.url, 'desktop');
    await signIn(page, DEMO_CUSTOMER);
    // The customer's first sign-in on this server: welcomed, not welcomed back (issue 10, item 20).
    await visible(page.getByRole('region', { name: 'Notifications' }).getByText(APP_EVENTS.Login.firstMessage));
    await screenshot(page, 'login-app-event-toast-desktop');
  });
});
