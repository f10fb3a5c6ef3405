/**
 * npm run import:ros -- FILE [FILE ...] [--dry-run] [--report REPORT.json]
 *
 * Imports DMS exports (JSON or CSV, docs/decisions/0029-dms-importer.md) into the reference tables, each
 * file in its own transaction: accepted rows commit together, rejected rows are listed with
 * their row number and reasons, a file that cannot be read imports nothing.
 * Exit code: 0 every row accepted, 2 some rows rejected, 1 a file refused or an error.
 */
import { writeFile } from 'node:fs/promises';
import { loadSettings, NO_EVENTS_APPLICATION_NAME } from '@dealer/platform';
import { FileFormatError, importDmsFile, lowerImportPriority, type ImportReport, type TableCounts } from '@dealer/dms/index';
import { prepareDatabase } from '../product';

const SHOWN = 50;

function parseArgs(argv: string[]): { files: string[]; dryRun: boolean; report: string | null } {
  const files: string[] = [];
  let dryRun = false;
  let report: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--report') report = argv[++i] ?? null;
    else if (arg.startsWith('--report=')) report = arg.slice('--report='.length);
    else if (arg === '--help' || arg === '-h') {
      console.log('usage: npm run import:ros -- FILE [FILE ...] [--dry-run] [--report REPORT.json]');
      process.exit(0);
    } else files.push(arg);
  }
  if (files.length === 0) {
    console.error('usage: npm run import:ros -- FILE [FILE ...] [--dry-run] [--report REPORT.json]');
    process.exit(1);
  }
  return { files, dryRun, report };
}

const n = (x: number) => x.toLocaleString('en-US');
const counts = (label: string, c: TableCounts, deletes = false) =>
  `  ${label.padEnd(20)} ${n(c.inserted).padStart(9)} inserted ${n(c.updated).padStart(9)} updated ${n(c.unchanged).padStart(9)} unchanged${deletes ? ` ${n(c.deleted).padStart(7)} deleted` : ''}`;

function print(report: ImportReport): void {
  const verb = report.dryRun ? 'checked (dry run, nothing written)' : 'imported';
  console.log(`${report.source} (${report.format}) ${verb} in ${report.seconds.toFixed(1)} s: ${n(report.rows)} rows, ${n(report.accepted)} accepted, ${n(report.rejected)} rejected`);
  console.log(counts('locations', report.locations));
  console.log(counts('repair orders', report.repairOrders));
  console.log(counts('jobs', report.jobs, true));
  console.log(counts('accounting details', report.accountingDetails));
  if (report.rejections.length) {
    console.log('  rejected rows:');
    for (const r of report.rejections.slice(0, SHOWN)) console.log(`    row ${r.row}: ${r.message}`);
    if (report.rejections.length > SHOWN) console.log(`    ... and ${n(report.rejections.length - SHOWN)} more (--report FILE lists them all)`);
  }
  if (report.warnings.length) {
    console.log(`  warnings (row imported, value dropped): ${n(report.warnings.length)}`);
    for (const w of report.warnings.slice(0, 10)) console.log(`    row ${w.row}: ${w.message}`);
  }
}

const args = parseArgs(process.argv.slice(2));
const env = await loadSettings();
// Background work: a busy service lane gets the cores first (DMS_IMPORT_NICE, ADR 0110).
lowerImportPriority(env.DMS_IMPORT_NICE);
// The import's long transactions append no events: named so, they do not hold back subscribers.
const sql = await prepareDatabase(env, { applicationName: NO_EVENTS_APPLICATION_NAME });
const reports: ImportReport[] = [];
let exitCode = 0;
try {
  for (const file of args.files) {
    try {
      const report = await importDmsFile(sql, file, { dryRun: args.dryRun });
      reports.push(report);
      print(report);
      if (report.rejected > 0) exitCode = Math.max(exitCode, 2);
    } catch (error) {
      exitCode = 1;
      if (error instanceof FileFormatError) console.error(`${file}: refused, nothing imported: ${error.message}`);
      else if ((error as NodeJS.ErrnoException).code === 'ENOENT') console.error(`${file}: no such file`);
      else throw error;
    }
  }
  if (args.report) {
    await writeFile(args.report, JSON.stringify(reports, null, 2));
    console.log(`report written to ${args.report}`);
  }
} finally {
  await sql.end({ timeout: 5 });
}
process.exit(exitCode);
