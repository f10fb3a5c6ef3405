// Browser tests of the paper coupon conversion wizard (issue 12; SPEC 2.2 /employee/paper-conversion with its
// steps book-number, action, paper-redeem, customer-info, book-conversion). On the demo's imported books: an
// employee redeems a paper coupon of PB-10001 on the demo RO (an RO missing from the DMS data is refused with the
// Coupon RO Not Found link) and voids it; converts the book for a customer found by Search Customer and finds the
// coupons on the Sales page's Coupons panel; on a phone, an unknown book shows the Not Found In System link, a sale
// RO missing from the DMS data the Book RO Not Found link, and a book found by its sale RO is converted for a
// customer created without e-mail, with the Customer Without Email link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  COUPON_REDEMPTION_MESSAGES,
  COUPON_RO_NOT_FOUND_HELP_PATH,
  PAPER_BOOK_MESSAGES as M,
  PAPER_HELP_PATHS,
  type CustomerCouponView,
  type PaperBookView,
  type PaperCouponView,
} from '@dealer/contracts';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { DEMO_PAPER_BOOKS } from '@dealer/launcher/demo/paper-books';
import { createCustomer } from './support/api';
import { apiHeaders } from './support/auth';
import { launchBrowser, screenshot, visible, type ViewportName } from './support/browser';
import { apiData, openSales, screenshotFromTop } from './support/sales';

let server: TestServer;
let browser: Browser;
let employeeApi: Record<string, string>;
const BOOK = DEMO_PAPER_BOOKS.books[0].bookNumber;
const SALE_RO = DEMO_PAPER_BOOKS.books[0].saleRoNumber;
const REDEEM_RO = DEMO_PAPER_BOOKS.redeemRoNumber;
const LOCATION_ID = DEMO_PAPER_BOOKS.locationId;
const MISSING_RO = '7419999';
const UNKNOWN_BOOK = 'PB-99999';
const WIZARD = '/employee/paper-conversion';

const api = <T>(path: string) => apiData<T>(server.url, 'GET', path, employeeApi);
const getBook = (bookNumber: string) => api<PaperBookView>(`/api/paper-books/${bookNumber}`);

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  employeeApi = await apiHeaders(server.url, 'employee');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signedIn = (viewport: ViewportName = 'desktop') => openSales(browser, server.url, 'employee', viewport);

const shot = screenshotFromTop;

/**
 * The step bar marks the current step. Waits for it: the address changes before the next step's page has
 * replaced the current one (the router keeps a page until the next is ready), so the old step is marked a moment.
 */
async function expectStep(page: Page, title: string): Promise<void> {
  const steps = page.getByRole('navigation', { name: 'Paper conversion steps' });
  await visible(steps.locator('[aria-current="step"]').filter({ hasText: title }));
  expect(await steps.locator('[aria-current="step"]').count()).toBe(1);
}

async function enterRo(page: Page, roNumber: string): Promise<void> {
  const dialog = await visible(page.getByRole('dialog', { name: 'Enter Redemption RO #' }));
  // SPEC 2.5: preset to the employee's CRM location (the demo employee works at location 1).
  expect(await dialog.getByLabel('Location', { exact: true }).inputValue()).toBe(String(LOCATION_ID));
  await dialog.getByLabel('RO Number').fill(roNumber);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const optionOf = (page: Page, c: PaperCouponView): Locator => page.locator('label').filter({ hasText: `${c.number}. ${c.name}` }).getByRole('radio');

describe('redeeming a paper coupon', () => {
  it('should find the book by number, redeem a coupon on the demo RO, refuse a missing RO with its help link, and void it', async () => {
    const { page, pageErrors } = await signedIn();
    const before = await getBook(BOOK);
    const coupon = before.coupons.find((c) => c.status === 'available' && c.opCodes.includes('LOF'))!;
    expect(coupon).toBeDefined();

    await page.getByRole('link', { name: 'Paper Conversion' }).first().click();
    await page.waitForURL(`**${WIZARD}/book-number`);
    await expectStep(page, 'Book Number');
    await page.getByLabel('Book number').fill(BOOK.toLowerCase());
    await page.getByRole('button', { name: 'Find book' }).click();
    await page.waitForURL(`**${WIZARD}/action?book=${BOOK}`);
    await expectStep(page, 'Action');
    await visible(page.getByRole('heading', { name: `Book ${BOOK}` }));
    const table = await visible(page.getByRole('table', { name: 'Coupons in the book' }));
    expect(await table.getByRole('row').count()).toBe(before.coupons.length + 1);
    await shot(page, 'paper-action-desktop');

    await page.getByRole('link', { name: 'Redeem a paper coupon' }).click();
    await page.waitForURL(`**${WIZARD}/paper-redeem?book=${BOOK}`);
    await expectStep(page, 'Paper Redeem');
    // By keyboard: Space picks the coupon, Tab passes Back to the book to the button (with a visible focus ring), Enter opens the RO dialog.
    await optionOf(page, coupon).focus();
    await page.keyboard.press('Space');
    expect(await optionOf(page, coupon).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({ text: document.activeElement?.textContent, ring: getComputedStyle(document.activeElement!).boxShadow }));
    expect(focused.text).toBe(`Enter RO # for coupon ${coupon.number}`);
    expect(focused.ring).not.toBe('none');
    // An RO the DMS data does not hold: the server's message and the help link stay on the page.
    await page.keyboard.press('Enter');
    await enterRo(page, MISSING_RO);
    const alert = await visible(page.getByRole('alert').filter({ hasText: COUPON_REDEMPTION_MESSAGES.roNotFound(MISSING_RO) }));
    expect(await alert.getByRole('link', { name: 'Coupon RO Not Found: what to do' }).getAttribute('href')).toBe(COUPON_RO_NOT_FOUND_HELP_PATH);
    await shot(page, 'paper-redeem-ro-not-found-desktop');
    expect((await getBook(BOOK)).coupons.find((c) => c.number === coupon.number)?.status).toBe('available');

    await page.getByRole('button', { name: `Enter RO # for coupon ${coupon.number}` }).click();
    await enterRo(page, REDEEM_RO);
    await visible(page.getByText(M.redeemed, { exact: true }));
    const row = await visible(page.getByRole('table', { name: 'Coupons in the book' }).getByRole('row').filter({ hasText: `RO# ${REDEEM_RO}` }));
    await visible(row.getByText('Redeemed', { exact: true }));
    expect(await row.textContent()).toContain(coupon.name);
    expect(await optionOf(page, coupon).count()).toBe(0);
    const redeemed = (await getBook(BOOK)).coupons.find((c) => c.number === coupon.number)!;
    expect(redeemed).toMatchObject({ status: 'redeemed', redemption: { roNumber: REDEEM_RO, locationId: LOCATION_ID, opCode: 'LOF' } });
    await shot(page, 'paper-redeem-redeemed-desktop');

    // The employee's own redemption of the day: Void with a reason makes the coupon available again.
    await row.getByRole('button', { name: `Void the redemption of coupon ${coupon.number}, ${coupon.name}` }).click();
    const voidDialog = await visible(page.getByRole('dialog', { name: 'Enter Void Reason' }));
    await voidDialog.getByLabel('Void reason').fill('Wrong coupon torn out.');
    await voidDialog.getByRole('button', { name: 'Submit' }).click();
    await voidDialog.waitFor({ state: 'detached' });
    await visible(page.getByText(M.voided, { exact: true }));
    await row.waitFor({ state: 'detached' });
    expect((await getBook(BOOK)).coupons.find((c) => c.number === coupon.number)).toMatchObject({ status: 'available', redemption: null });
    await visible(optionOf(page, coupon));
    expect(pageErrors).toEqual([]);
  });
});

describe('converting a book', () => {
  it('should convert the book for a customer found by search, say the registration e-mail was sent, and show the coupons on Sales', async () => {
    const email = `paper.convert.${Date.now()}@example.com`;
    const customerId = await createCustomer(server.url, { firstName: 'Dana', lastName: 'Paperbook', emailAddress: email, phoneMobile: '7205550142' });
    const { page, pageErrors } = await signedIn();
    const toMove = (await getBook(BOOK)).coupons.filter((c) => c.status === 'available');
    expect(toMove.length).toBeGreaterThan(0);

    // The address holds the wizard's state: the action step opens straight from it.
    await page.goto(`${WIZARD}/action?book=${BOOK}`);
    await page.getByRole('link', { name: 'Convert the book to a digital pack' }).click();
    await page.waitForURL(`**${WIZARD}/customer-info?book=${BOOK}`);
    await expectStep(page, 'Customer Info');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Search customers' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Search Customer' }));
    await dialog.getByPlaceholder('Phone, Email, RO #').fill(email);
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await (await visible(dialog.getByText('Dana Paperbook', { exact: true }).first())).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(`**customer=${customerId}`);
    await visible(page.getByText(email, { exact: true }));
    await shot(page, 'paper-customer-info-desktop');

    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`**${WIZARD}/book-conversion?book=${BOOK}&customer=${customerId}`);
    await expectStep(page, 'Book Conversion');
    await visible(page.getByText(`${toMove.length} coupons will move to the customer’s digital pack:`));
    await shot(page, 'paper-book-conversion-desktop');
    await page.getByRole('button', { name: 'Convert book' }).click();
    const done = await visible(page.getByRole('status').filter({ hasText: 'registration e-mail was sent' }));
    expect(await done.textContent()).toContain(email);
    expect(await done.textContent()).toContain(M.converted(toMove.length));
    // Decision 0091: no receipt is e-mailed for a conversion; the screen says where the desk codes are.
    expect(await done.textContent()).toContain('see them under Coupons on the Sales page, and the customer sees them on My Coupons.');
    expect((await getBook(BOOK)).status).toBe('converted');
    await shot(page, 'paper-converted-desktop');

    // Go to Sales: the customer is selected and the converted coupons are on their Coupons panel.
    await page.getByRole('button', { name: 'Go to Sales' }).click();
    await page.waitForURL('**/employee/sales');
    const coupons = await visible(page.getByRole('region', { name: 'Coupons', exact: true }));
    const table = await visible(coupons.getByRole('table', { name: 'Coupons' }));
    await visible(table.getByText(toMove[0]!.name).first());
    expect(await table.getByRole('row').count()).toBe(toMove.length + 1);
    // Each converted coupon shows its desk code.
    expect(await table.locator('.desk-code-inline').count()).toBe(toMove.length);
    const digital = (await api<CustomerCouponView[] | null>(`/api/customers/${customerId}/coupons`)) ?? [];
    expect(digital).toHaveLength(toMove.length);
    expect(digital.every((c) => c.status === 'available')).toBe(true);

    // The converted book allows neither action any more, and says why.
    await page.goto(`${WIZARD}/action?book=${BOOK}`);
    await visible(page.getByText(M.bookConverted));
    expect(await page.getByRole('button', { name: 'Redeem a paper coupon' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Convert the book to a digital pack' }).isDisabled()).toBe(true);
    await shot(page, 'paper-action-converted-desktop');
    expect(pageErrors).toEqual([]);
  });
});

describe('a book the system does not know, on a phone', () => {
  it('should link the help pages for an unknown book and a missing sale RO, find it by its sale RO, and convert it for a customer without e-mail', async () => {
    const { page, pageErrors } = await signedIn('mobile');
    await page.goto(`${WIZARD}/book-number`);
    await page.getByLabel('Book number').fill(UNKNOWN_BOOK);
    await page.getByRole('button', { name: 'Find book' }).click();
    await page.waitForURL(`**${WIZARD}/book-number?book=${UNKNOWN_BOOK}`);
    const notFound = await visible(page.getByRole('alert').filter({ hasText: M.bookNotFound(UNKNOWN_BOOK) }));
    expect(await notFound.getByRole('link', { name: 'Not Found In System: what to do' }).getAttribute('href')).toBe(PAPER_HELP_PATHS.notFoundInSystem);
    await shot(page, 'paper-not-found-mobile');

    await page.getByRole('button', { name: 'Find by sale RO' }).click();
    const form = await visible(page.getByRole('form', { name: 'Find the book by its sale RO' }));
    expect(await form.getByLabel('Location', { exact: true }).inputValue()).toBe(String(LOCATION_ID));
    await form.getByLabel('Sale RO #').fill(MISSING_RO);
    await form.getByLabel('Pack').selectOption({ label: 'Essential Maintenance' });
    await form.getByRole('button', { name: 'Find by sale RO' }).click();
    const roMissing = await visible(form.getByRole('alert').filter({ hasText: M.bookRoNotFound(MISSING_RO) }));
    expect(await roMissing.getByRole('link', { name: 'Book RO Not Found: what to do' }).getAttribute('href')).toBe(PAPER_HELP_PATHS.bookRoNotFound);
    await roMissing.scrollIntoViewIfNeeded();
    await screenshot(page, 'paper-book-ro-not-found-mobile');

    // The sale RO of the demo's first book: the unknown book is found there and added with the pack's coupons.
    await form.getByLabel('Sale RO #').fill(SALE_RO);
    await form.getByRole('button', { name: 'Find by sale RO' }).click();
    await page.waitForURL(`**${WIZARD}/action?book=${UNKNOWN_BOOK}`);
    await visible(page.getByText(M.registered, { exact: true }));
    const found = await getBook(UNKNOWN_BOOK);
    expect(found).toMatchObject({ status: 'open', saleRoNumber: SALE_RO, locationId: LOCATION_ID, packName: 'Essential Maintenance' });
    expect(await page.getByRole('table').count()).toBe(0);
    await visible(page.getByRole('list', { name: 'Coupons in the book' }));
    await shot(page, 'paper-action-mobile');

    await page.getByRole('link', { name: 'Convert the book to a digital pack' }).click();
    await page.waitForURL(`**${WIZARD}/customer-info?book=${UNKNOWN_BOOK}`);
    await page.getByRole('button', { name: 'Create New Customer' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Create Customer' }));
    await dialog.getByLabel('First Name').fill('Noel');
    await dialog.getByLabel('Last Name').fill('Nomail');
    await dialog.getByLabel('Mobile Phone').fill('7205550163');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByText('Noel Nomail', { exact: true }));
    const note = await visible(page.getByRole('note').filter({ hasText: 'no e-mail address' }));
    expect(await note.getByRole('link', { name: 'Customer Without Email: what to do' }).getAttribute('href')).toBe(PAPER_HELP_PATHS.customerNoEmail);
    await shot(page, 'paper-customer-info-mobile');

    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`**${WIZARD}/book-conversion?**`);
    await page.getByRole('button', { name: 'Convert book' }).click();
    const noEmail = await visible(page.getByRole('status').filter({ hasText: 'no registration message was sent' }));
    // Without an account the customer sees no codes online: the screen names the Sales page only.
    expect(await noEmail.textContent()).toContain('see them under Coupons on the Sales page.');
    const link = await visible(page.getByRole('link', { name: 'Customer Without Email: what to do' }));
    expect(await link.getAttribute('href')).toBe(PAPER_HELP_PATHS.customerNoEmail);
    expect((await getBook(UNKNOWN_BOOK)).status).toBe('converted');
    await shot(page, 'paper-converted-no-email-mobile');
    expect(pageErrors).toEqual([]);
  });
});
