/**
 * (a) Append throughput and latency: one event per new stream, expected revision "no stream",
 * N writers each awaiting its own appends in a loop, for a fixed time after a warm-up.
 *
 * ours: PostgresEventStore with its default options (postgres.js pool).
 * peer: @event-driven-io/emmett-postgresql getPostgreSQLEventStore (node-postgres pool).
 * Both pools get the same size (writers + 1), both stores get the same event (type, data, and
 * the same metadata fields), each store lives in its own fresh database on the same server.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore, type PostgresEventStore as EmmettStore } from '@event-driven-io/emmett-postgresql';
import { createPool, type Sql } from '@dealer/platform/db/postgres';
import { migrate } from '@dealer/platform/db/migrate';
import { ALL_PLATFORM_MIGRATIONS } from '@dealer/platform/migrations';
import { PostgresEventStore } from '@dealer/platform/event-store/postgres/postgres-event-store';
import type { CpuReport, Probe } from './lib/host';
import { LatencyRecorder, nowMs } from './lib/stats';

export type StoreName = string;

export interface AppendResultRow {
  store: StoreName;
  writers: number;
  appends: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Appends that failed during the warm-up (a fresh pool); the measured phase must have none. */
  warmupErrors: number;
  warmupFirstError: string | null;
  /** Where the CPU went during the measured segments, and what the backends waited on. */
  cpu: CpuReport | null;
}

/** Starts a CPU/wait probe for the measured phase (see lib/host.ts). */
export type ProbeStarter = () => Promise<Probe>;

/** The event body every append writes: the shape of a sealed CustomerCreated (~0.6 kB of JSON). */
export function benchEventData(): Record<string, unknown> {
  return {
    customerId: randomUUID(),
    isTaxExempt: false,
    verifyRedemptions: true,
    __pii: {
      fields: ['firstName', 'lastName', 'emailAddress', 'phoneMobile', 'phoneOther', 'address', 'address2', 'city', 'state', 'zip'],
      box: randomBytes(300).toString('base64'),
    },
  };
}

const DATA = benchEventData();

function metadataFields() {
  return { correlationId: randomUUID(), causationId: null, actor: 'user:bench', time: new Date().toISOString() };
}

type AppendOnce = () => Promise<void>;

interface DriveResult {
  appends: number;
  elapsedMs: number;
  errors: number;
  firstError: unknown;
}

/** `writers` loops, each awaiting its own append, until `durationMs` has passed. */
async function drive(writers: number, durationMs: number, append: AppendOnce, latencies?: LatencyRecorder): Promise<DriveResult> {
  const start = nowMs();
  const deadline = start + durationMs;
  let appends = 0;
  let errors = 0;
  let firstError: unknown;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (nowMs() < deadline) {
        const t0 = nowMs();
        try {
          await append();
          latencies?.add(nowMs() - t0);
          appends++;
        } catch (error) {
          errors++;
          firstError ??= error;
          if (errors > 100) return;
        }
      }
    }),
  );
  return { appends, elapsedMs: nowMs() - start, errors, firstError };
}

/**
 * A store under test, measured in one or more segments. Each segment opens a fresh pool, warms
 * it up, measures, and closes it again (so two stores' pools and pgbench never hold connections
 * at the same time: 32 writers x 3 would exceed max_connections).
 */
export interface AppendSession {
  name: StoreName;
  writers: number;
  segment(seconds: number, warmupSeconds: number, probe?: ProbeStarter): Promise<void>;
  result(): AppendResultRow;
}

export interface OpenStore {
  append: AppendOnce;
  close(): Promise<void>;
}

/** `open` may take its time (a store whose companions must be running first): it is not measured. */
export function appendSession(name: StoreName, writers: number, open: () => OpenStore | Promise<OpenStore>): AppendSession {
  const latencies = new LatencyRecorder();
  let appends = 0;
  let elapsedMs = 0;
  let warmupErrors = 0;
  let warmupFirstError: string | null = null;
  const cpus: { seconds: number; report: CpuReport }[] = [];
  return {
    name,
    writers,
    async segment(seconds, warmupSeconds, probe) {
      const store = await open();
      try {
        if (warmupSeconds > 0) {
          // Warm-up failures are reported, not fatal: they show what a freshly started process meets.
          const warm = await drive(writers, warmupSeconds * 1000, store.append);
          warmupErrors += warm.errors;
          if (warm.errors > 0) warmupFirstError ??= String(warm.firstError);
          if (warm.errors > 100) throw new Error(`${name} append keeps failing during warm-up: ${warmupFirstError}`);
        }
        const probing = probe ? await probe() : null;
        const run = await drive(writers, seconds * 1000, store.append, latencies);
        const cpu = probing ? await probing.stop() : null;
        if (run.errors > 0) throw new Error(`${name} append failed ${run.errors} times: ${String(run.firstError)}`);
        appends += run.appends;
        elapsedMs += run.elapsedMs;
        if (cpu) cpus.push({ seconds: run.elapsedMs / 1000, report: cpu });
      } finally {
        await store.close();
      }
    },
    result() {
      const [p50, p99] = latencies.percentiles(50, 99);
      return {
        store: name,
        writers,
        appends,
        seconds: elapsedMs / 1000,
        perSecond: appends / (elapsedMs / 1000),
        p50: p50!,
        p99: p99!,
        warmupErrors,
        warmupFirstError,
        cpu: mergeCpuReports(cpus),
      };
    },
  };
}

/** Time-weighted average of the segments' CPU figures and waits; WAL is summed. */
export function mergeCpuReports(parts: { seconds: number; report: CpuReport }[]): CpuReport | null {
  if (parts.length === 0) return null;
  const total = parts.reduce((a, p) => a + p.seconds, 0);
  const avg = (f: (r: CpuReport) => number) => parts.reduce((a, p) => a + f(p.report) * p.seconds, 0) / total;
  const waits = new Map<string, number>();
  for (const p of parts) for (const [k, v] of p.report.waits) waits.set(k, (waits.get(k) ?? 0) + (v * p.seconds) / total);
  return {
    host: avg((r) => r.host),
    client: avg((r) => r.client),
    server: avg((r) => r.server),
    other: avg((r) => r.other),
    waits: [...waits].sort((a, b) => b[1] - a[1]),
    wal: {
      bytes: parts.reduce((a, p) => a + p.report.wal.bytes, 0),
      records: parts.reduce((a, p) => a + p.report.wal.records, 0),
      fullPageImages: parts.reduce((a, p) => a + p.report.wal.fullPageImages, 0),
    },
  };
}

export function poolSizeFor(writers: number): number {
  return writers + 1;
}

/** Our store: schema applied once; every segment gets its own pool of writers + 1 connections. */
export async function prepareOurs(url: string): Promise<void> {
  const sql = createPool(url, { max: 1 });
  try {
    await migrate(sql, ALL_PLATFORM_MIGRATIONS);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export function oursSession(url: string, writers: number, maxInFlight?: number): AppendSession {
  return appendSession('ours', writers, () => {
    const sql: Sql = createPool(url, { max: poolSizeFor(writers) });
    const store = new PostgresEventStore(sql, maxInFlight ? { maxInFlight } : {});
    return {
      append: async () => {
        await store.appendToStream(
          `bench-${randomUUID()}`,
          [{ type: 'BenchEvent', data: DATA, metadata: { eventId: randomUUID(), ...metadataFields() } }],
          { expectedRevision: 'no_stream' },
        );
      },
      close: async () => {
        await store.close();
        await sql.end({ timeout: 5 });
      },
    };
  });
}

/** The peer: schema created once through its own migrate(); every segment gets its own pg.Pool. */
export async function preparePeer(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
  try {
    await store.schema.migrate();
  } finally {
    await store.close();
    await pool.end();
  }
}

export function peerSession(url: string, writers: number): AppendSession {
  return appendSession('peer', writers, () => {
    const pool = new pg.Pool({ connectionString: url, max: poolSizeFor(writers) });
    const store: EmmettStore = getPostgreSQLEventStore(url, {
      connectionOptions: { pool },
      schema: { autoMigration: 'None' },
    });
    return {
      append: async () => {
        await store.appendToStream(`bench-${randomUUID()}`, [{ type: 'BenchEvent', data: DATA, metadata: metadataFields() }], {
          expectedStreamVersion: STREAM_DOES_NOT_EXIST,
        });
      },
      close: async () => {
        await store.close();
        await pool.end();
      },
    };
  });
}
