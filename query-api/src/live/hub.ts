/**
 * The live changes hub of one query-API process (issue 24 part 3, ADR 0087, 0091). It follows the read
 * side, not the write side: when the projector moves the checkpoint of `pending_approvals`
 * (verifications and pending approvals), `pack_sales` (sales and redemptions), `paper_books` (paper
 * books) or `online_orders` (online orders and gifts) - signalled
 * across processes by the projector's NOTIFY `projection_checkpoint`, with a 1 s poll for a lost
 * one - it reads the log's events of those types up to that checkpoint, derives what each
 * changed and where (changeOfEvent; a location the event does not name comes from the read model),
 * and writes a message to each open stream whose user may read it (mayReceive). The message's
 * position is the event's, which that read model has reached: a refetch with it as
 * X-Min-Position reads the change.
 *
 * Each stream's SSE id is the hub's cursor (how far each of the four sources was read); the last
 * `bufferSize` changes are kept, so a reconnect naming a cursor within them gets what it missed,
 * and one naming an older cursor (or another process's, from before this one started) gets
 * `resync`: refetch everything. Heartbeat comments every `heartbeatMs` keep proxies from closing
 * an idle stream, and each heartbeat re-checks the session: a signed-out or expired session's
 * stream ends, and role changes apply to the next message.
 */
import {
  LIVE_EVENT,
  LIVE_ORDER_EVENT_TYPES,
  LIVE_PAPER_BOOK_EVENT_TYPES,
  LIVE_SALE_EVENT_TYPES,
  LIVE_VERIFICATION_EVENT_TYPES,
  changeOfEvent,
  formatCursor,
  mayReceive,
  parseCursor,
  sseComment,
  sseFrame,
  sseRetry,
  type EventChange,
  type LiveChange,
  type LiveCursor,
  type LiveViewer,
} from '@dealer/contracts';
import { readAllOfTypesByFiltering, type EventStore, type RecordedEvent, type RequestAuth, type Sql } from '@dealer/platform';
import { PENDING_APPROVALS, verificationLocationsOf } from '@dealer/read-models/pending-approvals/queries';
import { PACK_SALES, saleLocationsOf } from '@dealer/read-models/pack-sales/queries';
import { PAPER_BOOKS, paperBookLocationsOf } from '@dealer/read-models/paper-books/queries';
import { ONLINE_ORDERS, orderLocationsOf } from '@dealer/read-models/online-orders/queries';

type Source = keyof LiveCursor;
const SOURCES: Record<Source, { model: string; types: readonly string[] }> = {
  verifications: { model: PENDING_APPROVALS, types: LIVE_VERIFICATION_EVENT_TYPES },
  sales: { model: PACK_SALES, types: LIVE_SALE_EVENT_TYPES },
  paperBooks: { model: PAPER_BOOKS, types: LIVE_PAPER_BOOK_EVENT_TYPES },
  orders: { model: ONLINE_ORDERS, types: LIVE_ORDER_EVENT_TYPES },
};

/** The read model's row locations, per kind of lookup (each read model has applied the event by then). */
const LOOKUPS: Record<NonNullable<EventChange['lookup']>['by'], (sql: Sql, ids: readonly string[]) => Promise<Map<string, number>>> = {
  verification: verificationLocationsOf,
  sale: saleLocationsOf,
  'paper-book': paperBookLocationsOf,
  order: orderLocationsOf,
};
const SOURCE_NAMES = Object.keys(SOURCES) as Source[];
const MODELS = SOURCE_NAMES.map((s) => SOURCES[s].model);

/** One open stream: who watches and where to write. */
export interface LiveConnection {
  viewer: LiveViewer;
  userId: string;
  sessionId: string;
  /** Writes SSE text; false when the client reads too slowly (the hub then ends it). */
  write(text: string): boolean;
  end(): void;
}

export interface LiveHubOptions {
  sql: Sql;
  store: EventStore;
  /** The session's user as they are now, or null once the session ended. */
  currentAuth(sessionId: string): Promise<RequestAuth | null>;
  heartbeatMs?: number;
  pollMs?: number;
  retryMs?: number;
  /** Streams one user may hold open in this process (tabs, devices). */
  maxPerUser?: number;
  /** Streams this process holds open at most. */
  maxStreams?: number;
  /** Changes kept for reconnects. */
  bufferSize?: number;
  onError?(error: unknown): void;
}

interface Entry {
  source: Source;
  change: LiveChange;
}

export const LIVE_DEFAULTS = { heartbeatMs: 15_000, pollMs: 1_000, retryMs: 3_000, maxPerUser: 5, maxStreams: 1_000, bufferSize: 2_000 } as const;

const highest = (cursor: LiveCursor) => Math.max(...SOURCE_NAMES.map((s) => cursor[s]));

export function viewerOf(auth: RequestAuth): LiveViewer {
  return { kind: auth.kind, userId: auth.userId, rolesAt: (locationId) => auth.rolesAt(locationId) };
}

export class LiveHub {
  private readonly o: Required<Omit<LiveHubOptions, 'onError'>> & Pick<LiveHubOptions, 'onError'>;
  private cursor: LiveCursor | null = null;
  /** A reconnect's cursor at or past this per source can be served from the buffer. */
  private covered: LiveCursor | null = null;
  private buffer: Entry[] = [];
  private readonly streams = new Set<LiveConnection>();
  private chain: Promise<unknown> = Promise.resolve();
  private pending = false;
  private started: Promise<void> | null = null;
  private listener: { unlisten(): Promise<void> } | null = null;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(options: LiveHubOptions) {
    this.o = { ...LIVE_DEFAULTS, ...options };
  }

  /** How many streams are open (all users; one user). */
  count(userId?: string): number {
    if (userId === undefined) return this.streams.size;
    let n = 0;
    for (const s of this.streams) if (s.userId === userId) n += 1;
    return n;
  }

  /** Streams admitted but not attached yet, per user: counted against the limits so racing opens cannot pass them. */
  private readonly reserved = new Map<string, number>();

  /**
   * Holds a place for one more stream of this user when it fits within the limits (true), to be
   * given back by attach() or release(); false past a limit.
   */
  reserve(userId: string): boolean {
    let reservedTotal = 0;
    for (const n of this.reserved.values()) reservedTotal += n;
    const mine = this.reserved.get(userId) ?? 0;
    if (this.stopped || this.streams.size + reservedTotal >= this.o.maxStreams || this.count(userId) + mine >= this.o.maxPerUser) return false;
    this.reserved.set(userId, mine + 1);
    return true;
  }

  /** Gives back a place reserve() held. */
  release(userId: string): void {
    const mine = (this.reserved.get(userId) ?? 0) - 1;
    if (mine > 0) this.reserved.set(userId, mine);
    else this.reserved.delete(userId);
  }

  /**
   * Starts a stream: the retry hint, what a reconnect missed (or resync), then `ready` whose id
   * is where the next reconnect resumes. Later changes follow as they are applied.
   */
  async attach(connection: LiveConnection, lastEventId: string | null): Promise<void> {
    try {
      await this.start();
    } catch (error) {
      this.release(connection.userId);
      throw error;
    }
    await this.serially(async () => {
      this.release(connection.userId);
      const cursor = this.cursor!;
      const covered = this.covered!;
      connection.write(sseRetry(this.o.retryMs));
      const from = parseCursor(lastEventId);
      if (lastEventId !== null && lastEventId !== '') {
        if (!from || SOURCE_NAMES.some((s) => from[s] < covered[s])) {
          connection.write(sseFrame({ event: LIVE_EVENT.resync, data: { position: highest(cursor) } }));
        } else {
          for (const entry of this.buffer) {
            if (entry.change.position > from[entry.source] && mayReceive(connection.viewer, entry.change)) connection.write(this.frameOf(entry, cursor));
          }
        }
      }
      connection.write(sseFrame({ id: formatCursor(cursor), event: LIVE_EVENT.ready, data: { position: highest(cursor) } }));
      this.streams.add(connection);
    });
  }

  detach(connection: LiveConnection): void {
    this.streams.delete(connection);
  }

  /** Ends every stream and stops following the read side. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const s of this.streams) s.end();
    this.streams.clear();
    await this.listener?.unlisten().catch(() => undefined);
    await this.chain.catch(() => undefined);
  }

  private frameOf(entry: Entry, cursor: LiveCursor): string {
    const { topic, id, customerId, position } = entry.change;
    return sseFrame({ id: formatCursor(cursor), event: LIVE_EVENT.change, data: { topic, id, customerId, position } });
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      const positions = await this.checkpoints();
      this.cursor = { ...positions };
      this.covered = { ...this.cursor };
      this.listener = await this.o.sql.listen('projection_checkpoint', (payload) => {
        const names = payload.split(':')[0]?.split(',') ?? [];
        if (names.some((n) => MODELS.includes(n))) this.schedule();
      });
      this.timers.push(setInterval(() => this.schedule(), this.o.pollMs));
      this.timers.push(setInterval(() => void this.heartbeat(), this.o.heartbeatMs));
      for (const t of this.timers) t.unref();
    })().catch((error: unknown) => {
      // Tried again by the next stream.
      this.started = null;
      throw error;
    });
    return this.started;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private schedule(): void {
    if (this.pending || this.stopped) return;
    this.pending = true;
    void this.serially(async () => {
      this.pending = false;
      await this.advance();
    }).catch((error: unknown) => this.o.onError?.(error));
  }

  private async checkpoints(): Promise<LiveCursor> {
    const rows = await this.o.sql<{ name: string; position: string }[]>`select name, position from checkpoints where name = any(${MODELS})`;
    const at = (model: string) => Number(rows.find((r) => r.name === model)?.position ?? 0);
    return Object.fromEntries(SOURCE_NAMES.map((s) => [s, at(SOURCES[s].model)])) as unknown as LiveCursor;
  }

  /** Reads what each source's read model has applied since the cursor and sends it. */
  private async advance(): Promise<void> {
    if (this.stopped || !this.cursor) return;
    const targets = await this.checkpoints();
    for (const source of SOURCE_NAMES) {
      const target = targets[source];
      if (target <= this.cursor[source]) continue;
      if (this.streams.size === 0) {
        // Nobody listens: move on without reading; a reconnect from before here gets resync.
        this.cursor[source] = target;
        this.covered![source] = target;
        this.buffer = this.buffer.filter((e) => e.source !== source);
        continue;
      }
      let after = this.cursor[source];
      while (after < target) {
        const options = { after, maxCount: 500, types: SOURCES[source].types };
        const read = this.o.store.readAllOfTypes ? await this.o.store.readAllOfTypes(options) : await readAllOfTypesByFiltering(this.o.store, options);
        const events = read.events.filter((e) => e.globalPosition <= target);
        for (const change of await this.changesOf(events)) {
          this.cursor[source] = change.position;
          this.publish({ source, change });
        }
        const reached = Math.min(read.reached, target);
        if (reached <= after) break; // beyond the read horizon for now: the next signal or poll reads on
        after = reached;
        this.cursor[source] = after;
      }
    }
  }

  private async changesOf(events: RecordedEvent[]): Promise<LiveChange[]> {
    const derived: { change: EventChange; position: number }[] = [];
    for (const e of events) {
      const change = changeOfEvent(e.type, e.data);
      if (change) derived.push({ change, position: e.globalPosition });
    }
    // One query per kind of lookup for the whole batch.
    const found = new Map<string, Map<string, number>>();
    for (const [by, locationsOf] of Object.entries(LOOKUPS)) {
      const ids = [...new Set(derived.flatMap((d) => (d.change.lookup?.by === by ? [d.change.lookup.id] : [])))];
      if (ids.length > 0) found.set(by, await locationsOf(this.o.sql, ids));
    }
    return derived.map(({ change, position }) => {
      const looked = change.lookup ? found.get(change.lookup.by)?.get(change.lookup.id) : undefined;
      const locationIds = looked === undefined || change.locationIds.includes(looked) ? change.locationIds : [...change.locationIds, looked];
      return { topic: change.topic, id: change.id, customerId: change.customerId, locationIds, position };
    });
  }

  private publish(entry: Entry): void {
    this.buffer.push(entry);
    while (this.buffer.length > this.o.bufferSize) {
      const dropped = this.buffer.shift()!;
      this.covered![dropped.source] = Math.max(this.covered![dropped.source], dropped.change.position);
    }
    const frame = this.frameOf(entry, this.cursor!);
    for (const stream of this.streams) {
      if (!mayReceive(stream.viewer, entry.change)) continue;
      if (!stream.write(frame)) this.close(stream);
    }
  }

  private close(stream: LiveConnection): void {
    this.streams.delete(stream);
    stream.end();
  }

  /** A comment to every stream, and each stream's session checked again. */
  private async heartbeat(): Promise<void> {
    for (const stream of [...this.streams]) {
      try {
        const auth = await this.o.currentAuth(stream.sessionId);
        if (!auth || auth.userId !== stream.userId) {
          this.close(stream);
          continue;
        }
        stream.viewer = viewerOf(auth);
      } catch (error) {
        this.o.onError?.(error);
      }
      if (this.streams.has(stream) && !stream.write(sseComment('heartbeat'))) this.close(stream);
    }
  }
}
