/**
 * The event-store port: the one interface every adapter (PostgreSQL, EventStoreDB) implements
 * and the shared contract suite (event-store/contract.ts) proves.
 *
 * Positions: stream revisions start at 0 (the first event of a stream has revision 0).
 * Global positions are positive, strictly increasing in the order `readAll` and subscriptions
 * deliver events; they are JavaScript numbers (safe up to 2^53).
 */

/** Who and why, stored with every event (DESIGN: correlation id, causation id, actor, time). */
export interface EventMetadata {
  eventId: string;
  correlationId: string;
  causationId: string | null;
  /** The user or process that caused the event, e.g. `user:42`, `system:workers`. */
  actor: string;
  /** ISO-8601 time the command was decided (the clock is a parameter, never read inside deciders). */
  time: string;
  /**
   * The request that caused the event, when it carried an Idempotency-Key: a keyed hash of the
   * caller and the key (never the key). A retry of that request finds its own effects by it.
   */
  requestKey?: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  /** Position of the event inside its stream, from 0. */
  revision: number;
  /** Position in the all-stream; monotonic in delivery order. */
  globalPosition: number;
}

/**
 * 'any': no check. 'no_stream': the stream must not exist. 'stream_exists': it must exist.
 * A number: the stream's last revision must be exactly this.
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream: pass it as the next expected revision. */
  nextExpectedRevision: number;
  /** Global position of the last appended event: what read-your-writes waits for. */
  position: number;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive start revision; defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events after this global position. 0 means from the very start. */
  after?: number;
  maxCount?: number;
}

export interface ReadAllOfTypesOptions {
  /** Exclusive: events after this global position. */
  after: number;
  maxCount: number;
  /** Event types to return; null: every type. */
  types: readonly string[] | null;
}

export interface ReadAllOfTypesResult {
  /** The events of those types, in order, at most maxCount. */
  events: RecordedEvent[];
  /**
   * How far the log was read: every readable event up to here (of any type) was looked at, so a
   * subscriber that needs only these types may move its checkpoint here. >= the last event's
   * position; `after` when nothing new was readable.
   */
  reached: number;
  /** Committed events wait beyond the read horizon (an older transaction is still open): read again soon. */
  pending: boolean;
}

export interface SubscribeOptions {
  /** Exclusive start position (the checkpoint of the subscriber); 0 = from the start. */
  after: number;
  /** Called with consecutive batches, in order; the next batch waits for this promise. */
  onBatch: (events: RecordedEvent[]) => Promise<void>;
  /** Largest batch handed to onBatch. */
  batchSize?: number;
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Stops delivering; resolves once the current batch (if any) has finished. */
  stop(): Promise<void>;
}

export interface EventStore {
  appendToStream(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options: SubscribeOptions): Subscription;
  /**
   * readAll of some event types only, saying how far it read (the shared reader of the read
   * side, event-feed.ts). Optional: without it the reader falls back to readAll and filters.
   */
  readAllOfTypes?(options: ReadAllOfTypesOptions): Promise<ReadAllOfTypesResult>;
  /**
   * readAllOfTypes in two stages, for a reader that reads ahead (the rebuild): resolves once the
   * log was read (how far is known, so the next read can start), while the events are still being
   * made ready (the protected store opens their personal data). Optional: readAllOfTypesStaged()
   * below falls back to readAllOfTypes.
   */
  readAllOfTypesStaged?(options: ReadAllOfTypesOptions): Promise<StagedReadResult>;
  /** Highest global position currently readable; 0 for an empty store. */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

/** A read of the log whose events are still being made ready: `events` settles later (a rejection is the caller's to handle). */
export interface StagedReadResult extends Omit<ReadAllOfTypesResult, 'events'> {
  events: Promise<RecordedEvent[]>;
}

/** A read whose events are ready, as a staged read. */
export function readyStage(result: ReadAllOfTypesResult): StagedReadResult {
  return { ...result, events: Promise.resolve(result.events) };
}

/** The store's staged read, or its whole read (or readAll, filtered) as one already-ready stage. */
export async function readAllOfTypesStaged(store: EventStore, options: ReadAllOfTypesOptions): Promise<StagedReadResult> {
  if (store.readAllOfTypesStaged) return store.readAllOfTypesStaged(options);
  return readyStage(store.readAllOfTypes ? await store.readAllOfTypes(options) : await readAllOfTypesByFiltering(store, options));
}

/** readAllOfTypes for a store without it: reads every type and filters (no pending hint). */
export async function readAllOfTypesByFiltering(store: EventStore, options: ReadAllOfTypesOptions): Promise<ReadAllOfTypesResult> {
  const batch = await store.readAll({ after: options.after, maxCount: options.maxCount });
  const types = options.types === null ? null : new Set(options.types);
  return {
    events: types === null ? batch : batch.filter((e) => types.has(e.type)),
    reached: batch.length > 0 ? batch[batch.length - 1]!.globalPosition : options.after,
    pending: false,
  };
}

/**
 * The global position of a stream's last event (null for an empty stream): what a command
 * answers for read-your-writes when another writer recorded the outcome first. Not
 * headPosition(): that is the highest position *readable* now, which stays below a committed
 * event while an older transaction anywhere is still open.
 */
export async function lastPositionOf(store: EventStore, streamId: string): Promise<number | null> {
  const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  return last?.globalPosition ?? null;
}

/** The stream's revision did not match the expected revision. Maps to HTTP 409. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual last revision, or -1 when it does not exist. */
    readonly actual: number,
  ) {
    super(`Wrong expected revision on ${streamId}: expected ${String(expected)}, actual ${actual}`);
  }
}

/** Some of the event ids were already used in a different place. Maps to HTTP 409. */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(readonly streamId: string) {
    super(`Event ids already used elsewhere than at the end of ${streamId}`);
  }
}
