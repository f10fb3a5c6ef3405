/**
 * The EventStoreDB adapter of the event-store port, selected when EVENTSTORE_URL is set.
 *
 * Mapping to the port:
 * - Each event's metadata (event id, correlation, causation, actor, time) is stored as the
 *   EventStoreDB event's JSON metadata, and the port's event id is the EventStoreDB event id,
 *   so appending the same ids again is answered idempotently by the server itself.
 * - globalPosition is the event's commit position in the transaction log. A gRPC append writes
 *   each event as its own committed record, so commit = prepare = the record's log position;
 *   `{ commit: P, prepare: P }` therefore names exactly the event at P.
 * - `$`-prefixed streams and event types are EventStoreDB's own and are never delivered.
 */
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port';

export interface EventStoreDBEventStoreOptions {
  /** First delay before resubscribing after a dropped subscription or a failed batch; doubles up to 5 s. */
  resubscribeDelayMs?: number;
  /** Whether close() disposes the client; defaults to true when the store was given a URL. */
  ownsClient?: boolean;
}

/** Positions from 2^63 up mean "unknown" (stream reads on servers older than 22.6). */
const UNKNOWN_POSITION = 1n << 63n;

function toLogPosition(position: number): Position {
  const p = BigInt(position);
  return { commit: p, prepare: p };
}

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === -1) return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

function isSystem(streamId: string, type: string): boolean {
  return streamId.startsWith('$') || type.startsWith('$');
}

function isEventMetadata(value: unknown): value is EventMetadata {
  return typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && 'eventId' in value;
}

/** Converts a resolved event; null for link-less gaps and EventStoreDB's own events. */
function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || isSystem(event.streamId, event.type)) return null;
  const commit = event.position?.commit ?? resolved.commitPosition;
  const metadata: EventMetadata = isEventMetadata(event.metadata)
    ? event.metadata
    : // Written by another tool: keep the port's shape with what the server knows.
      { eventId: event.id, correlationId: event.id, causationId: null, actor: 'unknown', time: event.created.toISOString() };
  return {
    streamId: event.streamId,
    revision: Number(event.revision),
    globalPosition: commit === undefined || commit >= UNKNOWN_POSITION ? 0 : Number(commit),
    type: event.type,
    data: event.data,
    metadata,
  };
}

/** Iterates a read, stopping early when `take` says so, and always releases the gRPC call. */
async function consume<E>(read: StreamingRead<E>, take: (item: E) => 'more' | 'done'): Promise<void> {
  let finished = false;
  try {
    for await (const item of read) {
      if (take(item) === 'done') return;
    }
    finished = true;
  } finally {
    if (!finished) await read.cancel().catch(() => undefined);
  }
}

const sleep = (ms: number, wake: { cancel?: () => void }) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake.cancel = () => {
      clearTimeout(timer);
      resolve();
    };
  });

export class EventStoreDBEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly resubscribeDelayMs: number;
  private readonly ownsClient: boolean;
  private readonly subscriptions = new Set<Subscription>();

  /** `connection`: a connection string such as `esdb://eventstoredb:2113?tls=false`, or a client. */
  constructor(connection: string | EventStoreDBClient, options: EventStoreDBEventStoreOptions = {}) {
    this.client = typeof connection === 'string' ? EventStoreDBClient.connectionString(connection) : connection;
    this.ownsClient = options.ownsClient ?? typeof connection === 'string';
    this.resubscribeDelayMs = options.resubscribeDelayMs ?? 100;
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    const eventData = events.map((e) =>
      jsonEvent({
        id: e.metadata.eventId,
        type: e.type,
        data: (e.data ?? null) as JSONType,
        metadata: e.metadata as unknown as JSONType,
      }),
    );
    try {
      const result = await this.client.appendToStream(streamId, eventData, { expectedRevision: toExpected(expected) });
      return {
        nextExpectedRevision: Number(result.nextExpectedRevision),
        position: result.position ? Number(result.position.commit) : await this.positionOfRevision(streamId, result.nextExpectedRevision),
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? -1 : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      throw error;
    }
  }

  /** Fallback when a server answers an append without its position. */
  private async positionOfRevision(streamId: string, revision: bigint): Promise<number> {
    const [event] = await this.readStream(streamId, { fromRevision: Number(revision), maxCount: 1 });
    return event?.globalPosition ?? 0;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const events: RecordedEvent[] = [];
    try {
      await consume(
        this.client.readStream(streamId, {
          direction: backwards ? BACKWARDS : FORWARDS,
          fromRevision: options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision),
          maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
        }),
        (resolved) => {
          const event = toRecorded(resolved);
          if (event) events.push(event);
          return 'more';
        },
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0;
    const maxCount = options.maxCount ?? 1000;
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    // The log also holds system records we filter out here, so read pages until enough
    // events are found or the end is reached. Reading from a position includes that
    // position, so everything at or below `cursor` is skipped.
    let cursor = BigInt(after);
    const pageSize = Math.max(maxCount, 256);
    for (;;) {
      let seen = 0;
      await consume(
        this.client.readAll({
          direction: FORWARDS,
          fromPosition: cursor > 0n ? { commit: cursor, prepare: cursor } : START,
          maxCount: pageSize,
        }),
        (resolved) => {
          seen++;
          const commit = resolved.event?.position.commit ?? resolved.commitPosition;
          if (commit === undefined || commit <= cursor) return 'more';
          cursor = commit;
          const event = toRecorded(resolved);
          if (event) events.push(event);
          return events.length >= maxCount ? 'done' : 'more';
        },
      );
      if (events.length >= maxCount || seen < pageSize) return events;
    }
  }

  async headPosition(): Promise<number> {
    let head = 0;
    await consume(this.client.readAll({ direction: BACKWARDS, fromPosition: END }), (resolved) => {
      const event = toRecorded(resolved);
      if (!event) return 'more';
      head = event.globalPosition;
      return 'done';
    });
    return head;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const batchSize = options.batchSize ?? 500;
    let position = options.after;
    let stopped = false;
    let current: AllStreamSubscription | null = null;
    const pause: { cancel?: () => void } = {};

    const release = async (subscription: AllStreamSubscription) => {
      await subscription.unsubscribe().catch(() => undefined);
      subscription.destroy();
    };

    const loop = (async () => {
      let failures = 0;
      while (!stopped) {
        // Catch-up subscriptions start after the given position; the server drops `$` event
        // types, and the position check below drops anything seen again after a resubscribe.
        const subscription = this.client.subscribeToAll(
          { fromPosition: position > 0 ? toLogPosition(position) : START, filter: excludeSystemEvents() },
          { highWaterMark: batchSize },
        );
        current = subscription;
        try {
          for await (const first of subscription) {
            if (stopped) break;
            // Whatever is already buffered joins the first event, up to batchSize.
            const batch: RecordedEvent[] = [];
            let resolved: AllStreamResolvedEvent | null = first;
            while (resolved) {
              const event = toRecorded(resolved);
              if (event && event.globalPosition > position && event.globalPosition > (batch.at(-1)?.globalPosition ?? 0)) {
                batch.push(event);
              }
              resolved = batch.length < batchSize ? (subscription.read() as AllStreamResolvedEvent | null) : null;
            }
            if (batch.length === 0) continue;
            await options.onBatch(batch);
            position = batch[batch.length - 1]!.globalPosition;
            failures = 0;
          }
        } catch (error) {
          if (!stopped) {
            failures++;
            options.onError?.(error);
          }
        } finally {
          current = null;
          await release(subscription);
        }
        if (!stopped) await sleep(Math.min(5_000, this.resubscribeDelayMs * 2 ** Math.min(failures, 6)), pause);
      }
    })();

    const subscription: Subscription = {
      stop: async () => {
        stopped = true;
        pause.cancel?.();
        // Ends the iterator; a batch already in onBatch finishes first (the loop awaits it).
        if (current) await release(current);
        await loop;
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.ownsClient) await this.client.dispose();
  }
}
