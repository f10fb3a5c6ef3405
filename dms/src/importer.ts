/**
 * The DMS importer (`npm run import:ros -- FILE`): reads a JSON or CSV export, checks every
 * row, stages the accepted ones with COPY and merges them into the `ref` tables (update what
 * changed, insert what is new) in one transaction.
 *
 * - Idempotent: rows equal to what is stored are not written at all, so importing the same
 *   file again changes nothing (the report says "unchanged").
 * - Rejected rows are reported (row number and reasons) and skipped; the accepted rows commit
 *   together. A file that cannot be read as JSON/CSV at all imports nothing.
 * - A repair order in a file is complete: its jobs replace the stored jobs. Accounting
 *   postings are a ledger: they are added or corrected by id, never deleted by an import.
 * - A committed import (not a dry run) notifies channel `dms_imported` (empty payload) in its
 *   transaction, so listeners hear of it once it is visible.
 * Formats: docs/decisions/0029-dms-importer.md.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { copyIn } from '@dealer/platform/db/copy';
import type { Sql } from '@dealer/platform/db/postgres';
import { Batch } from './batch';
import { readCsv } from './csv-import';
import { emptyReport, type ImportOptions, type ImportReport } from './import-report';
import { FileFormatError, jsonArrayElements } from './json-reader';
import { mergeStaged } from './merge';
import { CREATE_STAGE_TABLE, STAGE_COLUMNS, STAGE_STATISTICS } from './staging';

export { FileFormatError };
export * from './import-report';

class DryRunRollback extends Error {}

/** The channel every committed import (not a dry run) notifies, with an empty payload. */
export const DMS_IMPORTED_CHANNEL = 'dms_imported';

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
    // The merge joins the staged rows to the ref tables by key. With the default page cost (4, a
    // spinning disk's), PostgreSQL hash-joined a file of 500 ROs to the whole of each ref table:
    // the merge's time grew with ref's size. The tables are read from memory or SSD; at 1.1 the
    // planner looks a small file's rows up by key, and still hash-joins a large one (ADR 0108);
    // mergeStaged makes sure of the first where the planner does not (ADR 0109).
    await tx`set local random_page_cost = 1.1`;
    await tx.unsafe(CREATE_STAGE_TABLE);
    const copy = await copyIn(tx, 'dms_stage', `copy dms_stage (${STAGE_COLUMNS.join(', ')}) from stdin`);
    const copied = finished(copy.writable);
    batch = new Batch(copy.writable);
    try {
      await read(batch);
      await batch.flush(true);
      copy.writable.end();
      await copy.done(copied);
    } catch (error) {
      copy.writable.destroy(error as Error);
      await copied.catch(() => undefined);
      throw error;
    }
    if (batch.withdrawn[0].length) {
      await tx`delete from dms_stage where kind = 'J' and (location_id, ro_number) in
        (select * from unnest(${batch.withdrawn[0]}::integer[], ${batch.withdrawn[1]}::text[]))`;
    }
    // Statistics for the planner of the merge: the table's size, and the columns its statements
    // filter and join on. All of the staging table's columns took a file of 500 ROs about 38 ms of
    // the server's time, a third of the merge's (ADR 0108).
    await tx.unsafe(`analyze dms_stage (${STAGE_STATISTICS.join(', ')})`);
    phase('readAndStage');
    await mergeStaged(tx, batch, report, phase);
    if (report.dryRun) throw new DryRunRollback();
    // Delivered at commit, never for a rollback: the pack-sale worker listens, and finalises
    // the pending sales whose sale RO this import closed.
    await tx`select pg_notify(${DMS_IMPORTED_CHANNEL}, '')`;
  };
  try {
    await sql.begin((tx) => work(tx as unknown as Sql));
    phase('commit');
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return batch!;
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
