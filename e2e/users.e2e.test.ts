// Browser tests of the admin users page (user-roles) and the modal stack it uses: add, edit, delete with confirm, filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '@dealer/launcher/testing/test-server';
import { signIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';
import { expectCurrentTabInView } from './support/navigation';

let server: { url: string; stop(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const DEMO_NAMES = ['Avery Admin', 'Casey Controller', 'Evan Employee', 'Morgan Manager'];

async function names(page: Page): Promise<string[]> {
  return page.locator('tbody tr td:first-child').allTextContents();
}

function rowOf(page: Page, name: string, role: string) {
  return page.getByRole('row').filter({ hasText: name }).filter({ hasText: role });
}

describe('users page', () => {
  it('should list the user roles sorted by name and add, edit and delete one', async () => {
    const { page, context, pageErrors } = await openPage(browser, server.url, 'desktop');
    await signIn(page, 'admin');
    await waitForTitle(page, 'Users | Dealer Coupons');
    await visible(page.getByRole('table'));
    expect(await names(page)).toEqual(DEMO_NAMES);
    await screenshot(page, 'users-desktop');

    // Add: Evan Employee also becomes a manager.
    await page.getByRole('button', { name: 'Add User Role' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Add User Role' }));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText('Employee is required.'));
    const employee = dialog.getByLabel('Employee');
    await page.waitForFunction(() => document.querySelectorAll('option').length > 4);
    await employee.selectOption({ label: 'Evan Employee - Service Advisor' });
    await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Manager' });
    await dialog.getByLabel('Location').selectOption({ index: 1 });
    await screenshot(page, 'users-add-dialog-desktop');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByText('User role successfully added.'));
    await dialog.waitFor({ state: 'detached' });
    await visible(rowOf(page, 'Evan Employee', 'Manager'));

    // Edit: that role becomes Controller.
    await rowOf(page, 'Evan Employee', 'Manager').getByRole('button', { name: /^Edit/ }).click();
    const edit = await visible(page.getByRole('dialog', { name: 'Edit User Role' }));
    await visible(edit.getByText('Evan Employee'));
    await edit.getByLabel('Role', { exact: true }).selectOption({ label: 'Controller' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('User role successfully updated.'));
    await visible(rowOf(page, 'Evan Employee', 'Controller'));

    // Delete: No keeps it, Yes removes it.
    await rowOf(page, 'Evan Employee', 'Controller').getByRole('button', { name: /^Delete/ }).click();
    const confirm = await visible(page.getByRole('alertdialog', { name: 'Confirm Action' }));
    await visible(confirm.getByText('Are you sure you want to remove user role?'));
    await screenshot(page, 'users-confirm-desktop');
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    await visible(rowOf(page, 'Evan Employee', 'Controller'));
    await rowOf(page, 'Evan Employee', 'Controller').getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Yes' }).click();
    await visible(page.getByText('User role successfully removed.'));
    await rowOf(page, 'Evan Employee', 'Controller').waitFor({ state: 'detached' });
    expect(await names(page)).toEqual(DEMO_NAMES);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should filter the list by location', async () => {
    const { page, context } = await openPage(browser, server.url, 'desktop');
    await signIn(page, 'admin');
    await visible(page.getByRole('table'));
    const filter = page.getByLabel('Location');
    expect(await filter.locator('option').first().textContent()).toBe('All locations');
    const options = await filter.locator('option').allTextContents();
    // The demo roles are all at location 1 (the first real option); another location has none of them.
    await filter.selectOption({ index: 1 });
    await visible(page.getByRole('table'));
    expect(await names(page)).toEqual(DEMO_NAMES);
    if (options.length > 2) {
      await filter.selectOption({ index: 2 });
      await visible(page.getByText('No user roles.'));
    }
    await context.close();
  });

  for (const viewport of ['mobile'] as ViewportName[]) {
    it(`should show cards and full-width dialogs on ${viewport}`, async () => {
      const { page, context } = await openPage(browser, server.url, viewport);
      await signIn(page, 'admin');
      const cards = await visible(page.getByRole('list', { name: 'User roles' }));
      // The admin lands on Users, far along the menu strip: its tab is scrolled into view (issue 10, item 18).
      await expectCurrentTabInView(page, 'Users');
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await cards.getByRole('listitem').count()).toBe(DEMO_NAMES.length);
      await screenshot(page, `users-${viewport}`);
      await cards.getByRole('listitem').first().getByRole('button', { name: /^Delete/ }).click();
      const confirm = await visible(page.getByRole('alertdialog', { name: 'Confirm Action' }));
      const box = await confirm.boundingBox();
      expect(box?.width).toBeGreaterThan(360);
      await screenshot(page, `users-confirm-${viewport}`);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Add User Role' }).click();
      await visible(page.getByRole('dialog', { name: 'Add User Role' }));
      await screenshot(page, `users-add-dialog-${viewport}`);
      await context.close();
    });
  }
});

describe('modal stack', () => {
  it('should move a modal by its header, minimise it to the bottom bar, restore it and close it with Escape', async () => {
    const { page, context } = await openPage(browser, server.url, 'desktop');
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Add User Role' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Add User Role' }));
    const start = await dialog.boundingBox();
    expect(start?.y).toBe(35);

    const header = dialog.locator('.modal-header');
    const grip = await header.boundingBox();
    if (!start || !grip) throw new Error('The modal has no box');
    await page.mouse.move(grip.x + 40, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + 40 - 200, grip.y + grip.height / 2 + 120, { steps: 8 });
    await page.mouse.up();
    const moved = await dialog.boundingBox();
    expect(Math.round((moved?.x ?? 0) - start.x)).toBe(-200);
    expect(Math.round((moved?.y ?? 0) - start.y)).toBe(120);

    await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Admin' });
    await dialog.getByRole('button', { name: 'Minimize Add User Role' }).click();
    await dialog.getByLabel('Role', { exact: true }).waitFor({ state: 'hidden' });
    const docked = await dialog.boundingBox();
    expect(Math.round((docked?.y ?? 0) + (docked?.height ?? 0))).toBe(900);
    await screenshot(page, 'modal-minimized-desktop');
    await dialog.getByRole('button', { name: 'Restore Add User Role' }).click();
    // Restored with what was entered.
    expect(await dialog.getByLabel('Role', { exact: true }).inputValue()).toBe('admin');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
