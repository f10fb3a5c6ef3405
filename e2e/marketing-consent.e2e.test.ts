// Browser test of consent to coupon reminders (issue 24 part 2, ADR 0089): the demo customer Pat turns reminder
// texts on in My profile, and a reminder's unsubscribe link, opened signed out, turns reminder e-mails off only when
// its button is pressed. At 1366 and 390 px, with screenshots (axe runs on each).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MARKETING_CONSENT_TEXTS } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { unsubscribeTokenFor, unsubscribeTokenKey } from '@dealer/platform/auth/unsubscribe-token';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { apiHeaders, DEMO_CUSTOMER, signIn } from './support/auth';
import { launchBrowser, openPage, screenshot, SCREENSHOT_DIR, visible, type ViewportName } from './support/browser';
import { openSales, pickCustomerOnSales } from './support/sales';

const t = MARKETING_CONSENT_TEXTS;
const pat = deterministicUuid('demo-customer-0');

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until Pat's consent, as the API reads it, has `expected` on the channels it names. */
async function waitForConsent(expected: Partial<Record<'email' | 'sms', boolean>>): Promise<void> {
  const headers = await apiHeaders(server.url, 'admin');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${server.url}/api/customers/${pat}`, { headers });
    const consent = ((await res.json()) as { dataSet: { marketingConsent: { email: boolean; sms: boolean } } }).dataSet.marketingConsent;
    const matches = Object.entries(expected).every(([channel, on]) => consent[channel as 'email' | 'sms'] === on);
    if (matches) return;
    if (Date.now() > deadline) expect(consent).toMatchObject(expected);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('consent to coupon reminders', () => {
  it('should let the customer turn reminder texts on in My profile (1366 px), and off again at 390 px', async () => {
    for (const [viewport, turnOn] of [['desktop', true], ['mobile', false]] as [ViewportName, boolean][]) {
      const { page, context, pageErrors } = await openPage(browser, server.url, viewport);
      await signIn(page, DEMO_CUSTOMER);
      await page.goto('/customer/profile');
      const section = await visible(page.getByRole('region', { name: t.sectionTitle }));
      const texts = section.getByRole('switch', { name: t.smsLabel });
      expect(await texts.isChecked()).toBe(!turnOn);
      expect(await section.getByRole('switch', { name: t.emailLabel }).isChecked()).toBe(true);
      await visible(section.getByText(t.smsDisclosure));
      await screenshot(page, `marketing-consent-profile-${viewport}`);
      await texts.click();
      await visible(page.getByText(t.saved('sms', turnOn)));
      await page.waitForFunction((on) => (document.querySelector('[role="switch"][aria-describedby]') as HTMLInputElement | null)?.checked === on, turnOn);
      await waitForConsent({ email: true, sms: turnOn });
      await screenshot(page, `marketing-consent-profile-saved-${viewport}`);
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  }, 120_000);

  it("should stop reminder e-mails from the unsubscribe link only when its button is pressed, signed out (1366 and 390 px)", async () => {
    const token = unsubscribeTokenFor(unsubscribeTokenKey(verificationHashKey(server.env.authSecret)), pat, 'email');
    for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
      const { page, context, pageErrors } = await openPage(browser, server.url, viewport);
      await page.goto(`/unsubscribe/${token}`);
      await visible(page.getByRole('heading', { name: t.unsubscribeTitle, level: 1 }));
      await visible(page.getByText(t.unsubscribeQuestion('email')));
      // Opening the link (as a mail scanner does) stops nothing.
      if (viewport === 'desktop') await waitForConsent({ email: true });
      await screenshot(page, `marketing-consent-unsubscribe-${viewport}`);
      await page.getByRole('button', { name: t.unsubscribeButton('email') }).click();
      await visible(page.getByText(t.unsubscribeDone('email')));
      await visible(page.getByRole('link', { name: t.unsubscribeProfileLink }));
      await waitForConsent({ email: false });
      await screenshot(page, `marketing-consent-unsubscribed-${viewport}`);
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  }, 120_000);

  it("should let staff record the customer's consent from the selected customer on Sales (1366 and 390 px)", async () => {
    for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
      const { page, context, pageErrors } = await openSales(browser, server.url, 'employee', viewport);
      await pickCustomerOnSales(page, 'pat.customer@example.com', 'Pat Customer');
      await page.getByRole('button', { name: 'Change coupon reminders' }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Coupon reminders' }));
      const email = dialog.getByRole('switch', { name: t.staffEmailLabel });
      const on = !(await email.isChecked());
      await email.click();
      await visible(page.getByText(t.saved('email', on)));
      await waitForConsent({ email: on });
      await screenshot(page, `marketing-consent-staff-${viewport}`);
      // The dialog as the screen shows it (the full page is long on a phone).
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `marketing-consent-staff-dialog-${viewport}.png`), animations: 'disabled' });
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
