/**
 * The DMS import beside the load (bench/load/run.ts): imports the given export files one after
 * another with the product's importer (importDmsFile, what `npm run import:ros` runs), in its own
 * process, at the CPU priority import:ros takes (DMS_IMPORT_NICE). After each file it prints
 * "IMPORTED <rows> <seconds>"; after the last one "DONE", and it waits for SIGTERM (a file imported
 * again would write nothing: its ROs are all there).
 */
import { createPool, loadEnv, NO_EVENTS_APPLICATION_NAME } from '@dealer/platform';
import { importDmsFile, lowerImportPriority } from '@dealer/dms/index';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
// At the CPU priority `npm run import:ros` takes (DMS_IMPORT_NICE, ADR 0110).
lowerImportPriority(loadEnv().DMS_IMPORT_NICE);
const files = process.argv.slice(2);
// Named as `npm run import:ros` names its connections: its long transactions append no events, so
// they do not hold back the read side's horizon.
const sql = createPool(url, { max: 4, applicationName: NO_EVENTS_APPLICATION_NAME });
let stopping = false;
const stopped = new Promise<void>((resolve) =>
  process.on('SIGTERM', () => {
    stopping = true;
    resolve();
  }),
);
process.stdout.write('STARTED\n');
for (const file of files) {
  if (stopping) break;
  const report = await importDmsFile(sql, file);
  process.stdout.write(`IMPORTED ${report.repairOrders.inserted + report.repairOrders.updated} ${report.seconds}\n`);
}
if (!stopping) process.stdout.write('DONE\n');
await stopped;
await sql.end({ timeout: 5 });
process.exit(0);
