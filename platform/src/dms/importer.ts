/**
 * The DMS importer (`npm run import:ros -- FILE`): reads a JSON or CSV export, checks every
 * row, stages the accepted ones with COPY and merges them into the `ref` tables with
 * INSERT ... ON CONFLICT in one transaction.
 *
 * - Idempotent: rows equal to what is stored are not written at all, so importing the same
 *   file again changes nothing (the report says "unchanged").
 * - Rejected rows are reported (row number and reasons) and skipped; the accepted rows commit
 *   together. A file that cannot be read as JSON/CSV at all imports nothing.
 * - A repair order in a file is complete: its jobs replace the stored jobs. Accounting
 *   postings are a ledger: they are added or corrected by id, never deleted by an import.
 * Formats: docs/decisions-ro.md.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Sql } from '../db/postgres';
import { csvRecords } from './csv-reader';
import { FileFormatError, jsonArrayElements } from './json-reader';
import { ACCOUNTING_DETAIL_FIELDS, DERIVED_JOB_KEYS, DERIVED_RO_KEYS, LOCATION_FIELDS, REPAIR_ORDER_FIELDS, RO_JOB_FIELDS, columnsOf, normalizeValue } from './fields';
import {
  accountingLine,
  checkAccounting,
  checkHeader,
  checkJob,
  checkLocation,
  checkRepairOrder,
  isObject,
  jobLine,
  kindOf,
  locationLine,
  repairOrderLine,
  roKey,
  type CheckedHeader,
} from './records';

export { FileFormatError };

export interface RowMessage {
  row: number;
  message: string;
}

export interface TableCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

export interface ImportReport {
  source: string;
  format: 'json' | 'csv' | 'records';
  /** Data rows read (JSON array elements, CSV rows after the header). */
  rows: number;
  accepted: number;
  rejected: number;
  rejections: RowMessage[];
  /** Accepted rows with a value that was dropped (e.g. an invalid e-mail). */
  warnings: RowMessage[];
  locations: TableCounts;
  repairOrders: TableCounts;
  jobs: TableCounts;
  accountingDetails: TableCounts;
  dryRun: boolean;
  seconds: number;
  /** Seconds per phase: read (parse and check), stage (COPY), then each merge step. */
  phases: Record<string, number>;
}

export interface ImportOptions {
  /** Check and stage everything, report what would change, then roll back. */
  dryRun?: boolean;
}

const zero = (): TableCounts => ({ inserted: 0, updated: 0, unchanged: 0, deleted: 0 });

/**
 * The staging table: one wide row per record of any kind (R repair order, J job, A accounting
 * detail, L location), so the whole file streams through ONE COPY on the transaction's
 * connection while it is being read (parsing and PostgreSQL's ingest overlap, and nothing
 * accumulates in memory). Columns shared by several kinds have the same type in `ref`.
 */
const STAGE_EXTRA = ['kind', 'row_no', 'row_nos', 'standalone'] as const;
const STAGE_SOURCES: [string, readonly string[]][] = [
  ['r', [...columnsOf(REPAIR_ORDER_FIELDS)]],
  ['j', columnsOf(RO_JOB_FIELDS)],
  ['a', columnsOf(ACCOUNTING_DETAIL_FIELDS)],
  ['l', columnsOf(LOCATION_FIELDS)],
];
const STAGE_COLUMNS: string[] = [...STAGE_EXTRA];
const STAGE_SELECT: string[] = ['null::"char" as kind', 'null::integer as row_no', 'null::integer[] as row_nos', 'null::boolean as standalone'];
for (const [alias, columns] of STAGE_SOURCES) {
  for (const column of columns) {
    if (STAGE_COLUMNS.includes(column)) continue;
    STAGE_COLUMNS.push(column);
    STAGE_SELECT.push(`${alias}.${column}`);
  }
}
const STAGE_INDEX = new Map(STAGE_COLUMNS.map((c, i) => [c, i]));
const positions = (columns: readonly string[]) => columns.map((c) => STAGE_INDEX.get(c)!);

const RO_COLUMNS = columnsOf(REPAIR_ORDER_FIELDS);
const JOB_COLUMNS = ['location_id', 'ro_number', ...columnsOf(RO_JOB_FIELDS)];
const ACCOUNTING_COLUMNS = columnsOf(ACCOUNTING_DETAIL_FIELDS);
const LOCATION_COLUMNS = columnsOf(LOCATION_FIELDS);
const RO_POSITIONS = positions(['row_nos', 'location_name', ...RO_COLUMNS]);
const JOB_POSITIONS = positions(JOB_COLUMNS);
const ACCOUNTING_POSITIONS = positions(['row_no', 'standalone', ...ACCOUNTING_COLUMNS]);
const LOCATION_POSITIONS = positions(['row_no', ...LOCATION_COLUMNS]);
const EMPTY_STAGE_ROW: readonly string[] = STAGE_COLUMNS.map(() => '\\N');

/** A staging line of `kind` from a record line (tab separated, COPY-escaped) in its own column order. */
function stageLine(kind: string, at: readonly number[], recordLine: string): string {
  const out = EMPTY_STAGE_ROW.slice();
  out[0] = kind;
  const values = recordLine.split('\t');
  for (let i = 0; i < at.length; i++) out[at[i]!] = values[i]!;
  return out.join('\t');
}

/** Checks records, remembers keys for duplicate detection, and streams accepted rows to COPY. */
class Batch {
  rows = 0;
  rejectedRows = 0;
  readonly rejections: RowMessage[] = [];
  readonly warnings: RowMessage[] = [];
  readonly locationRows = new Map<string, number>();
  readonly repairOrderRows = new Map<string, number>();
  readonly accountingRows = new Map<string, number>();
  readonly staged = { locations: 0, repairOrders: 0, jobs: 0, accountingDetails: 0 };
  private pending: string[] = [];

  constructor(private readonly out: Writable) {}

  private stage(kind: string, at: readonly number[], recordLine: string): void {
    this.pending.push(stageLine(kind, at, recordLine));
  }

  /** Writes what is pending to COPY, waiting when PostgreSQL is behind. */
  async flush(force = false): Promise<void> {
    if (this.pending.length === 0 || (!force && this.pending.length < 1000)) return;
    const text = `${this.pending.join('\n')}\n`;
    this.pending = [];
    if (!this.out.write(text)) await once(this.out, 'drain');
  }

  reject(rows: number | readonly number[], messages: string | readonly string[]): void {
    const list = typeof rows === 'number' ? [rows] : rows;
    const message = typeof messages === 'string' ? messages : messages.join('; ');
    for (const row of list) this.rejections.push({ row, message: row === list[0] ? message : `rejected with row ${list[0]} (same repair order)` });
    this.rejectedRows += list.length;
  }

  warn(row: number, warnings: readonly string[]): void {
    for (const message of warnings) this.warnings.push({ row, message });
  }

  /** One JSON element or generated record. */
  addElement(element: unknown, row: number): void {
    this.rows++;
    let raw: unknown = element;
    if (typeof element === 'string') {
      try {
        raw = JSON.parse(element);
      } catch (error) {
        return this.reject(row, `not valid JSON: ${(error as Error).message}`);
      }
    }
    if (!isObject(raw)) return this.reject(row, 'must be an object');
    const kind = kindOf(raw);
    if (kind === 'repairOrder') return this.addRepairOrder(raw, row);
    if (kind === 'accountingDetail') return this.addStandaloneAccounting(raw, row);
    if (kind === 'location') return this.addLocation(raw, row);
    this.reject(row, 'is neither a repair order (roNumber), an accounting detail (cdkAccountingDetailsId) nor a location (locId)');
  }

  private addRepairOrder(raw: Record<string, unknown>, row: number): void {
    const checked = checkRepairOrder(raw);
    this.warn(row, checked.warnings);
    if (!checked.ok) return this.reject(row, checked.errors);
    const { header, jobs, accounting } = checked.value;
    const duplicate = this.repairOrderRows.get(header.key);
    if (duplicate !== undefined) return this.reject(row, `duplicate of row ${duplicate} (same locationId and roNumber)`);
    const clash = accounting.find((a) => this.accountingRows.has(a.id));
    if (clash) return this.reject(row, `accountingDetails: cdkAccountingDetailsId ${clash.id} is already in row ${this.accountingRows.get(clash.id)}`);
    this.repairOrderRows.set(header.key, row);
    this.stage('R', RO_POSITIONS, repairOrderLine([row], header));
    this.staged.repairOrders++;
    for (const job of jobs) this.stage('J', JOB_POSITIONS, jobLine(header, job));
    this.staged.jobs += jobs.length;
    for (const detail of accounting) {
      this.accountingRows.set(detail.id, row);
      this.stage('A', ACCOUNTING_POSITIONS, accountingLine(row, false, detail));
    }
    this.staged.accountingDetails += accounting.length;
  }

  addStandaloneAccounting(raw: Record<string, unknown>, row: number): void {
    const checked = checkAccounting(raw, '');
    this.warn(row, checked.warnings);
    if (!checked.ok) return this.reject(row, checked.errors);
    const duplicate = this.accountingRows.get(checked.value.id);
    if (duplicate !== undefined) return this.reject(row, `cdkAccountingDetailsId ${checked.value.id} is already in row ${duplicate}`);
    this.accountingRows.set(checked.value.id, row);
    this.stage('A', ACCOUNTING_POSITIONS, accountingLine(row, true, checked.value));
    this.staged.accountingDetails++;
  }

  addLocation(raw: Record<string, unknown>, row: number): void {
    const checked = checkLocation(raw);
    if (!checked.ok) return this.reject(row, checked.errors);
    const duplicate = this.locationRows.get(checked.value.locationId);
    if (duplicate !== undefined) return this.reject(row, `duplicate of row ${duplicate} (same locationId)`);
    this.locationRows.set(checked.value.locationId, row);
    this.stage('L', LOCATION_POSITIONS, locationLine(row, checked.value));
    this.staged.locations++;
  }

  /** A repair order assembled from CSV rows (one row per job). */
  addCsvRepairOrder(group: CsvGroup): void {
    if (group.errors.length) {
      const first = group.errors[0]!.row;
      const messages = group.errors.map((e) => (e.row === first ? e.message : `row ${e.row}: ${e.message}`));
      return this.reject([first, ...group.rows.filter((r) => r !== first)], messages);
    }
    const header = group.header!;
    this.repairOrderRows.set(header.key, group.rows[0]!);
    this.stage('R', RO_POSITIONS, repairOrderLine(group.rows, header));
    this.staged.repairOrders++;
    for (const line of group.jobLines) this.stage('J', JOB_POSITIONS, line);
    this.staged.jobs += group.jobLines.length;
  }
}

// ---------------------------------------------------------------------------------------
// CSV

interface CsvGroup {
  rows: number[];
  header: CheckedHeader | null;
  headerLine: string;
  jobIds: Set<string>;
  jobLines: string[];
  errors: RowMessage[];
}

const LOCATION_KEYS = new Set(LOCATION_FIELDS.map((x) => x.key));
const ACCOUNTING_KEYS = new Set([...ACCOUNTING_DETAIL_FIELDS.map((x) => x.key), 'id']);
const RO_KEYS = new Set([...REPAIR_ORDER_FIELDS.map((x) => x.key), ...DERIVED_RO_KEYS]);
const JOB_KEYS = new Set([...RO_JOB_FIELDS.map((x) => x.key), ...DERIVED_JOB_KEYS]);
const JOB_PREFIX = 'job.';

type CsvKind = 'repairOrders' | 'accountingDetails' | 'locations';

function csvKind(header: string[]): CsvKind {
  const has = (k: string) => header.includes(k);
  let kind: CsvKind;
  let known: (h: string) => boolean;
  if (has('cdkAccountingDetailsId')) [kind, known] = ['accountingDetails', (h) => ACCOUNTING_KEYS.has(h)];
  else if (has('roNumber')) [kind, known] = ['repairOrders', (h) => (h.startsWith(JOB_PREFIX) ? JOB_KEYS.has(h.slice(JOB_PREFIX.length)) : RO_KEYS.has(h))];
  else if (has('locId') || has('isUsingCrm')) [kind, known] = ['locations', (h) => LOCATION_KEYS.has(h)];
  else throw new FileFormatError('Unrecognised CSV header: a repair-order file needs a roNumber column, an accounting file cdkAccountingDetailsId, a location file locId.');
  const unknown = header.filter((h) => !known(h));
  if (unknown.length) throw new FileFormatError(`Unknown CSV column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
  const seen = new Set<string>();
  for (const h of header) {
    if (seen.has(h)) throw new FileFormatError(`CSV column ${h} appears twice.`);
    seen.add(h);
  }
  return kind;
}

const RO_ID_SPECS = REPAIR_ORDER_FIELDS.filter((x) => x.key === 'locationId' || x.key === 'roNumber');

async function readCsv(batch: Batch, source: AsyncIterable<Buffer | string>): Promise<void> {
  let header: string[] | null = null;
  let kind: CsvKind = 'repairOrders';
  const groups = new Map<string, CsvGroup>();
  for await (const record of csvRecords(source)) {
    if (!header) {
      header = record.fields.map((h) => h.trim());
      kind = csvKind(header);
      continue;
    }
    batch.rows++;
    await batch.flush();
    const { row, fields } = record;
    if (fields.length !== header.length) {
      batch.reject(row, `has ${fields.length} fields; the header has ${header.length}`);
      continue;
    }
    if (kind === 'accountingDetails' || kind === 'locations') {
      const raw: Record<string, unknown> = {};
      header.forEach((h, i) => (raw[h] = fields[i]));
      if (kind === 'accountingDetails') batch.addStandaloneAccounting(raw, row);
      else batch.addLocation(raw, row);
      continue;
    }
    const ro: Record<string, unknown> = {};
    const job: Record<string, unknown> = {};
    let hasJob = false;
    header.forEach((h, i) => {
      const value = fields[i]!;
      if (h.startsWith(JOB_PREFIX)) {
        job[h.slice(JOB_PREFIX.length)] = value;
        if (value.trim() !== '') hasJob = true;
      } else ro[h] = value;
    });
    const ids: string[] = [];
    const idErrors: string[] = [];
    for (const spec of RO_ID_SPECS) {
      const id = normalizeValue(spec, ro[spec.key]);
      if (id.ok) ids.push(id.value ?? '');
      else idErrors.push(id.message);
    }
    if (idErrors.length) {
      batch.reject(row, idErrors);
      continue;
    }
    const key = roKey(ids[0]!, ids[1]!);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { rows: [], header: null, headerLine: '', jobIds: new Set(), jobLines: [], errors: [] }));
    group.rows.push(row);
    const head = checkHeader(ro, '', DERIVED_RO_KEYS);
    batch.warn(row, head.warnings);
    if (!head.ok) group.errors.push({ row, message: head.errors.join('; ') });
    else {
      const headerLine = repairOrderLine([], head.value);
      if (!group.header) [group.header, group.headerLine] = [head.value, headerLine];
      else if (headerLine !== group.headerLine) group.errors.push({ row, message: `repair-order columns differ from row ${group.rows[0]} of the same repair order` });
    }
    if (!hasJob) continue;
    const checked = checkJob(job, JOB_PREFIX);
    batch.warn(row, checked.warnings);
    if (!checked.ok) group.errors.push({ row, message: checked.errors.join('; ') });
    else if (group.jobIds.has(checked.value.jobId)) group.errors.push({ row, message: `job.jobId ${checked.value.jobId} appears twice in this repair order` });
    else if (group.header) {
      group.jobIds.add(checked.value.jobId);
      group.jobLines.push(jobLine(group.header, checked.value));
    }
  }
  if (!header) throw new FileFormatError('The file is empty; a CSV file needs a header row.');
  for (const group of groups.values()) {
    batch.addCsvRepairOrder(group);
    await batch.flush();
  }
}

// ---------------------------------------------------------------------------------------
// Merge

const stageOf = (kind: string, columns: readonly string[]) => `(select ${columns.join(', ')} from dms_stage where kind = '${kind}') s`;

/** INSERT ... ON CONFLICT that writes only rows that differ, counting inserts and updates. */
async function upsert(tx: Sql, target: string, source: string, columns: readonly string[], keys: readonly string[], extraSet = ''): Promise<{ inserted: number; updated: number }> {
  const rest = columns.filter((c) => !keys.includes(c));
  const [row] = await tx.unsafe<{ inserted: number; updated: number }[]>(`
    with up as (
      insert into ${target} as t (${columns.join(', ')})
      select ${columns.join(', ')} from ${source}
      on conflict (${keys.join(', ')}) do update set ${rest.map((c) => `${c} = excluded.${c}`).join(', ')}${extraSet}
      where (${rest.map((c) => `t.${c}`).join(', ')}) is distinct from (${rest.map((c) => `excluded.${c}`).join(', ')})
      returning (xmax = 0) as inserted
    ) select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated from up`);
  return row!;
}

const counted = (total: number, r: { inserted: number; updated: number }, deleted = 0): TableCounts => ({
  inserted: r.inserted,
  updated: r.updated,
  unchanged: total - r.inserted - r.updated,
  deleted,
});

class DryRunRollback extends Error {}

type Reader = (batch: Batch) => Promise<void>;

/**
 * One transaction: stage everything `read` accepts through COPY, then merge into `ref`.
 * Any error (a file that cannot be parsed, a database failure) rolls the whole file back.
 */
async function run(sql: Sql, read: Reader, report: ImportReport, started: number): Promise<Batch> {
  let mark = started;
  const phase = (name: string) => {
    const now = performance.now();
    report.phases[name] = (now - mark) / 1000;
    mark = now;
  };
  let batch: Batch | null = null;
  const work = async (tx: Sql) => {
    // One import at a time: two overlapping upserts could otherwise deadlock.
    await tx`select pg_advisory_xact_lock(hashtext('dms-import'))`;
    await tx.unsafe(`
      create temp table dms_stage on commit drop as
      select ${STAGE_SELECT.join(', ')}
      from ref.repair_orders r, ref.ro_jobs j, ref.accounting_details a, ref.locations l with no data`);
    const copy = await tx.unsafe(`copy dms_stage (${STAGE_COLUMNS.join(', ')}) from stdin`).writable();
    const copied = finished(copy);
    batch = new Batch(copy);
    try {
      await read(batch);
      await batch.flush(true);
      copy.end();
      await copied;
    } catch (error) {
      copy.destroy(error as Error);
      await copied.catch(() => undefined);
      throw error;
    }
    await tx.unsafe('analyze dms_stage');
    phase('readAndStage');
    await mergeStaged(tx, batch, report);
    phase('merge');
    if (report.dryRun) throw new DryRunRollback();
  };
  try {
    await sql.begin((tx) => work(tx as unknown as Sql));
    phase('commit');
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return batch!;
}

async function mergeStaged(tx: Sql, batch: Batch, report: ImportReport): Promise<void> {
  // Locations: explicit records first (a blank isUsingCrm keeps the stored flag), then any
  // location a repair order names that is not known yet (not using the CRM until set).
  const [loc] = await tx.unsafe<{ inserted: number; updated: number }[]>(`
    with src as (select location_id, location_name, loc_id, is_using_crm from dms_stage where kind = 'L'),
    up as (
      insert into ref.locations as t (location_id, location_name, loc_id, is_using_crm)
      select location_id, location_name, loc_id, coalesce(is_using_crm, false) from src
      on conflict (location_id) do update set location_name = excluded.location_name, loc_id = excluded.loc_id,
        is_using_crm = coalesce((select d.is_using_crm from src d where d.location_id = t.location_id), t.is_using_crm)
      where (t.location_name, t.loc_id, t.is_using_crm)
        is distinct from (excluded.location_name, excluded.loc_id, coalesce((select d.is_using_crm from src d where d.location_id = t.location_id), t.is_using_crm))
      returning (xmax = 0) as inserted
    ) select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated from up`);
  const created = await tx.unsafe(`
    insert into ref.locations (location_id, location_name, loc_id, is_using_crm)
    select distinct on (location_id) location_id, location_name, location_id::text as loc_id, false as is_using_crm
    from dms_stage where kind = 'R' and location_name is not null order by location_id
    on conflict (location_id) do nothing returning location_id`);
  report.locations = counted(batch.staged.locations + created.length, { inserted: loc!.inserted + created.length, updated: loc!.updated });

  const unknown = await tx.unsafe<{ row_nos: number[]; location_id: number }[]>(`
    delete from dms_stage r where kind = 'R' and not exists (select 1 from ref.locations l where l.location_id = r.location_id)
    returning row_nos, location_id`);
  for (const r of unknown) batch.reject(r.row_nos, `location ${r.location_id} is not known: import the location first, or give locationName to create it`);
  if (unknown.length) {
    await tx.unsafe(`
      delete from dms_stage c where (kind = 'J' or (kind = 'A' and not standalone))
        and not exists (select 1 from dms_stage r where r.kind = 'R' and r.location_id = c.location_id and r.ro_number = c.ro_number)`);
  }

  const ros = await upsert(tx, 'ref.repair_orders', stageOf('R', RO_COLUMNS), RO_COLUMNS, ['location_id', 'ro_number'], ', imported_at = now()');
  report.repairOrders = counted(batch.staged.repairOrders - unknown.length, ros);

  const [removed] = await tx.unsafe<{ n: number }[]>(`
    with d as (
      delete from ref.ro_jobs j using dms_stage r
      where r.kind = 'R' and j.location_id = r.location_id and j.ro_number = r.ro_number
        and not exists (select 1 from dms_stage t where t.kind = 'J' and t.location_id = j.location_id and t.ro_number = j.ro_number and t.job_id = j.job_id)
      returning 1
    ) select count(*)::int as n from d`);
  const [jobCount] = await tx.unsafe<{ n: number }[]>(`select count(*)::int as n from dms_stage where kind = 'J'`);
  const jobs = await upsert(tx, 'ref.ro_jobs', stageOf('J', JOB_COLUMNS), JOB_COLUMNS, ['location_id', 'ro_number', 'job_id']);
  report.jobs = counted(jobCount!.n, jobs, removed!.n);

  const orphans = await tx.unsafe<{ row_no: number; location_id: number; ro_number: string }[]>(`
    delete from dms_stage a where a.kind = 'A' and a.standalone
      and not exists (select 1 from ref.repair_orders r where r.location_id = a.location_id and r.ro_number = a.ro_number)
    returning row_no, location_id, ro_number`);
  for (const o of orphans) batch.reject(o.row_no, `repair order ${o.ro_number} at location ${o.location_id} is not known: import it first`);
  const [accountingCount] = await tx.unsafe<{ n: number }[]>(`select count(*)::int as n from dms_stage where kind = 'A'`);
  const accounting = await upsert(tx, 'ref.accounting_details', stageOf('A', ACCOUNTING_COLUMNS), ACCOUNTING_COLUMNS, ['cdk_accounting_details_id']);
  report.accountingDetails = counted(accountingCount!.n, accounting);
}

function finish(batch: Batch, report: ImportReport, started: number): ImportReport {
  report.rows = batch.rows;
  report.rejected = batch.rejectedRows;
  report.accepted = batch.rows - batch.rejectedRows;
  report.rejections = [...batch.rejections].sort((a, b) => a.row - b.row);
  report.warnings = batch.warnings;
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

function emptyReport(source: string, format: ImportReport['format'], dryRun: boolean): ImportReport {
  return {
    source,
    format,
    rows: 0,
    accepted: 0,
    rejected: 0,
    rejections: [],
    warnings: [],
    locations: zero(),
    repairOrders: zero(),
    jobs: zero(),
    accountingDetails: zero(),
    dryRun,
    seconds: 0,
    phases: {},
  };
}

async function formatOf(path: string): Promise<'json' | 'csv'> {
  if (/\.json$/i.test(path)) return 'json';
  if (/\.csv$/i.test(path)) return 'csv';
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').trimStart().startsWith('[') ? 'json' : 'csv';
  } finally {
    await handle.close();
  }
}

/**
 * Imports one DMS export file. Throws FileFormatError (nothing imported) when the file cannot
 * be read as a JSON array or a CSV file with a known header.
 */
export async function importDmsFile(sql: Sql, path: string, options: ImportOptions = {}): Promise<ImportReport> {
  const started = performance.now();
  const format = await formatOf(path);
  const report = emptyReport(path, format, options.dryRun ?? false);
  const batch = await run(
    sql,
    async (batch) => {
      const stream = createReadStream(path, { highWaterMark: 1 << 20 });
      try {
        if (format === 'json') {
          let row = 0;
          for await (const element of jsonArrayElements(stream)) {
            batch.addElement(element, ++row);
            await batch.flush();
          }
        } else await readCsv(batch, stream);
      } finally {
        stream.destroy();
      }
    },
    report,
    started,
  );
  return finish(batch, report, started);
}

/** Imports records already in memory (the demo generator, tests): same checks and merge. */
export async function importDmsRecords(sql: Sql, records: Iterable<unknown>, options: ImportOptions & { source?: string } = {}): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport(options.source ?? 'records', 'records', options.dryRun ?? false);
  const batch = await run(
    sql,
    async (batch) => {
      let row = 0;
      for (const record of records) {
        batch.addElement(record, ++row);
        await batch.flush();
      }
    },
    report,
    started,
  );
  return finish(batch, report, started);
}
