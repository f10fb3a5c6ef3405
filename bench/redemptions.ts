/**
 * Redemption bench: `node --import tsx bench/redemptions.ts` (`BENCH_ONLY=redemptions npm run bench`,
 * part of the full run). Issue 12, "Performance".
 *
 * Starts the whole product as the tests start it (a fresh database with the demo data), then over
 * HTTP (fetch against the listening server):
 *   set-up: creates customers (POST /api/customers, Verify Redemptions off), imports one closed RO
 *     per customer and sells each an Oil Change 4-pack on it as the demo manager
 *     (POST /api/pack-sales: the sale is final, four oil-change coupons issued), and imports one
 *     open RO with a customer-pay LOF line per coupon to redeem (importDmsRecords), at location 1
 *     where no op-code rule asks for verification;
 *   (a) customer create, POST /api/customers, by BENCH_CLIENTS (8) concurrent clients;
 *   (b) redemption, POST /api/coupon-redemptions, a distinct coupon on its own RO per request,
 *       by the same number of clients; each after a warm-up of the same request;
 *   (c) 20 concurrent redemptions of one coupon, each on its own RO: exactly one 201 expected.
 * Prints count, req/s, p50 and p95 per command, p95(redeem)/p95(create) against the 1.5x target
 * (PASS/MISS), and the status counts of (c). Exits non-zero when (c) is not exactly one 201 or a
 * measured request failed.
 *
 * Settings: BENCH_REDEMPTIONS (400), BENCH_CREATES (400), BENCH_CLIENTS (8), BENCH_REDEMPTION_WARMUP (40),
 * BENCH_DATABASE_SERVER (postgres://postgres@127.0.0.1:5432), REDIS_URL.
 */
import { randomUUID } from 'node:crypto';
import { importDmsRecords } from '@dealer/dms/index';
import { startTestServer, waitForProjections, type TestServer } from '@dealer/launcher/testing/test-server';
import { loginAs } from '@dealer/launcher/testing/auth';
import { demoPackId } from '@dealer/launcher/demo/catalogue';
import { fmtInt, fmtMs, fmtRatio, LatencyRecorder } from './lib/stats';
import { renderText, type Table } from './lib/table';

if (process.env.BENCH_DATABASE_SERVER) process.env.TEST_DATABASE_SERVER = process.env.BENCH_DATABASE_SERVER;
const REDEMPTIONS = Number(process.env.BENCH_REDEMPTIONS ?? 400);
const CREATES = Number(process.env.BENCH_CREATES ?? 400);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const WARMUP = Number(process.env.BENCH_REDEMPTION_WARMUP ?? 40);
const RACE = 20;
const TARGET_RATIO = 1.5;
const LOCATION = 1;
const COUPONS_PER_PACK = 4;
const log = (line: string) => process.stderr.write(`[bench:redemptions] ${line}\n`);

// LOF on a customer-pay line, 69.95 under the oil-change coupon's maximum (as coupon-redemptions.test.ts).
const ro = (roNumber: string, closed: boolean) => ({
  roNumber,
  locationId: LOCATION,
  vin: '4T1BF1FK5CU123456',
  mileage: 42_000,
  openDate: '2026-03-02T08:15:00',
  closeDate: closed ? '2026-03-02T16:30:00' : null,
  jobs: [{ jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter', laborType: 'C' as const, laborSale: 49.95, partsSale: 20 }],
});

/** E-mail and mobile are reserved per customer (issue 10 item 12): every created customer gets its own. */
let phones = 0;
function customerBody() {
  const tag = randomUUID().slice(0, 8);
  return {
    firstName: `Bench${tag}`, lastName: 'Redeemer', emailAddress: `bench.${tag}.${randomUUID().slice(0, 4)}@example.com`, phoneMobile: `720${2_000_000 + phones++}`, phoneOther: null,
    address: '1 Main St', address2: null, city: 'Denver', state: 'CO', zip: '80202', isTaxExempt: false, verifyRedemptions: false,
  };
}

interface Answer {
  status: number;
  body: { dataSet?: Record<string, unknown>; errors?: string[] } | null;
  ms: number;
}

async function send(server: TestServer, headers: Record<string, string>, method: string, path: string, body: unknown): Promise<Answer> {
  const t0 = performance.now();
  const res = await fetch(`${server.url}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - t0;
  let parsed: Answer['body'] = null;
  try {
    parsed = JSON.parse(text) as Answer['body'];
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, ms };
}

/** Runs `count` requests by `clients` loops, each awaiting its own; returns latencies, seconds and failures. */
async function load(count: number, clients: number, request: (i: number) => Promise<Answer>, ok: number) {
  const latencies = new LatencyRecorder();
  const failures: string[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < count; i = next++) {
        const a = await request(i);
        if (a.status === ok) latencies.add(a.ms);
        else failures.push(`${a.status} ${JSON.stringify(a.body?.errors ?? a.body)}`);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - t0) / 1000, failures };
}

async function main(): Promise<number> {
  log('starting the product (fresh database, demo data)');
  const server = await startTestServer({ webDist: null });
  try {
    const manager = (await loginAs(server, 'manager')).headers;
    const employee = (await loginAs(server, 'employee')).headers;
    const { sql } = server.product;
    await sql`update ref.locations set time_zone = 'America/Denver' where time_zone is null`;

    // Set-up: customers with Verify Redemptions off, each sold an Oil Change 4-pack on a closed RO.
    const needed = WARMUP + REDEMPTIONS + 1;
    const sales = Math.ceil(needed / COUPONS_PER_PACK);
    const saleRos = Array.from({ length: sales }, (_, i) => `81${String(i).padStart(5, '0')}`);
    const redeemRos = Array.from({ length: sales * COUPONS_PER_PACK + RACE }, (_, i) => `82${String(i).padStart(5, '0')}`);
    log(`set-up: ${sales} customers and pack sales, ${redeemRos.length} ROs to redeem on`);
    const report = await importDmsRecords(sql, [...saleRos.map((n) => ro(n, true)), ...redeemRos.map((n) => ro(n, false))]);
    if (report.rejected !== 0) throw new Error(`RO import rejected ${report.rejected} record(s)`);
    const coupons: { issuedCouponId: string; customerId: string }[] = [];
    const saleIds: { saleId: string; customerId: string }[] = [];
    const setup = await load(sales, CLIENTS, async (i) => {
      const created = await send(server, manager, 'POST', '/api/customers', customerBody());
      if (created.status !== 201) return created;
      const customerId = String(created.body!.dataSet!.customerId);
      const sold = await send(server, manager, 'POST', '/api/pack-sales', {
        customerId, packId: demoPackId('oil4'), locationId: LOCATION, roNumber: saleRos[i]!, price: null, priceOverrideReason: null,
      });
      if (sold.status === 201) saleIds.push({ saleId: String(sold.body!.dataSet!.saleId), customerId });
      return sold;
    }, 201);
    if (setup.failures.length > 0) throw new Error(`set-up failed: ${setup.failures[0]}`);
    await waitForProjections(server.product, 60_000);
    for (const { saleId, customerId } of saleIds) {
      const rows = await sql<{ id: string }[]>`select issued_coupon_id::text as id from rm_pack_sales.issued_coupons where sale_id = ${saleId} order by position`;
      for (const r of rows) coupons.push({ issuedCouponId: r.id, customerId });
    }
    if (coupons.length < needed) throw new Error(`set-up issued ${coupons.length} coupons, ${needed} needed`);
    const redeem = (i: number, roNumber: string) =>
      send(server, employee, 'POST', '/api/coupon-redemptions', { issuedCouponId: coupons[i]!.issuedCouponId, customerId: coupons[i]!.customerId, locationId: LOCATION, roNumber });
    const create = () => send(server, employee, 'POST', '/api/customers', customerBody());

    // Warm-up of both commands (pools, prepared statements, JIT), then the measured runs.
    log(`warm-up: ${WARMUP} creates, ${WARMUP} redemptions`);
    const warmCreate = await load(WARMUP, CLIENTS, create, 201);
    const warmRedeem = await load(WARMUP, CLIENTS, (i) => redeem(i, redeemRos[i]!), 201);
    for (const f of [...warmCreate.failures, ...warmRedeem.failures].slice(0, 3)) log(`warm-up failure: ${f}`);
    log(`(a) ${CREATES} customer creates by ${CLIENTS} clients`);
    const creates = await load(CREATES, CLIENTS, create, 201);
    log(`(b) ${REDEMPTIONS} redemptions by ${CLIENTS} clients`);
    const redeems = await load(REDEMPTIONS, CLIENTS, (i) => redeem(WARMUP + i, redeemRos[WARMUP + i]!), 201);

    // (c) one coupon, 20 concurrent redemptions, each on its own RO.
    const raceCoupon = WARMUP + REDEMPTIONS;
    const raceRos = redeemRos.slice(redeemRos.length - RACE);
    const race = await Promise.all(raceRos.map((n) => redeem(raceCoupon, n)));
    const statusCounts = new Map<number, number>();
    for (const a of race) statusCounts.set(a.status, (statusCounts.get(a.status) ?? 0) + 1);
    const winners = statusCounts.get(201) ?? 0;

    const row = (name: string, r: Awaited<ReturnType<typeof load>>) => {
      const [p50, p95] = r.latencies.percentiles(50, 95);
      return { name, count: r.latencies.count, perSecond: r.latencies.count / r.seconds, p50: p50!, p95: p95!, failed: r.failures.length };
    };
    const a = row('(a) customer create, POST /api/customers', creates);
    const b = row('(b) redemption, POST /api/coupon-redemptions', redeems);
    const ratio = b.p95 / a.p95;
    const pass = Number.isFinite(ratio) && ratio <= TARGET_RATIO;
    const table: Table = {
      title: `Redemptions vs customer create over HTTP, ${CLIENTS} concurrent clients, after ${WARMUP} warm-up requests each`,
      headers: ['command', 'count', 'failed', 'req/s', 'p50 ms', 'p95 ms'],
      numeric: [false, true, true, true, true, true],
      rows: [a, b].map((r) => [r.name, fmtInt(r.count), fmtInt(r.failed), fmtInt(r.perSecond), fmtMs(r.p50), fmtMs(r.p95)]),
      notes: [
        'Product started as the tests start it (fresh database, demo data); each redemption a distinct oil-change coupon (Oil Change 4-pack sold on a closed RO) on its own open RO with a customer-pay LOF line; Verify Redemptions off, no op-code rule.',
        ...[...creates.failures, ...redeems.failures].slice(0, 3).map((f) => `failure: ${f}`),
      ],
    };
    const lines = [
      renderText(table),
      '',
      `p95(redeem)/p95(create): ${fmtRatio(ratio)} (target <= ${TARGET_RATIO}x): ${pass ? 'PASS' : 'MISS'}`,
      `(c) ${RACE} concurrent redemptions of one coupon: ${[...statusCounts].sort((x, y) => x[0] - y[0]).map(([s, n]) => `${n} x ${s}`).join(', ')}: ${winners === 1 ? 'PASS (exactly one 201)' : `FAIL (${winners} x 201)`}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return winners === 1 && creates.failures.length === 0 && redeems.failures.length === 0 ? 0 : 1;
  } finally {
    await server.stop();
  }
}

process.exitCode = await main();
