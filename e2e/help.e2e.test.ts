// Browser tests of the help pages (SPEC 2.2, issue 12): the index lists the eight topics and leads to them;
// every topic renders its heading at 1366 and 390 px with nothing serious for axe; the Opcode List searches
// the DMS op codes of the employee's location and marks the ones a manager set as needing verification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { apiHeaders, signIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle, type ViewportName } from './support/browser';

let server: TestServer;
let browser: Browser;

const TOPICS = [
  ['opcode-list', 'Opcode List'],
  ['opcodes', 'Opcodes'],
  ['coupon-ro-not-found', 'Coupon RO Not Found'],
  ['book-ro-not-found', 'Book RO Not Found'],
  ['not-found-in-system', 'Not Found In System'],
  ['customer-no-email', 'Customer Without Email'],
  ['paper-conversions', 'Paper Conversions'],
  ['paper-redeem', 'Paper Redeem'],
] as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(viewport: ViewportName) {
  const opened = await openPage(browser, server.url, viewport);
  await signIn(opened.page, 'employee');
  await opened.page.getByText('Login Successful').waitFor({ state: 'detached' });
  return opened;
}

describe('help pages', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`should list the topics and render each one's heading (${viewport})`, async () => {
      const { page, context, pageErrors } = await signedIn(viewport);
      try {
        await page.goto('/employee/help');
        await visible(page.getByRole('heading', { level: 1, name: 'Help' }));
        const links = page.getByRole('region', { name: 'Help topics' }).getByRole('link');
        expect(await links.allTextContents()).toEqual(TOPICS.map(([, title]) => title));
        await screenshot(page, `help-index-${viewport}`);

        await links.filter({ hasText: 'Coupon RO Not Found' }).click();
        await page.waitForURL('**/employee/help/coupon-ro-not-found');
        for (const [slug, title] of TOPICS) {
          if (page.url() !== `${server.url}/employee/help/${slug}`) await page.goto(`/employee/help/${slug}`);
          await visible(page.getByRole('heading', { level: 1, name: `Help: ${title}` }));
          await waitForTitle(page, `Help: ${title} | Dealer Coupons`);
          expect(await page.getByText('is not available yet.').count()).toBe(0);
          await screenshot(page, `help-${slug}-${viewport}`);
        }
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('should search the op codes of the location and mark those that need verification', async () => {
    const { page, context, pageErrors } = await signedIn('desktop');
    try {
      await page.goto('/employee/help/opcode-list');
      const list = page.getByRole('region', { name: 'Op codes in the DMS data' });
      await visible(list.getByRole('table'));
      const locationId = Number(await list.getByLabel('Location').inputValue());
      expect(locationId).toBeGreaterThan(0);
      const [code] = await server.product.sql<{ op_code: string; description: string }[]>`
        select upper(trim(op_code)) as op_code, mode() within group (order by op_code_desc) as description
        from ref.ro_jobs where location_id = ${locationId} and op_code_desc is not null
        group by 1 order by count(*) desc, 1 limit 1`;
      if (!code) throw new Error(`The demo data has no op code with a description at location ${locationId}`);

      // A manager marks it as needing verification at this location.
      const manager = await apiHeaders(server.url, 'manager');
      const added = await fetch(`${server.url}/api/opcode-verification-rules`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...manager },
        body: JSON.stringify({ locationId, opCode: code.op_code, description: 'Help page browser test' }),
      });
      expect(added.status).toBeLessThan(300);

      await page.reload();
      await list.getByLabel('Search op codes').fill(code.op_code.toLowerCase());
      const row = list.getByRole('row').filter({ has: page.getByText(code.op_code, { exact: true }) });
      await visible(row);
      await visible(row.getByText('Needs verification'));
      await visible(row.getByText(code.description));
      // Every row left matches the search, by op code or description.
      await page.waitForFunction(
        (term) => [...document.querySelectorAll('tbody tr')].every((tr) => tr.textContent!.toLowerCase().includes(term)),
        code.op_code.toLowerCase(),
      );
      await screenshot(page, 'help-opcode-list-search-desktop');

      await list.getByLabel('Search op codes').fill('zz-no-such-op-code');
      await visible(list.getByText('No op codes match your search.'));
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('should show the op-code cards on a phone', async () => {
    const { page, context } = await signedIn('mobile');
    try {
      await page.goto('/employee/help/opcode-list');
      const list = page.getByRole('region', { name: 'Op codes in the DMS data' });
      await visible(list.getByRole('list', { name: 'Op codes' }));
      await visible(list.getByRole('list', { name: 'Op codes' }).getByRole('listitem').first());
      await screenshot(page, 'help-opcode-list-search-mobile');
    } finally {
      await context.close();
    }
  });
});
