/**
 * How one report is answered from the `reports` and `liability` read models (issue 14): its
 * tables, totals and charts for the page (rows capped at REPORT_ROWS_MAX), and every row of one
 * of its tables, streamed in batches, for the CSV export. The route (routes/reports.ts) checks
 * access, the period, the locations (narrowed to the caller's) and the options before either runs.
 */
import type { ReportAnswer, ReportName, ReportQuery, ReportRow } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';

export type ReportBody = Pick<ReportAnswer, 'tables' | 'charts' | 'notes'>;

export interface ReportDefinition {
  name: ReportName;
  /** The read models (projection names) the report reads: read-your-writes waits for them. */
  readModels: string[];
  answer(sql: Sql, query: ReportQuery): Promise<ReportBody>;
  /** Every row of the table `tableKey` (one of answer's tables, same columns), in batches: a cursor, never all in memory. */
  stream(sql: Sql, query: ReportQuery, tableKey: string): AsyncIterable<ReportRow[]>;
}
