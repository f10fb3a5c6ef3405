/**
 * How customer_details and customer_search apply customer events to their rows, given each one's
 * load and write statements (CustomerRowsIo): one batch at a time (applyCustomerBatch, the live
 * path), or, in a rebuild, with the rows kept in memory across its batches (issue 22 item 4): the
 * bulk applier. Each batch folds onto the customers the applier already holds (as the fold's
 * entries: their rows are made only when written), loads only the ones it does not hold, and writes
 * nothing until the customers it holds pass its limit or the rebuild flushes it at the end of its
 * bulk phase; a customer touched by many batches is then loaded never and written once, instead of
 * loaded and written again in every batch that names it.
 *
 * Nothing in memory changes until a batch's work has succeeded (its write included), so a batch
 * that fails and is applied again event by event to find the event to park (applyOrPark) folds
 * onto the same rows as the first time.
 */
import { getHeapStatistics } from 'node:v8';
import type { RecordedEvent } from '@dealer/platform';
import type { BulkApplier, SharedFold, Tx } from '../projection';
import { mapped } from '../row-arrays';
import { customerIdsToLoad, entryOfRow, foldCustomerEntries, foldCustomerEvents, rowOfEntry, type CustomerEntry, type CustomerRow } from './customer-fold';

export interface CustomerRowsIo {
  /** The stored rows of these customers (those that have one). */
  load(tx: Tx, ids: string[]): Promise<CustomerRow[]>;
  /** Inserts or replaces these rows. */
  write(tx: Tx, rows: CustomerRow[]): Promise<void>;
  /** Inserts rows that are not in the table (COPY), taking them as they are made; the bulk applier's new rows, when given. */
  insert?(tx: Tx, rows: Iterable<CustomerRow>): Promise<void>;
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

/** The row of a held entry (keyed by customer id). */
const rowOf = ([id, entry]: [string, CustomerEntry]): CustomerRow => rowOfEntry(id, entry);

/**
 * Heap a held customer entry takes, its strings included (measured about 730 bytes; ADR 0096, addendum). Since
 * session 23 a customer without contact changes shares one frozen value for them (176 bytes less); the
 * figure is left as it was, so the limit below stays on the safe side.
 */
const HELD_ENTRY_BYTES = 750;

/**
 * Customers an applier holds before it writes them and lets go (ADR 0096): an eighth of the heap's
 * limit each, between 100,000 and 1,000,000, so customer_details and customer_search rebuilt apart
 * hold at most a quarter together (rebuilt together they share one applier's: ADR 0106). Node's
 * default heap on this machine (4.3 GB) gives about 720,000: a log of 1,000,000 events with 500,000
 * customers is folded whole, each row written once (it was 250,000: past it, a rebuild wrote what
 * it held and loaded rows back for later edits, 22,000 -> 25,000 events/s).
 */
export const BULK_ROW_LIMIT = Math.min(1_000_000, Math.max(100_000, Math.floor(getHeapStatistics().heap_size_limit / 8 / HELD_ENTRY_BYTES)));
/** Rows per write statement when the held rows are written (made from their entries a statement at a time). */
const WRITE_CHUNK = 10_000;

export class BulkCustomerRows implements BulkApplier {
  /**
   * The customers folded since they were last written (or loaded), as the fold keeps them (their
   * rows are made only when written): every one is written at the next flush.
   */
  private readonly entries = new Map<string, CustomerEntry>();
  /** Those of the held customers whose row was loaded from the table: the others are new to it, and are inserted (COPY) rather than upserted. */
  private readonly stored = new Set<string>();

  /** Where the held rows are written: the applier's own table, and the tables of the appliers it folds for (share). */
  private readonly ios: CustomerRowsIo[];

  constructor(
    private readonly io: CustomerRowsIo,
    private readonly limit = BULK_ROW_LIMIT,
  ) {
    this.ios = [io];
  }

  /**
   * customer_details' applier folds for customer_search's (ADR 0106): a search row is made of the
   * same fold's names, e-mail, phones and creation time, which only the events customer_search
   * handles change, so folding all the customer events gives it the rows its own fold would.
   * Only an applier that holds nothing yet is taken over.
   */
  share(other: BulkApplier): SharedFold | null {
    if (!(other instanceof BulkCustomerRows) || other === this || other.entries.size > 0) return null;
    this.ios.push(other.io);
    return {
      split: () => {
        const at = this.ios.indexOf(other.io);
        if (at < 0) return;
        this.ios.splice(at, 1);
        for (const [id, entry] of this.entries) other.entries.set(id, entry);
        for (const id of this.stored) other.stored.add(id);
      },
      // The other table's rows from what this applier holds, in a transaction of its own beside this applier's flush.
      flush: (tx) => this.writeAll(tx, this.entries, (id) => this.stored.has(id), [other.io]),
    };
  }

  async applyBatch(tx: Tx, events: RecordedEvent[]): Promise<void> {
    // The held entries the batch names, looked up once each: a look-up in the big map of held
    // customers, by an id read from an event (a string of its own), costs several times one in this
    // batch's small map (ADR 0107).
    const named = new Map<string, CustomerEntry>();
    const missing: string[] = [];
    for (const id of customerIdsToLoad(events)) {
      const entry = this.entries.get(id);
      if (entry) named.set(id, entry);
      else missing.push(id);
    }
    const loaded = new Map<string, CustomerEntry>();
    if (missing.length > 0) for (const row of await this.io.load(tx, missing)) loaded.set(row.customer_id, entryOfRow(row));
    // The fold leaves the held entries as they were and answers new ones: nothing held changes before the batch has succeeded.
    const changed = foldCustomerEntries((id) => named.get(id) ?? loaded.get(id), events);
    if (this.entries.size + changed.size > this.limit) {
      // Over the limit: everything changed so far is written and the memory let go.
      const all = new Map(this.entries);
      for (const [id, entry] of changed) all.set(id, entry);
      await this.writeAll(tx, all, (id) => this.stored.has(id) || loaded.has(id));
      this.entries.clear();
      this.stored.clear();
      return;
    }
    for (const [id, entry] of changed) {
      this.entries.set(id, entry);
      if (loaded.has(id)) this.stored.add(id);
    }
  }

  /**
   * Writes its own table. The tables of appliers it folds for are written by their own flush (share),
   * at the same time: so what it holds is let go with the applier, not here.
   */
  async flush(tx: Tx): Promise<void> {
    await this.writeAll(tx, this.entries, (id) => this.stored.has(id), [this.io]);
    if (this.ios.length > 1) return;
    this.entries.clear();
    this.stored.clear();
  }

  /**
   * Inserts the rows not in the table (when the io can: one COPY a table, each row made as the COPY
   * takes it) and upserts the others (a chunk of rows made at a time), into each table it writes (a
   * shared applier's tables hold the same customers).
   */
  private async writeAll(tx: Tx, entries: Map<string, CustomerEntry>, inTable: (id: string) => boolean, ios = this.ios): Promise<void> {
    const upserts: [string, CustomerEntry][] = [];
    const inserts: [string, CustomerEntry][] = [];
    const copying = ios.every((io) => io.insert);
    for (const item of entries) (copying && !inTable(item[0]) ? inserts : upserts).push(item);
    for (let i = 0; i < upserts.length; i += WRITE_CHUNK) {
      const rows = upserts.slice(i, i + WRITE_CHUNK).map(rowOf);
      for (const io of ios) await io.write(tx, rows);
    }
    if (inserts.length > 0) for (const io of ios) await io.insert!(tx, mapped(inserts, rowOf));
  }
}
