// Browser-test helpers: launch Debian Chromium, open pages at the two reference sizes, take screenshots.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { expectAccessible } from './axe';

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../screenshots', import.meta.url));

export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors, so a test can assert the app never crashed. */
  pageErrors: Error[];
  /** Content-Security-Policy violations the browser reported; any fails the test that opened the page. */
  cspViolations: string[];
}

export async function openPage(browser: Browser, baseURL: string, viewport: ViewportName = 'desktop'): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport], locale: 'en-US' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  // A policy that breaks a page is worse than none (issue 10, item 7): every test checks it.
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  if (expect.getState().currentTestName !== undefined) onTestFinished(() => expect(cspViolations).toEqual([]));
  return { context, page, pageErrors, cspViolations };
}

/**
 * Checks the page (and any open dialog) with axe-core, then saves a full-page PNG to
 * screenshots/<name>.png and returns its path: every screen a test looks at is also checked.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await expectAccessible(page, name);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** Waits until the locator is visible (playwright-core has no `expect`). */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/** Waits for the document title, which the app sets in an effect after the route renders. */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}
