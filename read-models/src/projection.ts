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

/**
 * The options of a statement with parameters sent with `unsafe`: `tx.unsafe(text, params, PREPARED)`
 * prepares it once on its connection (ADR 0113). Unprepared, postgres.js sends every such
 * statement in two round trips (it asks the server for the parameters' types first, then binds
 * them), and the server parses and plans it every time; the read side runs the same few dozen
 * statements on every batch, and the API its reports and lists on every request (as it does its
 * tagged templates, which postgres.js prepares by default). Only for text made of constants and
 * schema or table names, so each connection prepares a bounded number of statements.
 */
export const PREPARED = { prepare: true } as const;

/**
 * The same transaction with every `unsafe` statement sent unprepared, PREPARED or not: for the
 * paths that apply an event again after something went wrong (a batch's event-by-event careful
 * path, an operator's retry of a parked event). A statement prepared on a connection keeps the
 * parameter types of its first preparation, so after a fix of a read table (a column widened from
 * integer to bigint) the prepared one would fail on the event again; a fresh one is parsed against
 * the table as it is now (ADR 0113).
 */
export function withFreshStatements<T extends Sql>(tx: T): T {
  return new Proxy(tx, {
    get(target, key, receiver) {
      if (key !== 'unsafe') return Reflect.get(target, key, receiver);
      return (text: string, args: unknown = [], options: object = {}) =>
        Array.isArray(args) ? target.unsafe(text, args as never[], { ...options, prepare: false }) : target.unsafe(text, [], { ...(args as object), prepare: false });
    },
  });
}

/** Quotes an identifier for SQL built from our own (never user-supplied) names. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
