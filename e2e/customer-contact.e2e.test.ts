// Browser test of the customer contact form (issue 13): the demo customer Pat writes to a location on
// /customer/contact at desktop and 390 px, sees the form's messages for an empty submit, then the confirmation,
// and the location's address in the development outbox gets the e-mail with Pat's name, topic and message.
// Screenshots (axe runs on each).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CONTACT_FORM_MESSAGES } from '@dealer/contracts';
import { demoLocationContactEmail } from '@dealer/dms/demo';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { outboxSecret } from './support/api';
import { DEMO_CUSTOMER, signIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/customer/contact', () => {
  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`should send the demo customer's message to the chosen location and confirm it (${viewport})`, async () => {
      const { page, context } = await openPage(browser, server.url, viewport);
      await signIn(page, DEMO_CUSTOMER);
      await waitForTitle(page, 'My Coupons | Dealer Coupons');
      await page.goto('/customer/contact');
      await visible(page.getByRole('heading', { name: 'Contact us' }));

      await page.getByRole('button', { name: 'Send message' }).click();
      await visible(page.getByText(CONTACT_FORM_MESSAGES.locationRequired));
      await visible(page.getByText(CONTACT_FORM_MESSAGES.messageRequired));

      const phrase = `e2e-${viewport}-contact-7f3`;
      await page.getByLabel('Location').selectOption({ label: 'Flatirons Honda' });
      await page.getByLabel('Topic').selectOption({ label: 'Booking service' });
      await page.getByLabel('Message').fill(`Could I bring my car in next week for its service? ${phrase}`);
      await page.getByLabel(/By e-mail/).check();
      await screenshot(page, `customer-contact-form-${viewport}`);
      await page.getByRole('button', { name: 'Send message' }).click();

      const confirmation = await visible(page.getByRole('status').filter({ hasText: 'Flatirons Honda' }));
      expect(await confirmation.textContent()).toContain('reply by e-mail');
      await screenshot(page, `customer-contact-sent-${viewport}`);

      const body = await outboxSecret(server.url, demoLocationContactEmail('FLH'), new RegExp(`([\\s\\S]*${phrase}[\\s\\S]*)`));
      expect(body).toContain(phrase);
      expect(body).toContain('Topic: Booking service');
      expect(body).toContain('Please reply by e-mail');
      await context.close();
    }, 90_000);
  }
});
