/**
 * Writes generated repair orders as DMS export files in the importer's formats
 * (docs/decisions/0029-dms-importer.md): one JSON array, or a repair-order CSV (one row per job, RO columns
 * repeated) plus an accounting CSV. Streams, so a large export never sits in memory.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { ACCOUNTING_DETAIL_FIELDS, REPAIR_ORDER_FIELDS, RO_JOB_FIELDS, type LocationRecord, type RepairOrderRecord } from '@dealer/dms/index';

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

async function close(out: WriteStream): Promise<void> {
  out.end();
  await once(out, 'finish');
}

export async function writeJsonExport(path: string, locations: readonly LocationRecord[], records: Iterable<RepairOrderRecord>): Promise<number> {
  const out = createWriteStream(path);
  let count = 0;
  let chunk: string[] = locations.map((l) => JSON.stringify(l));
  let separator = '[\n';
  for (const r of records) {
    chunk.push(JSON.stringify(r));
    count++;
    if (chunk.length >= 500) {
      await write(out, separator + chunk.join(',\n'));
      separator = ',\n';
      chunk = [];
    }
  }
  await write(out, `${chunk.length ? separator + chunk.join(',\n') : separator === '[\n' ? '[' : ''}\n]\n`);
  await close(out);
  return count;
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = Array.isArray(value) ? value.join('|') : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const RO_KEYS = [...REPAIR_ORDER_FIELDS.map((f) => f.key), 'locationName'];
const JOB_KEYS = RO_JOB_FIELDS.map((f) => f.key);
const ACCOUNTING_KEYS = ACCOUNTING_DETAIL_FIELDS.map((f) => f.key);

/** Repair-order CSV (one row per job) and accounting CSV. */
export async function writeCsvExport(roPath: string, accountingPath: string, records: Iterable<RepairOrderRecord>): Promise<number> {
  const ros = createWriteStream(roPath);
  const accounting = createWriteStream(accountingPath);
  await write(ros, `${[...RO_KEYS, ...JOB_KEYS.map((k) => `job.${k}`)].join(',')}\n`);
  await write(accounting, `${ACCOUNTING_KEYS.join(',')}\n`);
  let count = 0;
  let roLines: string[] = [];
  let accountingLines: string[] = [];
  for (const r of records) {
    count++;
    const head = RO_KEYS.map((k) => csvField((r as unknown as Record<string, unknown>)[k])).join(',');
    const blank = JOB_KEYS.map(() => '').join(',');
    if (r.jobs.length === 0) roLines.push(`${head},${blank}`);
    for (const job of r.jobs) roLines.push(`${head},${JOB_KEYS.map((k) => csvField((job as unknown as Record<string, unknown>)[k])).join(',')}`);
    for (const a of r.accountingDetails ?? []) accountingLines.push(ACCOUNTING_KEYS.map((k) => csvField((a as unknown as Record<string, unknown>)[k])).join(','));
    if (roLines.length >= 1000) {
      await write(ros, `${roLines.join('\n')}\n`);
      roLines = [];
    }
    if (accountingLines.length >= 1000) {
      await write(accounting, `${accountingLines.join('\n')}\n`);
      accountingLines = [];
    }
  }
  if (roLines.length) await write(ros, `${roLines.join('\n')}\n`);
  if (accountingLines.length) await write(accounting, `${accountingLines.join('\n')}\n`);
  await close(ros);
  await close(accounting);
  return count;
}
