// Checks of the staff navigation as users see it.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** At 390 px the staff menu is a strip that scrolls sideways: the current page's tab must be inside its visible part. */
export async function expectCurrentTabInView(page: Page, label: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Staff' });
  const tab = nav.getByRole('link', { name: label, exact: true });
  expect(await tab.getAttribute('aria-current')).toBe('page');
  const [navBox, tabBox] = await Promise.all([nav.boundingBox(), tab.boundingBox()]);
  expect(tabBox!.x, `the ${label} tab starts left of the strip's visible part`).toBeGreaterThanOrEqual(navBox!.x);
  expect(tabBox!.x + tabBox!.width, `the ${label} tab ends right of the strip's visible part`).toBeLessThanOrEqual(navBox!.x + navBox!.width);
}
