// Browser test of gift packs (issue 13 "Gifts"): Pat buys a pack as a gift for a new e-mail at checkout (the recipient's
// e-mail and a message), pays with the demo card and reads on the confirmation that the gift was sent; the recipient's
// e-mail in the development outbox carries the links; the recipient registers from /registration/gift/{email}/{token}
// (390 px) and lands on My coupons with the pack. A second gift to the same person is claimed through /login/{token}:
// they sign in and the pack is added; the same link used again (signed in) says it was claimed already. A third gift is opened by
// the recipient already signed in: one click on "Claim this gift" (after Pat, signed in, was refused it and staff were
// told the link is the customer's); Pat's order page says to whom it went, waiting, then claimed, and My coupons lists
// the gifts Pat sent. Screenshots run axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { demoPackId } from '@dealer/launcher/demo/catalogue';
import { DEMO_CUSTOMER, apiHeaders, signIn, submitSignIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible } from './support/browser';
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

const PACK = 'Oil Change 4-Pack';
const RECIPIENT = 'robin.gift@gift.example';
const PASSWORD = 'robins-gift-password';

describe('gift packs', () => {
  it('should send a gift bought at checkout to the recipient, who registers from the link and finds the coupons', async () => {
    const buyer = await openPage(browser, server.url, 'desktop');
    await signIn(buyer.page, DEMO_CUSTOMER);
    await buyer.page.goto(`/customer/purchase?packId=${demoPackId('oil4')}&locationId=1`);
    await visible(buyer.page.getByRole('region', { name: PACK }));
    await buyer.page.getByRole('switch', { name: 'Buy as a gift for someone else' }).check();
    await buyer.page.getByLabel("Recipient's e-mail").fill(RECIPIENT);
    await buyer.page.getByLabel('Message (optional)').fill('Happy birthday, Robin!');
    await screenshot(buyer.page, 'gift-checkout-desktop');
    await buyer.page.getByRole('button', { name: 'Continue to checkout' }).click();
    await buyer.page.waitForURL('**/customer/purchase/checkout');
    await buyer.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await buyer.page.getByRole('button', { name: /^Pay \$/ }).click();
    await buyer.page.waitForURL('**/customer/purchase/confirm?orderId=*');
    const done = await visible(buyer.page.getByRole('region').filter({ hasText: `your gift was sent to ${RECIPIENT}` }));
    expect(await done.textContent()).toContain(`Gift sent to${RECIPIENT}`);
    await screenshot(buyer.page, 'gift-confirm-desktop');
    await buyer.context.close();

    // The recipient's e-mail carries both links; the registration link opens the gift registration page.
    const link = await outboxSecret(server.url, RECIPIENT, /https?:\/\/[^/\s]+(\/registration\/gift\/[^\s]+)/);
    expect(await outboxSecret(server.url, RECIPIENT, /(Their message: "[^"]+")/)).toBe('Their message: "Happy birthday, Robin!"');
    const recipient = await openPage(browser, server.url, 'mobile');
    await recipient.page.goto(link);
    await recipient.page.waitForURL('**/auth/gift/**');
    expect(await recipient.page.getByLabel('Email').inputValue()).toBe(RECIPIENT);
    await recipient.page.getByLabel('First Name').fill('Robin');
    await recipient.page.getByLabel('Last Name').fill('Gift');
    await recipient.page.getByLabel('Mobile').fill('(720) 555-0166');
    await recipient.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await recipient.page.getByLabel('Confirm Password').fill(PASSWORD);
    await screenshot(recipient.page, 'gift-register-mobile');
    await recipient.page.getByRole('button', { name: 'Claim gift and register' }).click();
    await recipient.page.waitForURL('**/customer/coupons');
    const mine = await visible(recipient.page.getByRole('region', { name: 'My coupon packs' }));
    await visible(mine.getByRole('article', { name: PACK }).first());
    expect(await mine.getByRole('article').count()).toBe(1);
    await screenshot(recipient.page, 'gift-claimed-mobile');
    expect(recipient.pageErrors).toEqual([]);
    await recipient.context.close();
  }, 180_000);

  it('should let a customer with an account claim a gift through the sign-in link, once', async () => {
    // A second gift from Pat to the same person, now a customer (bought through the API: the checkout is tested above).
    const pat = await apiHeaders(server.url, DEMO_CUSTOMER);
    const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...pat }, body: JSON.stringify(body) });
    const placed = await post('/api/online-orders', { packId: demoPackId('essential'), locationId: 1, recipientEmail: RECIPIENT });
    expect(placed.status).toBe(200);
    const { orderId } = ((await placed.json()) as { dataSet: { orderId: string } }).dataSet;
    const started = new Date();
    expect((await post(`/api/online-orders/${orderId}/confirm`, { cardNumber: '4242 4242 4242 4242' })).status).toBe(200);
    const link = await outboxSecret(server.url, RECIPIENT, /https?:\/\/[^/\s]+(\/login\/[A-Za-z0-9_-]+)/, new Date(started.getTime() - 1000));

    const { page, context, pageErrors } = await openPage(browser, server.url, 'desktop');
    await page.goto(link);
    await page.waitForURL('**/auth/login?giftToken=*');
    await visible(page.getByText('Someone sent you a gift.'));
    await screenshot(page, 'gift-login-desktop');
    await submitSignIn(page, RECIPIENT, PASSWORD);
    await page.waitForURL('**/customer/coupons');
    await visible(page.getByText('Your gift is yours: the coupons are on My coupons.'));
    const mine = await visible(page.getByRole('region', { name: 'My coupon packs' }));
    await visible(mine.getByRole('article', { name: 'Essential Maintenance' }).first());
    expect(await mine.getByRole('article').count()).toBe(2);

    // The same link again (still signed in, so offered the one-click claim): refused with the reason, nothing added.
    await page.goto(link);
    await page.waitForURL('**/auth/login?giftToken=*');
    await page.getByRole('button', { name: 'Claim this gift' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'This gift has already been claimed: each gift link can be used once.' }));
    await page.goto('/customer/coupons');
    const again = await visible(page.getByRole('region', { name: 'My coupon packs' }));
    await visible(again.getByRole('article', { name: 'Essential Maintenance' }).first());
    expect(await again.getByRole('article').count()).toBe(2);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);

  it('should let a signed-in customer claim a gift link in one click, refuse it to another customer and tell staff it is not theirs', async () => {
    const pat = await apiHeaders(server.url, DEMO_CUSTOMER);
    const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...pat }, body: JSON.stringify(body) });
    const placed = await post('/api/online-orders', { packId: demoPackId('complete'), locationId: 1, recipientEmail: RECIPIENT });
    expect(placed.status).toBe(200);
    const { orderId } = ((await placed.json()) as { dataSet: { orderId: string } }).dataSet;
    const started = new Date();
    expect((await post(`/api/online-orders/${orderId}/confirm`, { cardNumber: '4242 4242 4242 4242' })).status).toBe(200);
    const link = await outboxSecret(server.url, RECIPIENT, /https?:\/\/[^/\s]+(\/login\/[A-Za-z0-9_-]+)/, new Date(started.getTime() - 1000));

    // Staff signed in: told the link is the customer's, no claim button.
    const staff = await openPage(browser, server.url, 'desktop');
    await signIn(staff.page, 'employee');
    await staff.page.goto(link);
    await staff.page.waitForURL('**/auth/login?giftToken=*');
    await visible(staff.page.getByText('This gift link is for the customer it was sent to'));
    expect(await staff.page.getByRole('button', { name: 'Claim this gift' }).count()).toBe(0);
    expect(staff.pageErrors).toEqual([]);
    await staff.context.close();

    // Pat (the buyer, another customer) signed in: the claim is refused with the reason and stays on the page.
    const buyer = await openPage(browser, server.url, 'desktop');
    await signIn(buyer.page, DEMO_CUSTOMER);
    await buyer.page.goto(link);
    await buyer.page.getByRole('button', { name: 'Claim this gift' }).click();
    await visible(buyer.page.getByRole('alert').filter({ hasText: 'This gift was sent to another e-mail address' }));
    expect(buyer.page.url()).toContain('/auth/login?giftToken=');
    // Pat's order page: sent to the recipient, waiting to be claimed.
    await buyer.page.goto(`/customer/purchase/confirm?orderId=${orderId}`);
    await visible(buyer.page.getByText(RECIPIENT, { exact: true }));
    await visible(buyer.page.getByText(/^Waiting to be claimed \(the link works until /));

    // The recipient, signed in on a phone (a new tab picks the session up from the refresh cookie): one click.
    const { page, context, pageErrors } = await openPage(browser, server.url, 'mobile');
    await page.goto('/auth/login');
    await submitSignIn(page, RECIPIENT, PASSWORD);
    await page.waitForURL('**/customer/coupons');
    const tab = await context.newPage();
    tab.on('pageerror', (error) => pageErrors.push(error));
    await tab.goto(link);
    await tab.waitForURL('**/auth/login?giftToken=*');
    await visible(tab.getByText('You are signed in as'));
    expect(await tab.getByLabel('Password', { exact: true }).count()).toBe(0);
    await screenshot(tab, 'gift-claim-signed-in-mobile');
    await tab.getByRole('button', { name: 'Claim this gift' }).click();
    await tab.waitForURL('**/customer/coupons');
    await visible(tab.getByText('Your gift is yours: the coupons are on My coupons.'));
    const mine = await visible(tab.getByRole('region', { name: 'My coupon packs' }));
    await visible(mine.getByRole('article', { name: 'Complete Care Plan' }).first());
    expect(await mine.getByRole('article').count()).toBe(3);
    expect(pageErrors).toEqual([]);
    await context.close();

    // Pat's order page now says when it was claimed.
    await buyer.page.reload();
    await visible(buyer.page.getByText(/^Claimed on /));
    await screenshot(buyer.page, 'gift-order-claimed-desktop');
    // My coupons lists Pat's three gifts to Robin, each claimed, newest first, and opens the order page.
    await buyer.page.goto('/customer/coupons');
    const sent = await visible(buyer.page.getByRole('region', { name: 'Gifts you sent' }));
    const rows = sent.getByRole('row').filter({ hasText: RECIPIENT });
    await visible(rows.first());
    expect(await rows.count()).toBe(3);
    expect(await rows.first().textContent()).toContain('Complete Care Plan');
    for (const text of await rows.allTextContents()) expect(text).toMatch(/Claimed on /);
    await screenshot(buyer.page, 'gifts-sent-desktop');
    // At 390 px: cards.
    await buyer.page.setViewportSize({ width: 390, height: 844 });
    const cards = sent.getByRole('listitem').filter({ hasText: RECIPIENT });
    await visible(cards.first());
    expect(await cards.count()).toBe(3);
    await screenshot(buyer.page, 'gifts-sent-mobile');
    await buyer.page.setViewportSize({ width: 1366, height: 900 });
    await rows.first().getByRole('link').click();
    await buyer.page.waitForURL(`**/customer/purchase/confirm?orderId=${orderId}`);
    // The address changes before the order page's code has loaded and replaced My coupons.
    await sent.waitFor({ state: 'detached' });
    await visible(buyer.page.getByText(/^Claimed on /));
    expect(buyer.pageErrors).toEqual([]);
    await buyer.context.close();
  }, 180_000);
});
