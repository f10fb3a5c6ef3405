// Browser tests of customer management for employees (issue 4, SPEC 2.5, 4, 5, 8) and the Change Email /
// Change Phone dialogs (issue 5), against the whole product with its demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { demoCustomer } from '@dealer/launcher/demo/seed';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { employeeWithRoles } from '@dealer/launcher/testing/rooftops';
import { signIn, submitSignIn, type DemoLogin } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;

/** Demo customers (launcher/src/demo/seed.ts), one per test so their states do not meet. */
const byPhone = demoCustomer(5);
// A demo customer with ROs at location 1 in the test servers' demo data (TEST_DEMO_REPAIR_ORDERS).
const byEmail = demoCustomer(3);
const forEdit = demoCustomer(9);
const forCollision = demoCustomer(10);
const forRegistration = demoCustomer(13);
const forContactChange = demoCustomer(14);
const registered = demoCustomer(0);
const nameOf = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`;
const masked = (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

interface RoRow {
  roNumber: string;
  locationId: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** An RO of a CRM customer (its customer found by RO number), an open RO and a closed RO at location 1. */
let customerRo: RoRow;
let openRo: RoRow;
let closedRo: RoRow;

async function roRow(where: string): Promise<RoRow> {
  const [row] = await server.product.sql.unsafe<RoRow[]>(
    `select r.ro_number as "roNumber", r.location_id as "locationId", r.customer_first_name as "firstName",
       r.customer_last_name as "lastName", r.customer_email as email
     from ref.repair_orders r where r.location_id = 1 and r.customer_first_name is not null and ${where}
     order by r.ro_number limit 1`,
  );
  if (!row) throw new Error(`No demo RO where ${where}`);
  return row;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  customerRo = await roRow(`r.customer_email = '${byEmail.emailAddress}'`);
  openRo = await roRow('r.close_date is null and r.void_date is null and r.customer_email is not null and array_length(r.customer_phones, 1) > 0');
  closedRo = await roRow('r.close_date is not null and r.void_date is null and r.customer_email is not null');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(login: DemoLogin = 'employee', viewport: ViewportName = 'desktop') {
  const opened = await openPage(browser, server.url, viewport);
  await signIn(opened.page, login, login === 'admin' ? { destination: '/employee/sales' } : {});
  await waitForTitle(opened.page, 'Sales | Dealer Coupons');
  // The sign-in toast hides itself after 2 s; screenshots are easier to read without it.
  await opened.page.getByText('Login Successful').waitFor({ state: 'detached' });
  return opened;
}

async function openSearchDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Search customers' }).click();
  return visible(page.getByRole('dialog', { name: 'Search Customer' }));
}

/**
 * Searches for a term and waits for the row (or card) of `name`. Typing alone searches after the debounce;
 * by default the test presses Search too, so earlier results cannot be mistaken for this search's.
 */
async function searchFor(dialog: Locator, term: string, name: string, how: 'button' | 'typing' = 'button'): Promise<Locator> {
  await dialog.getByPlaceholder('Phone, Email, RO #').fill(term);
  if (how === 'button') await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  return visible(dialog.locator('tr, li').filter({ hasText: name }).first());
}

/** Picks a customer through the Search Customer dialog (a click on the name) and waits for their details. */
async function selectCustomer(page: Page, term: string, name: string): Promise<Locator> {
  const dialog = await openSearchDialog(page);
  await (await searchFor(dialog, term, name)).getByText(name, { exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return visible(page.getByRole('region', { name }));
}

async function openCreateDialog(page: Page): Promise<Locator> {
  const search = await openSearchDialog(page);
  await search.getByPlaceholder('Phone, Email, RO #').fill('zz no such customer');
  await visible(search.getByText('No results', { exact: true }));
  await search.getByRole('button', { name: 'Create New Customer' }).click();
  return visible(page.getByRole('dialog', { name: 'Create Customer' }));
}

/** Errors show only once a field was touched: none before, this one after leaving the field. */
async function expectMessageAfterTouch(dialog: Locator, label: string, value: string, message: string) {
  const field = dialog.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
  await visible(dialog.getByText(message, { exact: true }).first());
}

describe('Search Customer dialog', () => {
  it('should find customers by a phone typed with punctuation, by e-mail and by RO number', async () => {
    const { page, context, pageErrors } = await signedIn();
    await screenshot(page, 'sales-desktop');
    const dialog = await openSearchDialog(page);
    const box = dialog.getByPlaceholder('Phone, Email, RO #');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await visible(dialog.getByText('Please search for a customer.'));
    const create = dialog.getByRole('button', { name: 'Create New Customer' });
    expect(await create.isDisabled()).toBe(true);
    await create.hover();
    await visible(page.getByRole('tooltip').filter({ hasText: 'You must search for a customer first.' }));
    await screenshot(page, 'search-customer-empty-desktop');

    // One character does not search, and says why (issue 10, item 20); a phone typed with punctuation does.
    await box.fill('3');
    await page.waitForTimeout(700);
    await visible(dialog.getByText('Please enter at least 2 characters to search.'));
    expect(await dialog.getByRole('row').count()).toBe(0);
    const typedPhone = `${byPhone.phoneMobile.slice(0, 3)}.${byPhone.phoneMobile.slice(3, 6)}.${byPhone.phoneMobile.slice(6)}`;
    const phoneRow = await searchFor(dialog, typedPhone, nameOf(byPhone), 'typing');
    expect(await phoneRow.textContent()).toContain('Phone');
    expect(await phoneRow.textContent()).toContain(masked(byPhone.phoneMobile));
    expect(await create.isEnabled()).toBe(true);
    const headers = await dialog.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Name', 'Email', 'Type', 'RO#', 'Phone']);
    expect(await dialog.locator('.search-dialog-results').evaluate((el) => el.getBoundingClientRect().height)).toBe(325);

    const emailRow = await searchFor(dialog, byEmail.emailAddress!.toUpperCase(), nameOf(byEmail));
    expect(await emailRow.textContent()).toContain('Email');

    const roRowLocator = await searchFor(dialog, customerRo.roNumber, nameOf(byEmail));
    expect(await roRowLocator.getByRole('cell').allTextContents()).toEqual([nameOf(byEmail), byEmail.emailAddress, 'RO', customerRo.roNumber, masked(byEmail.phoneMobile)]);
    await roRowLocator.getByText(customerRo.roNumber, { exact: true }).hover();
    const popover = await visible(page.getByRole('tooltip').filter({ hasText: 'RO Info' }));
    const popoverText = await popover.textContent();
    expect(popoverText).toContain('Location: Front Range Toyota');
    expect(popoverText).toContain(`RO#: ${customerRo.roNumber}`);
    expect(popoverText).toMatch(/Date: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await screenshot(page, 'search-customer-ro-desktop');
    await page.mouse.move(5, 5);

    await box.fill('zz no such customer');
    await visible(dialog.getByText('No results', { exact: true }));

    // Keyboard: arrow down highlights the first row, Enter selects it; the dialog loads and returns the customer.
    await searchFor(dialog, byPhone.emailAddress!, nameOf(byPhone));
    await box.press('ArrowDown');
    await visible(dialog.locator('tr.is-selected').filter({ hasText: nameOf(byPhone) }));
    await box.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByRole('region', { name: nameOf(byPhone) }));
    const storedId = await page.evaluate(() => localStorage.getItem('EMPLOYEE_CUSTOMER_ID'));
    expect(storedId).toMatch(/^[0-9a-f-]{36}$/);

    // Cancel returns nothing: the current customer stays.
    const again = await openSearchDialog(page);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('EMPLOYEE_CUSTOMER_ID'))).toBe(storedId);

    // A double-click on a row selects it too (the generic dialog's gesture).
    const third = await openSearchDialog(page);
    const doubleClicked = await searchFor(third, byEmail.emailAddress!, nameOf(byEmail));
    await doubleClicked.dblclick();
    await third.waitFor({ state: 'detached' });
    await visible(page.getByRole('region', { name: nameOf(byEmail) }));
    expect(await page.evaluate(() => localStorage.getItem('EMPLOYEE_CUSTOMER_ID'))).not.toBe(storedId);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('customer profile editor', () => {
  it('should show each validation message once its field was touched, and save a valid edit', async () => {
    const { page, context, pageErrors } = await signedIn();
    const details = await selectCustomer(page, forEdit.emailAddress!, nameOf(forEdit));
    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Customer' }));

    // An employee editing changes e-mail and mobile only through their buttons.
    expect(await dialog.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByLabel('Mobile Phone', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await visible(dialog.getByText('Please use the change email button below'));
    await visible(dialog.getByText('Please use the change phone button below'));
    await visible(dialog.getByRole('button', { name: 'Change Email' }));
    await visible(dialog.getByRole('button', { name: 'Change Phone' }));
    expect(await dialog.getByRole('button', { name: 'Populate from RO' }).count()).toBe(0);
    expect(await dialog.getByLabel('Verify Redemptions').count()).toBe(0);
    await visible(dialog.getByLabel('Tax Exempt'));

    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    const messages = [
      ['First Name', '', 'First Name is required.'],
      ['First Name', 'x'.repeat(101), 'Only 100 characters are allowed.'],
      ['Last Name', '', 'Last Name is required.'],
      ['Other Phone', '303', 'Please enter at least 10 characters.'],
      ['Address', 'ab', 'Please enter at least 3 characters.'],
      ['Address 2', 'y'.repeat(201), 'Only 200 characters are allowed.'],
      ['City', 'z'.repeat(21), 'Only 20 characters are allowed.'],
      ['State', 'COL', 'Only 2 characters are allowed.'],
      ['Zip', '80a02', 'Enter only number.'],
    ] as const;
    for (const [, , message] of messages) expect(await dialog.getByText(message, { exact: true }).count()).toBe(0);
    for (const [label, value, message] of messages) await expectMessageAfterTouch(dialog, label, value, message);
    await expectMessageAfterTouch(dialog, 'Zip', '802', 'Zip must be at least 5 characters long.');
    expect(await save.isDisabled()).toBe(true);
    await screenshot(page, 'editor-errors-desktop');

    await dialog.getByLabel('First Name', { exact: true }).fill(forEdit.firstName);
    await dialog.getByLabel('Last Name', { exact: true }).fill(forEdit.lastName);
    await dialog.getByLabel('Other Phone', { exact: true }).fill('');
    await dialog.getByLabel('Address', { exact: true }).fill('42 Pearl St');
    await dialog.getByLabel('Address 2', { exact: true }).fill('');
    await dialog.getByLabel('City', { exact: true }).fill('Boulder');
    await dialog.getByLabel('State', { exact: true }).fill('co');
    await dialog.getByLabel('Zip', { exact: true }).fill('80302');
    await save.click();
    await visible(page.getByText('Successfully updated profile.'));
    await dialog.waitFor({ state: 'detached' });
    await visible(details.getByText('42 Pearl St'));
    await visible(details.getByText('80302'));

    // The create-only rules: e-mail pattern and the required, 10-digit mobile.
    const create = await openCreateDialog(page);
    expect(await create.getByText('Mobile is required.').count()).toBe(0);
    await expectMessageAfterTouch(create, 'Email', 'not-an-email', 'Email is invalid.');
    await expectMessageAfterTouch(create, 'Mobile Phone', '', 'Mobile is required.');
    await expectMessageAfterTouch(create, 'Mobile Phone', '303555', 'Please enter at least 10 characters.');
    expect(await create.getByRole('button', { name: 'Create', exact: true }).isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should show Existing Customers for a colliding e-mail and block creating it', async () => {
    const { page, context, pageErrors } = await signedIn();
    const dialog = await openCreateDialog(page);
    await dialog.getByLabel('First Name').fill('Dana');
    await dialog.getByLabel('Last Name').fill('Whitfield');
    await dialog.getByLabel('Email').fill(forCollision.emailAddress!.toUpperCase());
    await dialog.getByLabel('Mobile Phone').pressSequentially('7205559911');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();

    const matches = await visible(page.getByRole('dialog', { name: 'Existing Customers' }));
    await visible(matches.getByText('We have found customers in our system that potentially match the customer you entered.'));
    await visible(matches.getByText('Please review the matches and either select the existing customer or confirm that none is your customer.'));
    expect(await matches.getByRole('columnheader').allTextContents()).toEqual(['Select', 'Name', 'Email', 'Mobile Phone', 'Other Phone']);
    const row = await visible(matches.getByRole('row').filter({ hasText: nameOf(forCollision) }));
    // The matching e-mail is highlighted; phones are masked, missing ones a dash.
    expect(await row.locator('mark').allTextContents()).toEqual([forCollision.emailAddress]);
    expect(await row.textContent()).toContain(masked(forCollision.phoneMobile));
    expect(await matches.locator('.matches-table-wrap').evaluate((el) => Math.round(el.getBoundingClientRect().height))).toBe(Math.round(900 * 0.3));
    const useSelected = matches.getByRole('button', { name: 'Use Selected Customer' });
    expect(await useSelected.isDisabled()).toBe(true);

    await matches.getByRole('button', { name: 'Create New Customer' }).click();
    await visible(matches.getByRole('alert').filter({ hasText: 'You cannot save new customers with an existing email or phone.' }));
    await screenshot(page, 'existing-customers-desktop');

    // Cancel: nothing saved, the editor keeps its input.
    await matches.getByRole('button', { name: 'Cancel' }).click();
    await matches.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('First Name').inputValue()).toBe('Dana');

    // Use Selected Customer: the existing customer is loaded and returned through both dialogs.
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    const again = await visible(page.getByRole('dialog', { name: 'Existing Customers' }));
    await again.getByRole('row').filter({ hasText: nameOf(forCollision) }).click();
    await again.getByRole('button', { name: 'Use Selected Customer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'Search Customer' }).waitFor({ state: 'detached' });
    await visible(page.getByRole('region', { name: nameOf(forCollision) }));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should create a customer who collides with no one, and one who only shares a name', async () => {
    const { page, context, pageErrors } = await signedIn();
    const dialog = await openCreateDialog(page);
    await dialog.getByLabel('First Name').fill('Rowan');
    await dialog.getByLabel('Last Name').fill('Ellery');
    await dialog.getByLabel('Email').fill('rowan.ellery@example.com');
    await dialog.getByLabel('Mobile Phone').pressSequentially('7205550123');
    expect(await dialog.getByLabel('Mobile Phone').inputValue()).toBe('(720) 555-0123');
    await dialog.getByLabel('Zip').fill('80203');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await visible(page.getByText('Successfully created new customer.'));
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'Search Customer' }).waitFor({ state: 'detached' });
    const details = await visible(page.getByRole('region', { name: 'Rowan Ellery' }));
    await visible(details.getByText('(720) 555-0123'));
    expect(await page.evaluate(() => localStorage.getItem('EMPLOYEE_CUSTOMER_ID'))).toMatch(/^[0-9a-f-]{36}$/);

    // Same name as a customer, but a new e-mail and phone: listed as a match, and creating it is allowed.
    const twin = await openCreateDialog(page);
    await twin.getByLabel('First Name').fill('rowan');
    await twin.getByLabel('Last Name').fill('ELLERY');
    await twin.getByLabel('Email').fill('rowan.ellery.jr@example.com');
    await twin.getByLabel('Mobile Phone').pressSequentially('7205550124');
    await twin.getByRole('button', { name: 'Create', exact: true }).click();
    const matches = await visible(page.getByRole('dialog', { name: 'Existing Customers' }));
    expect(await matches.getByRole('row').filter({ hasText: 'Rowan Ellery' }).locator('mark').allTextContents()).toEqual(['Rowan Ellery']);
    await matches.getByRole('button', { name: 'Create New Customer' }).click();
    await visible(page.getByText('Successfully created new customer.'));
    await twin.waitFor({ state: 'detached' });
    await visible(page.getByRole('region', { name: 'rowan ELLERY' }));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should offer only the locations where the employee holds a role in Enter RO #, preset to one of them (issue 20)', async () => {
    // Their own location is Front Range Toyota (1), but their only role is at Flatirons Honda (2).
    await employeeWithRoles(server, 'rooftop-two', [{ role: 'employee', locationId: 2 }], { homeLocationId: 1 });
    const opened = await openPage(browser, server.url, 'desktop');
    const { page, context, pageErrors } = opened;
    await page.goto('/auth/login');
    await submitSignIn(page, 'rooftop-two');
    await page.waitForURL('**/employee/sales');
    const dialog = await openCreateDialog(page);
    await dialog.getByRole('button', { name: 'Populate from RO' }).click();
    const ro = await visible(page.getByRole('dialog', { name: 'Enter Open RO #' }));
    await page.waitForFunction(() => [...document.querySelectorAll('select')].some((s) => s.selectedOptions[0]?.textContent === 'Flatirons Honda'));
    expect(await ro.getByLabel('Location').locator('option').allTextContents()).toEqual(['Select a location...', 'Flatirons Honda']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should populate a new customer from an open RO, and explain a wrong RO', async () => {
    const { page, context, pageErrors } = await signedIn();
    const dialog = await openCreateDialog(page);
    expect(await dialog.getByRole('button', { name: 'Populate from Closed RO' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Populate from RO' }).click();
    const ro = await visible(page.getByRole('dialog', { name: 'Enter Open RO #' }));
    // Preset to the employee's location (1, which uses the CRM).
    const location = ro.getByLabel('Location');
    await page.waitForFunction(() => [...document.querySelectorAll('select')].some((s) => s.selectedOptions[0]?.textContent === 'Front Range Toyota'));
    const options = await location.locator('option').allTextContents();
    expect(options[0]).toBe('Select a location...');
    expect(options).not.toContain('Lakewood Chevrolet');
    const submit = ro.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await ro.getByLabel('RO Number').focus();
    await ro.getByLabel('RO Number').blur();
    await visible(ro.getByText('RO Number is required', { exact: true }));
    await screenshot(page, 'enter-ro-desktop');

    // A closed RO is refused with the server's reason as an error alert.
    await ro.getByLabel('RO Number').fill(closedRo.roNumber);
    await submit.click();
    await ro.waitFor({ state: 'detached' });
    await visible(dialog.getByRole('alert').filter({ hasText: `Repair order ${closedRo.roNumber} is closed` }));

    await dialog.getByRole('button', { name: 'Populate from RO' }).click();
    const again = await visible(page.getByRole('dialog', { name: 'Enter Open RO #' }));
    await again.getByLabel('RO Number').fill(openRo.roNumber);
    await again.getByRole('button', { name: 'Submit' }).click();
    await again.waitFor({ state: 'detached' });
    await page.waitForFunction((first) => (document.querySelector('input[name="firstName"]') as HTMLInputElement | null)?.value === first, openRo.firstName);
    expect(await dialog.getByLabel('Last Name').inputValue()).toBe(openRo.lastName);
    expect(await dialog.getByLabel('Email').inputValue()).toBe(openRo.email);
    expect(await dialog.getByLabel('Mobile Phone').inputValue()).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'editor-populated-desktop');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should give managers Verify Redemptions and admins also Populate from Closed RO', async () => {
    const manager = await signedIn('manager');
    const managerDialog = await openCreateDialog(manager.page);
    await visible(managerDialog.getByLabel('Verify Redemptions'));
    await visible(managerDialog.getByLabel('Tax Exempt'));
    expect(await managerDialog.getByRole('button', { name: 'Populate from Closed RO' }).count()).toBe(0);
    await manager.context.close();

    const admin = await signedIn('admin');
    const dialog = await openCreateDialog(admin.page);
    await visible(dialog.getByLabel('Verify Redemptions'));
    await dialog.getByRole('button', { name: 'Populate from Closed RO' }).click();
    const ro = await visible(admin.page.getByRole('dialog', { name: 'Enter Closed RO #' }));
    await ro.getByLabel('RO Number').fill(closedRo.roNumber);
    await ro.getByRole('button', { name: 'Submit' }).click();
    await admin.page.waitForFunction((first) => (document.querySelector('input[name="firstName"]') as HTMLInputElement | null)?.value === first, closedRo.firstName);
    expect(await dialog.getByLabel('Email').inputValue()).toBe(closedRo.email);
    await screenshot(admin.page, 'editor-admin-desktop');
    expect(admin.pageErrors).toEqual([]);
    await admin.context.close();
  });
});

describe('registration message and contact changes', () => {
  it('should send a registration e-mail and show the refusal for a registered customer', async () => {
    const { page, context } = await signedIn();
    const details = await selectCustomer(page, forRegistration.emailAddress!, nameOf(forRegistration));
    await details.getByRole('button', { name: 'Send registration e-mail' }).click();
    await visible(page.getByText(`Email or Text sent to ${nameOf(forRegistration)}.`));

    const pat = await selectCustomer(page, registered.emailAddress!, nameOf(registered));
    await pat.getByRole('button', { name: 'Send registration e-mail' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Customer is already registered.' }));
    await context.close();
  });

  it('should send e-mail and phone change verifications and show them pending', async () => {
    const { page, context, pageErrors } = await signedIn();
    const name = nameOf(forContactChange);
    const details = await selectCustomer(page, forContactChange.emailAddress!, name);
    await visible(details.getByText('Not verified').first());
    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = await visible(page.getByRole('dialog', { name: 'Edit Customer' }));

    await editor.getByRole('button', { name: 'Change Email' }).click();
    const email = await visible(page.getByRole('dialog', { name }));
    await visible(email.getByText('Customer confirmation is required to change their email. A verification email will be sent to the old and new emails. The email will not be changed until the customer confirms.'));
    await visible(email.getByText('Please make sure you have the correct customer before proceeding.'));
    expect(await email.getByText('There is a pending change to this customers email.').count()).toBe(0);
    const box = email.getByPlaceholder('Enter new email');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    const send = email.getByRole('button', { name: 'Change Email' });
    expect(await send.isDisabled()).toBe(true);
    await box.fill('not-an-email');
    await visible(email.getByText('Email is invalid.'));
    await box.fill('');
    await visible(email.getByText('Email is required.'));
    await box.fill('new.address@example.com');
    await screenshot(page, 'change-email-desktop');
    await send.click();
    const sent = await visible(page.getByRole('dialog', { name: 'Verification Sent' }));
    await visible(sent.getByText('A verification email/text was sent to the customer. Their email/phone will not update until they accept.'));
    await sent.getByRole('button', { name: 'Okay' }).click();
    await email.waitFor({ state: 'detached' });

    await editor.getByRole('button', { name: 'Change Phone' }).click();
    const phone = await visible(page.getByRole('dialog', { name: `Change Phone: ${name}` }));
    const phoneBox = phone.getByPlaceholder('Enter new mobile phone');
    expect(await phoneBox.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await phone.getByText('Mobile phone is invalid.').count()).toBe(0);
    await phoneBox.pressSequentially('72055');
    await visible(phone.getByText('Mobile phone is invalid.'));
    await phoneBox.fill('');
    await visible(phone.getByText('Mobile phone is required.'));
    await phoneBox.pressSequentially('7205550999');
    expect(await phoneBox.inputValue()).toBe('(720) 555-0999');
    await screenshot(page, 'change-phone-desktop');
    await phone.getByRole('button', { name: 'Change Phone' }).click();
    await (await visible(page.getByRole('dialog', { name: 'Verification Sent' }))).getByRole('button', { name: 'Okay' }).click();
    await phone.waitFor({ state: 'detached' });

    // The value waits for the customer; the details say so, and the dialogs show the pending notice.
    await editor.getByRole('button', { name: 'Change Email' }).click();
    const pending = await visible(page.getByRole('dialog', { name }));
    await visible(pending.getByText('There is a pending change to this customers email.'));
    await pending.getByRole('button', { name: 'Cancel' }).click();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
    await visible(details.getByText('Pending an email change'));
    await visible(details.getByText('Pending an phone number change'));
    await visible(details.getByText(forContactChange.emailAddress!, { exact: true }));
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('customer dialogs on a phone', () => {
  it('should show the Sales page, search results, editor and dialogs at 390 px', async () => {
    const { page, context, pageErrors } = await signedIn('employee', 'mobile');
    await screenshot(page, 'sales-mobile');
    const dialog = await openSearchDialog(page);
    await dialog.getByPlaceholder('Phone, Email, RO #').fill(customerRo.roNumber);
    const cards = await visible(dialog.getByRole('list', { name: 'Search results' }));
    await visible(cards.getByText(nameOf(byEmail)));
    expect(await dialog.getByRole('table').count()).toBe(0);
    await screenshot(page, 'search-customer-mobile');

    await dialog.getByPlaceholder('Phone, Email, RO #').fill('zz no such customer');
    await visible(dialog.getByText('No results', { exact: true }));
    await dialog.getByRole('button', { name: 'Create New Customer' }).click();
    const editor = await visible(page.getByRole('dialog', { name: 'Create Customer' }));
    await screenshot(page, 'editor-mobile');
    await editor.getByRole('button', { name: 'Populate from RO' }).click();
    await visible(page.getByRole('dialog', { name: 'Enter Open RO #' }));
    await page.waitForFunction(() => [...document.querySelectorAll('select')].some((s) => s.selectedOptions[0]?.textContent === 'Front Range Toyota'));
    await screenshot(page, 'enter-ro-mobile');
    await page.getByRole('dialog', { name: 'Enter Open RO #' }).getByRole('button', { name: 'Cancel' }).click();

    await editor.getByLabel('First Name').fill('Mobile');
    await editor.getByLabel('Last Name').fill('Collider');
    await editor.getByLabel('Email').fill(forCollision.emailAddress!);
    await editor.getByLabel('Mobile Phone').pressSequentially('7205558800');
    await editor.getByRole('button', { name: 'Create', exact: true }).click();
    const matches = await visible(page.getByRole('dialog', { name: 'Existing Customers' }));
    await visible(matches.getByRole('list', { name: 'Possible matches' }));
    expect(await matches.getByRole('table').count()).toBe(0);
    await screenshot(page, 'existing-customers-mobile');
    await matches.getByRole('button', { name: 'Cancel' }).click();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const details = await selectCustomer(page, forEdit.emailAddress!, nameOf(forEdit));
    await screenshot(page, 'sales-selected-mobile');
    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = await visible(page.getByRole('dialog', { name: 'Edit Customer' }));
    await edit.getByRole('button', { name: 'Change Email' }).click();
    await visible(page.getByRole('dialog', { name: nameOf(forEdit) }));
    await screenshot(page, 'change-email-mobile');
    await page.getByRole('dialog', { name: nameOf(forEdit) }).getByRole('button', { name: 'Cancel' }).click();
    await edit.getByRole('button', { name: 'Change Phone' }).click();
    await visible(page.getByRole('dialog', { name: `Change Phone: ${nameOf(forEdit)}` }));
    await screenshot(page, 'change-phone-mobile');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
