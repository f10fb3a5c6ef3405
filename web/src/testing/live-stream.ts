// The live updates stream in route tests (issue 24 part 3): jsdom has no EventSource, so a test that wants the
// stream stands one in (the app then asks POST /api/event-stream-tickets, answered here) and sends change messages
// as the server would. Call once at the top level of a test file, after startAppServer.
import { http } from 'msw';
import { afterEach, beforeEach, vi } from 'vitest';
import { EVENT_STREAM_TICKET_PATH, LIVE_EVENT, type LiveMessage } from '@dealer/contracts';
import { ok } from './answers';
import { server } from './app-server';

class FakeEventSource {
  static open: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.open.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown, lastEventId = '') {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
  close() {
    this.closed = true;
  }
}

export function useLiveStream() {
  beforeEach(() => {
    FakeEventSource.open = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    server.use(http.post(EVENT_STREAM_TICKET_PATH, () => ok({ ticket: 'test-ticket', expiresInSeconds: 60 })));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  /** The tab's open stream, once the app opened it. */
  const stream = async () => {
    await vi.waitFor(() => {
      if (!FakeEventSource.open.some((s) => !s.closed)) throw new Error('the app opened no live updates stream');
    });
    return FakeEventSource.open.filter((s) => !s.closed).at(-1)!;
  };
  return {
    /** Sends a change message on the tab's stream, as the server does when something the user may read changed. */
    async send(message: LiveMessage, id = '1-1-1-1') {
      const s = await stream();
      s.emit(LIVE_EVENT.ready, { position: 0 }, '0-0-0-0');
      s.emit(LIVE_EVENT.change, message, id);
    },
  };
}
