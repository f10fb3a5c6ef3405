/**
 * Bulk loading of generated DMS data into EMPTY `ref` tables, for benchmarks (millions of
 * ROs): records are checked like an import, streamed with COPY FREEZE into a table whose
 * indexes are dropped first and rebuilt afterwards from their own definitions. The demo and
 * real exports go through the importer instead (upserts, reports).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { copyIn, copyValue } from '@dealer/platform/db/copy';
import type { Sql } from '@dealer/platform/db/postgres';
import { ACCOUNTING_DETAIL_FIELDS, LOCATION_FIELDS, REPAIR_ORDER_FIELDS, RO_JOB_FIELDS, columnsOf } from './fields';
import { checkLocation, checkRepairOrder, type LocationRecord, type RepairOrderRecord } from './records';

export interface BulkLoadOptions {
  locations: readonly LocationRecord[];
  /** Called every 10,000 repair orders of each pass. */
  onProgress?: (table: string, done: number) => void;
  /** Load ro_jobs / accounting_details too (each is one more pass over the records). */
  jobs?: boolean;
  accounting?: boolean;
}

export interface BulkLoadResult {
  repairOrders: number;
  jobs: number;
  accountingDetails: number;
  seconds: { load: number; indexes: number };
}

type Table = 'ref.repair_orders' | 'ref.ro_jobs' | 'ref.accounting_details';

const LOCATION_COLUMN = Object.fromEntries(columnsOf(LOCATION_FIELDS).map((c, i) => [c, i])) as Record<string, number>;

const line = (values: readonly (string | null)[]) => values.map(copyValue).join('\t');

const COLUMNS: Record<Table, string[]> = {
  'ref.repair_orders': columnsOf(REPAIR_ORDER_FIELDS),
  'ref.ro_jobs': ['location_id', 'ro_number', ...columnsOf(RO_JOB_FIELDS)],
  'ref.accounting_details': columnsOf(ACCOUNTING_DETAIL_FIELDS),
};

function* copyText(records: Iterable<RepairOrderRecord>, table: Table, count: { rows: number }, onProgress?: (done: number) => void): Generator<string> {
  let chunk: string[] = [];
  let done = 0;
  for (const record of records) {
    const checked = checkRepairOrder(record as unknown as Record<string, unknown>);
    if (!checked.ok) throw new Error(`generated RO ${record.locationId}/${record.roNumber} is invalid: ${checked.errors.join('; ')}`);
    const { header, jobs, accounting } = checked.value;
    if (table === 'ref.repair_orders') chunk.push(line(header.values));
    else if (table === 'ref.ro_jobs') for (const job of jobs) chunk.push(line([header.locationId, header.roNumber, ...job.values]));
    else for (const detail of accounting) chunk.push(line(detail.values));
    if (++done % 10_000 === 0) onProgress?.(done);
    if (chunk.length >= 2000) {
      count.rows += chunk.length;
      yield `${chunk.join('\n')}\n`;
      chunk = [];
    }
  }
  if (chunk.length) {
    count.rows += chunk.length;
    yield `${chunk.join('\n')}\n`;
  }
  onProgress?.(done);
}

interface IndexDefinitions {
  constraints: { name: string; definition: string }[];
  indexes: { name: string; definition: string }[];
}

async function indexDefinitions(tx: Sql, table: Table): Promise<IndexDefinitions> {
  const constraints = await tx<{ name: string; definition: string }[]>`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = ${table}::regclass and contype in ('p', 'u')`;
  const indexes = await tx<{ name: string; definition: string }[]>`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = ${table}::regclass
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`;
  return { constraints, indexes };
}

/**
 * Loads `records()` (called once per pass: it must yield the same records each time, as the
 * deterministic generator does) into empty ref tables. Throws if a table already has rows.
 */
export async function bulkLoadRepairOrders(sql: Sql, records: () => Iterable<RepairOrderRecord>, options: BulkLoadOptions): Promise<BulkLoadResult> {
  const tables: Table[] = ['ref.repair_orders'];
  if (options.jobs) tables.push('ref.ro_jobs');
  if (options.accounting) tables.push('ref.accounting_details');
  const result: BulkLoadResult = { repairOrders: 0, jobs: 0, accountingDetails: 0, seconds: { load: 0, indexes: 0 } };

  await sql.begin(async (tx) => {
    for (const l of options.locations) {
      const checked = checkLocation(l as unknown as Record<string, unknown>);
      if (!checked.ok) throw new Error(`location ${l.locationId} is invalid: ${checked.errors.join('; ')}`);
      // A location without a zone or rate keeps the stored one (as the importer does).
      const value = (column: string) => checked.value.values[LOCATION_COLUMN[column]!] ?? null;
      const [zone, rate, contactEmail] = [value('time_zone'), value('sales_tax_rate_bp'), value('contact_email')];
      const row = { location_id: l.locationId, location_name: l.locationName, loc_id: l.locId, is_using_crm: l.isUsingCrm, time_zone: zone, sales_tax_rate_bp: rate === null ? 0 : Number(rate), contact_email: contactEmail };
      const keepZone = zone === null;
      const keepRate = rate === null;
      const keepContact = contactEmail === null;
      await tx`insert into ref.locations ${tx(row)}
        on conflict (location_id) do update set location_name = excluded.location_name, loc_id = excluded.loc_id, is_using_crm = excluded.is_using_crm,
          time_zone = case when ${keepZone} then ref.locations.time_zone else excluded.time_zone end,
          sales_tax_rate_bp = case when ${keepRate} then ref.locations.sales_tax_rate_bp else excluded.sales_tax_rate_bp end,
          contact_email = case when ${keepContact} then ref.locations.contact_email else excluded.contact_email end`;
    }
  });

  for (const table of tables) {
    await sql.begin(async (raw) => {
      const tx = raw as unknown as Sql;
      const [existing] = await tx.unsafe<{ found: boolean }[]>(`select exists (select 1 from ${table}) as found`);
      if (existing!.found) throw new Error(`${table} is not empty: bulk loading needs empty tables`);
      const defs = await indexDefinitions(tx, table);
      for (const c of defs.constraints) await tx.unsafe(`alter table ${table} drop constraint "${c.name}"`);
      for (const i of defs.indexes) await tx.unsafe(`drop index ref."${i.name}"`);
      await tx.unsafe(`truncate ${table}`);

      const loadStarted = performance.now();
      const count = { rows: 0 };
      const copy = await copyIn(tx, table, `copy ${table} (${COLUMNS[table].join(', ')}) from stdin with (freeze)`);
      await copy.done(pipeline(Readable.from(copyText(records(), table, count, (done) => options.onProgress?.(table, done))), copy.writable));
      result.seconds.load += (performance.now() - loadStarted) / 1000;

      const indexStarted = performance.now();
      await tx.unsafe(`set local maintenance_work_mem = '512MB'`);
      for (const c of defs.constraints) await tx.unsafe(`alter table ${table} add constraint "${c.name}" ${c.definition}`);
      for (const i of defs.indexes) await tx.unsafe(i.definition);
      result.seconds.indexes += (performance.now() - indexStarted) / 1000;
      if (table === 'ref.repair_orders') result.repairOrders = count.rows;
      else if (table === 'ref.ro_jobs') result.jobs = count.rows;
      else result.accountingDetails = count.rows;
    });
    await sql.unsafe(`analyze ${table}`);
  }
  return result;
}
