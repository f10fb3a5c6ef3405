/**
 * The checkpointed relay against real PostgreSQL and the PostgreSQL event store. The
 * publisher is a recording fake; it fails or hangs only where a test forces that.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newEvent } from '../event-store/contract';
import type { RecordedEvent } from '../event-store/port';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { startEventRelay, type RelayPublisher, type RunningRelay } from './event-relay';
import { readCheckpoint } from './relay-checkpoint';

interface RecordingPublisher extends RelayPublisher {
  published: RecordedEvent[];
  attempts: number;
}

function recordingPublisher(behaviour: { failFirst?: number; hang?: boolean } = {}): RecordingPublisher {
  const publisher: RecordingPublisher = {
    published: [],
    attempts: 0,
    async publish(events, signal) {
      publisher.attempts++;
      if (publisher.attempts <= (behaviour.failFirst ?? 0)) throw new Error('broker unavailable');
      if (behaviour.hang) {
        await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      }
      publisher.published.push(...events);
    },
    async close() {},
  };
  return publisher;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const NAME = 'test-relay';

describe('event relay', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const relays: RunningRelay[] = [];
  const start = (publisher: RelayPublisher, standbyPollMs = 100) => {
    const relay = startEventRelay({ sql: db.sql, store, name: NAME, publisher, batchSize: 4, standbyPollMs, retryDelayMs: 20 });
    relays.push(relay);
    return relay;
  };
  const append = async (stream: string, count: number) => {
    for (let i = 0; i < count; i++) await store.appendToStream(stream, [newEvent('Counted', { i })]);
  };

  beforeEach(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.sql, { pollIntervalMs: 50 });
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await store.close();
    await db.drop();
  });

  it('should publish every event once, in order, then advance the checkpoint to the last one', async () => {
    await append('a-1', 5);
    await append('b-1', 5);
    const publisher = recordingPublisher();
    start(publisher);
    await append('a-1', 3);
    await waitFor(() => publisher.published.length === 13);
    const positions = publisher.published.map((e) => e.globalPosition);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    expect(new Set(positions).size).toBe(13);
    await waitFor(async () => (await readCheckpoint(db.sql, NAME)) === positions.at(-1));
  });

  it('should keep the checkpoint while publishing fails and publish the same batch again', async () => {
    await append('s-1', 6);
    const publisher = recordingPublisher({ failFirst: 2 });
    const seenCheckpoints: number[] = [];
    const inner = publisher.publish.bind(publisher);
    publisher.publish = async (events, signal) => {
      seenCheckpoints.push(await readCheckpoint(db.sql, NAME));
      return inner(events, signal);
    };
    start(publisher);
    await waitFor(() => publisher.published.length === 6);
    expect(publisher.attempts).toBeGreaterThanOrEqual(4); // 2 failures, then 2 batches of 4 + 2
    expect(seenCheckpoints.slice(0, 3)).toEqual([0, 0, 0]);
    expect(publisher.published.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('should resume from its checkpoint after a restart, losing and repeating nothing', async () => {
    await append('r-1', 5);
    const first = recordingPublisher();
    const relay = start(first);
    await waitFor(() => first.published.length === 5);
    await waitFor(async () => (await readCheckpoint(db.sql, NAME)) === first.published.at(-1)!.globalPosition);
    await relay.stop();

    await append('r-1', 3);
    const second = recordingPublisher();
    start(second);
    await waitFor(() => second.published.length === 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(second.published.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2]);
    expect(second.published[0]!.globalPosition).toBeGreaterThan(first.published.at(-1)!.globalPosition);
  });

  it('should let one relay per name be active and a standby take over when it stops', async () => {
    const a = recordingPublisher();
    const b = recordingPublisher();
    const relayA = start(a);
    await waitFor(async () => {
      // pg_locks is cluster-wide: count only relay locks (namespace 7061728) in this test's database.
      const [row] = await db.sql<{ n: number }[]>`
        select count(*)::int as n from pg_locks
        where locktype = 'advisory' and granted and classid = 7061728
          and database = (select oid from pg_database where datname = current_database())`;
      return (row?.n ?? 0) > 0;
    });
    start(b);
    await append('l-1', 4);
    await waitFor(() => a.published.length === 4);
    await new Promise((r) => setTimeout(r, 300));
    expect(b.published).toHaveLength(0);

    await relayA.stop();
    await append('l-1', 2);
    await waitFor(() => b.published.length === 2);
    expect(b.published.map((e) => (e.data as { i: number }).i)).toEqual([0, 1]);
  });

  it('should stop promptly while a publish hangs, without advancing the checkpoint', async () => {
    await append('h-1', 2);
    const publisher = recordingPublisher({ hang: true });
    const relay = start(publisher);
    await waitFor(() => publisher.attempts === 1);
    const started = Date.now();
    await relay.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await readCheckpoint(db.sql, NAME)).toBe(0);
  });
});
