/**
 * (c) Projection rebuild rate: every customer projection is rebuilt alone, then every projection
 * of the product in one pass over the log (issue 22 item 4), through the projector's
 * rebuildProjections, reading through ProtectedEventStore (key loading and decryption
 * included), over the bulk-loaded fixture. Each projection gets a fresh vault (cold key
 * cache), as a rebuild in a freshly started process would.
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import cliProgress from 'cli-progress';
import { createPool, migrate, ALL_PLATFORM_MIGRATIONS, PersonalDataVault, PostgresEventStore, ProtectedEventStore, type Sql } from '@dealer/platform';
import { customerStreamId } from '@dealer/contracts';
import { projections, rebuildProjections, type Projection } from '@dealer/projector';
import { buildCustomerFixture, type Fixture } from './fixture';
import type { CpuReport } from './lib/host';
import type { ProbeStarter } from './append';

export interface RebuildRow {
  projection: string;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  rows: number;
  /** Stopped at the time cap before the end of the store. */
  partial: boolean;
  /** Client = the bench process (projection code, decryption, postgres.js). */
  cpu: CpuReport | null;
}

class TimeCapReached extends Error {
  constructor(readonly done: number) {
    super('time cap reached');
  }
}

export interface RebuildSection {
  fixture: Fixture;
  rows: RebuildRow[];
}

export function customerProjections(): Projection[] {
  return projections.filter((p) => p.handles.has('CustomerCreated') && p.handles.has('CustomerEdited'));
}

const COLUMN_OF: Record<string, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  emailAddress: 'email_address',
  phoneMobile: 'phone_mobile',
  phoneOther: 'phone_other',
};

function bar(label: string) {
  return new cliProgress.SingleBar(
    { format: `${label.padEnd(22)} [{bar}] {percentage}% | {value}/{total} | {rate}`, hideCursor: true, stream: process.stderr, noTTYOutput: false },
    cliProgress.Presets.shades_classic,
  );
}

/** The fixture must read back, opened, exactly as generated: otherwise the rebuild figure means nothing. */
async function verifyFixture(sql: Sql, masterKey: Buffer, fixture: Fixture): Promise<void> {
  const store = new ProtectedEventStore(new PostgresEventStore(sql), new PersonalDataVault(sql, masterKey));
  for (const sample of fixture.samples) {
    const read = await store.readStream(customerStreamId(sample.customerId));
    const got = read.map((e) => ({ type: e.type, data: e.data }));
    if (!isDeepStrictEqual(got, sample.events)) {
      throw new Error(`fixture check failed for ${sample.customerId}:\n${JSON.stringify(got)}\n!=\n${JSON.stringify(sample.events)}`);
    }
  }
  const [head] = await sql<{ n: string }[]>`select count(*) as n from es_events where transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;
  if (Number(head?.n) !== fixture.events) throw new Error(`fixture check failed: ${head?.n} readable events, expected ${fixture.events}`);
  await store.close();
}

/** After a rebuild the live table holds one row per customer, and sampled rows match the folded profiles. */
async function verifyReadModel(sql: Sql, projection: Projection, fixture: Fixture): Promise<number> {
  const table = `"${projection.schema.replace(/"/g, '""')}".customers`;
  const [count] = await sql.unsafe<{ n: string }[]>(`select count(*) as n from ${table}`);
  const rows = Number(count?.n);
  if (rows !== fixture.customers) throw new Error(`${projection.name}: ${rows} rows after rebuild, expected ${fixture.customers}`);
  for (const sample of fixture.samples) {
    const [row] = await sql.unsafe<Record<string, unknown>[]>(`select * from ${table} where customer_id = $1`, [sample.customerId]);
    if (!row) throw new Error(`${projection.name}: customer ${sample.customerId} missing after rebuild`);
    for (const [field, column] of Object.entries(COLUMN_OF)) {
      if (column in row && row[column] !== sample.profile[field]) {
        throw new Error(`${projection.name}: ${column} of ${sample.customerId} is ${String(row[column])}, expected ${String(sample.profile[field])}`);
      }
    }
  }
  return rows;
}

export async function runRebuildSection(
  url: string,
  events: number,
  batchSize: number | undefined,
  maxSeconds: number,
  log: (line: string) => void,
  probe?: ProbeStarter,
): Promise<RebuildSection> {
  const sql = createPool(url, { max: 4 });
  const masterKey = randomBytes(32);
  try {
    await migrate(sql, ALL_PLATFORM_MIGRATIONS);

    const fixtureBar = bar('fixture (seal + COPY)');
    fixtureBar.start(events, 0, { rate: '' });
    const fixture = await buildCustomerFixture(sql, masterKey, events, (p) => fixtureBar.update(p.done));
    fixtureBar.stop();
    await verifyFixture(sql, masterKey, fixture);
    log(
      `fixture: ${fixture.events.toLocaleString('en-US')} events (${fixture.customers.toLocaleString('en-US')} CustomerCreated + ${fixture.edits.toLocaleString('en-US')} CustomerEdited), sealed and loaded in ${fixture.seconds.toFixed(1)} s, read back and checked`,
    );
    await sql`checkpoint`;

    const rows: RebuildRow[] = [];
    // Each customer projection alone, then every projection of the product in one pass over the log (rebuildProjections).
    const jobs = [
      ...customerProjections().map((p) => ({ label: p.name, list: [p] })),
      { label: `all ${projections.length} in one pass`, list: projections },
    ];
    for (const { label, list } of jobs) {
      const projection = { name: label };
      // A fresh vault per projection: its key cache starts cold, as in a newly started process.
      const store = new ProtectedEventStore(new PostgresEventStore(sql), new PersonalDataVault(sql, masterKey));
      const progress = bar(`rebuild ${projection.name}`);
      progress.start(events, 0, { rate: '' });
      const probing = probe ? await probe() : null;
      const started = performance.now();
      let done = 0;
      let result: { events: number; seconds: number };
      let partial = false;
      try {
        result = await rebuildProjections({ sql, store }, list, {
          ...(batchSize ? { batchSize } : {}),
          onProgress: (p) => {
            done = p.done;
            progress.update(p.done, { rate: `${p.eventsPerSecond.toLocaleString('en-US')} events/s` });
            if (performance.now() - started > maxSeconds * 1000 && p.done < p.total) throw new TimeCapReached(p.done);
          },
        });
      } catch (error) {
        if (!(error instanceof TimeCapReached)) throw error;
        partial = true;
        result = { events: done, seconds: (performance.now() - started) / 1000 };
      }
      const cpu = probing ? await probing.stop() : null;
      progress.stop();
      await store.close();
      let count = 0;
      if (!partial) for (const p of list.filter((x) => customerProjections().includes(x))) count += await verifyReadModel(sql, p, fixture);
      rows.push({ projection: projection.name, events: result.events, seconds: result.seconds, eventsPerSecond: result.events / result.seconds, rows: count, partial, cpu });
      log(
        partial
          ? `stopped ${projection.name} after ${result.seconds.toFixed(1)} s at ${result.events.toLocaleString('en-US')} events`
          : `rebuilt ${projection.name}: ${result.events.toLocaleString('en-US')} events in ${result.seconds.toFixed(1)} s, ${count.toLocaleString('en-US')} rows checked`,
      );
    }
    return { fixture, rows };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
