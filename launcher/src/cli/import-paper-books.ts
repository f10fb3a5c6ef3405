/**
 * npm run import:paper-books -- FILE [--dry-run]
 *
 * Imports the dealership's records of sold paper coupon books (issue 12): a JSON array of
 * objects or a CSV file with the header bookNumber,packId,locationId,saleRoNumber,soldDate,price
 * (soldDate MM/DD/YYYY or YYYY-MM-DD; price in dollars, empty for the pack's list price). Each
 * row is accepted or rejected with its row number and reasons (command-api paper-books/import.ts);
 * importing the same file again changes nothing. Same conventions as import:ros.
 * Exit code: 0 every row accepted, 2 some rows rejected, 1 the file refused or an error.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { PAPER_BOOK_IMPORT_COLUMNS } from '@dealer/contracts';
import { PersonalDataVault, ProtectedEventStore, createEventStore, loadSettings, systemContext } from '@dealer/platform';
import { FileFormatError, jsonArrayElements } from '@dealer/dms/json-reader';
import { csvRecords } from '@dealer/dms/csv-reader';
import { importPaperBooks, type PaperBookImportReport, type PaperBookImportRowInput } from '@dealer/command-api/paper-books/import';
import { prepareDatabase } from '../product';

const USAGE = 'usage: npm run import:paper-books -- FILE [--dry-run]';
const SHOWN = 50;
const REQUIRED = PAPER_BOOK_IMPORT_COLUMNS.filter((c) => c !== 'price');

function parseArgs(argv: string[]): { file: string; dryRun: boolean } {
  const files: string[] = [];
  let dryRun = false;
  for (const arg of argv) {
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else files.push(arg);
  }
  if (files.length !== 1) {
    console.error(USAGE);
    process.exit(1);
  }
  return { file: files[0]!, dryRun };
}

async function formatOf(path: string): Promise<'json' | 'csv'> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').trimStart().startsWith('[') ? 'json' : 'csv';
  } finally {
    await handle.close();
  }
}

async function* jsonRows(path: string): AsyncGenerator<PaperBookImportRowInput> {
  let row = 0;
  for await (const element of jsonArrayElements(createReadStream(path))) {
    row += 1;
    let value: unknown;
    try {
      value = JSON.parse(element);
    } catch {
      yield { row, value: { unreadable: 'The element is not valid JSON.' } };
      continue;
    }
    yield { row, value: typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { unreadable: 'The element is not an object.' } };
  }
}

/** CSV rows by the header's column names (matched whatever their case); a header without the columns refuses the file. */
async function* csvRows(path: string): AsyncGenerator<PaperBookImportRowInput> {
  let columns: (string | null)[] | null = null;
  for await (const record of csvRecords(createReadStream(path))) {
    if (!columns) {
      const known = new Map(PAPER_BOOK_IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]));
      columns = record.fields.map((f) => known.get(f.trim().toLowerCase()) ?? null);
      const missing = REQUIRED.filter((c) => !columns!.includes(c));
      if (missing.length) throw new FileFormatError(`The header must name the columns ${PAPER_BOOK_IMPORT_COLUMNS.join(',')}; missing: ${missing.join(', ')}.`);
      continue;
    }
    if (record.fields.length !== columns.length) {
      yield { row: record.row, value: { unreadable: `The row has ${record.fields.length} fields; the header has ${columns.length}.` } };
      continue;
    }
    const value: Record<string, unknown> = {};
    columns.forEach((c, i) => {
      if (c) value[c] = record.fields[i];
    });
    yield { row: record.row, value };
  }
  if (!columns) throw new FileFormatError('The file is empty: no header row.');
}

function print(file: string, report: PaperBookImportReport): void {
  const verb = report.dryRun ? 'checked (dry run, nothing written)' : 'imported';
  console.log(`${file} ${verb}: ${report.rows} rows, ${report.accepted} accepted (${report.created} ${report.dryRun ? 'would be added' : 'added'}, ${report.unchanged} already in the system), ${report.rejected} rejected`);
  if (report.rejections.length) {
    console.log('  rejected rows:');
    for (const r of report.rejections.slice(0, SHOWN)) console.log(`    row ${r.row}: ${r.message}`);
    if (report.rejections.length > SHOWN) console.log(`    ... and ${report.rejections.length - SHOWN} more`);
  }
}

const args = parseArgs(process.argv.slice(2));
const env = await loadSettings();
const sql = await prepareDatabase(env);
const store = new ProtectedEventStore(await createEventStore(env, sql), await PersonalDataVault.open(sql, env));
let exitCode = 0;
try {
  const format = await formatOf(args.file);
  // The whole file is read first: a file that turns out broken halfway imports nothing.
  const rows: PaperBookImportRowInput[] = [];
  for await (const row of format === 'json' ? jsonRows(args.file) : csvRows(args.file)) rows.push(row);
  const report = await importPaperBooks({ store, sql }, rows, systemContext('system:import-paper-books'), { dryRun: args.dryRun });
  print(args.file, report);
  if (report.rejected > 0) exitCode = 2;
} catch (error) {
  exitCode = 1;
  if (error instanceof FileFormatError) console.error(`${args.file}: refused: ${error.message}`);
  else if ((error as NodeJS.ErrnoException).code === 'ENOENT') console.error(`${args.file}: no such file`);
  else throw error;
} finally {
  await store.close();
  await sql.end({ timeout: 5 });
}
process.exit(exitCode);
