/** What an import reports: rows accepted and rejected (with reasons) and what changed per table. */
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

export function emptyReport(source: string, format: ImportReport['format'], dryRun: boolean): ImportReport {
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
