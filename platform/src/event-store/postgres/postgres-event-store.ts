/**
 * The PostgreSQL adapter of the event-store port (the default). Concurrent appends leave in
 * shared statements, one round trip each (es_append_events, or es_append_batch for the modes and
 * outcomes it alone handles; see schema.ts); subscribers read below the oldest in-flight
 * transaction that may append (es_read_all / es_read_horizon), wake on LISTEN/NOTIFY and fall back to polling.
 */
import type postgres from 'postgres';
import { notifyAsync } from '../../db/postgres';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOfTypesOptions,
  type ReadAllOfTypesResult,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port';

/** Appends NOTIFY this channel (coalesced); subscribers LISTEN to it. */
export const NOTIFY_CHANNEL = 'es_appended';

interface EventRow {
  global_position: string;
  stream_id: string;
  revision: string;
  event_type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    revision: Number(row.revision),
    globalPosition: Number(row.global_position),
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
  };
}

function modeOf(expected: ExpectedRevision): [mode: number, revision: number] {
  if (expected === 'any') return [0, 0];
  if (expected === 'no_stream' || expected === -1) return [1, 0];
  if (expected === 'stream_exists') return [2, 0];
  return [3, expected];
}

/** Events one statement may carry (positions are transaction id * 4096 + index). */
const MAX_BATCH_EVENTS = 4096;

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
  attempts: number;
  /** Sent in a batch of its own (after a batch failed as a whole). */
  alone: boolean;
  /** Goes through es_append_batch, which tells every outcome apart (see the fast path in send). */
  slow: boolean;
}

/** The last revision the stream must have for the fast path, -1 for 'no_stream'; null: not fast-pathable. */
function fastExpected(p: PendingAppend): number | null {
  if (p.slow) return null;
  if (p.expected === 'no_stream') return -1;
  return typeof p.expected === 'number' ? p.expected : null;
}

export interface PostgresEventStoreOptions {
  /** Batches of appends on their way at once; more queue up for the next batch. */
  maxInFlight?: number;
  /** Fallback poll interval of subscriptions when no notification arrives. */
  pollIntervalMs?: number;
  /** How long appends in one process are gathered before one NOTIFY wakes subscribers. */
  notifyDelayMs?: number;
  /**
   * Least time between two of this store's notifications (ADR 0112): appends meanwhile share the
   * next one. Each notification is a transaction of its own; the subscribers' feed reads at most
   * every 50 ms anyway (DEFAULT_MIN_READ_INTERVAL_MS), so more of them only cost the writers.
   */
  notifyIntervalMs?: number;
}

/** The product's least time between two notifications of one store (ADR 0112): half the feed's least time between reads. */
export const DEFAULT_NOTIFY_INTERVAL_MS = 25;

export class PostgresEventStore implements EventStore {
  private readonly pollIntervalMs: number;
  private readonly notifyDelayMs: number;
  private readonly notifyIntervalMs: number;
  private notifyTimer: NodeJS.Timeout | null = null;
  /** When the last notification went out (performance.now()). */
  private lastNotifyAt = Number.NEGATIVE_INFINITY;
  private readonly maxInFlight: number;
  private readonly queue: PendingAppend[] = [];
  private inFlight = 0;
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly sql: postgres.Sql,
    options: PostgresEventStoreOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.notifyDelayMs = options.notifyDelayMs ?? 2;
    this.notifyIntervalMs = options.notifyIntervalMs ?? DEFAULT_NOTIFY_INTERVAL_MS;
    this.maxInFlight = options.maxInFlight ?? 2;
  }

  /**
   * Appends go out in batches: while a batch is on its way, new appends queue up and leave
   * together in the next one (one statement, one transaction, one WAL flush). A lone writer
   * waits for nobody; many writers share commits. Each append keeps its own outcome.
   */
  appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('appendToStream needs at least one event'));
    if (events.length > MAX_BATCH_EVENTS) return Promise.reject(new Error(`appendToStream takes at most ${MAX_BATCH_EVENTS} events`));
    const expected = options.expectedRevision ?? 'any';
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ streamId, events, expected, resolve, reject, attempts: 0, alone: false, slow: false });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch: PendingAppend[] = [];
      let size = 0;
      while (this.queue.length > 0) {
        const next = this.queue[0]!;
        if (batch.length > 0 && (next.alone || batch[0]!.alone || size + next.events.length > MAX_BATCH_EVENTS)) break;
        batch.push(this.queue.shift()!);
        size += next.events.length;
      }
      this.inFlight += 1;
      void this.send(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private send(batch: PendingAppend[]): Promise<void> {
    return batch.every((p) => fastExpected(p) !== null) ? this.sendFast(batch) : this.sendSlow(batch);
  }

  /**
   * The common case, appends with 'no_stream' or an exact expected revision: their revisions are
   * known beforehand, so es_append_events is one INSERT (its plan made once per connection) and
   * the unique (stream_id, revision) index does the concurrency check. An append whose stream is
   * not at the expected revision inserts nothing; a unique violation (a conflict, an idempotent
   * repeat, a reused event id) fails the statement. Either way those appends go again through
   * es_append_batch, which tells the outcomes apart.
   */
  private async sendFast(batch: PendingAppend[]): Promise<void> {
    const sql = this.sql;
    const streams: string[] = [];
    const expecteds: number[] = [];
    /** [append number from 1, revision, id, type, data, metadata], as es_append_events takes them. */
    const events: [number, number, string, string, unknown, NewEvent['metadata']][] = [];
    batch.forEach((p, index) => {
      const expected = fastExpected(p)!;
      streams.push(p.streamId);
      expecteds.push(expected);
      p.events.forEach((e, k) => events.push([index + 1, expected + 1 + k, e.metadata.eventId, e.type, e.data, e.metadata]));
    });
    let rows: { global_position: string }[];
    try {
      rows = await sql`
        select es_append_events as global_position
          from es_append_events(${streams}::text[], ${expecteds}::int8[], ${sql.json(events as postgres.JSONValue)}::jsonb)`;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        for (const p of batch) this.requeue(p, false, true);
        return;
      }
      this.failBatch(batch, error);
      return;
    }
    // Positions are xid * 4096 + (k - 1), k numbering the batch's events: the event names its append.
    const lastPosition = new Map<number, number>();
    for (const row of rows) {
      const position = Number(row.global_position);
      const owner = events[position % 4096]![0];
      lastPosition.set(owner, Math.max(lastPosition.get(owner) ?? 0, position));
    }
    batch.forEach((p, index) => {
      const position = lastPosition.get(index + 1);
      if (position === undefined) this.requeue(p, false, true);
      else p.resolve({ nextExpectedRevision: fastExpected(p)! + p.events.length, position });
    });
    if (lastPosition.size > 0) this.scheduleNotify();
  }

  /** A failure of the whole statement: go again one append at a time, so only the culprit fails. */
  private failBatch(batch: PendingAppend[], error: unknown): void {
    const retriable = (error as { code?: string }).code === '40001';
    for (const p of batch) {
      if (batch.length > 1 || (retriable && p.attempts < 5)) this.requeue(p, true);
      else p.reject(error);
    }
  }

  private async sendSlow(batch: PendingAppend[]): Promise<void> {
    const sql = this.sql;
    // The batch travels as one JSON document: no array-type lookup on a fresh connection.
    const payload = batch.map((p) => {
      const [mode, expected] = modeOf(p.expected);
      return { stream: p.streamId, mode, expected, events: p.events.map((e) => ({ id: e.metadata.eventId, type: e.type, data: e.data, metadata: e.metadata })) };
    });
    let rows: { idx: number; next_revision: string; last_position: string; outcome: number }[];
    try {
      rows = await sql`select idx, next_revision, last_position, outcome from es_append_batch(${sql.json(payload as unknown as postgres.JSONValue)}::jsonb)`;
    } catch (error) {
      this.failBatch(batch, error);
      return;
    }
    let appended = false;
    for (const row of rows) {
      const p = batch[row.idx - 1]!;
      const result = { nextExpectedRevision: Number(row.next_revision), position: Number(row.last_position) };
      if (row.outcome === 0 || row.outcome === 1) {
        appended ||= row.outcome === 0;
        p.resolve(result);
      } else if (row.outcome === 2 && p.expected === 'any' && p.attempts < 20) {
        // 'any' never conflicts: another append took the next revision first, so go again after it.
        this.requeue(p, false);
      } else if (row.outcome === 2) {
        p.reject(new WrongExpectedRevisionError(p.streamId, p.expected, result.nextExpectedRevision));
      } else {
        p.reject(new DuplicateEventIdError(p.streamId));
      }
    }
    if (appended) this.scheduleNotify();
  }

  private requeue(p: PendingAppend, alone: boolean, slow = p.slow): void {
    this.queue.unshift({ ...p, attempts: p.attempts + 1, alone, slow });
  }

  /**
   * Wakes subscribers in every process, after the appends it announces have committed: many
   * appends close together share one NOTIFY, sent `notifyDelayMs` after the first of them and at
   * least `notifyIntervalMs` after the one before (ADR 0112). A busy writer sends a few dozen a
   * second instead of one for every few appends.
   */
  private scheduleNotify(): void {
    if (this.notifyTimer) return;
    const wait = Math.max(this.notifyDelayMs, this.lastNotifyAt + this.notifyIntervalMs - performance.now());
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      void this.notifyNow();
    }, wait);
  }

  private notifyNow(): Promise<void> {
    this.lastNotifyAt = performance.now();
    // Asynchronous commit: the notify lock is not held through a WAL flush (notifyAsync).
    return notifyAsync(this.sql, NOTIFY_CHANNEL, '').catch(() => undefined);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const sql = this.sql;
    const backwards = options.direction === 'backwards';
    const limit = options.maxCount ?? 1_000_000;
    const from = options.fromRevision;
    const rows = backwards
      ? await sql<EventRow[]>`
          select global_position, stream_id, revision, event_type, data, metadata from es_events
          where stream_id = ${streamId} ${from === undefined ? sql`` : sql`and revision <= ${from}`}
          order by revision desc limit ${limit}`
      : await sql<EventRow[]>`
          select global_position, stream_id, revision, event_type, data, metadata from es_events
          where stream_id = ${streamId} and revision >= ${from ?? 0}
          order by revision asc limit ${limit}`;
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    // One function, two statements: the transactions to leave out first, then the events (schema.ts, 0014).
    const rows = await this.sql<EventRow[]>`
      select global_position, stream_id, revision, event_type, data, metadata
        from es_read_all(${options.after ?? 0}, ${options.maxCount ?? 1000})`;
    return rows.map(toRecorded);
  }

  async readAllOfTypes(options: ReadAllOfTypesOptions): Promise<ReadAllOfTypesResult> {
    const types = options.types === null ? null : [...options.types];
    const rows = await this.sql<EventRow[]>`
      select global_position, stream_id, revision, event_type, data, metadata
        from es_read_all_of_types(${options.after}, ${options.maxCount}, ${types}::text[])`;
    const events: RecordedEvent[] = [];
    let reached = options.after;
    let pending = false;
    for (const row of rows) {
      if (row.stream_id === null) {
        reached = Math.max(options.after, Number(row.global_position));
        pending = Number(row.revision) === 1;
      } else {
        events.push(toRecorded(row));
      }
    }
    if (events.length > 0) reached = Math.max(reached, events[events.length - 1]!.globalPosition);
    return { events, reached, pending };
  }

  async headPosition(): Promise<number> {
    const [row] = await this.sql<{ head: string | null }[]>`select es_head_position() as head`;
    return Number(row?.head ?? 0);
  }

  private async hasCommittedBeyond(position: number): Promise<boolean> {
    const [row] = await this.sql<{ found: boolean }[]>`
      select exists (select 1 from es_events where global_position > ${position}) as found`;
    return row?.found ?? false;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const batchSize = options.batchSize ?? 500;
    let position = options.after;
    let stopped = false;
    let wake: (() => void) | null = null;
    const wakeUp = () => wake?.();
    const listening = this.sql.listen(NOTIFY_CHANNEL, wakeUp).catch((error: unknown) => {
      options.onError?.(error);
      return null;
    });

    const loop = (async () => {
      let failures = 0;
      while (!stopped) {
        let delay: number;
        try {
          const batch = await this.readAll({ after: position, maxCount: batchSize });
          if (batch.length > 0) {
            await options.onBatch(batch);
            position = batch[batch.length - 1]!.globalPosition;
            failures = 0;
            continue;
          }
          // Committed rows exist beyond the horizon: an older transaction is still open, retry soon.
          delay = (await this.hasCommittedBeyond(position)) ? 5 : this.pollIntervalMs;
        } catch (error) {
          options.onError?.(error);
          // The same batch is retried (nothing was acknowledged), backing off up to 30 s.
          failures += 1;
          delay = Math.min(30_000, 250 * 2 ** Math.min(failures, 7));
        }
        if (stopped) break;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    })();

    const subscription: Subscription = {
      stop: async () => {
        stopped = true;
        wakeUp();
        await loop;
        const listener = await listening;
        await listener?.unlisten().catch(() => undefined);
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.notifyTimer) {
      // Appends still waiting for their notification get it now: other processes would otherwise
      // see them only at their next poll.
      clearTimeout(this.notifyTimer);
      this.notifyTimer = null;
      await this.notifyNow();
    }
  }
}
