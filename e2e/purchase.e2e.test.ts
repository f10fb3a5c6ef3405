// Browser test of buying a pack online (issue 13): a visitor picks a pack on /purchase (signed out, filtered by
// location), signs in as the demo customer Pat and lands back on the chosen pack with its price, tax and total;
// pays with the demo provider's test card (its notice shown plainly), sees the confirmation, and finds the pack's
// coupons on /customer/coupons at once. Desktop and 390 px; screenshots (axe runs on each). A new visitor registers
// from the sign-in page, finishes from the e-mailed link, lands back on the chosen pack signed in, pays, gets the
// receipt in the outbox and the coupons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { DEMO_CUSTOMER, signIn, submitSignIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';
import { outboxSecret } from './support/api';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PACK = 'Complete Care Plan';

describe('/purchase', () => {
  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`should let a visitor pick a pack, sign in, come back to it, pay with the demo card and find the coupons (${viewport})`, async () => {
      const { page, context } = await openPage(browser, server.url, viewport);
      await page.goto('/purchase');
      await waitForTitle(page, 'Buy Coupon Packs | Dealer Coupons');
      const packs = await visible(page.getByRole('list', { name: 'Packs sold online' }));
      const card = await visible(packs.getByRole('listitem').filter({ has: page.getByRole('heading', { name: PACK }) }).first());
      expect(await card.textContent()).toContain('plus sales tax');
      // The expiry rule is said once above the packs; each card gives only its own date (issue 23).
      await visible(page.getByText(/end of the day, in the selling store's local time/));
      expect(await page.getByText(/end of the day, in the selling store's local time/).count()).toBe(1);
      expect(await card.textContent()).toMatch(/Bought today: good through \d{2}\/\d{2}\/\d{4}\./);
      expect(await card.textContent()).not.toContain("end of the day, in the selling store's local time");

      // The location filter narrows the packs and their Buy links to one location.
      const filter = page.getByLabel('Location');
      const locationName = (await filter.locator('option').nth(1).textContent())!.trim();
      await filter.selectOption({ label: locationName });
      const chosen = await visible(packs.getByRole('listitem').filter({ has: page.getByRole('heading', { name: PACK }) }).first());
      expect(await chosen.getByRole('link', { name: /^Buy at / }).count()).toBe(1);
      await screenshot(page, `purchase-landing-${viewport}`);

      await chosen.getByRole('link', { name: `Buy at ${locationName}` }).click();
      await page.waitForURL('**/auth/login?**');
      await submitSignIn(page, DEMO_CUSTOMER);
      await page.waitForURL('**/customer/purchase?packId=*');
      const summary = await visible(page.getByRole('region', { name: PACK }));
      expect(await page.getByLabel('Location').locator('option:checked').textContent()).toBe(locationName);
      await visible(summary.getByText(/^Sales tax \(/));
      expect(await summary.textContent()).toMatch(/Total\$[\d,]+\.\d\d/);
      await screenshot(page, `purchase-chosen-${viewport}`);

      const proceed = page.getByRole('button', { name: 'Continue to checkout' });
      if (viewport === 'mobile') {
        // On a phone the sign-in's toasts stand at the bottom edge over the page. The page makes room below its
        // end, and a control scrolled into view stops above them (held while hovered, SPEC 2.5): never covered.
        await (await visible(page.getByRole('region', { name: 'Notifications' }).locator('.toast').last())).hover();
        const covered = await proceed.evaluate((button) => {
          button.scrollIntoView({ block: 'end' });
          const box = button.getBoundingClientRect();
          return !button.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
        });
        expect(covered).toBe(false);
        await screenshot(page, 'purchase-chosen-with-toasts-mobile');
      }
      await proceed.click();
      await page.waitForURL('**/customer/purchase/checkout');
      await visible(page.getByText('Demo payment: no money moves', { exact: false }).first());
      await visible(page.getByText('4242 4242 4242 4242'));

      // A declined card says why and issues nothing; the test card that succeeds then pays.
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }));
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await screenshot(page, `purchase-checkout-${viewport}`);
      await page.getByRole('button', { name: /^Pay \$/ }).dblclick();

      await page.waitForURL('**/customer/purchase/confirm?orderId=*');
      const done = await visible(page.getByRole('region').filter({ hasText: 'A receipt is on its way by e-mail.' }));
      expect(await done.textContent()).toContain(PACK);
      expect(await done.textContent()).toContain(locationName);
      await screenshot(page, `purchase-confirm-${viewport}`);

      await page.getByRole('link', { name: 'Go to My coupons' }).click();
      await page.waitForURL('**/customer/coupons');
      const mine = await visible(page.getByRole('region', { name: 'My coupon packs' }));
      // Bought once per run (the desktop run bought the first), though Pay was double-clicked.
      await visible(mine.getByRole('article', { name: PACK }).first());
      expect(await mine.getByRole('article', { name: PACK }).count()).toBe(viewport === 'desktop' ? 1 : 2);
      await context.close();
    }, 120_000);
  }

  it('should let a visitor pick a pack, register from there, come back to it signed in, pay and get the receipt and the coupons', async () => {
    const { page, context } = await openPage(browser, server.url, 'desktop');
    const email = 'casey.newcomer@purchase.example';
    await page.goto('/purchase');
    await waitForTitle(page, 'Buy Coupon Packs | Dealer Coupons');
    const packs = await visible(page.getByRole('list', { name: 'Packs sold online' }));
    const card = await visible(packs.getByRole('listitem').filter({ has: page.getByRole('heading', { name: PACK }) }).first());
    const buy = card.getByRole('link', { name: /^Buy at / }).first();
    const locationName = ((await buy.textContent()) ?? '').replace(/^Buy at /, '').trim();
    await buy.click();
    await page.waitForURL('**/auth/login?**');

    // Registering from the sign-in page keeps the chosen pack.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/auth/register?**');
    await waitForTitle(page, 'Create an Account | Dealer Coupons');
    await page.getByLabel('First name').fill('Casey');
    await page.getByLabel('Last name').fill('Newcomer');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Mobile phone').fill('(720) 555-0177');
    // Without the age confirmation nothing is sent.
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByText('You must be 18 or older to register.'));
    await page.getByLabel(/I am 18 or older/).check();
    await screenshot(page, 'purchase-register-desktop');
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByRole('status').filter({ hasText: `We sent a link to ${email}` }));

    // The link in the e-mail sets the password and signs the new customer in, back on the chosen pack.
    const token = await outboxSecret(server.url, email, /\/registration\/([^\s/?#]+)/);
    await page.goto(`/registration/${token}`);
    await visible(page.getByText('Welcome, Casey Newcomer!', { exact: false }));
    await page.getByLabel('Password', { exact: true }).fill('caseys-long-password');
    await page.getByLabel(/Confirm/).fill('caseys-long-password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/customer/purchase?packId=*');
    const summary = await visible(page.getByRole('region', { name: PACK }));
    expect(await page.getByLabel('Location').locator('option:checked').textContent()).toBe(locationName);
    await visible(summary.getByText(/^Sales tax \(/));

    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL('**/customer/purchase/checkout');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL('**/customer/purchase/confirm?orderId=*');
    await visible(page.getByRole('region').filter({ hasText: 'A receipt is on its way by e-mail.' }));

    const receipt = await outboxSecret(server.url, email, /(Thank you for buying the [^\n]+)/);
    expect(receipt).toContain(PACK);

    // Opened again on its own (a reload, a return from a 3-D Secure step): the order's state comes from the server.
    await page.goto(page.url());
    const again = await visible(page.getByRole('region').filter({ hasText: 'your payment was received' }));
    expect(await again.textContent()).toContain(PACK);
    expect(await again.textContent()).toContain(locationName);

    await page.getByRole('link', { name: 'Go to My coupons' }).click();
    await page.waitForURL('**/customer/coupons');
    const mine = await visible(page.getByRole('region', { name: 'My coupon packs' }));
    await visible(mine.getByRole('article', { name: PACK }).first());
    expect(await mine.getByRole('article').count()).toBe(1);
    await context.close();
  }, 120_000);

  it('should show the registration form at 390 px and refuse an e-mail that has an account', async () => {
    const { page, context } = await openPage(browser, server.url, 'mobile');
    await page.goto('/auth/register?destination=%2Fpurchase');
    await page.getByLabel('First name').fill('Pat');
    await page.getByLabel('Last name').fill('Again');
    await page.getByLabel('E-mail').fill(DEMO_CUSTOMER);
    await page.getByLabel('Mobile phone').fill('(720) 555-0178');
    await page.getByLabel(/I am 18 or older/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Customer is already registered.' }));
    await screenshot(page, 'purchase-register-mobile');
    await page.getByRole('link', { name: 'Sign in', exact: true }).first().click();
    await page.waitForURL('**/auth/login?destination=%2Fpurchase');
    await context.close();
  }, 60_000);

  // Runs after the purchases above (tests in a file run in order): their paid orders are listed.
  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`should show managers the online orders by status, with a declined card counted (${viewport})`, async () => {
      // The demo manager manages location 1 only: the Location filter offers only it. The packs above were bought at
      // the first location by name, so the admin (every location) reads them.
      const manager = await openPage(browser, server.url, viewport);
      await signIn(manager.page, 'manager', { destination: '/employee/packs' });
      const managed = await visible(manager.page.getByRole('region', { name: 'Online orders' }));
      const options = managed.getByLabel('Location').locator('option');
      for (let i = 0; i < 100 && (await options.count()) !== 2; i++) await manager.page.waitForTimeout(100);
      expect(await options.allTextContents()).toEqual(['All locations', 'Front Range Toyota']);
      await manager.context.close();

      const { page, context } = await openPage(browser, server.url, viewport);
      await signIn(page, 'admin', { destination: '/employee/packs' });
      const section = await visible(page.getByRole('region', { name: 'Online orders' }));
      await section.getByLabel('Status').selectOption({ label: 'Paid' });
      const rows = viewport === 'desktop' ? section.getByRole('row').filter({ hasText: PACK }) : section.getByRole('listitem').filter({ hasText: PACK });
      await visible(rows.first());
      // Pat's purchases were declined once before they were paid; the new customer's was paid at once.
      await visible(rows.filter({ hasText: '1 declined before' }).first());
      await visible(rows.filter({ hasText: 'Casey Newcomer' }).first());
      await screenshot(page, `online-orders-${viewport}`);
      await section.getByLabel('Status').selectOption({ label: 'Refunded' });
      await visible(section.getByText('No online orders match.'));
      await context.close();
    }, 90_000);
  }
});
