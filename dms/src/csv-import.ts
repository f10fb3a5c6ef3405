/** CSV exports: which kind a file holds (by its header), and its rows into the import batch. */
import type { Batch, CsvGroup } from './batch';
import { csvRecords } from './csv-reader';
import { ACCOUNTING_DETAIL_FIELDS, DERIVED_JOB_KEYS, DERIVED_RO_KEYS, LOCATION_FIELDS, REPAIR_ORDER_FIELDS, RO_JOB_FIELDS, normalizeValue } from './fields';
import { FileFormatError } from './json-reader';
import { checkHeader, checkJob, roKey } from './records';
import { STAGE_LINE } from './staging';

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

export async function readCsv(batch: Batch, source: AsyncIterable<Buffer | string>): Promise<void> {
  let header: string[] | null = null;
  let kind: CsvKind = 'repairOrders';
  let roColumns: [string, number][] = [];
  let jobColumns: [string, number][] = [];
  const groups = new Map<string, CsvGroup>();
  for await (const record of csvRecords(source)) {
    if (!header) {
      header = record.fields.map((h) => h.trim());
      kind = csvKind(header);
      roColumns = header.flatMap((h, i): [string, number][] => (h.startsWith(JOB_PREFIX) ? [] : [[h, i]]));
      jobColumns = header.flatMap((h, i): [string, number][] => (h.startsWith(JOB_PREFIX) ? [[h.slice(JOB_PREFIX.length), i]] : []));
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
    for (const [key, i] of roColumns) ro[key] = fields[i];
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
    const [locationId, roNumber] = ids as [string, string];
    const key = roKey(locationId, roNumber);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { locationId, roNumber, rows: [], header: null, rawHeader: null, headerLine: '', jobIds: new Set(), jobCount: 0, errors: [] }));
    group.rows.push(row);
    // The RO columns repeat on every job row: check them once per distinct text.
    const rawHeader = roColumns.map(([, i]) => fields[i]).join('\u0001');
    if (rawHeader !== group.rawHeader) {
      const head = checkHeader(ro, '', DERIVED_RO_KEYS);
      batch.warn(row, head.warnings);
      if (!head.ok) group.errors.push({ row, message: head.errors.join('; ') });
      else {
        const headerLine = `${head.value.locationName}\u0001${head.value.values.join('\u0001')}`;
        if (!group.header) [group.header, group.headerLine, group.rawHeader] = [head.value, headerLine, rawHeader];
        else if (headerLine !== group.headerLine) group.errors.push({ row, message: `repair-order columns differ from row ${group.rows[0]} of the same repair order` });
      }
    }
    if (!jobColumns.some(([, i]) => fields[i]!.trim() !== '')) continue;
    const job: Record<string, unknown> = {};
    for (const [key, i] of jobColumns) job[key] = fields[i];
    const checked = checkJob(job, JOB_PREFIX);
    batch.warn(row, checked.warnings);
    if (!checked.ok) group.errors.push({ row, message: checked.errors.join('; ') });
    else if (group.jobIds.has(checked.value.jobId)) group.errors.push({ row, message: `job.jobId ${checked.value.jobId} appears twice in this repair order` });
    else {
      // Staged at once (overlapping the read); withdrawn at the end if the RO is rejected.
      group.jobIds.add(checked.value.jobId);
      group.jobCount++;
      batch.stageJob(STAGE_LINE.job.of([locationId, roNumber, ...checked.value.values]));
    }
  }
  if (!header) throw new FileFormatError('The file is empty; a CSV file needs a header row.');
  for (const group of groups.values()) {
    batch.addCsvRepairOrder(group);
    await batch.flush();
  }
}
