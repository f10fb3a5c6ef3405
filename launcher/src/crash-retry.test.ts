/**
 * Exactly once across a crash (issue 20 item 1): the product runs as a child process; 50 pack
 * sales and 50 coupon redemptions, each with its own Idempotency-Key, are sent at once and the
 * process is killed with SIGKILL mid-flight. Restarted, it gets every request again with the same
 * key (as the web client retries) and must answer each with its first result: 0 effects doubled,
 * 0 answered requests lost, 0 retries refused about their own effect, and no retry kept waiting
 * for the dead process's claim.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, dropDatabase, type Sql } from '@dealer/platform';
import { importDmsRecords } from '@dealer/dms/index';
import { demoCouponId, demoPackId } from './demo/catalogue';
import { startTestServer, waitForProjections } from './testing/test-server';
import { loginAs } from './testing/auth';
import { REPO_ROOT } from './product';

const SECRETS = { AUTH_SECRET: randomBytes(36).toString('base64'), PII_MASTER_KEY: randomBytes(32).toString('base64') };
const N = 50;
const SALE_RO = (i: number) => String(7_430_001 + i);
const REDEEM_RO = (i: number) => String(7_420_001 + i);
const STOCK_RO = (i: number) => String(7_410_001 + i);

let databaseUrl: string;
let redisPrefix: string;
let sql: Sql;
let staff: Record<string, string>;
let customerId: string;
let coupons: string[];
let child: ChildProcess | null = null;

const ro = (roNumber: string, closed: boolean) => ({
  roNumber,
  locationId: 1,
  vin: '4T1BF1FK5CU123456',
  mileage: 42_000,
  openDate: '2026-03-02T08:15:00',
  closeDate: closed ? '2026-03-02T15:40:00' : null,
  jobs: [{ jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter', laborType: 'C', laborSale: 49.95, partsSale: 20 }],
});

/** Starts the product in a process of its own on the test database; resolves with its address. */
async function startChild(): Promise<string> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'launcher/src/testing/product-child.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, APP_MODE: 'demo', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix, ...SECRETS },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = proc;
  const lines = createInterface({ input: proc.stdout! });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the product did not start within 30 s')), 30_000);
    proc.once('exit', (code) => reject(new Error(`the product exited with ${code} before listening`)));
    lines.on('line', (line) => {
      const m = /^listening (\d+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
  });
}

async function killChild(signal: NodeJS.Signals): Promise<void> {
  const proc = child;
  child = null;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill(signal);
  await exited;
}

beforeAll(async () => {
  // Set-up in process (demo data, ROs, the coupons to redeem), then the process is stopped and
  // the database kept for the child.
  const server = await startTestServer({ webDist: null, env: SECRETS });
  databaseUrl = server.databaseUrl;
  redisPrefix = server.redisPrefix;
  const product = server.product;
  await product.sql`update ref.locations set time_zone = 'America/Denver' where time_zone is null`;
  const records = [
    ...Array.from({ length: N }, (_, i) => ro(SALE_RO(i), false)),
    ...Array.from({ length: N }, (_, i) => ro(REDEEM_RO(i), false)),
    ...Array.from({ length: N / 2 }, (_, i) => ro(STOCK_RO(i), true)),
  ];
  expect(await importDmsRecords(product.sql, records)).toMatchObject({ rejected: 0 });
  staff = (await loginAs(server, 'employee')).headers;
  const inject = (url: string, payload: Record<string, unknown>) => product.app.inject({ method: 'POST', url, headers: staff, payload });
  const created = await inject('/api/customers', { firstName: 'Crash', lastName: 'Retry', emailAddress: 'crash.retry@example.com', phoneMobile: '3035550990' });
  expect(created.statusCode).toBe(201);
  customerId = created.json().dataSet.customerId;
  // 25 final sales of Essential Maintenance: 50 oil-change coupons, one per redemption RO.
  for (let i = 0; i < N / 2; i++) {
    const sold = await inject('/api/pack-sales', { customerId, packId: demoPackId('essential'), locationId: 1, roNumber: STOCK_RO(i) });
    expect(sold.statusCode).toBe(201);
  }
  await waitForProjections(product);
  const rows = await product.sql<{ id: string }[]>`
    select issued_coupon_id::text as id from rm_pack_sales.issued_coupons
    where customer_id = ${customerId} and coupon_id = ${demoCouponId('oil')} order by issued_coupon_id`;
  coupons = rows.map((r) => r.id);
  expect(coupons).toHaveLength(N);
  await product.stop();
  sql = createPool(databaseUrl, { max: 2 });
}, 120_000);

afterAll(async () => {
  await killChild('SIGKILL');
  await sql?.end({ timeout: 5 });
  if (databaseUrl) await dropDatabase(databaseUrl);
});

interface Command {
  url: string;
  body: Record<string, unknown>;
  key: string;
  /** The id the answer names: the sale or the redemption. */
  idOf: (dataSet: Record<string, unknown>) => unknown;
}

async function send(base: string, c: Command): Promise<{ status: number; dataSet: Record<string, unknown>; errors?: string[] } | null> {
  try {
    const res = await fetch(`${base}${c.url}`, {
      method: 'POST',
      headers: { ...staff, 'content-type': 'application/json', 'idempotency-key': c.key },
      body: JSON.stringify(c.body),
    });
    const json = (await res.json()) as { dataSet: Record<string, unknown>; errors?: string[] };
    return { status: res.status, dataSet: json.dataSet, errors: json.errors };
  } catch {
    return null; // no answer: the process died
  }
}

describe('a crash between the effect and the answer, then the retry with the same key', () => {
  it('should record every sale and redemption exactly once and answer each retry with its first result', async () => {
    const commands: Command[] = [
      ...Array.from({ length: N }, (_, i) => ({
        url: '/api/pack-sales',
        body: { customerId, packId: demoPackId('essential'), locationId: 1, roNumber: SALE_RO(i) },
        key: randomUUID(),
        idOf: (d: Record<string, unknown>) => d.saleId,
      })),
      ...coupons.map((issuedCouponId, i) => ({
        url: '/api/coupon-redemptions',
        body: { issuedCouponId, customerId, locationId: 1, roNumber: REDEEM_RO(i) },
        key: randomUUID(),
        idOf: (d: Record<string, unknown>) => d.redemptionId,
      })),
    ];

    let base = await startChild();
    // All at once; the process is killed with SIGKILL as soon as a few have been answered.
    let answeredCount = 0;
    let killed: Promise<void> | null = null;
    const firstAnswers = await Promise.all(
      commands.map((c) =>
        send(base, c).then((answer) => {
          if (answer && ++answeredCount >= 5 && !killed) killed = killChild('SIGKILL');
          return answer;
        }),
      ),
    );
    await (killed ?? killChild('SIGKILL'));
    const answered = firstAnswers.filter((a) => a !== null);
    for (const a of answered) expect(a!.status, JSON.stringify(a)).toBe(201);
    // Mid-flight: some answered, some not.
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(commands.length);

    const [before] = await sql<{ n: number }[]>`
      select count(*)::int as n from es_events where (event_type = 'PackSold' and data->>'saleRoNumber' like '743%')
        or (event_type = 'CouponRedeemed' and stream_id = any(${coupons.map((id) => `issued-coupon-${id}`)}))`;

    base = await startChild();
    const retries = await Promise.all(commands.map((c) => send(base, c)));
    await killChild('SIGTERM');

    // 0 retries refused (about their own effect or kept waiting for the dead claim): every one is the success.
    const refused = retries.filter((r) => r?.status !== 201);
    expect(refused.map((r) => r && { status: r.status, errors: r.errors })).toEqual([]);
    // 0 lost among answered requests: each retry names what the first answer named.
    commands.forEach((c, i) => {
      if (firstAnswers[i]) expect(c.idOf(retries[i]!.dataSet)).toBe(c.idOf(firstAnswers[i]!.dataSet));
    });
    // 0 doubled: one sale per sale RO, one redemption per coupon, in the event store itself.
    const sales = await sql<{ ro: string; n: number }[]>`
      select data->>'saleRoNumber' as ro, count(*)::int as n from es_events
      where event_type = 'PackSold' and data->>'saleRoNumber' like '743%' group by 1`;
    expect(sales).toHaveLength(N);
    expect(sales.filter((s) => s.n !== 1)).toEqual([]);
    const saleIds = new Set(retries.slice(0, N).map((r) => r!.dataSet.saleId));
    expect(saleIds.size).toBe(N);
    const redeemed = await sql<{ stream: string; n: number }[]>`
      select stream_id as stream, count(*)::int as n from es_events
      where event_type = 'CouponRedeemed' and stream_id = any(${coupons.map((id) => `issued-coupon-${id}`)}) group by 1`;
    expect(redeemed).toHaveLength(N);
    expect(redeemed.filter((r) => r.n !== 1)).toEqual([]);
    // How many effects were recorded without an answer before the crash: what the retries had to find.
    console.log(`crash-retry: ${answered.length} answered before SIGKILL, ${before!.n - answered.length} recorded without an answer; all ${commands.length} retries answered their first result`);
  }, 90_000);
});
