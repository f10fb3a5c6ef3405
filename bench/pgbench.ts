/**
 * (b) The physical reference: pgbench inserting one event-shaped row per transaction
 * (`pgbench -n -M prepared -c N -j N -T secs -f script`), same server, same concurrency, same
 * row body. Prepared statements, like our store's postgres.js (whose statements are prepared
 * once per connection): the reference pays no parsing or planning per insert either.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPool } from '@dealer/platform/db/postgres';
import { benchEventData, mergeCpuReports, type ProbeStarter } from './append';
import type { CpuReport } from './lib/host';

const run = promisify(execFile);

export const PGBENCH = process.env.BENCH_PGBENCH ?? '/usr/bin/pgbench';

export interface PgbenchResult {
  writers: number;
  tps: number;
  latencyAvgMs: number;
  transactions: number;
  /** Where the CPU went during the measured run (the client is pgbench). */
  cpu: CpuReport | null;
}

export const PGBENCH_TABLE = `create table bench_events (
  id bigserial primary key,
  stream text not null,
  data jsonb not null
)`;

/** One insert per transaction; JSON colons get a space so pgbench does not read `:name` as a variable. */
export function pgbenchScript(): string {
  const json = JSON.stringify(benchEventData()).replace(/":/g, '": ').replace(/'/g, "''");
  return [
    '\\set r random(1, 2000000000)',
    `insert into bench_events (stream, data) values ('bench-' || :client_id || '-' || :r, '${json}');`,
    '',
  ].join('\n');
}

export async function preparePgbench(url: string): Promise<void> {
  const sql = createPool(url, { max: 1 });
  try {
    await sql.unsafe(PGBENCH_TABLE);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function connectionArgs(url: string): string[] {
  const u = new URL(url);
  const args = ['-h', u.hostname, '-p', u.port || '5432'];
  if (u.username) args.push('-U', decodeURIComponent(u.username));
  return args;
}

async function pgbench(url: string, scriptFile: string, writers: number, seconds: number): Promise<Omit<PgbenchResult, 'cpu'>> {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  const args = [...connectionArgs(url), '-n', '-M', 'prepared', '-c', String(writers), '-j', String(writers), '-T', String(seconds), '-f', scriptFile, database];
  const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
  const { stdout } = await run(PGBENCH, args, { env, maxBuffer: 16 * 1024 * 1024 });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
  const latency = /latency average = ([\d.]+) ms/.exec(stdout);
  const transactions = /number of transactions actually processed: (\d+)/.exec(stdout);
  const failed = /number of failed transactions: (\d+)/.exec(stdout);
  if (!tps) throw new Error(`could not read pgbench output:\n${stdout}`);
  if (failed && Number(failed[1]) > 0) throw new Error(`pgbench had failed transactions:\n${stdout}`);
  return {
    writers,
    tps: Number(tps[1]),
    latencyAvgMs: latency ? Number(latency[1]) : Number.NaN,
    transactions: transactions ? Number(transactions[1]) : Number.NaN,
  };
}

/** pgbench as a session like the stores': each segment is a warm-up run and a measured run. */
export interface PgbenchSession {
  writers: number;
  segment(seconds: number, warmupSeconds: number, probe?: ProbeStarter): Promise<void>;
  result(): PgbenchResult;
  close(): Promise<void>;
}

export async function openPgbench(url: string, writers: number): Promise<PgbenchSession> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-pgbench-'));
  const scriptFile = join(dir, 'insert.sql');
  await writeFile(scriptFile, pgbenchScript());
  const parts: { seconds: number; run: Omit<PgbenchResult, 'cpu'>; cpu: CpuReport | null }[] = [];
  return {
    writers,
    async segment(seconds, warmupSeconds, probe) {
      if (warmupSeconds > 0) await pgbench(url, scriptFile, writers, warmupSeconds);
      const probing = probe ? await probe() : null;
      const run = await pgbench(url, scriptFile, writers, seconds);
      parts.push({ seconds, run, cpu: probing ? await probing.stop() : null });
    },
    result() {
      const total = parts.reduce((a, p) => a + p.seconds, 0);
      const weighted = (f: (r: Omit<PgbenchResult, 'cpu'>) => number) => parts.reduce((a, p) => a + f(p.run) * p.seconds, 0) / total;
      const cpus = parts.filter((p) => p.cpu).map((p) => ({ seconds: p.seconds, report: p.cpu! }));
      return {
        writers,
        tps: weighted((r) => r.tps),
        latencyAvgMs: weighted((r) => r.latencyAvgMs),
        transactions: parts.reduce((a, p) => a + p.run.transactions, 0),
        cpu: mergeCpuReports(cpus),
      };
    },
    async close() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}
