/**
 * What a projection is: a name (also its checkpoint), the schema its read tables live in,
 * how to create those tables in a given schema (live or a rebuild's fresh one), and how to
 * apply a batch of events to them inside the caller's transaction.
 */
import type { RecordedEvent, Sql } from '@dealer/platform';

export type Tx = Sql;

export interface Projection {
  name: string;
  /** Live schema, e.g. rm_customer_details. A rebuild fills `${schema}__rebuild` and swaps. */
  schema: string;
  /** Event types the projection reads; others only advance its checkpoint. */
  handles: ReadonlySet<string>;
  createTables(tx: Tx, schema: string): Promise<void>;
  /**
   * Secondary indexes (idempotent). Created right after the tables for the live schema; a
   * rebuild creates them once its bulk phase has filled the tables (one sort per index instead
   * of an index update per row).
   */
  createIndexes?(tx: Tx, schema: string): Promise<void>;
  applyBatch(tx: Tx, schema: string, events: RecordedEvent[]): Promise<void>;
  /**
   * Optional, for a rebuild's bulk phase only (issue 22 item 4): an applier for the fresh schema
   * that keeps what it folds in memory across batches and writes it when flushed, instead of
   * loading and writing the same rows in every batch. The rebuild flushes it before the catch-up.
   */
  bulkApplier?(schema: string): BulkApplier;
}

/** What `Projection.bulkApplier` answers: `applyBatch` as the projection's, onto its fresh schema, and `flush`. */
export interface BulkApplier {
  /** Folds a batch; on failure, what it holds is as before the batch. */
  applyBatch(tx: Tx, events: RecordedEvent[]): Promise<void>;
  /** Writes everything not written yet. */
  flush(tx: Tx): Promise<void>;
  /**
   * Optional: folds for `other` too when both are rebuilt in one pass (ADR 0106), when `other`
   * handles some of this applier's events and its rows follow from the same fold of them: from
   * then on this applier writes `other`'s rows whenever it writes its own, and `other` is given
   * nothing to apply. Answers null when it cannot. `split()` ends it (a batch failed): `other`
   * gets a copy of what this applier holds, which is as before the failed batch, and applies its
   * own batches again. While it folds for `other`, the rebuild flushes `other` through the answer's
   * `flush` (its rows from this applier's state), not through `other.flush`.
   */
  share?(other: BulkApplier): SharedFold | null;
}

/** One bulk applier folding for another (BulkApplier.share). */
export interface SharedFold {
  /** Ends the sharing: the other applier gets a copy of what the folding one holds. */
  split(): void;
  /** Writes the other applier's rows from what the folding one holds. */
  flush(tx: Tx): Promise<void>;
}

/** Quotes an identifier for SQL built from our own (never user-supplied) names. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
