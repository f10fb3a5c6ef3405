/**
 * The import of the dealership's records of sold paper books (issue 12,
 * `npm run import:paper-books -- FILE [--dry-run]`): each row is checked (contracts
 * checkPaperBookImportRow) and registered on its book's stream (source 'import', registered by
 * 'import'), sold on the row's date at the row's price (or the pack's list price). The sale RO
 * need not be in the DMS data: the dealership's records are the proof of sale.
 *
 * Rows are accepted or rejected one by one with their row number and reasons, like the RO
 * importer's. A book already in the system with the same location, sale RO and pack is
 * accepted unchanged, so importing the same file again changes nothing; with another sale it is
 * rejected. A dry run decides every row without appending.
 */
import { PAPER_BOOK_IMPORT_MESSAGES, checkPaperBookImportRow } from '@dealer/contracts';
import { DomainError, type CommandContext } from '@dealer/platform';
import { registerPaperBook, type PaperBookDeps } from './service';

export interface PaperBookImportRowInput {
  /** Spreadsheet row (CSV: the header is row 1) or JSON array element (from 1). */
  row: number;
  /** The row's fields by column name; or why the row could not be read. */
  value: Record<string, unknown> | { unreadable: string };
}

export interface PaperBookImportReport {
  rows: number;
  accepted: number;
  /** Accepted rows that registered a book (would register, in a dry run). */
  created: number;
  /** Accepted rows whose book was already in the system alike. */
  unchanged: number;
  rejected: number;
  rejections: { row: number; message: string }[];
  dryRun: boolean;
}

export async function importPaperBooks(
  deps: PaperBookDeps,
  rows: AsyncIterable<PaperBookImportRowInput> | Iterable<PaperBookImportRowInput>,
  ctx: CommandContext,
  options: { dryRun?: boolean } = {},
): Promise<PaperBookImportReport> {
  const report: PaperBookImportReport = { rows: 0, accepted: 0, created: 0, unchanged: 0, rejected: 0, rejections: [], dryRun: options.dryRun ?? false };
  const reject = (row: number, message: string) => {
    report.rejected += 1;
    report.rejections.push({ row, message });
  };
  /** The row each book number was first seen on: a second row with the same number is a mistake in the file. */
  const seen = new Map<string, number>();
  for await (const { row, value } of rows) {
    report.rows += 1;
    if ('unreadable' in value) {
      reject(row, String(value.unreadable));
      continue;
    }
    const checked = checkPaperBookImportRow(value);
    if (!checked.ok) {
      reject(row, checked.errors.join(' '));
      continue;
    }
    const r = checked.value;
    const first = seen.get(r.bookNumber);
    if (first !== undefined) {
      reject(row, PAPER_BOOK_IMPORT_MESSAGES.duplicateInFile(first));
      continue;
    }
    seen.set(r.bookNumber, row);
    try {
      const result = await registerPaperBook(
        deps,
        { bookNumber: r.bookNumber, packId: r.packId, locationId: r.locationId, saleRoNumber: r.saleRoNumber, soldOn: r.soldOn, price: r.price, source: 'import', registeredBy: 'import' },
        ctx,
        { dryRun: report.dryRun },
      );
      report.accepted += 1;
      if (result.created) report.created += 1;
      else report.unchanged += 1;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      reject(row, error.errors.join(' '));
    }
  }
  return report;
}
