/**
 * The CSV export of one report table (issue 14): what the page shows, as a spreadsheet opens it.
 * - The header row is the columns' labels; then every row, in the definition's batches (a
 *   cursor: never all rows in memory); the totals row last, 'Total' in its first column.
 * - money (integer cents) as dollars with two decimals, no '$' and no thousands separators
 *   (-1234.5 dollars is "-1234.50"); percent (basis points) as "12.50%"; counts as integers;
 *   dates as YYYY-MM-DD; empty for null.
 * - RFC 4180: lines end with CRLF; a cell holding a comma, a quote, CR or LF is quoted and its
 *   quotes doubled.
 * - Formula injection: a text cell starting with = + - @ (or a tab or CR, which some
 *   spreadsheets skip before reading a formula) is prefixed with ' so it is never run as one.
 * The file starts with a UTF-8 byte-order mark, so Excel reads accented names as UTF-8.
 */
import { Readable } from 'node:stream';
import type { ReportCell, ReportColumn, ReportRow } from '@dealer/contracts';

export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Integer cents as dollars: 123456 -> "1234.56", -5 -> "-0.05". */
export function centsToDollars(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative && abs !== 0 ? `-${text}` : text;
}

/** Basis points as a percent: 1250 -> "12.50%". */
export function basisPointsToPercent(bp: number): string {
  return `${centsToDollars(bp)}%`;
}

/** One cell as CSV text (not yet quoted). */
export function formatCell(column: ReportColumn, value: ReportCell | undefined): string {
  if (value === null || value === undefined) return '';
  switch (column.kind) {
    case 'money':
      return typeof value === 'number' ? centsToDollars(value) : guardFormula(String(value));
    case 'percent':
      return typeof value === 'number' ? basisPointsToPercent(value) : guardFormula(String(value));
    case 'count':
      return typeof value === 'number' ? String(Math.trunc(value)) : guardFormula(String(value));
    case 'date':
      return guardFormula(String(value));
    default:
      return guardFormula(String(value));
  }
}

/** A text a spreadsheet would read as a formula gets a leading apostrophe. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function quoteCsv(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: string[]): string {
  return `${cells.map(quoteCsv).join(',')}\r\n`;
}

export function headerLine(columns: ReportColumn[]): string {
  return csvLine(columns.map((c) => guardFormula(c.label)));
}

export function rowLine(columns: ReportColumn[], cells: Record<string, ReportCell>): string {
  return csvLine(columns.map((c) => formatCell(c, cells[c.key])));
}

/** The totals row: 'Total' in the first column, then each column's total (empty where none). */
export function totalsLine(columns: ReportColumn[], totals: Record<string, ReportCell>): string {
  return csvLine(columns.map((c, i) => (i === 0 ? 'Total' : formatCell(c, totals[c.key]))));
}

/**
 * The whole file as a stream: header, every row of `batches` (pulled one batch at a time, as
 * the reader drains), totals. Destroying the stream (the client went away) ends the iteration,
 * which closes the definition's cursor.
 */
export function csvStream(columns: ReportColumn[], batches: AsyncIterable<ReportRow[]>, totals: Record<string, ReportCell> | null): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + headerLine(columns);
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      let chunk = '';
      for (const row of batch) chunk += rowLine(columns, row.cells);
      yield chunk;
    }
    if (totals) yield totalsLine(columns, totals);
  }
  return Readable.from(lines(), { objectMode: false });
}
