/**
 * Where the CPU went during a measured phase (Linux /proc). On a 2-core machine the client,
 * the PostgreSQL backends and anything else running (tests, a browser, npm) share the same
 * two cores, so every case records: the bench client (this process and its children, e.g.
 * pgbench), the server processes of the bench database (its backends and PostgreSQL's own
 * background processes), everything else, and what the bench database's backends waited on.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { Sql } from '@dealer/platform/db/postgres';

export const CORES = cpus().length;
const CLK_TCK = 100;

function readStat(pid: number | 'self'): string[] | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime (+ waited-for children's cutime + cstime), in ticks. Fields after the comm: 11..14. */
function ticksOf(pid: number | 'self', children: boolean): number | null {
  const f = readStat(pid);
  if (!f) return null;
  return Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
}

function hostTicks(): { total: number; idle: number } {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.reduce((a, b) => a + b, 0), idle: (fields[3] ?? 0) + (fields[4] ?? 0) };
  } catch {
    return { total: 0, idle: 0 };
  }
}

export interface CpuReport {
  /** Busy cores of the whole host (0..CORES). */
  host: number;
  /** The bench client: this process plus finished children (pgbench). */
  client: number;
  /** PostgreSQL processes serving the bench database, plus its background processes. */
  server: number;
  /** Everything else on the host. */
  other: number;
  /** Average number of the database's backends in each state/wait event, busiest first. */
  waits: [string, number][];
  /** WAL written during the phase (pg_stat_wal: whole server, so other databases' writes count too). */
  wal: { bytes: number; records: number; fullPageImages: number };
}

async function walStats(admin: Sql): Promise<{ bytes: number; records: number; fullPageImages: number }> {
  const [row] = await admin<{ bytes: string; records: string; fpi: string }[]>`
    select wal_bytes::text as bytes, wal_records::text as records, wal_fpi::text as fpi from pg_stat_wal`;
  return { bytes: Number(row?.bytes ?? NaN), records: Number(row?.records ?? NaN), fullPageImages: Number(row?.fpi ?? NaN) };
}

export interface Probe {
  stop(): Promise<CpuReport>;
}

/** Starts measuring; `database` is the bench database whose backends count as the server. */
export async function startProbe(admin: Sql, database: string): Promise<Probe> {
  // Server processes are found by sampling pg_stat_activity every 25 ms, so backends that
  // connect during the phase (pgbench's) are counted from when they are first seen.
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const waits = new Map<string, number>();
  let samples = 0;
  const sample = async () => {
    const rows = await admin<{ pid: number; client: boolean; w: string }[]>`
      select pid, backend_type = 'client backend' as client,
             coalesce(state, 'starting') || ' / ' || coalesce(wait_event_type || ':' || wait_event, 'on CPU') as w
      from pg_stat_activity
      where (datname = ${database} or (datname is null and backend_type <> 'client backend')) and pid <> pg_backend_pid()`;
    for (const r of rows) {
      const ticks = ticksOf(r.pid, false);
      if (ticks === null) continue;
      if (!first.has(r.pid)) first.set(r.pid, ticks);
      last.set(r.pid, ticks);
      if (r.client && samples > 0) waits.set(r.w, (waits.get(r.w) ?? 0) + 1);
    }
    samples++;
  };
  await sample();
  const startWal = await walStats(admin);
  const startClient = ticksOf('self', true);
  const startHost = hostTicks();
  const startedAt = performance.now();

  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      await sample();
    }
  })();

  return {
    async stop() {
      const seconds = (performance.now() - startedAt) / 1000;
      const endHost = hostTicks();
      const endClient = ticksOf('self', true);
      for (const pid of last.keys()) {
        const now = ticksOf(pid, false);
        if (now !== null) last.set(pid, now);
      }
      sampling = false;
      await sampler;
      const endWal = await walStats(admin);
      let serverTicks = 0;
      for (const [pid, before] of first) serverTicks += (last.get(pid) ?? before) - before;
      const hostAll = endHost.total - startHost.total;
      const host = hostAll > 0 ? ((hostAll - (endHost.idle - startHost.idle)) / hostAll) * CORES : Number.NaN;
      const client = startClient !== null && endClient !== null ? (endClient - startClient) / CLK_TCK / seconds : Number.NaN;
      const server = serverTicks / CLK_TCK / seconds;
      const counted = Math.max(samples - 1, 1);
      return {
        host,
        client,
        server,
        other: Math.max(0, host - client - server),
        waits: [...waits].map(([k, v]) => [k, v / counted] as [string, number]).sort((a, b) => b[1] - a[1]),
        wal: { bytes: endWal.bytes - startWal.bytes, records: endWal.records - startWal.records, fullPageImages: endWal.fullPageImages - startWal.fullPageImages },
      };
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the host is below `threshold` busy cores over a 0.5 s window, at most `maxMs`.
 * Returns the last background load seen, in cores.
 */
export async function waitForQuietHost(maxMs: number, threshold = 0.3): Promise<number> {
  const deadline = performance.now() + maxMs;
  let background = Number.NaN;
  do {
    const a = hostTicks();
    await sleep(500);
    const b = hostTicks();
    const all = b.total - a.total;
    background = all > 0 ? ((all - (b.idle - a.idle)) / all) * CORES : Number.NaN;
    if (!(background > threshold)) return background;
  } while (performance.now() < deadline);
  return background;
}
