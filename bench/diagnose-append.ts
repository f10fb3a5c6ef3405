/**
 * What an append costs the server, without the Node client in the way: pgbench (a C client)
 * calls es_append_batch with k one-event appends to new streams per statement, and, as the
 * physical reference, inserts k event-shaped rows per transaction into a plain table. Reports
 * TPS, appends (rows) per second, and server CPU per append — far less sensitive to other
 * load on the host than throughput.
 *
 *   node --import tsx bench/diagnose-append.ts [clients=8] [seconds=5] [rounds=2] [k,...=1,8,32]
 *
 * Everything runs in a scratch bench database created for the run and dropped after it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPool } from '@dealer/platform/db/postgres';
import { benchEventData, prepareOurs } from './append';
import { PGBENCH, PGBENCH_TABLE } from './pgbench';
import { adminPool, createBenchDatabase, dropAllBenchDatabases } from './lib/databases';
import { startProbe } from './lib/host';
import { loadSettings } from './lib/settings';

const run = promisify(execFile);
const settings = loadSettings();
const [clientsArg, secondsArg, roundsArg, sizesArg] = process.argv.slice(2);
const clients = Number(clientsArg ?? 8);
const seconds = Number(secondsArg ?? 5);
const rounds = Number(roundsArg ?? 2);
const sizes = (sizesArg ?? '1,8,32').split(',').map(Number);

/** JSON literals for SQL inside a pgbench script: a space after each colon so pgbench does not see `:name` variables. */
const literal = (o: unknown) => JSON.stringify(o).replace(/":/g, '": ').replace(/'/g, "''");
const data = literal(benchEventData());
const metadata = (n: string) =>
  `jsonb_build_object('eventId', ${n}, 'correlationId', gen_random_uuid(), 'causationId', null, 'actor', 'user:bench', 'time', now())`;

/** Event ids: the lateral refers to g, or PostgreSQL would draw one uuid for every row. */
const SCRIPTS: Record<string, (k: number) => string> = {
  plain_insert: (k) =>
    `insert into bench_events (stream, data) select 'bench-' || :client_id || '-' || :r || '-' || g, '${data}'::jsonb from generate_series(1, ${k}) g;`,
  /** The floor of a set-based append of k new streams: one INSERT into es_events, xid-derived positions, no per-append loop. */
  set_based_es_events_insert: (k) => `insert into es_events (global_position, stream_id, revision, event_id, event_type, data, metadata, transaction_id)
      select pg_current_xact_id()::text::bigint * 4096 + g - 1, 'bench-' || :client_id || '-' || :r || '-' || g, 0, x.id, 'BenchEvent',
             '${data}'::jsonb, ${metadata('x.id')}, pg_current_xact_id()
      from generate_series(1, ${k}) g, lateral (select gen_random_uuid() as id where g > 0) x
      on conflict do nothing;`,
  /** The fast path PostgresEventStore takes for 'no_stream' and exact expected revisions. */
  es_append_events: (k) => `select count(*) from (select
      (select array_agg('bench-' || :client_id || '-' || :r || '-' || g order by g) from generate_series(1, ${k}) g) as streams,
      array_fill(-1::int8, array[${k}]) as expected,
      (select jsonb_agg(jsonb_build_array(g, 0, x.id, 'BenchEvent', '${data}'::jsonb, ${metadata('x.id')}) order by g)
         from generate_series(1, ${k}) g, lateral (select gen_random_uuid() as id where g > 0) x) as events) p,
      es_append_events(p.streams, p.expected, p.events);`,
  es_append_batch: (k) => `select count(*) from es_append_batch((
      select jsonb_agg(jsonb_build_object('stream', 'bench-' || :client_id || '-' || :r || '-' || g, 'mode', 1, 'expected', 0,
        'events', jsonb_build_array(jsonb_build_object('id', x.id, 'type', 'BenchEvent', 'data', '${data}'::jsonb, 'metadata', ${metadata('x.id')}))))
      from generate_series(1, ${k}) g, lateral (select gen_random_uuid() as id where g > 0) x));`,
};

const admin = adminPool(settings.server);
const dir = await mkdtemp(join(tmpdir(), 'bench-diagnose-'));
try {
  const url = await createBenchDatabase(settings.server, 'diagnose');
  await prepareOurs(url);
  const sql = createPool(url, { max: 1 });
  await sql.unsafe(PGBENCH_TABLE);
  const [fn] = await sql<{ found: boolean }[]>`select to_regproc('es_append_batch') is not null as found`;
  await sql.end({ timeout: 5 });
  if (!fn?.found) throw new Error('es_append_batch is not in the current schema: update bench/diagnose-append.ts');
  const database = new URL(url).pathname.slice(1);
  const host = new URL(url);
  const results = new Map<string, { perSecond: number[]; serverUs: number[] }>();
  for (let round = 0; round < rounds; round++) {
    for (const k of sizes) {
      for (const [name, body] of Object.entries(SCRIPTS)) {
        const label = `${name} k=${k}`;
        const file = join(dir, `${name}-${k}.sql`);
        await writeFile(file, `\\set r random(1, 2000000000)\n${body(k)}\n`);
        const scratch = createPool(url, { max: 1 });
        await scratch`truncate es_events, bench_events`;
        await scratch.end({ timeout: 5 });
        await admin`checkpoint`;
        const args = ['-h', host.hostname, '-p', host.port || '5432', '-U', host.username || 'postgres', '-n', '-c', String(clients), '-j', String(clients), '-T', String(seconds), '-f', file, database];
        const probe = await startProbe(admin, database);
        const { stdout } = await run(PGBENCH, args);
        const cpu = await probe.stop();
        const perSecond = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]) * k;
        const entry = results.get(label) ?? { perSecond: [], serverUs: [] };
        entry.perSecond.push(perSecond);
        entry.serverUs.push((cpu.server / perSecond) * 1e6);
        results.set(label, entry);
        process.stderr.write(
          `${label} round ${round + 1}: ${perSecond.toFixed(0)} rows/s, server ${((cpu.server / perSecond) * 1e6).toFixed(0)} µs/row, other load ${cpu.other.toFixed(2)} cores\n`,
        );
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`pgbench, ${clients} clients, ${seconds} s x ${rounds} rounds (median); k = appends (rows) per statement/transaction:`);
  for (const [label, r] of results) console.log(`  ${label.padEnd(34)} ${median(r.perSecond).toFixed(0).padStart(7)} appends/s   server ${median(r.serverUs).toFixed(0).padStart(5)} µs/append`);
} finally {
  await rm(dir, { recursive: true, force: true });
  await dropAllBenchDatabases();
  await admin.end({ timeout: 5 });
}
