// Browser tests of desk codes (issue 24 part 1): the customer's "Show at the desk" view on a phone (390 px),
// and staff on the Sales page scanning that QR code with the camera: Chromium's fake camera plays a video of
// the QR code (a Y4M file written here from the code), Scan code reads it (jsQR: Chromium on Linux has no
// BarcodeDetector), the search finds the customer and picking her opens her coupons with that coupon marked.
// Screenshots at 390 and 1366 px.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import qrcode from 'qrcode-generator';
import { chromium, type Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { DEMO_CUSTOMER, signIn } from './support/auth';
import { openPage, screenshot, visible, waitForTitle } from './support/browser';
import { openSales, screenshotFromTop, selectCustomerOnSales } from './support/sales';

let server: TestServer;
let browser: Browser;
let camera: Browser;
/** An available coupon of the demo customer (Pat): its name and desk code. */
let coupon: { name: string; code: string };

/** A Y4M video (4:2:0, 640 x 480, 10 frames) showing `text`'s QR code, black on white, 12 px a module. */
async function qrVideo(text: string): Promise<string> {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Alphanumeric');
  qr.make();
  const [width, height, cell, quiet] = [640, 480, 12, 4];
  const modules = qr.getModuleCount();
  const side = (modules + quiet * 2) * cell;
  const [left, top] = [(width - side) / 2, (height - side) / 2];
  const luma = Buffer.alloc(width * height, 200);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const [row, col] = [Math.floor(y / cell) - quiet, Math.floor(x / cell) - quiet];
      const dark = row >= 0 && col >= 0 && row < modules && col < modules && qr.isDark(row, col);
      luma[(top + y) * width + left + x] = dark ? 16 : 235;
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(tmpdir(), `desk-code-${process.pid}.y4m`);
  await writeFile(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]));
  return file;
}

beforeAll(async () => {
  const { launchBrowser } = await import('./support/browser');
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const [row] = await server.product.sql<{ name: string; code: string }[]>`
    select c.terms->>'name' as name, d.code from rm_pack_sales.desk_codes d
    join rm_pack_sales.issued_coupons c using (issued_coupon_id) join rm_pack_sales.sales s on s.sale_id = c.sale_id
    join rm_customer_search.customers cs on cs.customer_id = c.customer_id
    where cs.email_address = ${DEMO_CUSTOMER} and s.status = 'final' and c.redemption_id is null and c.expires_at > now()
    order by s.sold_at desc, c.position limit 1`;
  expect(row, 'Pat has an available coupon').toBeDefined();
  coupon = row!;
  camera = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${await qrVideo(coupon.code)}`],
  });
});

afterAll(async () => {
  await camera?.close();
  await browser?.close();
  await server?.stop();
});

describe('desk codes', () => {
  it('should show the customer a coupon\'s code and QR code at the desk, on a phone', async () => {
    const { page, context, pageErrors } = await openPage(browser, server.url, 'mobile');
    await signIn(page, DEMO_CUSTOMER);
    const show = page.getByRole('button', { name: /^Show at the desk: / }).first();
    await show.waitFor();
    await page.getByText('Welcome!', { exact: false }).first().waitFor({ state: 'detached' }).catch(() => undefined);
    await show.scrollIntoViewIfNeeded();
    await screenshot(page, 'desk-code-coupons-mobile');
    await show.click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Show at the desk' }));
    const code = (await dialog.locator('.desk-code-text').innerText()).trim();
    expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}$/);
    const qr = await visible(dialog.getByRole('img', { name: `QR code for ${code}` }));
    const box = (await qr.boundingBox())!;
    // As wide as a phone held up to a scanner allows: 80% of 390 px, square.
    expect(box.width).toBeGreaterThanOrEqual(300);
    expect(Math.abs(box.width - box.height)).toBeLessThan(2);
    await screenshot(page, 'desk-code-customer-mobile');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should find the customer by scanning the QR code with the camera and open her with the coupon marked', async () => {
    const { page, context, pageErrors } = await openPage(camera, server.url, 'desktop');
    await context.grantPermissions(['camera']);
    await signIn(page, 'employee');
    await waitForTitle(page, 'Sales | Dealer Coupons');
    await page.getByRole('button', { name: 'Search customers' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Search Customer' }));
    await dialog.getByRole('button', { name: 'Scan code' }).click();
    // The fake camera shows the code (the scan may close its dialog within a frame or two); the search box gets
    // the code and the search shows the hit.
    await page.waitForFunction((code) => (document.querySelector('[role="search"] input') as HTMLInputElement | null)?.value === code, coupon.code, { timeout: 20_000 });
    await page.getByRole('dialog', { name: 'Scan code' }).waitFor({ state: 'detached' });
    const hit = await visible(dialog.getByText(`Code: ${coupon.name}`));
    await screenshot(page, 'desk-code-search-desktop');
    await hit.click();
    await dialog.waitFor({ state: 'detached' });
    const coupons = await visible(page.getByRole('region', { name: 'Coupons', exact: true }));
    await visible(coupons.getByText(`Code ${coupon.code}: ${coupon.name}. Ready to redeem.`));
    const marked = coupons.locator('[aria-current="true"]');
    expect(await marked.count()).toBe(1);
    expect(await marked.getByRole('button', { name: `Redeem ${coupon.name}` }).count()).toBe(1);
    // Decision 0091: the row shows the coupon's code, as the customer's phone does.
    expect(await marked.getByText(coupon.code, { exact: true }).count()).toBe(1);
    await screenshotFromTop(page, 'desk-code-sales-desktop');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("should show staff each coupon's code and the pack's in the customer's coupons and purchase history, on a phone (decision 0091)", async () => {
    const { page, context, pageErrors } = await openSales(browser, server.url, 'employee', 'mobile');
    const coupons = await selectCustomerOnSales(page, DEMO_CUSTOMER, 'Pat Customer');
    const card = coupons.locator('li.card').filter({ has: page.getByText(coupon.code, { exact: true }) });
    // The panel shows before its list has loaded: wait for the card, then check there is one.
    await visible(card.first());
    expect(await card.count()).toBe(1);
    await visible(card.getByText(coupon.name).first());
    const history = page.getByRole('article').filter({ has: page.getByText('Pack code') }).first();
    await visible(history);
    expect((await history.locator('.desk-code-inline').innerText()).trim()).toMatch(/^[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}$/);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'desk-code-staff-mobile');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
