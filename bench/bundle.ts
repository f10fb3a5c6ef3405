/**
 * Bundle bench: `node --import tsx bench/bundle.ts` (part of `npm run bench`).
 *
 * Builds the web client (vite, into a scratch folder: web/dist is left alone), starts the whole
 * product on it (a fresh database with the demo data), and loads two pages in headless Chromium
 * with an empty cache: the sign-in page, and /employee/sales for a signed-in service advisor.
 * Every script and stylesheet the browser loaded for the page is then fetched again with gzip,
 * with brotli and uncompressed, and the sums are printed against the target of issue 10
 * (item 21): at most 200 kB gzip of JavaScript and CSS for the first load of each page.
 * kB = 1000 bytes, as vite prints them.
 *
 * Settings: BENCH_BUNDLE_TARGET_KB (200), CHROMIUM_PATH (/usr/bin/chromium),
 * BENCH_DATABASE_SERVER (postgres://postgres@127.0.0.1:5432), REDIS_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '../web');
const TARGET_KB = Number(process.env.BENCH_BUNDLE_TARGET_KB ?? 200);
// The product is started as the tests start it, on the bench's PostgreSQL server.
if (process.env.BENCH_DATABASE_SERVER) process.env.TEST_DATABASE_SERVER = process.env.BENCH_DATABASE_SERVER;
const log = (line: string) => process.stderr.write(`[bench:bundle] ${line}\n`);
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

interface PageLoad {
  name: string;
  /** Script and stylesheet URLs the browser loaded, in order. */
  files: string[];
  /** Body bytes the browser actually received for them (it asks for br). */
  browserBytes: number;
}

interface Sizes {
  identity: number;
  gzip: number;
  br: number;
}

/** Records the scripts and stylesheets a page loads until the network is quiet. */
async function loadPage(context: BrowserContext, name: string, url: string, ready: string): Promise<PageLoad> {
  const page = await context.newPage();
  const files: string[] = [];
  const pending: Promise<number>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    files.push(response.url());
    pending.push(response.request().sizes().then((s) => s.responseBodySize));
  });
  await page.goto(url);
  await page.getByText(ready, { exact: false }).first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const browserBytes = (await Promise.all(pending)).reduce((a, b) => a + b, 0);
  await page.close();
  return { name, files, browserBytes };
}

/** Files below this size are not precompressed (web/vite.config.ts): they travel as they are. */
const MIN_COMPRESSED_BYTES = 1024;

async function sizesOf(url: string): Promise<Sizes> {
  const one = async (encoding: string) => {
    const res = await fetch(url, { headers: { 'accept-encoding': encoding } });
    const body = Buffer.from(await res.arrayBuffer());
    // fetch decodes the body; the header says what travelled.
    const length = Number(res.headers.get('content-length'));
    const sent = res.headers.get('content-encoding') ?? 'identity';
    const size = Number.isFinite(length) && length > 0 ? length : body.length;
    if (sent !== encoding && body.length >= MIN_COMPRESSED_BYTES) log(`${url}: asked for ${encoding}, got ${sent}`);
    return size;
  };
  return { identity: await one('identity'), gzip: await one('gzip'), br: await one('br') };
}

async function main() {
  const outDir = await mkdtemp(path.join(tmpdir(), 'dealer-bundle-'));
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    log(`building the web client into ${outDir}`);
    await build({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    log('starting the product');
    server = await startTestServer({ webDist: outDir });
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });

    const loads: PageLoad[] = [];
    const anonymous = await browser.newContext({ baseURL: server.url });
    loads.push(await loadPage(anonymous, 'sign-in page (/auth/login)', '/auth/login', 'Sign in'));

    // Signs in once, then opens the page in a fresh context (empty cache) holding only the cookies.
    const signInPage = await anonymous.newPage();
    await signInPage.goto('/auth/login?destination=%2Femployee%2Fsales');
    await signInPage.getByLabel('Username or e-mail').fill('employee');
    await signInPage.getByLabel('Password', { exact: true }).fill('demo-password-1');
    await signInPage.getByRole('button', { name: 'Sign in' }).click();
    await signInPage.waitForURL('**/employee/sales');
    const storageState = await anonymous.storageState();
    await anonymous.close();
    const signedIn = await browser.newContext({ baseURL: server.url, storageState });
    loads.push(await loadPage(signedIn, 'sales page (/employee/sales, signed in)', '/employee/sales', 'Find a customer by phone'));
    await signedIn.close();

    let allPass = true;
    const lines = [
      `Web client first load (JavaScript + CSS, empty cache), target <= ${TARGET_KB} kB gzip per page`,
      '',
      '| page | files | uncompressed kB | gzip kB | brotli kB | browser got kB | target |',
      '|---|---:|---:|---:|---:|---:|---|',
    ];
    for (const load of loads) {
      const unique = [...new Set(load.files)];
      const sizes = await Promise.all(unique.map(sizesOf));
      const sum = (key: keyof Sizes) => sizes.reduce((a, s) => a + s[key], 0);
      const pass = sum('gzip') <= TARGET_KB * 1000;
      allPass &&= pass;
      lines.push(
        `| ${load.name} | ${unique.length} | ${kB(sum('identity'))} | ${kB(sum('gzip'))} | ${kB(sum('br'))} | ${kB(load.browserBytes)} | ${pass ? 'PASS' : 'MISS'} |`,
      );
      for (const [i, file] of unique.entries()) {
        log(`  ${load.name}: ${new URL(file).pathname} ${kB(sizes[i]!.identity)} kB, gzip ${kB(sizes[i]!.gzip)} kB, br ${kB(sizes[i]!.br)} kB`);
      }
    }
    lines.push('', `bundle: ${allPass ? 'PASS' : 'MISS'}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await browser?.close();
    await server?.stop();
    await rm(outDir, { recursive: true, force: true });
  }
}

await main();
