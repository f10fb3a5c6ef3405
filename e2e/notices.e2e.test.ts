// Browser tests of notices over dialogs (issue 23): the 'Last unsuccessful login' notice stays on screen for
// seconds after signing in; the Search Customer dialog opened meanwhile keeps every control uncovered, at
// 1366 px (the notice stands beside the dialog) and at 390 px (below it, the dialog made shorter).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { signIn, submitSignIn } from './support/auth';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, openPage, screenshot, visible, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of every control of the dialog (buttons, fields, links). */
async function controlBoxes(dialog: Locator): Promise<Box[]> {
  const controls = dialog.locator('button, input, select, textarea, a[href]');
  const boxes: Box[] = [];
  for (let i = 0; i < (await controls.count()); i++) {
    const box = await controls.nth(i).boundingBox();
    if (box && box.width > 0 && box.height > 0) boxes.push(box);
  }
  return boxes;
}

describe('notices and dialogs', () => {
  for (const [viewport, login] of [
    ['desktop', 'controller'],
    ['mobile', 'manager'],
  ] as [ViewportName, string][]) {
    it(`should never cover a dialog's controls with a notice (${viewport})`, async () => {
      const { page, context } = await openPage(browser, server.url, viewport);
      await page.goto('/auth/login');
      await submitSignIn(page, login, 'wrong-password-123');
      await visible(page.getByText('Invalid username or password.'));
      await submitSignIn(page, login);
      await page.waitForURL('**/employee/sales');
      const notice = await visible(page.locator('.toast').filter({ hasText: /^.*Last unsuccessful login was/ }));
      await page.getByRole('button', { name: 'Search customers' }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Search Customer' }));
      // Let the notices settle where they go while the dialog is open.
      await page.waitForTimeout(300);
      // A hovered notice stays (SPEC 2.5), so the screenshot shows where it stands.
      await notice.hover();
      expect(await notice.isVisible()).toBe(true);
      const toasts = page.locator('.toast');
      const controls = await controlBoxes(dialog);
      expect(controls.length).toBeGreaterThan(2);
      for (let i = 0; i < (await toasts.count()); i++) {
        const toast = (await toasts.nth(i).boundingBox())!;
        expect(overlaps(toast, (await dialog.boundingBox())!)).toBe(false);
        for (const control of controls) expect(overlaps(toast, control)).toBe(false);
      }
      await screenshot(page, `notice-beside-dialog-${viewport}`);
      await context.close();
    });
  }
});

describe('the accessibility check and a notice that arrives while it runs', () => {
  it('should measure the notice at rest, not half faded in', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signIn(page, 'employee');
    await page.getByRole('button', { name: 'Search customers' }).click();
    await visible(page.getByRole('dialog', { name: 'Search Customer' }));
    // A notice caught fading in while axe-core runs, as one that arrives during the check is (a welcome,
    // a listener's notice): its fade is slowed down, begun, and repeated, so the check's wait for running
    // animations cannot end it. Without the check's reduced motion, axe-core measured such a title at a
    // contrast of 2.5 over an open dialog's backdrop (a failed CI run, session 24).
    await page.evaluate(() => {
      const toast = document.createElement('div');
      toast.className = 'toast toast-info';
      toast.style.animationDuration = '10s';
      toast.style.animationDelay = '-2s';
      toast.style.animationIterationCount = 'infinite';
      toast.innerHTML = '<div class="toast-body"><strong class="toast-title">Info</strong><span class="toast-message">Welcome back</span></div>';
      const toaster = document.createElement('section');
      toaster.className = 'toaster';
      toaster.setAttribute('aria-label', 'Notices');
      toaster.append(toast);
      document.body.append(toaster);
    });
    expect(await seriousA11yViolations(page)).toEqual([]);
    // It is still there, fading in again: the page's own motion is as it was before the check.
    expect(await page.locator('.toast-title', { hasText: 'Info' }).count()).toBe(1);
    expect(Number(await page.locator('.toast-info').last().evaluate((e) => getComputedStyle(e).opacity))).toBeLessThan(0.9);
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(false);
    await context.close();
  });
});
