/**
 * Search bench: `npx tsx bench/search/run.ts`
 *
 * Customer search (GET /api/customer-search) over 1,000,000 customers and 3,000,000 repair
 * orders, through the HTTP API of the whole product (started in its own process against a
 * bench database), 16 closed-loop clients, a few thousand requests per kind: phone (typed
 * with punctuation), e-mail, full name, last name only, RO number. p50/p95/p99 per kind
 * against the target p95 <= 20 ms, and the ratio to a naive ILIKE '%term%' scan. Then RO search
 * (GET /api/ro-search, issue 23) over the same 3,000,000 ROs: by advisor, advisor and a month,
 * a week of openings or closings, open ROs at every location, customer name, VIN and a deep
 * page, against the target p95 <= 50 ms.
 *
 * Settings: BENCH_SEARCH_CUSTOMERS (1000000), BENCH_SEARCH_ROS (3000000),
 * BENCH_SEARCH_REQUESTS (3000 per kind), BENCH_SEARCH_CLIENTS (16),
 * BENCH_SEARCH_NAIVE_SAMPLES (10), BENCH_SEARCH_JOBS (0; 1 also loads RO jobs),
 * BENCH_DATABASE_SERVER (postgres://postgres@127.0.0.1:5432), REDIS_URL.
 * Quick run: BENCH_SEARCH_CUSTOMERS=100000 BENCH_SEARCH_ROS=300000 BENCH_SEARCH_REQUESTS=1000 npx tsx bench/search/run.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { createPool, migrate } from '@dealer/platform';
import { signAccessToken } from '@dealer/platform/auth/access-token';
import { prng } from '@dealer/dms/index';
import { ROLE_IDS } from '@dealer/contracts';
import { encodeRoCursor } from '@dealer/read-models/repair-order-search/queries';
import { PRODUCT_MIGRATIONS } from '@dealer/launcher';
import { adminPool, createBenchDatabase, dropAllBenchDatabases, RUN_ID } from '../lib/databases';
import { CORES, startProbe, type CpuReport } from '../lib/host';
import { fmtInt, fmtMs } from '../lib/stats';
import { renderMarkdown, renderText, type Table } from '../lib/table';
import { benchPerson, loadCustomers, loadRepairOrders } from './dataset';
import { runLoad, type LoadResult } from './load';
import { runNaive, type SearchKind } from './naive';
import { loadSearchSettings } from './settings';

const settings = loadSearchSettings();
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const log = (line: string) => process.stderr.write(`[bench:search] ${line}\n`);
const fmtN = (n: number) => n.toLocaleString('en-US');
const startedAt = performance.now();

let child: ChildProcess | null = null;
const stopChild = async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping the product and dropping the bench database`);
    void stopChild()
      .then(() => dropAllBenchDatabases())
      .finally(() => process.exit(130));
  });
}

/** Starts the product against `databaseUrl` in a child process; resolves with its port. */
async function startProductProcess(databaseUrl: string, authSecret: string): Promise<number> {
  const profile = process.env.BENCH_SEARCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SEARCH_PROFILE}`] : [];
  child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(here, 'server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      APP_MODE: 'demo',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: `bench:${RUN_ID}`,
      AUTH_SECRET: authSecret,
      PII_MASTER_KEY: randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  return new Promise<number>((resolve, reject) => {
    child!.once('exit', (code) => reject(new Error(`the product exited with code ${code} before it was ready`)));
    lines.on('line', (line) => {
      const match = /^READY (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSecondsOf(pid: number | 'self'): number {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

function shuffle<T>(items: T[], rand: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const PHONE_FORMATS = [
  (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
  (d: string) => d,
];

/** Search terms as staff type them, drawn from the bench population. */
function termsFor(kind: Exclude<SearchKind, 'RO number'>, count: number, rand: () => number): string[] {
  const terms: string[] = [];
  while (terms.length < count) {
    const person = benchPerson(settings.seed, Math.floor(rand() * settings.customers));
    if (kind === 'phone') terms.push(PHONE_FORMATS[terms.length % PHONE_FORMATS.length]!(person.phones[0]!));
    else if (kind === 'e-mail') {
      if (person.email) terms.push(terms.length % 2 ? person.email : person.email[0]!.toUpperCase() + person.email.slice(1));
    } else if (kind === 'name') terms.push(`${person.firstName} ${person.lastName}`);
    else terms.push(person.lastName);
  }
  return terms;
}

/** RO search as staff use it: paths of GET /api/ro-search built from a sample of the bench's ROs. */
const RO_KINDS = ['RO: advisor', 'RO: advisor + month', 'RO: week opened', 'RO: week closed', 'RO: open, 6 locations', 'RO: customer name', 'RO: VIN (last 8)', 'RO: deep page'] as const;
type RoKind = (typeof RO_KINDS)[number];
const RO_TARGET_P95_MS = 50;
const RO_RESULT_MARK = Buffer.from('"roNumber"');

interface RoSample {
  location_id: number;
  ro_number: string;
  open_date: string;
  close_date: string | null;
  advisor_last_name: string | null;
  customer_last_name: string | null;
  vin: string | null;
}

const day = (iso: string, plus: number) => new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);

function roPathsFor(kind: RoKind, samples: readonly RoSample[]): string[] {
  const q = (params: Record<string, string | number>) => `/api/ro-search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
  return samples.flatMap((r): string[] => {
    switch (kind) {
      case 'RO: advisor':
        return r.advisor_last_name ? [q({ locationId: r.location_id, advisor: r.advisor_last_name })] : [];
      case 'RO: advisor + month':
        return r.advisor_last_name ? [q({ locationId: r.location_id, advisor: r.advisor_last_name, from: day(r.open_date, -15), to: day(r.open_date, 15) })] : [];
      case 'RO: week opened':
        return [q({ locationId: r.location_id, from: day(r.open_date, -3), to: day(r.open_date, 3) })];
      case 'RO: week closed':
        return r.close_date ? [q({ locationId: r.location_id, dateField: 'closed', status: 'closed', from: day(r.close_date, -3), to: day(r.close_date, 3) })] : [];
      case 'RO: open, 6 locations':
        return [q({ status: 'open', dateField: 'opened', from: day(r.open_date, -30), to: day(r.open_date, 30) })];
      case 'RO: customer name':
        return r.customer_last_name ? [q({ customerName: r.customer_last_name })] : [];
      case 'RO: VIN (last 8)':
        return r.vin ? [q({ vin: r.vin.slice(-8) })] : [];
      case 'RO: deep page':
        return [q({ locationId: r.location_id, after: encodeRoCursor({ sortDate: r.open_date, locationId: r.location_id, roNumber: r.ro_number }) })];
    }
  });
}

interface KindResult {
  kind: SearchKind | RoKind;
  load: LoadResult;
  cpu: CpuReport;
  /** CPU milliseconds per request: the product process, PostgreSQL, the load generator. */
  perRequest: { product: number; postgres: number; client: number };
  /** The naive ILIKE scan of the same customer search (none for RO search). */
  naive: { p50: number; p95: number; samples: number } | null;
  target: number;
}

const results: KindResult[] = [];
const dataNotes: string[] = [];
const admin = adminPool(settings.server);
try {
  log(`run ${RUN_ID}: ${fmtN(settings.customers)} customers, ${fmtN(settings.repairOrders)} ROs, ${fmtN(settings.requests)} requests per kind, ${settings.clients} clients`);
  const url = settings.reuseDatabase ? `${settings.server}/${settings.reuseDatabase}` : await createBenchDatabase(settings.server, 'search');
  const sql = createPool(url, { max: 4 });
  try {
    await migrate(sql, PRODUCT_MIGRATIONS);
    if (settings.reuseDatabase) {
      log(`reusing database ${settings.reuseDatabase} as loaded by an earlier run with the same settings (kept afterwards)`);
      dataNotes.push(`data set reused from database ${settings.reuseDatabase} (BENCH_SEARCH_DATABASE)`);
    } else {
      let lastLog = 0;
      const throttled = (line: () => string) => {
        if (performance.now() - lastLog > 5000) {
          lastLog = performance.now();
          log(line());
        }
      };
      const customers = await loadCustomers(sql, settings.seed, settings.customers, (done) => throttled(() => `customers: ${fmtN(done)}`));
      log(`customers loaded in ${customers.seconds.toFixed(1)} s (indexes ${customers.indexSeconds.toFixed(1)} s)`);
      dataNotes.push(
        `customers: ${fmtN(settings.customers)}, written straight into the customer_search read model table (rm_customer_search.customers) with COPY, normalised as the projection does, indexes from the projection's createIndexes; not through events (bench/rebuild.ts measures that path); ${customers.seconds.toFixed(0)} s`,
      );
      const ros = await loadRepairOrders(sql, { seed: settings.seed, customers: settings.customers, repairOrders: settings.repairOrders, jobs: settings.jobs }, (table, done) =>
        throttled(() => `${table}: ${fmtN(done)}`),
      );
      log(`repair orders loaded: ${fmtN(ros.repairOrders)} ROs, ${fmtN(ros.jobs)} jobs in ${ros.seconds.load.toFixed(1)} s + indexes ${ros.seconds.indexes.toFixed(1)} s`);
      dataNotes.push(
        `repair orders: ${fmtN(ros.repairOrders)} from the deterministic DMS generator (90% on those customers, same e-mail and phones; 10% DMS-only walk-ins), ${ros.jobs ? `${fmtN(ros.jobs)} jobs, ` : 'no jobs (they take no part in search; BENCH_SEARCH_JOBS=1 loads them), '}bulk-loaded with COPY in ${(ros.seconds.load + ros.seconds.indexes).toFixed(0)} s`,
      );
    }

    const rand = prng(settings.seed);
    const warmup = Math.max(50, Math.floor(settings.requests / 10));
    const total = settings.requests + warmup;
    const roSample = await sql<{ ro_number: string }[]>`
      select ro_number from ref.repair_orders tablesample bernoulli (${Math.min(100, (100 * total * 3) / settings.repairOrders)}) repeatable (7) limit ${total}`;
    const terms: Record<SearchKind, string[]> = {
      phone: termsFor('phone', total, rand),
      'e-mail': termsFor('e-mail', total, rand),
      name: termsFor('name', total, rand),
      'last name': termsFor('last name', total, rand),
      'RO number': shuffle(roSample.map((r) => r.ro_number), rand),
    };

    const authSecret = randomBytes(32).toString('hex');
    const port = await startProductProcess(url, authSecret);
    // Access tokens name a session the APIs check on every request (issue 10, item 2): one for the bench's employee.
    const employee = randomUUID();
    const [session] = await sql<{ id: string }[]>`
      insert into auth_sessions (session_id, user_kind, user_id, binding, expires_at)
      values (gen_random_uuid(), 'employee', ${employee}, null, now() + interval '1 day') returning session_id::text as id`;
    // The session check reads the user's roles live (issue 20): an advisor at every one of the six rooftops.
    for (const locationId of [1, 2, 3, 4, 5, 6]) {
      await sql`insert into rm_user_roles.user_roles (user_role_id, user_id, role_id, role_name, location_id)
        values (gen_random_uuid(), ${employee}, ${ROLE_IDS.employee}, 'employee', ${locationId})`;
    }
    const token = await signAccessToken({ sub: employee, kind: 'employee', roles: ['employee'], locationIds: [1, 2, 3, 4, 5, 6], sid: session!.id }, authSecret, 3600);
    // A browser holds the anti-forgery cookie after its first request; without it every
    // answer would mint and set a new one.
    const first = await fetch(`http://127.0.0.1:${port}/api/locations`, { headers: { authorization: `Bearer ${token}` } });
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json', ...(xsrf ? { cookie: `XSRF-TOKEN=${xsrf}` } : {}) };
    log(`product listening on port ${port}`);
    const database = decodeURIComponent(new URL(url).pathname.slice(1));

    for (const kind of Object.keys(terms) as SearchKind[]) {
      const paths = terms[kind].map((t) => `/api/customer-search?searchTerm=${encodeURIComponent(t)}`);
      await runLoad(port, paths.slice(0, warmup), settings.clients, headers);
      const probe = await startProbe(admin, database);
      const [product0, client0] = [cpuSecondsOf(child!.pid!), cpuSecondsOf('self')];
      const load = await runLoad(port, paths.slice(warmup), settings.clients, headers);
      const [product1, client1] = [cpuSecondsOf(child!.pid!), cpuSecondsOf('self')];
      const cpu = await probe.stop();
      const n = load.latency.count;
      const perRequest = { product: ((product1 - product0) * 1000) / n, postgres: (cpu.server * load.seconds * 1000) / n, client: ((client1 - client0) * 1000) / n };
      const naiveLatency = await runNaive(sql, kind, terms[kind].slice(0, settings.naiveSamples));
      const [p50, p95] = naiveLatency.percentiles(50, 95);
      results.push({ kind, load, cpu, perRequest, naive: { p50: p50!, p95: p95!, samples: naiveLatency.count }, target: settings.targetP95Ms });
      const [a50, a95] = load.latency.percentiles(50, 95);
      log(`${kind}: p50 ${fmtMs(a50!)} ms, p95 ${fmtMs(a95!)} ms, ${fmtInt(load.latency.count / load.seconds)} req/s, ${load.errors} errors; naive p95 ${fmtMs(p95!)} ms`);
    }

    const roSamples = await sql<RoSample[]>`
      select location_id, ro_number, to_char(open_date, 'YYYY-MM-DD"T"HH24:MI:SS.US') as open_date,
        to_char(close_date, 'YYYY-MM-DD"T"HH24:MI:SS.US') as close_date, advisor_last_name, customer_last_name, vin
      from ref.repair_orders tablesample bernoulli (${Math.min(100, (100 * total * 3) / settings.repairOrders)}) repeatable (11) limit ${total}`;
    for (const kind of RO_KINDS) {
      const paths = shuffle(roPathsFor(kind, roSamples), rand);
      await runLoad(port, paths.slice(0, warmup), settings.clients, headers, RO_RESULT_MARK);
      const probe = await startProbe(admin, database);
      const [product0, client0] = [cpuSecondsOf(child!.pid!), cpuSecondsOf('self')];
      const load = await runLoad(port, paths.slice(warmup), settings.clients, headers, RO_RESULT_MARK);
      const [product1, client1] = [cpuSecondsOf(child!.pid!), cpuSecondsOf('self')];
      const cpu = await probe.stop();
      const n = load.latency.count;
      const perRequest = { product: ((product1 - product0) * 1000) / n, postgres: (cpu.server * load.seconds * 1000) / n, client: ((client1 - client0) * 1000) / n };
      results.push({ kind, load, cpu, perRequest, naive: null, target: RO_TARGET_P95_MS });
      const [a50, a95] = load.latency.percentiles(50, 95);
      log(`${kind}: p50 ${fmtMs(a50!)} ms, p95 ${fmtMs(a95!)} ms, ${fmtInt(load.latency.count / load.seconds)} req/s, ${load.errors} errors`);
    }
  } finally {
    await stopChild();
    await sql.end({ timeout: 5 });
  }
} finally {
  await dropAllBenchDatabases();
  await admin.end({ timeout: 5 });
}

const rows = results.map((r) => {
  const [p50, p95, p99, max] = r.load.latency.percentiles(50, 95, 99, 100);
  return [
    r.kind,
    fmtInt(r.load.latency.count),
    `${((100 * r.load.found) / r.load.latency.count).toFixed(0)}%`,
    fmtInt(r.load.errors),
    fmtMs(p50!),
    fmtMs(p95!),
    fmtMs(p99!),
    fmtMs(max!),
    fmtInt(r.load.latency.count / r.load.seconds),
    r.naive ? fmtMs(r.naive.p50) : '-',
    r.naive ? fmtMs(r.naive.p95) : '-',
    r.naive ? `${(r.naive.p95 / p95!).toFixed(0)}x` : '-',
    `${p95! <= r.target ? 'PASS' : 'MISS'} (${r.target} ms)`,
    `${r.perRequest.product.toFixed(2)} / ${r.perRequest.postgres.toFixed(2)} / ${r.perRequest.client.toFixed(2)}`,
    `${r.cpu.host.toFixed(1)}/${CORES}`,
  ];
});
const table: Table = {
  title: `Customer search and RO search through the HTTP API: ${fmtN(settings.customers)} customers, ${fmtN(settings.repairOrders)} ROs, ${settings.clients} concurrent clients (target p95 <= ${settings.targetP95Ms} ms for customer search, <= ${RO_TARGET_P95_MS} ms for RO search)`,
  headers: ['search', 'requests', 'found', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'req/s', 'naive p50 ms', 'naive p95 ms', 'naive/API p95', 'target', 'CPU ms/req product / PG / client', 'busy cores'],
  numeric: [false, true, true, true, true, true, true, true, true, true, true, true, false, true, false],
  rows,
  notes: [
    ...dataNotes,
    'API: GET /api/customer-search with a signed employee token, product in its own process (command and query API, projector, workers), closed-loop clients with keep-alive; a warm-up of a tenth of the requests is not measured',
    'terms: phone = a customer\'s mobile typed as (303) 555-0101, 303-555-0101, 303.555.0101 or digits; e-mail = a customer\'s address; name = "First Last"; last name = one of ~220 surnames (~4,500 customers each, the result is the first 50); RO number = a random RO (one at several locations when the stores\' number ranges overlap)',
    'RO search: GET /api/ro-search (25 a page, newest first) built from a random sample of the ROs: its advisor at its location; that advisor within a month around it; a week of openings at its location; a week of closings (closed ROs, sorted by closing date); open ROs opened within two months, at all six locations the employee works at; its customer\'s last name at all six; the last 8 characters of its VIN at all six; the page after it at its location (a keyset page deep in the list)',
    `naive: the same terms as ILIKE '%term%' over the same tables (sequential scans), straight SQL, one client, ${settings.naiveSamples} samples per kind; naive/API p95 = how many times slower`,
    `CPU ms/req: CPU time per measured request of the product process, of the bench database's PostgreSQL backends, and of this load generator (independent of what else runs); busy cores: the whole host during the measured requests, other work included; all share ${CORES} cores`,
    `total run time ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
  ],
};
console.log(renderText(table));
await mkdir(path.join(here, 'results'), { recursive: true });
await writeFile(path.join(here, 'results', 'latest.md'), `${renderMarkdown(table)}\n`);
