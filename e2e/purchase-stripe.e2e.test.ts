// Browser test of paying through Stripe (issue 13, Stripe.js): the product runs with PAYMENT_PROVIDER=stripe against
// the local Stripe-speaking server (launcher/src/testing/stripe-server.ts) and loads a small fake Stripe.js
// (launcher/src/testing/fake-stripe-js.ts, STRIPE_JS_URL) that confirms the PaymentIntent there with the publishable
// key and client secret, as Stripe.js does with api.stripe.com. So the web's own path runs: the script loaded under
// the Content-Security-Policy (no violation), the Payment Element's frame mounted with the client secret, a declined
// card's message from Stripe, a double-clicked Pay confirming once, the confirm route recording the payment, the
// confirmation (also after a reload) and the coupons. Nothing here reaches Stripe itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { startStripeTestServer, type StripeTestServer } from '@dealer/launcher/testing/stripe-server';
import { FAKE_STRIPE_FRAME_TITLE, startFakeStripeJs, type FakeStripeJs } from '@dealer/launcher/testing/fake-stripe-js';
import { DEMO_CUSTOMER, submitSignIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle } from './support/browser';

let stripe: StripeTestServer;
let stripeJs: FakeStripeJs;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  stripe = await startStripeTestServer();
  stripeJs = await startFakeStripeJs({ apiUrl: stripe.url });
  [server, browser] = await Promise.all([
    startTestServer({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
        STRIPE_JS_URL: stripeJs.url,
      },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripeJs?.close();
  await stripe?.close();
});

const PACK = 'Complete Care Plan';

describe('/purchase with the Stripe provider', () => {
  it('should pay through Stripe.js: a declined card says why, the test card pays once, the server records it, the coupons appear', async () => {
    const { page, context } = await openPage(browser, server.url, 'desktop');
    const jsOrigin = new URL(stripeJs.url).origin;
    const landing = await page.goto('/purchase');
    // The policy names the configured Stripe.js and API origins, and nothing else was needed (openPage fails the
    // test on any violation the browser reports).
    const csp = (await landing!.headerValue('content-security-policy')) ?? '';
    expect(csp).toContain(`script-src 'self' ${jsOrigin}`);
    expect(csp).toContain(`frame-src 'self' ${jsOrigin} https://hooks.stripe.com`);
    expect(csp).toContain(`connect-src 'self' ${stripe.url}`);

    await waitForTitle(page, 'Buy Coupon Packs | Dealer Coupons');
    const packs = await visible(page.getByRole('list', { name: 'Packs sold online' }));
    const card = await visible(packs.getByRole('listitem').filter({ has: page.getByRole('heading', { name: PACK }) }).first());
    const buy = card.getByRole('link', { name: /^Buy at / }).first();
    const locationName = ((await buy.textContent()) ?? '').replace(/^Buy at /, '').trim();
    await buy.click();
    await page.waitForURL('**/auth/login?**');
    await submitSignIn(page, DEMO_CUSTOMER);
    await page.waitForURL('**/customer/purchase?packId=*');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL('**/customer/purchase/checkout');

    // Stripe's test keys: the notice says so; no demo card field, Stripe's Payment Element instead.
    await visible(page.getByText('Stripe test mode: no money moves'));
    expect(await page.getByText('Demo payment: no money moves').count()).toBe(0);
    const frame = page.frameLocator(`iframe[title="${FAKE_STRIPE_FRAME_TITLE}"]`);
    const cardNumber = frame.getByLabel('Card number');
    await visible(cardNumber);
    expect(stripeJs.served()).toEqual(expect.arrayContaining(['/v3', '/elements-inner-payment']));
    const intents = stripe.requests().filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.status === 200);
    expect(intents).toHaveLength(1);

    // Declined by "Stripe": its message, nothing recorded; the same order pays with another card.
    await cardNumber.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }));
    await cardNumber.fill('4242 4242 4242 4242');
    await screenshot(page, 'purchase-stripe-checkout-desktop');
    await page.getByRole('button', { name: /^Pay \$/ }).dblclick();

    await page.waitForURL('**/customer/purchase/confirm?orderId=*');
    const done = await visible(page.getByRole('region').filter({ hasText: 'A receipt is on its way by e-mail.' }));
    expect(await done.textContent()).toContain(PACK);
    expect(await done.textContent()).toContain(locationName);

    // Stripe.js confirmed once in the browser (the double click did not confirm twice); the confirm route read the
    // succeeded PaymentIntent and recorded it without confirming it again.
    const confirms = stripe.requests().filter((r) => r.method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(r.path));
    expect(confirms.map((r) => [r.params.payment_method, r.status])).toEqual([
      ['pm_card_chargeDeclined', 402],
      ['pm_card_visa', 200],
    ]);
    const intentId = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(confirms[1]!.path)![1]!;
    expect(stripe.paymentIntent(intentId)?.status).toBe('succeeded');
    expect(stripe.requests().some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intentId}` && r.status === 200)).toBe(true);
    await screenshot(page, 'purchase-stripe-confirm-desktop');

    // A reload (or a return from a 3-D Secure redirect) reads the order from the server: paid.
    await page.goto(page.url());
    await visible(page.getByRole('region').filter({ hasText: 'your payment was received' }));

    await page.goto('/customer/coupons');
    const mine = await visible(page.getByRole('region', { name: 'My coupon packs' }));
    await visible(mine.getByRole('article', { name: PACK }).first());
    expect(await mine.getByRole('article', { name: PACK }).count()).toBe(1);

    // Stripe's webhook for the same payment (it always follows) changes nothing: still one pack.
    const succeeded = stripe.events('payment_intent.succeeded').find((event) => (event.data as { object: { id: string } }).object.id === intentId);
    expect(await stripe.sendWebhook(`${server.url}/api/payment-webhooks/stripe`, succeeded!)).toBe(200);
    await page.reload();
    await visible(mine.getByRole('article', { name: PACK }).first());
    expect(await mine.getByRole('article', { name: PACK }).count()).toBe(1);
    await context.close();
  }, 150_000);

  it('should say so, and offer no Pay, when Stripe.js cannot be loaded (390 px)', async () => {
    const { page, context } = await openPage(browser, server.url, 'mobile');
    await page.route(`${stripeJs.url}**`, (route) => route.abort());
    await page.goto('/purchase');
    await waitForTitle(page, 'Buy Coupon Packs | Dealer Coupons');
    const packs = await visible(page.getByRole('list', { name: 'Packs sold online' }));
    const card = await visible(packs.getByRole('listitem').filter({ has: page.getByRole('heading', { name: PACK }) }).first());
    await card.getByRole('link', { name: /^Buy at / }).first().click();
    await page.waitForURL('**/auth/login?**');
    await submitSignIn(page, DEMO_CUSTOMER);
    await page.waitForURL('**/customer/purchase?packId=*');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL('**/customer/purchase/checkout');
    await visible(page.getByRole('alert').filter({ hasText: 'The secure card form could not be loaded.' }));
    expect(await page.getByRole('button', { name: /^Pay \$/ }).isDisabled()).toBe(true);
    await screenshot(page, 'purchase-stripe-unavailable-mobile');
    await context.close();
  });
});
