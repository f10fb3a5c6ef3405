/** The rows of one import being checked: keys seen (duplicates), rejections, warnings, and the accepted rows streamed to COPY. */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { RowMessage } from './import-report';
import { checkAccounting, checkLocation, checkRepairOrder, isObject, kindOf, type CheckedHeader } from './records';
import { STAGE_LINE } from './staging';

/** A repair order assembled from CSV rows (one row per job). */
export interface CsvGroup {
  locationId: string;
  roNumber: string;
  rows: number[];
  header: CheckedHeader | null;
  /** The RO columns as read, of the row that set `header`. */
  rawHeader: string | null;
  headerLine: string;
  jobIds: Set<string>;
  /** Jobs already staged. */
  jobCount: number;
  errors: RowMessage[];
}

/** Checks records, remembers keys for duplicate detection, and streams accepted rows to COPY. */
export class Batch {
  rows = 0;
  rejectedRows = 0;
  readonly rejections: RowMessage[] = [];
  readonly warnings: RowMessage[] = [];
  readonly locationRows = new Map<string, number>();
  readonly repairOrderRows = new Map<string, number>();
  readonly accountingRows = new Map<string, number>();
  readonly staged = { locations: 0, repairOrders: 0, jobs: 0, accountingDetails: 0 };
  /** ROs (location ids, RO numbers) whose jobs were staged before the RO was rejected. */
  readonly withdrawn: [string[], string[]] = [[], []];
  private pending: string[] = [];

  constructor(private readonly out: Writable) {}

  private stage(line: string): void {
    this.pending.push(line);
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
    this.stage(STAGE_LINE.repairOrder.of([`{${row}}`, header.locationName, ...header.values]));
    this.staged.repairOrders++;
    for (const job of jobs) this.stage(STAGE_LINE.job.of([header.locationId, header.roNumber, ...job.values]));
    this.staged.jobs += jobs.length;
    for (const detail of accounting) {
      this.accountingRows.set(detail.id, row);
      this.stage(STAGE_LINE.accountingDetail.of([String(row), 'f', ...detail.values]));
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
    this.stage(STAGE_LINE.accountingDetail.of([String(row), 't', ...checked.value.values]));
    this.staged.accountingDetails++;
  }

  addLocation(raw: Record<string, unknown>, row: number): void {
    const checked = checkLocation(raw);
    if (!checked.ok) return this.reject(row, checked.errors);
    const duplicate = this.locationRows.get(checked.value.locationId);
    if (duplicate !== undefined) return this.reject(row, `duplicate of row ${duplicate} (same locationId)`);
    this.locationRows.set(checked.value.locationId, row);
    this.stage(STAGE_LINE.location.of([String(row), ...checked.value.values]));
    this.staged.locations++;
  }

  /** A job of a CSV repair order, staged before its RO is complete. */
  stageJob(line: string): void {
    this.stage(line);
    this.staged.jobs++;
  }

  /** A repair order assembled from CSV rows (one row per job), once the file is read. */
  addCsvRepairOrder(group: CsvGroup): void {
    if (group.errors.length) {
      const first = group.errors[0]!.row;
      const messages = group.errors.map((e) => (e.row === first ? e.message : `row ${e.row}: ${e.message}`));
      if (group.jobCount) {
        this.withdrawn[0].push(group.locationId);
        this.withdrawn[1].push(group.roNumber);
        this.staged.jobs -= group.jobCount;
      }
      return this.reject([first, ...group.rows.filter((r) => r !== first)], messages);
    }
    const header = group.header!;
    this.repairOrderRows.set(header.key, group.rows[0]!);
    this.stage(STAGE_LINE.repairOrder.of([`{${group.rows.join(',')}}`, header.locationName, ...header.values]));
    this.staged.repairOrders++;
  }
}
