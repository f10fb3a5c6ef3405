import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { newEvent } from './contract';
import { DEFAULT_MIN_READ_INTERVAL_MS, EventFeed, type FeedSubscriber } from './event-feed';
import type { RecordedEvent } from './port';
import { DEFAULT_NOTIFY_INTERVAL_MS, PostgresEventStore } from './postgres/postgres-event-store';

const until = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('readAllOfTypes and the shared reader (EventFeed)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.sql, { pollIntervalMs: 100 });
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('should read only the types asked for, and say how far it read, under the same horizon as readAll', async () => {
    await store.appendToStream('t-1', [newEvent('A', { n: 1 }), newEvent('B', { n: 2 }), newEvent('C', { n: 3 })]);
    const { position: last } = await store.appendToStream('t-2', [newEvent('B', { n: 4 }), newEvent('C', { n: 5 })]);
    const all = await store.readAll();
    const onlyA = await store.readAllOfTypes({ after: 0, maxCount: 100, types: ['A'] });
    expect(onlyA.events.map((e) => e.data)).toEqual([{ n: 1 }]);
    expect(onlyA.reached).toBe(last);
    expect(onlyA.pending).toBe(false);
    // A full page: reached is its last event, not further.
    const twoOfB = await store.readAllOfTypes({ after: 0, maxCount: 1, types: ['B'] });
    expect(twoOfB.events.map((e) => e.data)).toEqual([{ n: 2 }]);
    expect(twoOfB.reached).toBe(all[1]!.globalPosition);
    const every = await store.readAllOfTypes({ after: 0, maxCount: 100, types: null });
    expect(every.events).toEqual(all);
    const none = await store.readAllOfTypes({ after: last, maxCount: 100, types: ['A'] });
    expect(none).toEqual({ events: [], reached: last, pending: false });

    // An open transaction that may append holds the read back, and the rows behind it are pending.
    let release!: () => void;
    let opened!: () => void;
    const open = new Promise<void>((r) => (opened = r));
    const holding = db.sql.begin(async (tx) => {
      await tx`insert into checkpoints (name) values ('holding')`;
      opened();
      await new Promise<void>((r) => (release = r));
    });
    await open;
    const { position: behind } = await store.appendToStream('t-3', [newEvent('A', { n: 6 })]);
    const held = await store.readAllOfTypes({ after: last, maxCount: 100, types: ['A'] });
    expect(held).toEqual({ events: [], reached: last, pending: true });
    release();
    await holding;
    const after = await store.readAllOfTypes({ after: last, maxCount: 100, types: ['A'] });
    expect(after.events.map((e) => e.data)).toEqual([{ n: 6 }]);
    expect(after.reached).toBe(behind);
  });

  it('should feed subscribers at different positions from one read each, each its own types, up to the position read', async () => {
    const head = await store.headPosition();
    const calls: { name: string; events: RecordedEvent[]; reached: number }[] = [];
    const subscriber = (name: string, types: string[] | null, start: number): FeedSubscriber & { position: number } => {
      const s = {
        position: start,
        from: () => s.position,
        types: () => (types ? new Set(types) : null),
        deliver: async (events: RecordedEvent[], reached: number) => {
          calls.push({ name, events, reached });
          s.position = reached;
        },
      };
      return s;
    };
    const feed = new EventFeed({ store, sql: db.sql, pollIntervalMs: 1000 });
    const a = subscriber('a', ['A'], head);
    const b = subscriber('b', ['B', 'C'], 0);
    const removeA = feed.add(a);
    const removeB = feed.add(b);
    try {
      await until(() => b.position === head);
      // b started from 0 and got every B and C; a, already at the head, got nothing.
      expect(calls.filter((c) => c.name === 'a')).toEqual([]);
      expect(calls.filter((c) => c.name === 'b').flatMap((c) => c.events.map((e) => e.data))).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }]);
      const readsBefore = feed.stats.reads;
      calls.length = 0;
      const { position } = await store.appendToStream('t-4', [newEvent('A', { n: 7 })]);
      await until(() => a.position === position && b.position === position);
      expect(calls.find((c) => c.name === 'a')!.events.map((e) => e.data)).toEqual([{ n: 7 }]);
      // b handles no A: it is told how far the log was read, with no events.
      expect(calls.find((c) => c.name === 'b')).toEqual({ name: 'b', events: [], reached: position });
      // One append, one notification: one read that found it (and at most one that found nothing).
      expect(feed.stats.reads - readsBefore).toBeLessThanOrEqual(3);
    } finally {
      await removeA();
      await removeB();
      await feed.stop();
    }
  });

  it('should read ahead through a backlog while subscribers apply, without a gap or a repeat, and drop a read ahead nobody can use', async () => {
    const start = await store.headPosition();
    const types = ['A', 'B', 'C'] as const;
    const positions: number[] = [];
    for (let i = 0; i < 9; i++) positions.push((await store.appendToStream(`ahead-${i}`, [newEvent(types[i % 3]!, { i })])).position);
    const seenBySlow: number[] = [];
    const slow = {
      position: start,
      from: () => slow.position,
      types: () => null,
      deliver: async (events: RecordedEvent[], reached: number) => {
        await new Promise((r) => setTimeout(r, 5));
        seenBySlow.push(...events.map((e) => e.globalPosition));
        slow.position = reached;
      },
    };
    // Fails its second delivery once: it stands back for 30 ms, then needs the same events again.
    const seenByFlaky: number[] = [];
    let deliveries = 0;
    let backingOff = false;
    const flaky = {
      position: start,
      from: () => (backingOff ? null : flaky.position),
      types: () => new Set(['A']),
      deliver: async (events: RecordedEvent[], reached: number) => {
        deliveries += 1;
        if (deliveries === 2) {
          backingOff = true;
          setTimeout(() => {
            backingOff = false;
            feed.wake();
          }, 30);
          return;
        }
        seenByFlaky.push(...events.map((e) => e.globalPosition));
        flaky.position = reached;
      },
    };
    const feed = new EventFeed({ store, sql: db.sql, pollIntervalMs: 1000, batchSize: 2 });
    const removeSlow = feed.add(slow);
    const removeFlaky = feed.add(flaky);
    try {
      const last = positions[positions.length - 1]!;
      await until(() => slow.position >= last && flaky.position >= last);
      expect(seenBySlow).toEqual(positions);
      expect(seenByFlaky).toEqual(positions.filter((_, i) => i % 3 === 0));
    } finally {
      await removeSlow();
      await removeFlaky();
      await feed.stop();
    }
  });

  it('should read the appends made within the least interval between reads in one read, and stop without waiting the interval out', async () => {
    const start = await store.headPosition();
    const delivered: unknown[][] = [];
    const s = {
      position: start,
      from: () => s.position,
      types: () => new Set(['Q']),
      deliver: async (events: RecordedEvent[], reached: number) => {
        if (events.length > 0) delivered.push(events.map((e) => (e.data as { n: number }).n));
        s.position = reached;
      },
    };
    const feed = new EventFeed({ store, sql: db.sql, pollIntervalMs: 1000, minReadIntervalMs: 2000 });
    const remove = feed.add(s);
    try {
      // The first append after a quiet spell is read at once; the three made 100 ms apart right after it wait for the interval and come in one read.
      const first = await store.appendToStream('interval-0', [newEvent('Q', { n: 0 })]);
      await until(() => s.position >= first.position);
      let last = 0;
      for (let n = 1; n <= 3; n++) {
        await new Promise((r) => setTimeout(r, 100));
        last = (await store.appendToStream(`interval-${n}`, [newEvent('Q', { n })])).position;
      }
      await until(() => s.position >= last);
      expect(delivered).toEqual([[0], [1, 2, 3]]);
    } finally {
      await remove();
      await feed.stop();
    }

    // A feed waiting out a long interval stops at once.
    const waiting = new EventFeed({ store, sql: db.sql, pollIntervalMs: 1000, minReadIntervalMs: 600_000 });
    const removeWaiting = waiting.add(s);
    const { position } = await store.appendToStream('interval-4', [newEvent('Q', { n: 4 })]);
    await until(() => s.position >= position);
    await store.appendToStream('interval-5', [newEvent('Q', { n: 5 })]);
    await new Promise((r) => setTimeout(r, 50));
    await removeWaiting();
    await waiting.stop();
    expect(delivered.at(-1)).toEqual([4]);
  });
});

describe("the store's notifications and the feed's pace (ADR 0112)", () => {
  it('should notify a busy log at least as often as the feed may read it, so its reads start as early as ever', () => {
    // A notification that arrives during the feed's pause between two reads is kept for the read
    // after it: one per pause is all the feed uses. A longer interval would delay its reads.
    expect(DEFAULT_NOTIFY_INTERVAL_MS).toBeLessThanOrEqual(DEFAULT_MIN_READ_INTERVAL_MS);
  });
});
