// Browser tests of the auth host pages: sign-in of every demo role, failures, sign-out, registration and gift links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer } from '@dealer/launcher/testing/test-server';
import { createCustomer, registrationToken, sendRegistrationEmail } from './support/api';
import { DEFAULT_PAGES, DEMO_CUSTOMER, signIn, submitSignIn, type DemoLogin } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const storedToken = (page: import('playwright-core').Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('auth_token') ?? 'null') as { payload: { token: string; user: { username: string | null } } } | null);

describe('sign-in page', () => {
  for (const login of ['admin', 'manager', 'controller', 'employee', DEMO_CUSTOMER] as DemoLogin[]) {
    it(`should sign ${login} in and land on ${DEFAULT_PAGES[login]}`, async () => {
      const { page, context, pageErrors } = await openPage(browser, server.url, 'desktop');
      await page.goto('/');
      await page.waitForURL('**/auth/login');
      await waitForTitle(page, 'Sign In | Dealer Coupons');
      await submitSignIn(page, login);
      await page.waitForURL(`**${DEFAULT_PAGES[login]}`);
      await visible(page.getByText('Login Successful'));
      expect((await storedToken(page))?.payload.token).toMatch(/^ey/);
      if (login === DEMO_CUSTOMER) {
        await visible(page.getByRole('navigation', { name: 'Customer' }).getByRole('link', { name: 'My coupons' }));
        await visible(page.getByRole('heading', { name: 'My coupon packs' }));
        // SPEC 4: the customer's sign-in triggered the Login app event on the server.
        const customerId = (await storedToken(page))!.payload.user as unknown as { customerId: string };
        await expect
          .poll(async () => (await server.product.sql`select count(*)::int as n from es_events where stream_id = ${`app-events-${customerId.customerId}`} and event_type = 'AppEventTriggered'`)[0]!.n)
          .toBeGreaterThan(0);
      } else {
        await visible(page.getByRole('navigation', { name: 'Staff' }));
      }
      // Only an admin sees the Users and Dev outbox entries.
      const usersLinks = await page.getByRole('link', { name: 'Users', exact: true }).count();
      expect(usersLinks).toBe(login === 'admin' ? 1 : 0);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`should show field errors after touch and the server's answer to a wrong password (${viewport})`, async () => {
      const { page, context } = await openPage(browser, server.url, viewport);
      await page.goto('/auth/login');
      await screenshot(page, `sign-in-${viewport}`);
      expect(await page.getByText('Username or e-mail is required.').count()).toBe(0);
      await page.getByLabel('Username or e-mail').focus();
      await page.getByLabel('Password', { exact: true }).focus();
      await visible(page.getByText('Username or e-mail is required.'));
      await submitSignIn(page, 'manager', 'not-the-password');
      await visible(page.getByRole('alert').filter({ hasText: 'Invalid username or password.' }));
      expect(page.url()).toContain('/auth/login');
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await screenshot(page, `sign-in-error-${viewport}`);
      await context.close();
    });
  }

  it('should go to an allowed destination after signing in, and to the default page for a disallowed one', async () => {
    const { page, context } = await openPage(browser, server.url, 'desktop');
    await signIn(page, 'manager', { destination: '/employee/dev-outbox?to=x', landOn: '/employee/dev-outbox?to=x' });
    await visible(page.getByRole('heading', { name: 'Forbidden' }));
    await context.close();

    const second = await openPage(browser, server.url, 'desktop');
    await signIn(second.page, 'admin', { destination: 'https://evil.example/', landOn: '/employee/users' });
    await second.context.close();
  });

  it('should tell an employee about a failed sign-in within the last 31 days', async () => {
    const { page, context } = await openPage(browser, server.url, 'desktop');
    await page.goto('/auth/login');
    await submitSignIn(page, 'controller', 'wrong-password-123');
    await visible(page.getByText('Invalid username or password.'));
    await submitSignIn(page, 'controller');
    await page.waitForURL('**/employee/sales');
    await visible(page.getByText(/^Last unsuccessful login was: \d{2}\/\d{2}\/\d{4} /));
    await context.close();
  });
});

describe('sign-out', () => {
  it('should sign out from the top bar, forget the token, and need a new sign-in for staff pages', async () => {
    const { page, context, pageErrors } = await openPage(browser, server.url, 'desktop');
    await signIn(page, 'employee');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth/login');
    expect(await storedToken(page)).toBeNull();
    // The refresh cookie was revoked too: a reload cannot get a token back.
    await page.goto('/employee/sales');
    await page.waitForURL(`**/auth/login?destination=${encodeURIComponent('/employee/sales')}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should keep the session across a reload and in a new tab (refresh cookie)', async () => {
    const { page, context } = await openPage(browser, server.url, 'desktop');
    await signIn(page, 'employee');
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Sales' }));
    const tab = await context.newPage();
    await tab.goto('/');
    await tab.waitForURL('**/employee/sales');
    await context.close();
  });
});

describe('customer registration', () => {
  it('should greet the customer of a registration link, set a password, and sign them in on their coupons', async () => {
    const email = 'riley.moreno@example.com';
    const customerId = await createCustomer(server.url, { firstName: 'Riley', lastName: 'Moreno', emailAddress: email, phoneMobile: '7205550188' });
    await sendRegistrationEmail(server.url, customerId);
    const token = await registrationToken(server.url, email);

    const { page, context, pageErrors } = await openPage(browser, server.url, 'mobile');
    await page.goto(`/registration/${token}`);
    await page.waitForURL(`**/auth/register/${token}`);
    await visible(page.getByText('Welcome, Riley Moreno!'));
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('different-password-9');
    await page.getByLabel('Confirm Password').blur();
    await visible(page.getByText('Please enter at least 10 characters.'));
    // The match is judged once the password itself is acceptable.
    await page.getByLabel('Password', { exact: true }).fill('riley-moreno-pass-1');
    await visible(page.getByText('Passwords do not match.'));
    await screenshot(page, 'register-mobile');
    await page.getByLabel('Password', { exact: true }).fill('riley-moreno-pass-1');
    await page.getByLabel('Confirm Password').fill('riley-moreno-pass-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/customer/coupons');
    await visible(page.getByText('Successfully registered.'));
    // The first sign-in welcomes; only later ones welcome back (issue 10, item 20).
    await visible(page.getByText('Welcome! Your coupons and offers are ready for you.'));
    expect(await page.getByText(/Welcome back!/).count()).toBe(0);
    await context.close();

    // The link is single use; the new password signs in.
    const again = await openPage(browser, server.url, 'desktop');
    await again.page.goto(`/auth/register/${token}`);
    await visible(again.page.getByRole('alert').filter({ hasText: 'This registration link is not valid or has expired.' }));
    await again.page.goto('/auth/login');
    await submitSignIn(again.page, email, 'riley-moreno-pass-1');
    await again.page.waitForURL('**/customer/coupons');
    await visible(again.page.getByText('Welcome back! Your coupons and offers are ready for you.'));
    expect(pageErrors).toEqual([]);
    await again.context.close();
  });

  it('should show the server\'s answer to a gift link', async () => {
    const { page, context } = await openPage(browser, server.url, 'desktop');
    await page.goto('/registration/gift/sam.gift%40example.com/gift-token-1');
    await page.waitForURL('**/auth/gift/sam.gift%40example.com/gift-token-1');
    expect(await page.getByLabel('Email').inputValue()).toBe('sam.gift@example.com');
    await page.getByLabel('First Name').fill('Sam');
    await page.getByLabel('Last Name').fill('Gift');
    await page.getByLabel('Mobile').fill('7205550177');
    await page.getByLabel('Password', { exact: true }).fill('sam-gift-password-1');
    await page.getByLabel('Confirm Password').fill('sam-gift-password-1');
    await page.getByRole('button', { name: 'Claim gift and register' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'This gift link is not valid. Please open the link from your gift e-mail again.' }));
    await screenshot(page, 'gift-error-desktop');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/auth/login?giftToken=gift-token-1');
    await visible(page.getByText('Someone sent you a gift.'));
    await context.close();
  });
});
