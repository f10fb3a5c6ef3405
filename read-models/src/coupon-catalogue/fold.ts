/**
 * Folds a batch of catalogue events (coupons, packs) into rows keyed by the stream's record id,
 * in memory, with contracts' evolve function: the catalogue read models load the affected rows
 * once, fold, and write the touched ones back once.
 *
 * A row remembers the stream revision it reached; an event at or below it is skipped, so
 * re-applying changes nothing. An event of a record the rows do not hold (other than the one
 * that creates it) throws, so the runner parks it rather than losing it.
 */
import type { RecordedEvent } from '@dealer/platform';

export interface FoldedRow<S> {
  state: S;
  revision: number;
  createdDate: string;
  modifiedDate: string;
}

export interface FoldOptions<S> {
  /** The event's record id field, e.g. couponId. */
  idField: string;
  /** The event type that creates the record. */
  creates: string;
  /** What the record is called in an error, e.g. 'coupon'. */
  what: string;
  evolve(state: S | null, event: RecordedEvent): S | null;
}

export function recordIdOf(event: RecordedEvent, field: string): string {
  const id = (event.data as Record<string, unknown> | null)?.[field];
  if (typeof id !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no ${field}.`);
  return id;
}

/** Applies `events` to `rows`; returns the ids of the rows that changed. */
export function foldCatalogueEvents<S>(rows: Map<string, FoldedRow<S>>, events: RecordedEvent[], options: FoldOptions<S>): Set<string> {
  const touched = new Set<string>();
  for (const event of events) {
    const id = recordIdOf(event, options.idField);
    const row = rows.get(id);
    if (row && event.revision <= row.revision) continue;
    if (!row && event.type !== options.creates) {
      throw new Error(`${event.type} of ${options.what} ${id}, which the read model does not hold (its ${options.creates} is missing or parked).`);
    }
    const state = options.evolve(row?.state ?? null, event);
    if (!state) throw new Error(`${event.type} of ${options.what} ${id} folded to nothing.`);
    rows.set(id, { state, revision: event.revision, createdDate: row?.createdDate ?? event.metadata.time, modifiedDate: event.metadata.time });
    touched.add(id);
  }
  return touched;
}
