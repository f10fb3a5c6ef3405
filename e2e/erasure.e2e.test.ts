// Browser tests of Erase personal data (issue 5; admins): on the selected customer of /employee/sales an admin
// erases a fresh customer with a reason (required), sees the toast and the erased state, and the old e-mail no
// longer finds the customer; a manager has no such button.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { createCustomer, type SeedProfile } from './support/api';
import { apiHeaders, signIn, type DemoLogin } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;

/** Fresh customers (no demo customer is harmed), one per test. */
const forDesktop: SeedProfile = { firstName: 'Ermintrude', lastName: 'Forgetful', emailAddress: 'ermintrude.forgetful@erase.example', phoneMobile: '7205550141', city: 'Leadville' };
const forMobile: SeedProfile = { firstName: 'Obadiah', lastName: 'Vanishing', emailAddress: 'obadiah.vanishing@erase.example', phoneMobile: '7205550142' };
const forManager: SeedProfile = { firstName: 'Philippa', lastName: 'Keepsake', emailAddress: 'philippa.keepsake@erase.example', phoneMobile: '7205550143' };
const ids = new Map<SeedProfile, string>();
const nameOf = (c: SeedProfile) => `${c.firstName} ${c.lastName}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  for (const profile of [forDesktop, forMobile, forManager]) ids.set(profile, await createCustomer(server.url, profile));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(login: DemoLogin, viewport: ViewportName = 'desktop') {
  const opened = await openPage(browser, server.url, viewport);
  await signIn(opened.page, login, login === 'admin' ? { destination: '/employee/sales' } : {});
  await waitForTitle(opened.page, 'Sales | Dealer Coupons');
  // The sign-in toast hides itself after 2 s; screenshots are easier to read without it.
  await opened.page.getByText('Login Successful').waitFor({ state: 'detached' });
  return opened;
}

/** Searches `term` in Search Customer, the Sales page's one customer search (decision 0078); returns the dialog. */
async function search(page: Page, term: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Search Customer' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Search customers' }).click();
  await visible(dialog);
  await dialog.getByPlaceholder('Phone, Email, RO #').fill(term);
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  return dialog;
}

/** Finds the customer by e-mail in Search Customer, picks them and waits for the selected-customer card. */
async function selectCustomer(page: Page, profile: SeedProfile): Promise<Locator> {
  const dialog = await search(page, profile.emailAddress!);
  await (await visible(dialog.locator('tr, li').filter({ hasText: nameOf(profile) }).first())).getByText(nameOf(profile), { exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return visible(page.getByRole('region', { name: nameOf(profile) }));
}

async function eraseFromCard(page: Page, card: Locator, reason: string, shot: string): Promise<Locator> {
  // Before: the customer can still be asked to verify a redemption.
  await visible(page.getByRole('button', { name: 'Start verification' }));
  await card.getByRole('button', { name: 'Erase personal data' }).click();
  const dialog = await visible(page.getByRole('alertdialog', { name: 'Erase personal data' }));
  await visible(dialog.getByText('This cannot be undone.'));
  await visible(dialog.getByText(/names, e-mail address, phone numbers and address become unreadable everywhere/));
  await visible(dialog.getByText(/Financial facts stay for record-keeping/));
  // The reason is required: nothing is sent without one.
  await dialog.getByRole('button', { name: 'Erase personal data' }).click();
  await visible(dialog.getByText('Reason is required.'));
  await screenshot(page, `${shot}-dialog`);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Erase personal data' }).click();
  await visible(page.getByText('Personal data erased.'));
  await dialog.waitFor({ state: 'detached' });
  return visible(page.getByRole('region', { name: 'Personal data erased' }));
}

describe('erase personal data', () => {
  it('should let an admin erase a customer with a reason, show the erased state, and not find them by their old e-mail', async () => {
    const { page, context, pageErrors } = await signedIn('admin');
    const card = await selectCustomer(page, forDesktop);
    await visible(card.getByText(forDesktop.emailAddress!));

    // Cancel leaves everything as it was.
    await card.getByRole('button', { name: 'Erase personal data' }).click();
    const cancelled = await visible(page.getByRole('alertdialog', { name: 'Erase personal data' }));
    await cancelled.getByRole('button', { name: 'Cancel' }).click();
    await cancelled.waitFor({ state: 'detached' });
    await visible(card.getByText(forDesktop.emailAddress!));

    const erased = await eraseFromCard(page, card, 'Customer asked by phone on 11/21, ticket 4711', 'erasure-desktop');
    await visible(erased.getByText("An admin erased this customer's personal data.", { exact: false }));
    const text = (await erased.textContent()) ?? '';
    for (const value of [forDesktop.firstName, forDesktop.lastName, forDesktop.emailAddress!, 'Leadville', '555-0141']) expect(text).not.toContain(value);
    // No internal id on the card either (issue 23: the selected customer's UUID is not shown to people).
    expect(text).not.toContain(ids.get(forDesktop)!);
    // Nothing personal is left to edit or to send a registration message to, and it cannot be erased twice.
    expect(await erased.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await erased.getByRole('button', { name: 'Erase personal data' }).count()).toBe(0);
    expect(await erased.getByRole('button', { name: /Send registration/ }).count()).toBe(0);
    // Nobody can be asked to verify a redemption any more: the panel is gone with the contact details.
    expect(await page.getByRole('button', { name: 'Start verification' }).count()).toBe(0);
    await visible(erased.getByRole('link', { name: 'History' }));
    await page.getByText('Personal data erased.').waitFor({ state: 'detached' });
    await screenshot(page, 'erasure-desktop-erased');

    // The old e-mail and phone find nobody now.
    await search(page, forDesktop.emailAddress!);
    await visible(page.getByText('No results', { exact: true }));
    await search(page, forDesktop.phoneMobile);
    await visible(page.getByText('No results', { exact: true }));

    // The server agrees.
    const headers = await apiHeaders(server.url, 'admin');
    const stored = await fetch(`${server.url}/api/customers/${ids.get(forDesktop)}`, { headers });
    expect((await stored.json()).dataSet).toMatchObject({ firstName: null, emailAddress: null, personalDataErased: true });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should erase on mobile too', async () => {
    const { page, context, pageErrors } = await signedIn('admin', 'mobile');
    const card = await selectCustomer(page, forMobile);
    const erased = await eraseFromCard(page, card, 'Written request received 11/20', 'erasure-mobile');
    await page.getByText('Personal data erased.').waitFor({ state: 'detached' });
    expect(await erased.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    // A full-page screenshot taken while scrolled shows the sticky top bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'erasure-mobile-erased');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should not offer erasure to a manager', async () => {
    const { page, context } = await signedIn('manager');
    const card = await selectCustomer(page, forManager);
    await visible(card.getByRole('button', { name: 'Edit' }));
    await visible(card.getByRole('link', { name: 'History' }));
    expect(await card.getByRole('button', { name: 'Erase personal data' }).count()).toBe(0);
    // The server refuses a manager too (403), and the customer keeps their data.
    const headers = await apiHeaders(server.url, 'manager');
    const refused = await fetch(`${server.url}/api/customer-erasure`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ customerId: ids.get(forManager), reason: 'Trying' }),
    });
    expect(refused.status).toBe(403);
    await context.close();
  });
});
