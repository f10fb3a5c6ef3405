/**
 * The search bench's data set, in its own bench database:
 * - customers: written straight into the customer_search read model table
 *   (rm_customer_search.customers, created by the projection's own createTables and createIndexes) with COPY,
 *   normalised exactly as the projection does; NOT through events and a projection rebuild
 *   (bench/rebuild.ts measures that path). Indexes are dropped during the load and rebuilt.
 * - repair orders: the deterministic DMS generator, bulk-loaded into the ref tables; 90% of
 *   them belong to those customers (same e-mail and phones), 10% to DMS-only walk-ins.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Sql } from '@dealer/platform';
import { DEMO_LOCATIONS, bulkLoadRepairOrders, copyValue, generateRepairOrders, syntheticPerson, type BulkLoadResult, type DmsPerson } from '@dealer/dms/index';
import { ensureProjectionSchema, projections } from '@dealer/projector';
import { customerSearch } from '@dealer/read-models/customer-search/projection';

export const benchCustomerId = (i: number) => `${(i >>> 0).toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
export const benchPerson = (seed: number, i: number): DmsPerson => syntheticPerson(seed, i, 'crm');

const norm = (s: string | null) => (s ?? '').trim().toLowerCase();

function* customerRows(seed: number, count: number, onProgress: (done: number) => void): Generator<string> {
  let chunk: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = benchPerson(seed, i);
    const mobile = p.phones[0] ?? null;
    const other = p.phones[1] ?? null;
    chunk.push(
      [
        benchCustomerId(i), p.firstName, p.lastName, p.email, mobile, other,
        norm(p.firstName), norm(p.lastName), `${norm(p.firstName)} ${norm(p.lastName)}`.trim(), norm(p.email),
        mobile ?? '', other ?? '', '2025-01-01 00:00:00+00',
      ].map(copyValue).join('\t'),
    );
    if (chunk.length === 5000) {
      yield `${chunk.join('\n')}\n`;
      chunk = [];
      onProgress(i + 1);
    }
  }
  if (chunk.length) yield `${chunk.join('\n')}\n`;
  onProgress(count);
}

export async function loadCustomers(sql: Sql, seed: number, count: number, onProgress: (done: number) => void): Promise<{ seconds: number; indexSeconds: number }> {
  for (const projection of projections) await ensureProjectionSchema(sql, projection);
  const schema = customerSearch.schema;
  const started = performance.now();
  let indexSeconds = 0;
  await sql.begin(async (raw) => {
    const tx = raw as unknown as Sql;
    const indexes = await tx<{ name: string }[]>`
      select indexname as name from pg_indexes where schemaname = ${schema} and tablename = 'customers' and indexname not like '%pkey'`;
    for (const i of indexes) await tx.unsafe(`drop index "${schema}"."${i.name}"`);
    await tx.unsafe(`truncate "${schema}".customers`);
    const writable = await tx
      .unsafe(`copy "${schema}".customers (customer_id, first_name, last_name, email_address, phone_mobile, phone_other,
        first_name_norm, last_name_norm, full_name_norm, email_norm, phone_digits, phone_other_digits, created_date) from stdin with (freeze)`)
      .writable();
    await pipeline(Readable.from(customerRows(seed, count, onProgress)), writable);
    const indexStarted = performance.now();
    await tx.unsafe(`set local maintenance_work_mem = '512MB'`);
    // The projection's own DDL recreates exactly the indexes the product has.
    await customerSearch.createIndexes!(tx, schema);
    indexSeconds = (performance.now() - indexStarted) / 1000;
  });
  await sql.unsafe(`analyze "${schema}".customers`);
  return { seconds: (performance.now() - started) / 1000, indexSeconds };
}

export async function loadRepairOrders(
  sql: Sql,
  options: { seed: number; customers: number; repairOrders: number; jobs: boolean },
  onProgress: (table: string, done: number) => void,
): Promise<BulkLoadResult> {
  const crm = { count: options.customers, at: (i: number) => benchPerson(options.seed, i) };
  const records = () =>
    generateRepairOrders({
      seed: options.seed,
      anchor: new Date('2026-06-30T00:00:00Z'),
      repairOrders: options.repairOrders,
      crm,
      crmShare: 0.9,
      walkIns: Math.ceil(options.repairOrders / 30),
      jobs: options.jobs,
      accounting: false,
    });
  return bulkLoadRepairOrders(sql, records, { locations: DEMO_LOCATIONS, jobs: options.jobs, accounting: false, onProgress });
}
