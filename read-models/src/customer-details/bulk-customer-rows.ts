/**
 * How customer_details and customer_search apply customer events to their rows, given each one's
 * load and write statements (CustomerRowsIo): one batch at a time (applyCustomerBatch, the live
 * path), or, in a rebuild, with the rows kept in memory across its batches (issue 22 item 4): the
 * bulk applier. Each batch folds onto the rows the applier already holds, loads only the
 * ones it does not hold, and writes nothing until the rows it holds pass its limit or the rebuild
 * flushes it at the end of its bulk phase; a customer touched by many batches is then loaded never
 * and written once, instead of loaded and written again in every batch that names it.
 *
 * Nothing in memory changes until a batch's work has succeeded (its write included), so a batch
 * that fails and is applied again event by event to find the event to park (applyOrPark) folds
 * onto the same rows as the first time.
 */
import type { RecordedEvent } from '@dealer/platform';
import type { BulkApplier, Tx } from '../projection';
import { customerIdsToLoad, foldCustomerEvents, type CustomerRow } from './customer-fold';

export interface CustomerRowsIo {
  /** The stored rows of these customers (those that have one). */
  load(tx: Tx, ids: string[]): Promise<CustomerRow[]>;
  /** Inserts or replaces these rows. */
  write(tx: Tx, rows: CustomerRow[]): Promise<void>;
  /** Inserts rows that are not in the table (COPY); the bulk applier's new rows, when given. */
  insert?(tx: Tx, rows: CustomerRow[]): Promise<void>;
}

/**
 * The live path, one batch at a time (customer_details' and customer_search's applyBatch): load the
 * rows the batch names, fold, write the rows it changed. A customer created in the batch has no row
 * yet: only the others are loaded.
 */
export async function applyCustomerBatch(io: CustomerRowsIo, tx: Tx, events: RecordedEvent[]): Promise<void> {
  const ids = customerIdsToLoad(events);
  const rows = new Map((ids.length === 0 ? [] : await io.load(tx, ids)).map((r) => [r.customer_id, r]));
  const touched = foldCustomerEvents(rows, events);
  if (touched.size > 0) await io.write(tx, [...touched].map((id) => rows.get(id)!));
}

/** Rows held before they are written and let go: about 250 MB of customer rows (about 1 KB each, ADR 0096). */
export const BULK_ROW_LIMIT = 250_000;
/** Rows per write statement when the held rows are written. */
const WRITE_CHUNK = 10_000;

export class BulkCustomerRows implements BulkApplier {
  /** The rows folded since they were last written (or loaded): every one is written at the next flush. */
  private readonly rows = new Map<string, CustomerRow>();
  /** Those of the held rows that were loaded from the table: the others are new to it, and are inserted (COPY) rather than upserted. */
  private readonly stored = new Set<string>();

  constructor(
    private readonly io: CustomerRowsIo,
    private readonly limit = BULK_ROW_LIMIT,
  ) {}

  async applyBatch(tx: Tx, events: RecordedEvent[]): Promise<void> {
    const missing = customerIdsToLoad(events).filter((id) => !this.rows.has(id));
    const batch = new Map<string, CustomerRow>();
    for (const event of events) {
      const id = (event.data as { customerId: string }).customerId;
      const held = this.rows.get(id);
      // A copy: the fold changes rows in place, and a batch that fails must leave the held ones as they were.
      if (held && !batch.has(id)) batch.set(id, { ...held });
    }
    const loaded = new Set<string>();
    if (missing.length > 0) {
      for (const row of await this.io.load(tx, missing)) {
        batch.set(row.customer_id, row);
        loaded.add(row.customer_id);
      }
    }
    const touched = foldCustomerEvents(batch, events);
    if (this.rows.size + touched.size > this.limit) {
      // Over the limit: everything changed so far is written and the memory let go.
      const changed = [...this.rows.values()].filter((row) => !touched.has(row.customer_id));
      for (const id of touched) changed.push(batch.get(id)!);
      await this.writeAll(tx, changed, (id) => this.stored.has(id) || loaded.has(id));
      this.rows.clear();
      this.stored.clear();
      return;
    }
    for (const id of touched) {
      this.rows.set(id, batch.get(id)!);
      if (loaded.has(id)) this.stored.add(id);
    }
  }

  async flush(tx: Tx): Promise<void> {
    await this.writeAll(tx, [...this.rows.values()], (id) => this.stored.has(id));
    this.rows.clear();
    this.stored.clear();
  }

  /** Inserts the rows not in the table (when the io can) and upserts the others. */
  private async writeAll(tx: Tx, rows: CustomerRow[], inTable: (id: string) => boolean): Promise<void> {
    const upserts = this.io.insert ? rows.filter((row) => inTable(row.customer_id)) : rows;
    for (let i = 0; i < upserts.length; i += WRITE_CHUNK) await this.io.write(tx, upserts.slice(i, i + WRITE_CHUNK));
    if (this.io.insert) await this.io.insert(tx, rows.filter((row) => !inTable(row.customer_id)));
  }
}
