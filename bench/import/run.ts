/**
 * Import bench: `npx tsx bench/import/run.ts` — generates 100,000 repair orders (with jobs
 * and accounting postings, deterministic) as a JSON export and as CSV exports, then times
 * `npm run import:ros`'s importer on a fresh bench database: the first JSON import, the same
 * file again (idempotent: nothing written), and the CSV pair on another fresh database.
 * Target: 100,000 ROs in at most 30 s.
 *
 * Settings: BENCH_IMPORT_ROS (100000), BENCH_DATABASE_SERVER (postgres://postgres@127.0.0.1:5432).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPool, migrate, type Sql } from '@dealer/platform';
import { DEMO_LOCATIONS, DMS_MIGRATIONS, generateRepairOrders, importDmsFile, type ImportReport } from '@dealer/dms/index';
import { adminPool, createBenchDatabase, dropAllBenchDatabases } from '../lib/databases';
import { CORES, startProbe } from '../lib/host';
import { renderText, type Table } from '../lib/table';
import { writeCsvExport, writeJsonExport } from './export-files';

const ROS = Number(process.env.BENCH_IMPORT_ROS ?? 100_000);
const SERVER = (process.env.BENCH_DATABASE_SERVER ?? process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const TARGET_SECONDS = 30;
const log = (line: string) => process.stderr.write(`[bench:import] ${line}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void dropAllBenchDatabases().finally(() => process.exit(130)));
}

const records = () => generateRepairOrders({ seed: 0xbe11c4, anchor: new Date('2026-06-30T00:00:00Z'), repairOrders: ROS, walkIns: Math.ceil(ROS / 3) });
const mb = async (p: string) => `${((await stat(p)).size / 1e6).toFixed(0)} MB`;

const admin = adminPool(SERVER);

async function freshDatabase(purpose: string): Promise<{ sql: Sql; database: string }> {
  const url = await createBenchDatabase(SERVER, purpose);
  const sql = createPool(url, { max: 4 });
  await migrate(sql, DMS_MIGRATIONS);
  return { sql, database: decodeURIComponent(new URL(url).pathname.slice(1)) };
}

interface Measured {
  reports: ImportReport[];
  /** CPU seconds of this process and of the database's PostgreSQL backends; host busy cores. */
  cpu: { client: number; server: number; host: number };
}

/** Runs `work`, measuring the CPU it cost, independent of what else the host runs. */
async function measured(database: string, work: () => Promise<ImportReport[]>): Promise<Measured> {
  const probe = await startProbe(admin, database);
  const before = process.cpuUsage();
  const started = performance.now();
  const reports = await work();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(before);
  const cpu = await probe.stop();
  return { reports, cpu: { client: (used.user + used.system) / 1e6, server: cpu.server * seconds, host: cpu.host } };
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
const rows: string[][] = [];
const notes: string[] = [];
try {
  let started = performance.now();
  const jsonPath = path.join(dir, 'ros.json');
  await writeJsonExport(jsonPath, DEMO_LOCATIONS, records());
  const roCsv = path.join(dir, 'ros.csv');
  const accountingCsv = path.join(dir, 'accounting.csv');
  await writeCsvExport(roCsv, accountingCsv, records());
  log(`generated ${ROS.toLocaleString('en-US')} ROs as JSON (${await mb(jsonPath)}) and CSV (${await mb(roCsv)} + ${await mb(accountingCsv)}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const row = (label: string, { reports, cpu }: Measured) => {
    const seconds = reports.reduce((s, r) => s + r.seconds, 0);
    const sum = (pick: (r: ImportReport) => number) => reports.reduce((s, r) => s + pick(r), 0).toLocaleString('en-US');
    const phases = reports.map((r) => Object.entries(r.phases).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')).join(' | ');
    rows.push([
      label, sum((r) => r.rows), sum((r) => r.repairOrders.inserted + r.repairOrders.updated), sum((r) => r.jobs.inserted + r.jobs.updated),
      sum((r) => r.accountingDetails.inserted + r.accountingDetails.updated), sum((r) => r.rejected), seconds.toFixed(1),
      (ROS / seconds).toLocaleString('en-US', { maximumFractionDigits: 0 }), seconds <= TARGET_SECONDS ? 'PASS' : 'MISS',
      `${cpu.client.toFixed(1)} / ${cpu.server.toFixed(1)}`, `${cpu.host.toFixed(1)}/${CORES}`, phases,
    ]);
  };

  const jsonDb = await freshDatabase('import_json');
  try {
    log('importing the JSON export');
    row('JSON, first import', await measured(jsonDb.database, async () => [await importDmsFile(jsonDb.sql, jsonPath)]));
    log('importing the same JSON export again');
    const again = await measured(jsonDb.database, async () => [await importDmsFile(jsonDb.sql, jsonPath)]);
    row('JSON, same file again', again);
    const [r] = again.reports;
    notes.push(`second import wrote nothing: ${r!.repairOrders.unchanged.toLocaleString('en-US')} ROs, ${r!.jobs.unchanged.toLocaleString('en-US')} jobs, ${r!.accountingDetails.unchanged.toLocaleString('en-US')} postings unchanged`);
  } finally {
    await jsonDb.sql.end({ timeout: 5 });
  }

  const csvDb = await freshDatabase('import_csv');
  try {
    log('importing the CSV exports');
    row('CSV, ROs + accounting files', await measured(csvDb.database, async () => [await importDmsFile(csvDb.sql, roCsv), await importDmsFile(csvDb.sql, accountingCsv)]));
  } finally {
    await csvDb.sql.end({ timeout: 5 });
  }

  const table: Table = {
    title: `DMS import: ${ROS.toLocaleString('en-US')} repair orders (target: at most ${TARGET_SECONDS} s)`,
    headers: ['case', 'rows read', 'ROs written', 'jobs written', 'postings written', 'rejected', 'seconds', 'ROs/s', 'target', 'CPU s import / PG', 'busy cores', 'phases (s)'],
    numeric: [false, true, true, true, true, true, true, true, false, true, false, false],
    rows,
    notes: [
      ...notes,
      'seconds = read, check and stage (one COPY, overlapping the read) + merge (UPDATE changed rows, INSERT new ones, per table) + commit; one transaction per file',
      `CPU s: CPU time of the importing process and of the database's PostgreSQL backends (what the import costs whatever else runs); busy cores: the whole host during the case, other work included (${CORES} cores)`,
      'locations (6) are in the JSON file; the CSV case imports into a database where the ROs name their locations (created on the fly)',
    ],
  };
  console.log(renderText(table));
} finally {
  await dropAllBenchDatabases();
  await admin.end({ timeout: 5 });
  await rm(dir, { recursive: true, force: true });
}
