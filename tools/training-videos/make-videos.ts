/**
 * npm run training:videos: makes the two training videos of SPEC 2.2 from the product itself.
 * Starts the product with demo data (a fresh test database), drives the real screens in Debian
 * Chromium through each flow while narrating it (espeak-ng), and writes web/public/
 * coupon_training.{mp4,webm,vtt} and paper_coupon_conversion.{mp4,webm,vtt}, plus the files'
 * content versions in contracts/src/training/media.ts. Re-run it when the screens change.
 * Needs: a built web client (the npm script builds it), PostgreSQL and Redis, ffmpeg, espeak-ng.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { importDmsRecords } from '@dealer/dms/index';
import { DEMO_PAPER_BOOKS } from '@dealer/launcher/demo/paper-books';
import { demoPackId } from '@dealer/launcher/demo/catalogue';
import { REPO_ROOT } from '@dealer/launcher/product';
import { startTestServer, waitForProjections, type TestServer } from '@dealer/launcher/testing/test-server';
import { createCustomer } from '../../e2e/support/api';
import { record, type Scene } from './recorder';

const OUT = path.join(REPO_ROOT, 'web/public');
const VIEWPORT = { width: 1280, height: 720 };
const LOCATION_ID = 1;
const SALE_RO = '7310001';
const REDEEM_RO = '7310002';

/** A pointer drawn on the page (headless screenshots show none), so viewers see what is pressed. */
const POINTER_SCRIPT = `(() => {
  const draw = () => {
    if (document.getElementById('training-pointer')) return;
    const dot = document.createElement('div');
    dot.id = 'training-pointer';
    dot.setAttribute('aria-hidden', 'true');
    Object.assign(dot.style, { position: 'fixed', left: '-40px', top: '-40px', width: '22px', height: '22px', margin: '-11px 0 0 -11px', borderRadius: '50%',
      background: 'rgba(245, 158, 11, 0.55)', border: '2px solid #b45309', zIndex: '2147483647', pointerEvents: 'none', transition: 'transform 120ms' });
    document.body.appendChild(dot);
    addEventListener('mousemove', (e) => { dot.style.left = e.clientX + 'px'; dot.style.top = e.clientY + 'px'; }, true);
    addEventListener('mousedown', () => { dot.style.transform = 'scale(0.6)'; }, true);
    addEventListener('mouseup', () => { dot.style.transform = 'scale(1)'; }, true);
  };
  if (document.body) draw(); else addEventListener('DOMContentLoaded', draw);
})();`;

let pointer = { x: 640, y: 360 };
/** Moves the pointer to the element in steps, then clicks it. */
async function press(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to press');
  const to = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(pointer.x, pointer.y);
  await page.mouse.move(to.x, to.y, { steps: 12 });
  pointer = to;
  await page.waitForTimeout(250);
  await target.click();
}
async function type(page: Page, target: Locator, text: string): Promise<void> {
  await press(page, target);
  await target.pressSequentially(text, { delay: 70 });
}
const visible = async (l: Locator) => {
  await l.waitFor({ state: 'visible', timeout: 20_000 });
  return l;
};

async function signedIn(server: TestServer, username: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--no-first-run'],
  });
  // The pointer is drawn by an init script, which the product's Content-Security-Policy would refuse.
  const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORT, locale: 'en-US', bypassCSP: true, reducedMotion: 'no-preference' });
  await context.addInitScript(POINTER_SCRIPT);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto('/auth/login');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('demo-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/employee/**');
  await page.getByText('Login Successful').waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
  return { browser, page };
}

const customer = { firstName: 'Sam', lastName: 'Rivera', emailAddress: 'sam.rivera@example.com', phoneMobile: '3035550142', city: 'Denver' };
const paperCustomer = { firstName: 'Robin', lastName: 'Booker', emailAddress: 'robin.booker@example.com', phoneMobile: '3035550177', city: 'Golden' };

function couponScenes(): Scene[] {
  const coupons = (page: Page) => page.getByRole('region', { name: 'Coupons', exact: true });
  const packs = (page: Page) => page.getByRole('region', { name: 'Coupon packs' });
  return [
    {
      say: 'Welcome. This short video shows how to sell a coupon pack and redeem a coupon. Everything happens on the Sales page.',
      act: async (page) => {
        await page.goto('/employee/sales');
        await visible(page.getByRole('button', { name: 'Search customers' }));
      },
    },
    {
      say: 'First, find the customer. Press Search customers, and type their phone number, e-mail address or RO number.',
      act: async (page) => {
        await press(page, page.getByRole('button', { name: 'Search customers' }));
        const dialog = await visible(page.getByRole('dialog', { name: 'Search Customer' }));
        await type(page, dialog.getByPlaceholder('Phone, Email, RO #'), customer.emailAddress);
        await press(page, dialog.getByRole('button', { name: 'Search', exact: true }));
        await visible(dialog.getByText(`${customer.firstName} ${customer.lastName}`, { exact: true }).first());
      },
    },
    {
      say: 'Pick the customer from the results. Their coupon packs and coupons open on the page.',
      act: async (page) => {
        const dialog = page.getByRole('dialog', { name: 'Search Customer' });
        await press(page, dialog.getByText(`${customer.firstName} ${customer.lastName}`, { exact: true }).first());
        await dialog.waitFor({ state: 'detached' });
        await visible(coupons(page));
      },
    },
    {
      say: 'To sell a pack, press Sell pack. Choose the location and the pack. The price, the tax and the coupons in the pack are shown before you sell.',
      act: async (page) => {
        await press(page, packs(page).getByRole('button', { name: 'Sell pack' }));
        const sell = await visible(page.getByRole('dialog', { name: 'Sell Coupon Pack' }));
        await press(page, sell.getByLabel('Location', { exact: true }));
        await sell.getByLabel('Location', { exact: true }).selectOption(String(LOCATION_ID));
        const pack = sell.getByLabel('Pack', { exact: true });
        await pack.locator(`option[value="${demoPackId('oil4')}"]`).waitFor({ state: 'attached' });
        await press(page, pack);
        await pack.selectOption(demoPackId('oil4'));
      },
    },
    {
      say: 'Then enter the RO number of the visit you sell it on, and submit. The sale stays pending until that RO closes.',
      act: async (page) => {
        const sell = page.getByRole('dialog', { name: 'Sell Coupon Pack' });
        await press(page, sell.getByRole('button', { name: 'Enter sale RO #' }));
        const ro = await visible(page.getByRole('dialog', { name: 'Enter Sale RO #' }));
        await type(page, ro.getByLabel('RO Number'), SALE_RO);
        await press(page, ro.getByRole('button', { name: 'Submit' }));
        await page.getByRole('dialog').first().waitFor({ state: 'detached' });
        await visible(packs(page).getByRole('article', { name: 'Oil Change 4-Pack' }));
      },
    },
    {
      say: 'The new coupons appear under Coupons. To redeem one, press Redeem on the coupon, check the location, and enter the RO number it is used on.',
      act: async (page) => {
        const redeem = coupons(page).getByRole('button', { name: 'Redeem Oil and filter change' }).first();
        await press(page, redeem);
        const dialog = await visible(page.getByRole('dialog', { name: 'Enter Redemption RO #' }));
        // Preset (and locked) to the employee's one location; chosen where they work at several.
        const location = dialog.getByLabel('Location', { exact: true });
        if (await location.isEnabled()) await location.selectOption(String(LOCATION_ID));
        await type(page, dialog.getByLabel('RO Number'), REDEEM_RO);
      },
    },
    {
      say: 'Submit, and the coupon shows as redeemed on that RO.',
      act: async (page) => {
        const dialog = page.getByRole('dialog', { name: 'Enter Redemption RO #' });
        await press(page, dialog.getByRole('button', { name: 'Submit' }));
        await dialog.waitFor({ state: 'detached' });
        const row = coupons(page).locator('tr, li').filter({ hasText: `RO# ${REDEEM_RO}` }).first();
        await visible(row);
        await row.scrollIntoViewIfNeeded();
      },
    },
    {
      say: 'If a redemption was a mistake, void it. Press Void, enter the reason, and submit. The coupon is available again.',
      act: async (page) => {
        const row = coupons(page).locator('tr, li').filter({ hasText: `RO# ${REDEEM_RO}` }).first();
        await press(page, row.getByRole('button', { name: /^Void the redemption of/ }));
        const dialog = await visible(page.getByRole('dialog', { name: 'Enter Void Reason' }));
        await type(page, dialog.getByLabel('Void reason'), 'Keyed on the wrong coupon.');
        await press(page, dialog.getByRole('button', { name: 'Submit' }));
        await dialog.waitFor({ state: 'detached' });
      },
    },
    {
      say: 'That is all. Find the customer, sell the pack on the RO, redeem coupons on the visit they are used on, and void a mistake with its reason. Your progress on this video is kept on the Training page.',
      act: async (page) => {
        await page.mouse.move(pointer.x, 40, { steps: 10 });
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'smooth' }));
      },
    },
  ];
}

function paperScenes(): Scene[] {
  const book = DEMO_PAPER_BOOKS.books[0].bookNumber;
  return [
    {
      say: 'This video shows how to redeem a paper coupon and convert a paper coupon book to digital coupons. Open Paper Conversion from the menu.',
      act: async (page) => {
        await page.goto('/employee/sales');
        await press(page, page.getByRole('link', { name: 'Paper Conversion' }).first());
        await page.waitForURL('**/employee/paper-conversion/book-number');
      },
    },
    {
      say: 'Enter the book number printed on the book, and press Find book.',
      act: async (page) => {
        await type(page, page.getByLabel('Book number'), book);
        await press(page, page.getByRole('button', { name: 'Find book' }));
        await page.waitForURL(`**/action?book=${book}`);
      },
    },
    {
      say: 'The book opens with its coupons: which are still in the book, and which were already redeemed, and on which RO.',
      act: async (page) => {
        const table = await visible(page.getByRole('table', { name: 'Coupons in the book' }));
        await page.mouse.move(pointer.x, pointer.y);
        const box = await table.boundingBox();
        if (box) await page.mouse.move(box.x + 80, box.y + 40, { steps: 12 });
      },
    },
    {
      say: 'To redeem a coupon the customer brings in, press Redeem a paper coupon, and pick the coupon.',
      act: async (page) => {
        await press(page, page.getByRole('link', { name: 'Redeem a paper coupon' }));
        await page.waitForURL('**/paper-redeem?**');
        await press(page, page.getByRole('radio').first());
      },
    },
    {
      say: "Press Enter RO number. Check the location, enter the RO number of today's visit, and submit. The coupon is marked redeemed on that RO.",
      act: async (page) => {
        await press(page, page.getByRole('button', { name: /^Enter RO # for coupon/ }));
        const dialog = await visible(page.getByRole('dialog', { name: 'Enter Redemption RO #' }));
        await type(page, dialog.getByLabel('RO Number'), DEMO_PAPER_BOOKS.redeemRoNumber);
        await press(page, dialog.getByRole('button', { name: 'Submit' }));
        await dialog.waitFor({ state: 'detached' });
        await visible(page.getByRole('table', { name: 'Coupons in the book' }).getByRole('row').filter({ hasText: `RO# ${DEMO_PAPER_BOOKS.redeemRoNumber}` }));
      },
    },
    {
      say: 'To move the rest of the book to the customer, go back to the book, and press Convert the book to a digital pack.',
      act: async (page) => {
        const back = page.getByRole('link', { name: 'Back to the book' });
        if (await back.count()) await press(page, back);
        else await page.goto(`/employee/paper-conversion/action?book=${book}`);
        await page.waitForURL(`**/action?book=${book}`);
        await press(page, page.getByRole('link', { name: 'Convert the book to a digital pack' }));
        await page.waitForURL('**/customer-info?**');
      },
    },
    {
      say: 'Find the customer with Search customers, and pick them from the results.',
      act: async (page) => {
        await press(page, page.getByRole('button', { name: 'Search customers' }));
        const dialog = await visible(page.getByRole('dialog', { name: 'Search Customer' }));
        await type(page, dialog.getByPlaceholder('Phone, Email, RO #'), paperCustomer.emailAddress);
        await press(page, dialog.getByRole('button', { name: 'Search', exact: true }));
        // The typed term's own search (after its debounce) may redraw the results once more.
        await page.waitForTimeout(800);
        await press(page, await visible(dialog.getByText(`${paperCustomer.firstName} ${paperCustomer.lastName}`, { exact: true }).first()));
        await dialog.waitFor({ state: 'detached' });
        await page.waitForURL('**customer=**');
      },
    },
    {
      say: 'Press Next. The coupons that will move to the digital pack are listed. Check them, and press Convert book.',
      act: async (page) => {
        await press(page, page.getByRole('link', { name: 'Next' }));
        await page.waitForURL('**/book-conversion?**');
        await press(page, page.getByRole('button', { name: 'Convert book' }));
        await visible(page.getByRole('status').filter({ hasText: 'registration e-mail was sent' }));
      },
    },
    {
      say: "Done. The customer gets an e-mail to register, the book's coupons are now digital, and they show on the customer's coupons on Sales. Your progress on this video is kept on the Training page.",
      act: async (page) => {
        await page.mouse.move(pointer.x, 60, { steps: 10 });
      },
    },
  ];
}

async function main() {
  const server = await startTestServer();
  const versions: Record<string, string> = {};
  try {
    const { sql } = server.product;
    await createCustomer(server.url, customer);
    await createCustomer(server.url, paperCustomer);
    const ro = (roNumber: string) => ({
      roNumber, locationId: LOCATION_ID, vin: '1HGCM82633A004352', mileage: 38_500, openDate: new Date().toISOString().slice(0, 10) + 'T08:15:00', closeDate: null,
      jobs: [{ jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter change', laborType: 'C', laborSale: 49.95, partsSale: 20 }],
    });
    await importDmsRecords(sql, [ro(SALE_RO), ro(REDEEM_RO)]);
    await waitForProjections(server.product);
    const work = path.join(os.tmpdir(), `training-videos-${process.pid}`);
    const only = process.argv[2];
    for (const [videoId, file, scenes] of [
      ['coupons', 'coupon_training', couponScenes()],
      ['paper', 'paper_coupon_conversion', paperScenes()],
    ] as const) {
      if (only && only !== videoId) continue;
      const { browser, page } = await signedIn(server, 'employee');
      try {
        console.log(`recording ${file}...`);
        versions[videoId] = await record(page, scenes, path.join(OUT, file), path.join(work, videoId));
        console.log(`wrote web/public/${file}.mp4, .webm, .vtt (${versions[videoId]})`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.stop();
  }
  const { TRAINING_MEDIA_VERSIONS } = await import('@dealer/contracts');
  const all = { ...TRAINING_MEDIA_VERSIONS, ...versions };
  await writeFile(
    path.join(REPO_ROOT, 'contracts/src/training/media.ts'),
    `// Written by tools/training-videos (npm run training:videos): the content hash of each video's files,\n` +
      `// added to their addresses so that a re-made video is fetched anew while the files are cached long.\n` +
      `export const TRAINING_MEDIA_VERSIONS = { coupons: '${all.coupons}', paper: '${all.paper}' } as const;\n`,
  );
}

await main();
