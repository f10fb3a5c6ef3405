/**
 * One reader of the event log for every subscriber of a process (issue 22, item 1; ADR 0074):
 * the projector and the reactor each used to subscribe on their own (fifteen readers, each
 * woken by every append, each reading the same events). The feed wakes once per notification
 * (or poll), reads once from the lowest position any subscriber needs, only the event types some
 * subscriber handles (readAllOfTypes: other types are skipped by the database, their data never
 * sent), and hands each subscriber its own slice together with the position the read reached,
 * to which a subscriber that got nothing may move its checkpoint.
 *
 * Ordering and gap-freedom are the store's: readAllOfTypes reads below the oldest transaction
 * that may still append, as readAll does, and `reached` is computed under the same horizon.
 * Subscribers are delivered to in parallel; the next read waits until each has finished. When a
 * read came back full (a backlog: more events wait), the next read, from where this one reached,
 * goes out while the subscribers apply this one, and is used when every subscriber then needs
 * events from there with the same types (the steady state); otherwise it is dropped.
 */
import type { Sql } from '../db/postgres';
import { readAllOfTypesByFiltering, type EventStore, type ReadAllOfTypesResult, type RecordedEvent } from './port';
import { NOTIFY_CHANNEL } from './postgres/postgres-event-store';

export interface FeedSubscriber {
  /** Exclusive position it needs events after, now; null when it needs none now (standby, backing off, stopped). */
  from(): number | null;
  /** Event types it handles; null for every type. */
  types(): ReadonlySet<string> | null;
  /**
   * Its events after `from` (the value from() gave for this read), in order, and the position the
   * read reached: every event up to `reached` it does not handle is not in `events`. It should
   * not throw (it handles and reports its own errors; a throw is logged and it is read for again).
   */
  deliver(events: RecordedEvent[], reached: number, from: number): Promise<void>;
}

export interface EventFeedOptions {
  store: EventStore;
  /** LISTENs on it for appends (the PostgreSQL store's NOTIFY); without it the feed only polls. */
  sql?: Sql;
  /** Largest number of events read at once (of the types wanted). */
  batchSize?: number;
  /** Poll interval when no notification arrives. */
  pollIntervalMs?: number;
  /**
   * Least time between the starts of two reads that found events, unless a backlog waits (the last
   * read came back full): appends woken for meanwhile are read together, so a busy log costs fewer,
   * larger reads and transactions (ADR 0097). The first read after a quiet spell starts at once.
   */
  minReadIntervalMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The product's least time between two reads (ADR 0097, 50 ms since ADR 0105): under bench (e)'s 8
 * writers a read carries about 110 events, and the read side costs about a sixth less CPU than at
 * 25 ms, for about 20 ms more until a projection has an append (its p99, 80-100 ms, stays far under
 * the 250 ms target). A lone append after a quiet spell is read at once.
 */
export const DEFAULT_MIN_READ_INTERVAL_MS = 50;

export interface EventFeedStats {
  /** Reads of the log. */
  reads: number;
  /** Events read (of the types wanted). */
  events: number;
}

export class EventFeed {
  private readonly subscribers = new Set<FeedSubscriber>();
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly minReadIntervalMs: number;
  private loop: Promise<void> | null = null;
  private round: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private woken = false;
  /** The loop's current pause: ended by stop(), and by wake() when it waits for appends (not out the least interval between reads). */
  private pausing: { wakeable: boolean; end: () => void } | null = null;
  private listening: Promise<{ unlisten(): Promise<void> } | null> | null = null;
  readonly stats: EventFeedStats = { reads: 0, events: 0 };

  constructor(private readonly options: EventFeedOptions) {
    this.batchSize = options.batchSize ?? 1000;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.minReadIntervalMs = options.minReadIntervalMs ?? DEFAULT_MIN_READ_INTERVAL_MS;
  }

  /** Adds a subscriber (starting the reader on the first); the returned function removes it once its current delivery is done. */
  add(subscriber: FeedSubscriber): () => Promise<void> {
    this.subscribers.add(subscriber);
    this.start();
    this.wake();
    return async () => {
      this.subscribers.delete(subscriber);
      await this.round.catch(() => undefined);
    };
  }

  /** Reads again now (a subscriber's position or state changed). */
  wake(): void {
    this.woken = true;
    if (this.pausing?.wakeable) this.pausing.end();
  }

  private start(): void {
    if (this.loop || this.stopped) return;
    const { sql } = this.options;
    this.listening = sql
      ? sql.listen(NOTIFY_CHANNEL, () => this.wake()).catch((error: unknown) => {
          this.options.onError?.(error);
          return null;
        })
      : Promise.resolve(null);
    this.loop = this.run();
  }

  private read(after: number, types: readonly string[] | null): Promise<ReadAllOfTypesResult> {
    const { store } = this.options;
    const options = { after, maxCount: this.batchSize, types };
    return store.readAllOfTypes ? store.readAllOfTypes(options) : readAllOfTypesByFiltering(store, options);
  }

  private async run(): Promise<void> {
    let failures = 0;
    /** A read sent ahead during the last delivery: used only for the same start and types. */
    let ahead: { from: number; types: string; result: Promise<ReadAllOfTypesResult> } | null = null;
    let lastReadAt = -Infinity;
    while (!this.stopped) {
      const wait = ahead ? 0 : lastReadAt + this.minReadIntervalMs - performance.now();
      if (wait > 0) await this.pause(wait, false);
      if (this.stopped) break;
      this.woken = false;
      let delay = this.pollIntervalMs;
      const wanting = [...this.subscribers].flatMap((s) => {
        const from = s.from();
        return from === null ? [] : [{ s, from, types: s.types() }];
      });
      if (wanting.length > 0) {
        const from = Math.min(...wanting.map((w) => w.from));
        const types = wanting.some((w) => w.types === null) ? null : [...new Set(wanting.flatMap((w) => [...w.types!]))].sort();
        const typesKey = types === null ? '*' : types.join(',');
        const readAt = performance.now();
        const reading: Promise<ReadAllOfTypesResult> = ahead && ahead.from === from && ahead.types === typesKey ? ahead.result : this.read(from, types);
        // A read ahead that is not used is dropped (its failure too: the next read reports its own).
        if (ahead && ahead.result !== reading) ahead.result.catch(() => undefined);
        ahead = null;
        try {
          const { events, reached, pending }: ReadAllOfTypesResult = await reading;
          this.stats.reads += 1;
          this.stats.events += events.length;
          failures = 0;
          if (reached > from) {
            lastReadAt = readAt;
            if (events.length >= this.batchSize) {
              ahead = { from: reached, types: typesKey, result: this.read(reached, types) };
              ahead.result.catch(() => undefined);
            }
            this.round = Promise.all(
              wanting
                .filter((w) => reached > w.from)
                .map((w) =>
                  w.s
                    .deliver(
                      events.filter((e) => e.globalPosition > w.from && (w.types === null || w.types.has(e.type))),
                      reached,
                      w.from,
                    )
                    .catch((error: unknown) => this.options.onError?.(error)),
                ),
            );
            await this.round;
            continue;
          }
          // Committed rows wait beyond the horizon (an older transaction is still open): soon again.
          if (pending) delay = 5;
        } catch (error) {
          this.options.onError?.(error);
          failures += 1;
          delay = Math.min(30_000, 250 * 2 ** Math.min(failures, 7));
        }
      }
      if (this.stopped || this.woken) continue;
      await this.pause(delay, true);
    }
  }

  /**
   * Waits `ms`, or less when the feed stops or, if `wakeable`, is woken. A wake-up during a pause
   * that is not wakeable is kept (`woken`) for the read after it.
   */
  private async pause(ms: number, wakeable: boolean): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.pausing = {
        wakeable,
        end: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
    this.pausing = null;
  }

  /** Stops reading once the current delivery is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    this.pausing?.end();
    await this.loop;
    const listener = await this.listening;
    await listener?.unlisten().catch(() => undefined);
  }
}
