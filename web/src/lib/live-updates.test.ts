// Unit tests of the live updates client: message parsing, the ticket before each connection, the read
// position a message carries, and a reconnect with a new ticket naming the last id seen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { parseLiveMessage as Parse, startLiveUpdates as Start } from './live-updates';
import type { minPosition as MinPosition } from './read-position';

let parseLiveMessage: typeof Parse;
let startLiveUpdates: typeof Start;
let minPosition: typeof MinPosition;
let fetchMock: ReturnType<typeof vi.fn>;

/** A stand-in for the browser's EventSource: records the address and lets the test send events. */
class FakeSource {
  static opened: FakeSource[] = [];
  readonly listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
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

const ticketAnswer = (ticket: string) => new Response(JSON.stringify({ dataSet: { ticket, expiresInSeconds: 60 } }), { status: 200, headers: { 'content-type': 'application/json' } });
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(async () => {
  vi.resetModules();
  ({ parseLiveMessage, startLiveUpdates } = await import('./live-updates'));
  ({ minPosition } = await import('./read-position'));
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=pair' });
  FakeSource.opened = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('parseLiveMessage', () => {
  it('should take a change message and refuse anything else', () => {
    expect(parseLiveMessage('{"topic":"sale","id":"s1","customerId":"c1","position":7}')).toEqual({ topic: 'sale', id: 's1', customerId: 'c1', position: 7 });
    // A paper book is staff's only: no customer.
    expect(parseLiveMessage('{"topic":"paper-book","id":"PB-1","customerId":null,"position":8}')).toEqual({ topic: 'paper-book', id: 'PB-1', customerId: null, position: 8 });
    expect(parseLiveMessage('{"topic":"gift","id":"g1","customerId":"c1","position":9}')).toMatchObject({ topic: 'gift' });
    for (const bad of ['', 'x', '{}', '{"topic":"other","id":"s","customerId":"c","position":1}', '{"topic":"sale","id":"s","customerId":"c","position":-1}', '{"topic":"sale","id":"s","customerId":"c","position":"1"}', null]) {
      expect(parseLiveMessage(bad)).toBeNull();
    }
  });
});

describe('startLiveUpdates', () => {
  it('should open the stream with a ticket, pass changes on with their read position, and reconnect with a new ticket after an error', async () => {
    fetchMock.mockResolvedValueOnce(ticketAnswer('T1')).mockResolvedValueOnce(ticketAnswer('T2'));
    const changes: unknown[] = [];
    const health: boolean[] = [];
    const stop = startLiveUpdates({ onChange: (m) => changes.push(m), onResync: () => undefined, onHealth: (h) => health.push(h) }, { EventSource: FakeSource as unknown as typeof EventSource, retryDelayMs: 10 });
    await vi.waitFor(() => expect(FakeSource.opened).toHaveLength(1));
    const ticketCall = fetchMock.mock.calls.find((c) => c[0] !== '/auth-api/xsrf');
    expect(ticketCall![0]).toBe('/api/event-stream-tickets');
    expect((ticketCall![1] as RequestInit).method).toBe('POST');
    expect(FakeSource.opened[0]!.url).toBe('/api/events?ticket=T1');

    const first = FakeSource.opened[0]!;
    first.emit('ready', { position: 5 }, '5-5');
    first.emit('change', { topic: 'verification', id: 'v1', customerId: 'c1', position: 9 }, '9-5');
    expect(changes).toEqual([{ topic: 'verification', id: 'v1', customerId: 'c1', position: 9 }]);
    expect(minPosition()).toBe('9');
    expect(health).toEqual([true]);

    first.onerror?.();
    expect(first.closed).toBe(true);
    await vi.waitFor(() => expect(FakeSource.opened).toHaveLength(2));
    expect(FakeSource.opened[1]!.url).toBe('/api/events?ticket=T2&lastEventId=9-5');
    expect(health).toEqual([true, false]);
    stop();
    expect(FakeSource.opened[1]!.closed).toBe(true);
    await settle();
  });

  it('should try again later when no ticket can be had, and stop for good when stopped', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 403, headers: { 'content-type': 'application/json' } }));
    const stop = startLiveUpdates({ onChange: () => undefined, onResync: () => undefined }, { EventSource: FakeSource as unknown as typeof EventSource, retryDelayMs: 10 });
    await vi.waitFor(() => expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/event-stream-tickets').length).toBeGreaterThanOrEqual(2));
    stop();
    const calls = fetchMock.mock.calls.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(FakeSource.opened).toHaveLength(0);
  });
});
