/**
 * Load bench (issue 22 item 6): `BENCH_ONLY=load npm run bench` (also part of the full run), or
 * `node --import tsx bench/load/run.ts`.
 *
 * The whole product as `npm start` runs it (launcher/src/server.ts: the APIs in one process, the
 * read side and the workers in the child processes it supervises) on a fresh bench database with
 * the demo data, BENCH_LOAD_SEARCH_CUSTOMERS (100,000) more customers in the search read model,
 * and BENCH_LOAD_ACCOUNTS (200) customers created over HTTP, each with a customer account and
 * two Oil Change 4-packs sold on closed ROs. Then, over HTTP with sessions and anti-forgery as the
 * web client sends them (a session per user: `GET /auth-api/xsrf`, `POST /auth-api/login`, the
 * cookies, `X-XSRF-TOKEN` on every command, a Bearer token, an Idempotency-Key per command), by
 * autocannon, one closed-loop connection per user (each sends its next request when the last
 * answered: no think time), a dealership group's busiest hour:
 *   advisor  (40%): search a customer, open them, read their coupons, redeem one on an open RO;
 *   seller   (20%): search a customer, open them, sell an Oil Change 4-pack on a closed RO, read
 *                   their purchases;
 *   manager  (10%): the coupon-sales, coupon-redemptions and invoice-summary reports of this
 *                   month, the online orders list;
 *   customer (30%): their coupons, the pack offers, place an online order and pay it (demo card);
 * and, beside them, the DMS importer in its own process importing export files of
 * BENCH_LOAD_IMPORT_ROS (500) new ROs each, one after another (BENCH_LOAD_IMPORT=0: none):
 * BENCH_LOAD_IMPORT_FILES (120) files a step, of ROs no step imported before, so every file writes
 * its ROs (a step that runs out of files says so).
 *
 * At each number of users (BENCH_LOAD_USERS, 4,8,16,32,64): first the floor, a bare fastify route
 * doing one prepared INSERT (bench/load/floor-server.ts, its own process) with as many closed-loop
 * connections for BENCH_LOAD_FLOOR_SECONDS (5), alone; then the mix for BENCH_LOAD_WARMUP_SECONDS
 * (3, not counted) + BENCH_LOAD_SECONDS (15). It prints per route p50/p95/p99, errors and
 * throughput, the CPU of each process (the load generator, the API process, the read side, the
 * workers, the importer, the bench database's PostgreSQL processes, everything else on the host),
 * the backends' wait events, and the p95 of all commands and of all reads with their ratio to
 * the floor's p95. It stops stepping once both limits passed (BENCH_LOAD_ALL_STEPS=1: every step)
 * and prints the number of users at which the commands' p95 passes 200 ms and the reads' 100 ms.
 * Writes the tables to bench/results/load-latest.md. BENCH_LOAD_PROFILE=<dir> writes CPU profiles
 * of the product's processes there (node --cpu-prof) when it stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createPool, type Sql } from '@dealer/platform';
import { hashPassword } from '@dealer/command-api';
import { DEMO_LOCATIONS, generateRepairOrders, importDmsRecords, syntheticPerson, type RepairOrderRecord } from '@dealer/dms/index';
import { DEMO_PASSWORD } from '@dealer/launcher/demo/accounts';
import { dropRedisPrefix } from '@dealer/launcher/testing/test-server';
import { demoPackId } from '@dealer/launcher/demo/catalogue';
import { projections } from '@dealer/projector';
import { adminPool, createBenchDatabase, dropAllBenchDatabases, RUN_ID } from '../lib/databases';
import { CORES, startProbe, type CpuReport } from '../lib/host';
import { capacity, RouteRecorder, splitUsers, type RouteKind, type RouteSummary } from '../lib/load-report';
import { fmtInt, fmtMs, fmtRatio, LatencyRecorder } from '../lib/stats';
import { renderMarkdown, renderText, type Table } from '../lib/table';
import { writeJsonExport } from '../import/export-files';
import { loadCustomers } from '../search/dataset';
import { ProcessCpu, type ProcessCores } from './process-cpu';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const log = (line: string) => process.stderr.write(`[bench:load] ${line}\n`);

function int(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = Number(raw.replace(/_/g, ''));
  if (!Number.isFinite(v) || v < min) throw new Error(`${name} must be a number >= ${min}, got ${raw}`);
  return Math.floor(v);
}
const SERVER = (process.env.BENCH_DATABASE_SERVER ?? process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const USERS = (process.env.BENCH_LOAD_USERS ?? '4,8,16,32,64').split(',').map((s) => {
  const n = Number(s.trim());
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_LOAD_USERS must be a comma list of positive integers, got ${process.env.BENCH_LOAD_USERS}`);
  return n;
});
const SECONDS = int('BENCH_LOAD_SECONDS', 15, 1);
const WARMUP = int('BENCH_LOAD_WARMUP_SECONDS', 3);
const FLOOR_SECONDS = int('BENCH_LOAD_FLOOR_SECONDS', 5, 1);
const SEARCH_CUSTOMERS = int('BENCH_LOAD_SEARCH_CUSTOMERS', 100_000);
const ACCOUNTS = int('BENCH_LOAD_ACCOUNTS', 200, 10);
const IMPORT = int('BENCH_LOAD_IMPORT', 1) > 0;
const IMPORT_ROS = int('BENCH_LOAD_IMPORT_ROS', 500, 1);
const IMPORT_FILES = int('BENCH_LOAD_IMPORT_FILES', 120, 1);
const ALL_STEPS = int('BENCH_LOAD_ALL_STEPS', 0) > 0;
const LIMITS = { commandMs: 200, readMs: 100 };
const WEIGHTS = { advisor: 4, seller: 2, manager: 1, customer: 3 } as const;
type UserKind = keyof typeof WEIGHTS;
const LOCATION = 1;
const SEED = 20_261_127;
/** RO numbers of the pools (location 1's generated ROs start at 410000, the importer's at 9xxxxxxx). */
const SALE_RO = (i: number) => `71${String(i).padStart(6, '0')}`;
const REDEEM_RO = (i: number) => `72${String(i).padStart(6, '0')}`;
const maxUsers = Math.max(...USERS);
// Enough pool ROs for a busy run: each is used once.
const SALE_POOL = int('BENCH_LOAD_SALE_ROS', 20_000, 100);
const REDEEM_POOL = int('BENCH_LOAD_REDEEM_ROS', 20_000, 100);

const children: ChildProcess[] = [];
let floorPort = 0;
async function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping the product and dropping the bench database`);
    void Promise.all(children.map(stopChild))
      .then(() => dropAllBenchDatabases())
      .finally(() => process.exit(130));
  });
}

/** Starts `entry` under node + tsx with `env`; resolves once a stdout line matches `ready`. */
function startProcess(entry: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, onLine?: (line: string) => void): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${entry} exited with code ${code} before it was ready`)));
    lines.on('line', (line) => {
      onLine?.(line);
      const match = ready.exec(line);
      if (match) resolve({ child, match });
    });
  });
}

/** Waits until every projection's checkpoint reached the log's head as it is now (sign-in and roles read projections). */
async function untilProjected(sql: Sql, timeoutMs: number): Promise<void> {
  const [head] = await sql<{ head: string | null }[]>`select max(global_position)::text as head from es_events`;
  const target = Number(head?.head ?? 0);
  const names = projections.map((p) => p.name);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await sql<{ name: string; position: string }[]>`select name, position::text as position from checkpoints where name = any(${names})`;
    if (rows.length === names.length && rows.every((r) => Number(r.position) >= target)) return;
    if (Date.now() > deadline) throw new Error(`the projections did not reach position ${target} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A port nothing listens on now, below the kernel's ephemeral range (tests on this host listen on
 * port 0, which takes ephemeral ports: one of them could take a port chosen there before the
 * product binds it, and the bench would then drive someone else's server).
 */
async function freePort(): Promise<number> {
  const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const top = Math.max(2_000, (low ?? 32_768) - 1);
  for (;;) {
    const port = 1_025 + Math.floor(Math.random() * (top - 1_025));
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Polls `url` until it answers (any status) or `child` exits. */
async function untilAnswering(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the product exited (${child.exitCode ?? child.signalCode}) before it answered`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

function runToEnd(entry: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${entry} exited with code ${code}`)))));
}

// ---------------------------------------------------------------------------------------------
// Sessions as the web client holds them.

interface Session {
  /** Cookies (anti-forgery pair, pre-session), X-XSRF-TOKEN and the Bearer token. */
  headers: Record<string, string>;
  userId: string;
}

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(';')[0]!);
}

/** Signs in; a user the read side has not projected yet is refused, so 401s are retried for a while. */
async function signIn(base: string, username: string, timeoutMs = 60_000): Promise<Session> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await signInOnce(base, username);
    } catch (error) {
      if (!(error instanceof Error && error.message.includes(' 401 ')) || Date.now() > deadline) throw error;
      log(`${(error as Error).message.slice(0, 120)}: trying again`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function signInOnce(base: string, username: string): Promise<Session> {
  const xsrf = await fetch(`${base}/auth-api/xsrf`);
  const cookies = cookiesOf(xsrf);
  const token = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  if (!token) throw new Error('GET /auth-api/xsrf set no XSRF-TOKEN cookie');
  const headers = { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(token) };
  const res = await fetch(`${base}/auth-api/login`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_PASSWORD }) });
  const body = (await res.json()) as { dataSet?: { token: string; userId?: string; user?: { userId?: string } } };
  if (res.status !== 200 || !body.dataSet?.token) throw new Error(`sign-in as ${username} failed: ${res.status} ${JSON.stringify(body)}`);
  // A browser keeps the last value of each cookie; the header echoes the XSRF-TOKEN it holds now.
  const jar = new Map([...cookies, ...cookiesOf(res)].map((c) => [c.slice(0, c.indexOf('=')), c]));
  const xsrfNow = jar.get('XSRF-TOKEN')!.slice('XSRF-TOKEN='.length);
  return {
    headers: { cookie: [...jar.values()].join('; '), 'x-xsrf-token': decodeURIComponent(xsrfNow), authorization: `Bearer ${body.dataSet.token}` },
    userId: String(body.dataSet.userId ?? body.dataSet.user?.userId ?? ''),
  };
}

async function call(base: string, session: Session, method: string, route: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { ...session.headers, ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

async function parallel<T>(count: number, clients: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    for (let i = next++; i < count; i = next++) out[i] = await work(i);
  }));
  return out;
}

// ---------------------------------------------------------------------------------------------
// The data the users work on.

interface Account {
  customerId: string;
  login: string;
  searchTerms: string[];
}

/** Shared state of one run: pools handed out once, coupons taken by an advisor. */
class Pools {
  private saleRo = 0;
  private redeemRo = 0;
  readonly taken = new Set<string>();
  constructor(readonly accounts: Account[]) {}
  nextSaleRo(): string {
    return SALE_RO(this.saleRo++ % SALE_POOL);
  }
  nextRedeemRo(): string | null {
    return this.redeemRo < REDEEM_POOL ? REDEEM_RO(this.redeemRo++) : null;
  }
  account(): Account {
    return this.accounts[Math.floor(Math.random() * this.accounts.length)]!;
  }
}

const roRecord = (roNumber: string, closed: boolean): RepairOrderRecord => ({
  roNumber, locationId: LOCATION, vin: '4T1BF1FK5CU123456', mileage: 42_000, openDate: '2026-03-02T08:15:00', closeDate: closed ? '2026-03-02T16:30:00' : null,
  jobs: [{ jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter', laborType: 'C', laborSale: 49.95, partsSale: 20 }],
} as RepairOrderRecord);

// ---------------------------------------------------------------------------------------------
// The users: one autocannon instance per user (one connection, its own session).

interface Req {
  route: string;
  kind: RouteKind;
  method: 'GET' | 'POST';
  setupRequest: (req: any, context: Record<string, any>) => any;
  onResponse?: (status: number, body: string, context: Record<string, any>) => void;
}

const today = new Date();
const monthStart = `${today.toISOString().slice(0, 8)}01`;
const todayIso = today.toISOString().slice(0, 10);

function userRequests(kind: UserKind, session: Session, pools: Pools, me: Account | null): Req[] {
  const get = (route: string, pathOf: (c: Record<string, any>) => string | null, onResponse?: Req['onResponse']): Req => ({
    route, kind: 'read', method: 'GET', onResponse,
    setupRequest: (req, c) => {
      const p = pathOf(c);
      return p === null ? null : { ...req, method: 'GET', path: p, headers: session.headers };
    },
  });
  const post = (route: string, pathOf: (c: Record<string, any>) => string | null, body: (c: Record<string, any>) => unknown, onResponse?: Req['onResponse']): Req => ({
    route, kind: 'command', method: 'POST', onResponse,
    setupRequest: (req, c) => {
      const p = pathOf(c);
      const b = p === null ? null : body(c);
      if (p === null || b === null) return null;
      return { ...req, method: 'POST', path: p, body: JSON.stringify(b), headers: { ...session.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() } };
    },
  });
  const search = get('GET /api/customer-search', (c) => {
    c.account = pools.account();
    const terms = c.account.searchTerms as string[];
    return `/api/customer-search?searchTerm=${encodeURIComponent(terms[Math.floor(Math.random() * terms.length)]!)}`;
  });
  const open = get('GET /api/customers/{id}', (c) => `/api/customers/${c.account.customerId}`);
  switch (kind) {
    case 'advisor':
      return [
        search,
        open,
        get('GET /api/customers/{id}/coupons', (c) => `/api/customers/${c.account.customerId}/coupons`, (status, body, c) => {
          c.coupon = null;
          if (status !== 200) return;
          const coupons = (JSON.parse(body) as { dataSet: { issuedCouponId: string; status: string; redemption: unknown; saleStatus: string; opCodes: string[] }[] }).dataSet;
          const free = coupons.find((x) => x.status === 'available' && x.redemption === null && x.saleStatus === 'final' && x.opCodes.includes('LOF') && !pools.taken.has(x.issuedCouponId));
          if (free) {
            pools.taken.add(free.issuedCouponId);
            c.coupon = free.issuedCouponId;
          }
        }),
        post('POST /api/coupon-redemptions', () => '/api/coupon-redemptions', (c) => {
          const ro = c.coupon ? pools.nextRedeemRo() : null;
          return ro === null ? null : { issuedCouponId: c.coupon, customerId: c.account.customerId, locationId: LOCATION, roNumber: ro };
        }),
      ];
    case 'seller':
      return [
        search,
        open,
        post('POST /api/pack-sales', () => '/api/pack-sales', (c) => ({ customerId: c.account.customerId, packId: demoPackId('oil4'), locationId: LOCATION, roNumber: pools.nextSaleRo(), price: null, priceOverrideReason: null })),
        get('GET /api/customers/{id}/purchases', (c) => `/api/customers/${c.account.customerId}/purchases`),
      ];
    case 'manager': {
      const period = `from=${monthStart}&to=${todayIso}`;
      return [
        get('GET /api/reports/coupon-sales', () => `/api/reports/coupon-sales?${period}`),
        get('GET /api/reports/coupon-redemptions', () => `/api/reports/coupon-redemptions?${period}`),
        get('GET /api/reports/invoice-summary', () => `/api/reports/invoice-summary?${period}`),
        get('GET /api/online-orders', () => `/api/online-orders?locationId=${LOCATION}`),
      ];
    }
    case 'customer':
      return [
        get('GET /api/customers/{id}/coupons (own)', () => `/api/customers/${me!.customerId}/coupons`),
        get('GET /api/pack-offers', () => `/api/pack-offers?locationId=${LOCATION}`),
        post('POST /api/online-orders', () => '/api/online-orders', () => ({ packId: demoPackId('oil4'), locationId: LOCATION }), (status, body, c) => {
          c.orderId = status === 200 || status === 201 ? (JSON.parse(body) as { dataSet: { orderId: string } }).dataSet.orderId : null;
        }),
        post('POST /api/online-orders/{id}/confirm', (c) => (c.orderId ? `/api/online-orders/${c.orderId}/confirm` : null), () => ({ cardNumber: '4242424242424242' })),
      ];
  }
}

interface StepResult {
  users: number;
  split: Record<UserKind, number>;
  routes: RouteSummary[];
  commandP: number[];
  readP: number[];
  floor: { p50: number; p95: number; p99: number; perSecond: number; errors: number };
  cpu: CpuReport;
  processes: ProcessCores[];
  seconds: number;
  imported: { ros: number; seconds: number; ranOut: boolean };
  autocannonErrors: number;
}

/** Runs one autocannon instance per user for `seconds`; answers after `skipMs` are recorded. */
function runUsers(base: string, users: { requests: Req[] }[], seconds: number, skipMs: number, recorder: RouteRecorder): Promise<number> {
  const started = performance.now();
  let errors = 0;
  return Promise.all(
    users.map(
      (u) =>
        new Promise<void>((resolve, reject) => {
          const instance = autocannon(
            { url: base, connections: 1, duration: seconds, timeout: 30, requests: u.requests as any },
            (error: Error | null) => (error ? reject(error) : resolve()),
          );
          instance.on('response', (client: any, status: number, _bytes: number, ms: number) => {
            if (performance.now() - started < skipMs) return;
            const req = client.requestIterator.currentRequest as Req;
            recorder.record(req.route, req.kind, status, ms, status >= 200 && status < 300);
          });
          instance.on('reqError', () => {
            if (performance.now() - started >= skipMs) errors++;
          });
        }),
    ),
  ).then(() => errors);
}

async function floorRun(port: number, users: number, seconds: number): Promise<StepResult['floor']> {
  const lat = new LatencyRecorder();
  let errors = 0;
  const body = JSON.stringify({ stream: 'bench-floor', data: { firstName: 'Pat', lastName: 'Customer', emailAddress: 'pat@example.com', phoneMobile: '7205550100' } });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `http://127.0.0.1:${port}/floor`, method: 'POST', connections: users, duration: seconds, headers: { 'content-type': 'application/json' }, body },
      (error: Error | null, r: autocannon.Result) => (error ? reject(error) : resolve(r)),
    );
    instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
      if (status === 201) lat.add(ms);
      else errors++;
    });
  });
  const [p50, p95, p99] = lat.percentiles(50, 95, 99);
  return { p50: p50!, p95: p95!, p99: p99!, perSecond: lat.count / seconds, errors: errors + result.errors + result.timeouts };
}

async function main(): Promise<number> {
  const startedAt = performance.now();
  const databaseUrl = await createBenchDatabase(SERVER, 'load');
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = adminPool(SERVER);
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-load-'));
  const env = {
    APP_MODE: 'demo', LOG_LEVEL: process.env.BENCH_LOAD_LOG_LEVEL ?? 'warn', DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: `bench:${RUN_ID}`,
    AUTH_SECRET: randomBytes(32).toString('hex'), PII_MASTER_KEY: randomBytes(32).toString('base64'), PAYMENT_PROVIDER: 'demo',
    AUTH_ACCESS_TTL_SECONDS: '3600', HOST: '127.0.0.1', PORT: String(await freePort()),
  };
  let sql: Sql | null = null;
  let product: ChildProcess | null = null;
  let floor: ChildProcess | null = null;
  try {
    log('preparing the database (migrations, demo data) as npm start does');
    await runToEnd('launcher/src/cli/prepare.ts', env);
    sql = createPool(databaseUrl, { max: 4 });
    log(`importing ${fmtInt(SALE_POOL)} closed and ${fmtInt(REDEEM_POOL)} open ROs (LOF lines) at location ${LOCATION} for sales and redemptions`);
    const poolRos = [...Array.from({ length: SALE_POOL }, (_, i) => roRecord(SALE_RO(i), true)), ...Array.from({ length: REDEEM_POOL }, (_, i) => roRecord(REDEEM_RO(i), false))];
    const poolReport = await importDmsRecords(sql, poolRos);
    if (poolReport.rejected) throw new Error(`the RO pools were rejected: ${JSON.stringify(poolReport.rejections.slice(0, 3))}`);
    /** Each step's own files: ROs (and postings) no other file holds, so each file writes all of them. */
    const importFiles: string[][] = [];
    if (IMPORT) {
      log(`writing ${IMPORT_FILES} DMS export files a step of ${fmtInt(IMPORT_ROS)} new ROs each`);
      for (let step = 0, f = 0; step < USERS.length; step++) {
        importFiles.push([]);
        for (let i = 0; i < IMPORT_FILES; i++, f++) {
          const file = path.join(dir, `ros-${f}.json`);
          const prefix = `9${String(f).padStart(3, '0')}`;
          const postings = 9_000_000_000 + f * 10_000_000;
          const records = function* () {
            for (const r of generateRepairOrders({ seed: SEED + f, anchor: today, repairOrders: IMPORT_ROS })) {
              const roNumber = `${prefix}${r.roNumber}`;
              // Its postings name the RO too (the importer rejects a row whose details name another
              // RO), and their ids are the file's own (the generator numbers every file's alike).
              const accountingDetails = r.accountingDetails?.map((a) => ({ ...a, roNumber, cdkAccountingDetailsId: postings + Number(a.cdkAccountingDetailsId) }));
              yield { ...r, roNumber, ...(accountingDetails ? { accountingDetails } : {}) };
            }
          };
          await writeJsonExport(file, DEMO_LOCATIONS, records());
          importFiles[step]!.push(file);
        }
      }
    }

    log('starting the product as npm start runs it (launcher/src/server.ts: APIs + supervised read side and workers)');
    const base = `http://127.0.0.1:${env.PORT}`;
    // BENCH_LOAD_PROFILE=<dir>: CPU profiles of the product's processes (the supervised children inherit the flag).
    const profile = process.env.BENCH_LOAD_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_LOAD_PROFILE)}`] : [];
    product = spawn(process.execPath, [...profile, '--import', 'tsx', 'launcher/src/server.ts'], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(product);
    await untilAnswering(`${base}/healthz`, product);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (product.exitCode !== null || product.signalCode !== null) throw new Error(`the product exited (${product.exitCode ?? product.signalCode}): port ${env.PORT} taken?`);
    floor = (await startProcess('bench/load/floor-server.ts', [], { DATABASE_URL: databaseUrl }, /^READY (\d+)$/).then(({ child, match }) => {
      floorPort = Number(match[1]);
      return child;
    }));
    const processes = new ProcessCpu();
    processes.add('API process (npm start)', product.pid!);
    for (const childPid of ProcessCpu.childrenOf(product.pid!)) processes.add(ProcessCpu.labelOf(childPid), childPid);

    await untilProjected(sql, 180_000);
    if (SEARCH_CUSTOMERS > 0) {
      // Once the read side has made its schemas (made before it starts, the projector took them for
      // another version's and rebuilt them: sign-in found no employee for a while). The demo
      // customers' search rows go (the bench searches its own customers).
      log(`loading ${fmtInt(SEARCH_CUSTOMERS)} customers into the search read model`);
      await loadCustomers(sql, SEED, SEARCH_CUSTOMERS, () => undefined);
    }
    // Set-up over HTTP as the demo manager: customers with accounts, two 4-packs each.
    const manager = await signIn(base, 'manager').catch(async (error: unknown) => {
      const parked = await sql!`select projection, event_type, left(reason, 200) as reason from parked_events limit 5`.catch(() => []);
      const cps = await sql!`select name, position::text from checkpoints order by name`;
      const [head] = await sql!`select max(global_position)::text as head from es_events`;
      log(`sign-in failed; parked: ${JSON.stringify(parked)}; head ${head?.head}; checkpoints ${JSON.stringify(cps)}`);
      throw error;
    });
    log(`set-up: ${ACCOUNTS} customers with accounts, each sold two Oil Change 4-packs`);
    let saleRo = SALE_POOL - 1;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const accounts = await parallel(ACCOUNTS, 8, async (i): Promise<Account> => {
      const p = syntheticPerson(SEED + 1, i, 'crm');
      const email = `load.${i}.${(p.email ?? 'customer@example.com').split('@')[0]}@example.com`.toLowerCase();
      const phone = `720${3_000_000 + i}`;
      const created = await call(base, manager, 'POST', '/api/customers', {
        firstName: p.firstName, lastName: p.lastName, emailAddress: email, phoneMobile: phone, phoneOther: null,
        address: '1 Main St', address2: null, city: 'Denver', state: 'CO', zip: '80202', isTaxExempt: false, verifyRedemptions: false,
      });
      if (created.status !== 201) throw new Error(`creating a customer failed: ${created.status} ${JSON.stringify(created.json)}`);
      const customerId = String(created.json.dataSet.customerId);
      for (let k = 0; k < 2; k++) {
        const sold = await call(base, manager, 'POST', '/api/pack-sales', { customerId, packId: demoPackId('oil4'), locationId: LOCATION, roNumber: SALE_RO(saleRo--), price: null, priceOverrideReason: null });
        if (sold.status !== 201) throw new Error(`selling a pack failed: ${sold.status} ${JSON.stringify(sold.json)}`);
      }
      await sql!`insert into auth_credentials (user_kind, user_id, login, password_hash) values ('customer', ${customerId}, ${email}, ${passwordHash})`;
      return { customerId, login: email, searchTerms: [`${p.firstName} ${p.lastName}`, email, `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`] };
    });
    const pools = new Pools(accounts);

    // A session per user, signed in as the web client signs in.
    const split = splitUsers(maxUsers, WEIGHTS);
    log(`signing in ${maxUsers} users (${Object.entries(split).map(([k, n]) => `${n} ${k}`).join(', ')})`);
    const staffLogin: Record<Exclude<UserKind, 'customer'>, string> = { advisor: 'employee', seller: 'employee', manager: 'manager' };
    const sessions: Record<UserKind, { session: Session; me: Account | null }[]> = { advisor: [], seller: [], manager: [], customer: [] };
    for (const kind of Object.keys(split) as UserKind[]) {
      sessions[kind] = await parallel(split[kind], 4, async (i) => {
        if (kind === 'customer') return { session: await signIn(base, accounts[i]!.login), me: accounts[i]! };
        return { session: await signIn(base, staffLogin[kind]), me: null };
      });
    }
    log(`set-up done in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);

    const steps: StepResult[] = [];
    for (const [stepIndex, requested] of [...USERS].sort((a, b) => a - b).entries()) {
      const stepSplit = splitUsers(requested, WEIGHTS);
      // At least one user of each kind: fewer users than kinds are rounded up.
      const users = Object.values(stepSplit).reduce((a, n) => a + n, 0);
      await admin`checkpoint`;
      log(`${users} users: the floor (${FLOOR_SECONDS} s)`);
      const floorFigures = await floorRun(floorPort, users, FLOOR_SECONDS);

      let importer: ChildProcess | null = null;
      const imported = { ros: 0, seconds: 0, ranOut: false };
      let counting = false;
      let measured = false;
      if (IMPORT) {
        importer = (
          await startProcess('bench/load/import-loop.ts', importFiles[stepIndex]!, { DATABASE_URL: databaseUrl }, /^STARTED$/, (line) => {
            // Out of files before the measured time ended (in the warm-up too).
            if (line === 'DONE' && !measured) imported.ranOut = true;
            const m = /^IMPORTED (\d+) ([\d.]+)/.exec(line);
            if (m && counting) {
              imported.ros += Number(m[1]);
              imported.seconds += Number(m[2]);
            }
          })
        ).child;
        processes.add('DMS importer', importer.pid!);
      }
      log(`${users} users (${Object.entries(stepSplit).map(([k, n]) => `${n} ${k}`).join(', ')}): ${WARMUP} s warm-up + ${SECONDS} s${IMPORT ? ', the importer beside' : ''}`);
      const recorder = new RouteRecorder();
      const users_ = (Object.keys(stepSplit) as UserKind[]).flatMap((kind) => sessions[kind].slice(0, stepSplit[kind]).map((s) => ({ requests: userRequests(kind, s.session, pools, s.me) })));
      let probe: Awaited<ReturnType<typeof startProbe>> | null = null;
      const probeTimer = setTimeout(() => {
        counting = true;
        processes.start();
        void startProbe(admin, database).then((p) => {
          probe = p;
        });
      }, WARMUP * 1000);
      const measuredFrom = performance.now() + WARMUP * 1000;
      const reqErrors = await runUsers(base, users_, WARMUP + SECONDS, WARMUP * 1000, recorder);
      clearTimeout(probeTimer);
      const seconds = (performance.now() - measuredFrom) / 1000;
      const cpu = probe ? await (probe as { stop(): Promise<CpuReport> }).stop() : await (await startProbe(admin, database)).stop();
      const processCpu = processes.stop(seconds);
      counting = false;
      measured = true;
      await stopChild(importer);
      if (importer) processes.remove(importer.pid!);
      const step: StepResult = {
        users, split: stepSplit, routes: recorder.summarise(seconds), commandP: recorder.kindPercentiles('command', 50, 95, 99), readP: recorder.kindPercentiles('read', 50, 95, 99),
        floor: floorFigures, cpu, processes: processCpu, seconds, imported, autocannonErrors: reqErrors,
      };
      steps.push(step);
      process.stdout.write(`${renderText(stepTable(step))}\n\n`);
      const passed = capacity(steps.map(figuresOf), LIMITS);
      if (!ALL_STEPS && passed.commandsPassAt !== null && passed.readsPassAt !== null) break;
    }

    const cap = capacity(steps.map(figuresOf), LIMITS);
    const summary = summaryTable(steps, cap);
    const lines = [renderText(summary)];
    process.stdout.write(`${lines.join('\n')}\n`);
    await mkdir(path.join(repoRoot, 'bench/results'), { recursive: true });
    await writeFile(path.join(repoRoot, 'bench/results/load-latest.md'), `${[renderMarkdown(summary), ...steps.map((s) => renderMarkdown(stepTable(s)))].join('\n\n')}\n`);
    log(`done in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
    return steps.some((s) => s.routes.some((r) => r.count === 0)) ? 1 : 0;
  } finally {
    await stopChild(product);
    await stopChild(floor);
    await sql?.end({ timeout: 5 });
    await admin.end({ timeout: 5 });
    await rm(dir, { recursive: true, force: true });
    await dropAllBenchDatabases();
    await dropRedisPrefix(REDIS_URL, env.REDIS_PREFIX).catch((error: unknown) => log(`could not drop the Redis keys under ${env.REDIS_PREFIX}: ${String(error)}`));
  }
}

const figuresOf = (s: StepResult) => ({ users: s.users, commandP95: s.commandP[1]!, readP95: s.readP[1]! });

function stepTable(s: StepResult): Table {
  const rows = s.routes.map((r) => [r.route, r.kind, fmtInt(r.count), fmtInt(r.errors), r.perSecond.toFixed(1), fmtMs(r.p50), fmtMs(r.p95), fmtMs(r.p99), r.statuses]);
  rows.push(['all commands', 'command', '', '', '', fmtMs(s.commandP[0]!), fmtMs(s.commandP[1]!), fmtMs(s.commandP[2]!), '']);
  rows.push(['all reads', 'read', '', '', '', fmtMs(s.readP[0]!), fmtMs(s.readP[1]!), fmtMs(s.readP[2]!), '']);
  rows.push([`floor: bare fastify + one prepared INSERT, ${s.users} connections`, 'command', '', fmtInt(s.floor.errors), s.floor.perSecond.toFixed(0), fmtMs(s.floor.p50), fmtMs(s.floor.p95), fmtMs(s.floor.p99), '']);
  const total = s.routes.reduce((a, r) => a + r.perSecond, 0);
  const cpuParts = [
    ...s.processes.map(([name, cores, system]) => `${name} ${cores.toFixed(2)} (system ${system.toFixed(2)})`),
    `PostgreSQL (bench database) ${s.cpu.server.toFixed(2)}`,
    `other on the host ${Math.max(0, s.cpu.host - s.processes.reduce((a, [, c]) => a + c, 0) - s.cpu.server).toFixed(2)}`,
  ];
  return {
    title: `Load: ${s.users} users (${Object.entries(s.split).map(([k, n]) => `${n} ${k}`).join(', ')}), ${s.seconds.toFixed(1)} s measured`,
    headers: ['route', 'kind', 'ok', 'errors', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'other statuses'],
    numeric: [false, false, true, true, true, true, true, true, false],
    rows,
    notes: [
      `throughput ${total.toFixed(0)} req/s; p95 commands / floor p95 ${fmtRatio(s.commandP[1]! / s.floor.p95)}, reads / floor ${fmtRatio(s.readP[1]! / s.floor.p95)}; autocannon request errors ${s.autocannonErrors}`,
      `CPU (cores of ${CORES}; host busy ${s.cpu.host.toFixed(2)}): ${cpuParts.join(', ')}`,
      `PostgreSQL backends not idle (average number in each state): ${s.cpu.waits.filter(([w]) => !w.startsWith('idle /')).slice(0, 6).map(([w, n]) => `${w} ${n.toFixed(2)}`).join(', ')}`,
      IMPORT
        ? `DMS import beside: ${fmtInt(s.imported.ros)} ROs written in files finished during the measured time (${s.imported.seconds > 0 ? fmtInt(s.imported.ros / s.imported.seconds) : 'n/a'} ROs/s while importing)${s.imported.ranOut ? `; it ran out of files before the end (BENCH_LOAD_IMPORT_FILES=${IMPORT_FILES}): the rest of the time had no import beside` : ''}`
        : 'no import beside',
    ],
  };
}

function summaryTable(steps: StepResult[], cap: ReturnType<typeof capacity>): Table {
  const say = (n: number | null) => (n === null ? 'not within the steps' : `${n} users`);
  return {
    title: `Load: the whole product (npm start's processes) under a dealership group's busiest-hour mix, ${CORES} cores`,
    headers: ['users', 'req/s', 'commands p50 / p95 / p99 ms', 'reads p50 / p95 / p99 ms', 'floor p95 ms', 'commands p95 / floor', 'reads p95 / floor', 'errors', 'host busy', 'other load'],
    numeric: [true, true, true, true, true, true, true, true, true, true],
    rows: steps.map((s) => [
      String(s.users), s.routes.reduce((a, r) => a + r.perSecond, 0).toFixed(0),
      s.commandP.map(fmtMs).join(' / '), s.readP.map(fmtMs).join(' / '), fmtMs(s.floor.p95),
      fmtRatio(s.commandP[1]! / s.floor.p95), fmtRatio(s.readP[1]! / s.floor.p95),
      fmtInt(s.routes.reduce((a, r) => a + r.errors, 0) + s.autocannonErrors), `${s.cpu.host.toFixed(2)}/${CORES}`,
      Math.max(0, s.cpu.host - s.processes.reduce((a, [, c]) => a + c, 0) - s.cpu.server).toFixed(2),
    ]),
    notes: [
      `commands' p95 passes ${LIMITS.commandMs} ms at: ${say(cap.commandsPassAt)}; reads' p95 passes ${LIMITS.readMs} ms at: ${say(cap.readsPassAt)}; both within their limits up to: ${say(cap.withinBoth)}`,
      'Each user: one closed-loop connection with its own session (no think time). "other load" is CPU used by processes that are not this run\'s (other work on the host): a figure taken with much of it is slowed by it; compare the ratios to the floor.',
    ],
  };
}

process.exitCode = await main();
