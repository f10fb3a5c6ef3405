// The Sales page as the coupon browser tests use it: signed in and landed, a customer picked through Search
// Customer (answering the Coupons panel), a coupon redeemed through Enter Redemption RO #, the product's API
// answering its dataSet, and screenshots taken from the top of the page with the pointer out of the way.
import type { Browser, Locator, Page } from 'playwright-core';
import { signIn, type DemoLogin } from './auth';
import { openPage, screenshot, visible, waitForTitle, type ViewportName } from './browser';

/** The dataSet of an API call with the given headers; any status but 2xx throws with the answer. */
export async function apiData<T>(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { dataSet: T }).dataSet;
}

/** A new page signed in as `login`, on the Sales page with the sign-in toast gone. */
export async function openSales(browser: Browser, baseUrl: string, login: DemoLogin = 'employee', viewport: ViewportName = 'desktop') {
  const opened = await openPage(browser, baseUrl, viewport);
  await signIn(opened.page, login);
  await waitForTitle(opened.page, 'Sales | Dealer Coupons');
  await opened.page.getByText('Login Successful').waitFor({ state: 'detached' });
  return opened;
}

/** Picks the customer named `name` through Search Customer, the Sales page's one search (searching `term`). */
export async function pickCustomerOnSales(page: Page, term: string, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Search customers' }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Search Customer' }));
  await dialog.getByPlaceholder('Phone, Email, RO #').fill(term);
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await (await visible(dialog.locator('tr, li').filter({ hasText: name }).first())).getByText(name, { exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Picks the customer named `name` through Search Customer (searching `term`); returns the Coupons panel. */
export async function selectCustomerOnSales(page: Page, term: string, name: string): Promise<Locator> {
  await pickCustomerOnSales(page, term, name);
  return visible(page.getByRole('region', { name: 'Coupons', exact: true }));
}

/** Redeems the first available coupon named `couponName` on the Coupons panel through Enter Redemption RO #. */
export async function redeemThroughDialog(page: Page, coupons: Locator, couponName: string, locationId: number, roNumber: string): Promise<void> {
  await coupons.getByRole('button', { name: `Redeem ${couponName}` }).first().click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Enter Redemption RO #' }));
  await dialog.getByLabel('Location', { exact: true }).selectOption(String(locationId));
  await dialog.getByLabel('RO Number').fill(roNumber);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A screenshot (with its axe check) from the top of the page, the pointer moved off any tooltip. */
export async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.mouse.move(5, 5);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}
