// Live updates (issue 24 part 3, ADR 0087, 0091): one EventSource per signed-in tab on GET /api/events. The stream
// says what changed (a verification, a sale, a redemption, a paper book, an online order, a gift) and at which read position; the app refetches the
// queries showing it, after the read side reached that position (read-your-writes). SPEC's polls stay as they
// are: they are the fallback whenever the stream is down.
//
// EventSource cannot send the Authorization header, so each connection first asks the API for a single-use
// stream ticket (Bearer and anti-forgery pair, as every command) and opens the stream with it. For the same
// reason EventSource's own reconnect (same address, spent ticket) cannot work: on an error the stream is
// closed and opened again with a new ticket, naming the last id it saw so the server sends what was missed.
import { EVENT_STREAM_PATH, EVENT_STREAM_TICKET_PATH, LIVE_EVENT, LIVE_TOPICS, type ApiEnvelope, type LiveMessage, type LiveTopic } from '@dealer/contracts';
import { api } from './api-client';
import { rememberPosition } from './read-position';

export interface LiveUpdateHandlers {
  /** Something shown may have changed. */
  onChange(message: LiveMessage): void;
  /** The stream could not replay what was missed: read everything shown again. */
  onResync(): void;
  /** The stream is up (true) or down (false). */
  onHealth?(healthy: boolean): void;
}

export interface LiveUpdateOptions {
  /** The EventSource constructor (tests give their own). */
  EventSource?: typeof EventSource;
  /** First wait before reconnecting, doubled after each failure up to maxDelayMs. */
  retryDelayMs?: number;
  maxDelayMs?: number;
}

const TOPICS: ReadonlySet<LiveTopic> = new Set(LIVE_TOPICS);

/** The message in a `change` event's data, or null when it is not one. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const m = value as Partial<LiveMessage> | null;
  if (!m || !TOPICS.has(m.topic as LiveTopic) || typeof m.id !== 'string' || (typeof m.customerId !== 'string' && m.customerId !== null) || typeof m.position !== 'number' || !Number.isSafeInteger(m.position) || m.position < 0) return null;
  return { topic: m.topic!, id: m.id, customerId: m.customerId, position: m.position };
}

/** Starts the stream; the returned function stops it for good (sign-out, another user). */
export function startLiveUpdates(handlers: LiveUpdateHandlers, options: LiveUpdateOptions = {}): () => void {
  const Source = options.EventSource ?? globalThis.EventSource;
  const firstDelay = options.retryDelayMs ?? 3_000;
  const maxDelay = options.maxDelayMs ?? 60_000;
  if (typeof Source !== 'function') return () => undefined;
  let stopped = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let delay = firstDelay;
  let lastEventId: string | null = null;

  const down = () => {
    source?.close();
    source = null;
    handlers.onHealth?.(false);
    if (stopped || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void open();
    }, delay);
    delay = Math.min(delay * 2, maxDelay);
  };

  async function open(): Promise<void> {
    if (stopped) return;
    let ticket: string;
    try {
      ticket = (await api.post<ApiEnvelope<{ ticket: string }>>(EVENT_STREAM_TICKET_PATH, {}, { retry: false })).dataSet.ticket;
    } catch {
      down();
      return;
    }
    if (stopped) return;
    const query = new URLSearchParams({ ticket });
    if (lastEventId !== null) query.set('lastEventId', lastEventId);
    const es = new Source(`${EVENT_STREAM_PATH}?${query.toString()}`);
    source = es;
    es.addEventListener(LIVE_EVENT.ready, (event) => {
      lastEventId = (event as MessageEvent).lastEventId || lastEventId;
      delay = firstDelay;
      handlers.onHealth?.(true);
    });
    es.addEventListener(LIVE_EVENT.change, (event) => {
      const e = event as MessageEvent;
      if (e.lastEventId) lastEventId = e.lastEventId;
      const message = parseLiveMessage(e.data);
      if (!message) return;
      // The read side shows the change from this position on: the refetch waits for it there.
      rememberPosition({ metaData: { position: String(message.position) } });
      handlers.onChange(message);
    });
    es.addEventListener(LIVE_EVENT.resync, () => handlers.onResync());
    es.onerror = () => {
      if (source === es) down();
    };
  }

  void open();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    source?.close();
    source = null;
  };
}
