// Browser tests of the development outbox page (signed in as the demo admin): messages the demo product sent, and the non-demo notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '@dealer/launcher/testing/test-server';
import { createCustomer, sendRegistrationEmail, sendRegistrationText } from './support/api';
import { signIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle } from './support/browser';

const email = 'morgan.hale@example.com';

let server: { url: string; stop(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  // A registration e-mail gives the outbox something to show.
  const customerId = await createCustomer(server.url, { firstName: 'Morgan', lastName: 'Hale', emailAddress: email, phoneMobile: '7205550123' });
  await sendRegistrationEmail(server.url, customerId);
  await sendRegistrationText(server.url, customerId);
});

/** Types `to` in the To filter and refreshes until a row for `shown` arrives (a background worker sends). */
async function filterUntilRow(page: Page, to: string, shown: string) {
  await page.getByLabel('To').fill(to);
  const row = page.getByRole('row').filter({ hasText: shown });
  for (let i = 0; i < 20 && !(await row.count()); i++) {
    await page.waitForTimeout(500);
    await page.getByRole('button', { name: 'Refresh' }).click();
  }
  return visible(row.first());
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('development outbox', () => {
  it('should list the messages sent to an address, newest first', async () => {
    const { page, context, pageErrors } = await openPage(browser, server.url, 'desktop');
    await signIn(page, 'admin', { destination: '/employee/dev-outbox' });
    await waitForTitle(page, 'Dev Outbox | Dealer Coupons');
    await page.getByLabel('To').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    // The message is sent by a background worker; refresh until it arrives.
    for (let i = 0; i < 20 && !(await row.count()); i++) {
      await page.waitForTimeout(500);
      await page.getByRole('button', { name: 'Refresh' }).click();
    }
    await visible(row.first());
    expect(await row.first().textContent()).toContain('Email');
    await screenshot(page, 'dev-outbox-desktop');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should find texts by a phone number written in any format, and show the number formatted (SPEC 5)', async () => {
    const { page, context, pageErrors } = await openPage(browser, server.url, 'desktop');
    await signIn(page, 'admin', { destination: '/employee/dev-outbox' });
    const row = await filterUntilRow(page, '(720) 555-0123', '(720) 555-0123');
    expect(await row.textContent()).toContain('SMS');
    expect(await page.getByRole('cell', { name: '7205550123', exact: true }).count()).toBe(0);
    await filterUntilRow(page, '720.555.0123', '(720) 555-0123');
    await screenshot(page, 'dev-outbox-phone-desktop');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should show the messages as cards on mobile', async () => {
    const { page, context } = await openPage(browser, server.url, 'mobile');
    await signIn(page, 'admin', { destination: '/employee/dev-outbox' });
    await page.getByLabel('To').fill(email);
    await visible(page.getByRole('list', { name: 'Messages' }));
    await screenshot(page, 'dev-outbox-mobile');
    await context.close();
  });

  it('should explain that the outbox needs demo mode when the API answers 404', async () => {
    const { page, context } = await openPage(browser, server.url, 'desktop');
    // Forces the non-demo answer; the test server always runs in demo mode.
    await page.route('**/api/dev-outbox*', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ title: 'not_found', status: 404, errors: ['No route'] }) }),
    );
    await signIn(page, 'admin', { destination: '/employee/dev-outbox' });
    await visible(page.getByText('The development outbox is only available in demo mode.'));
    await context.close();
  });
});
