/**
 * The contract every EventStore adapter must pass (PostgreSQL and EventStoreDB run it).
 * Call describeEventStoreContract from an adapter's test file with a factory.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastPositionOf,
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from './port';

export interface ContractHarness {
  store: EventStore;
  /**
   * Appends inside a transaction that stays open for `holdMs` before committing, so that
   * transactions commit in a different order than they allocated positions. Adapters whose
   * appends are atomic on the server (EventStoreDB) leave it out.
   */
  appendHoldingCommit?: (streamId: string, events: NewEvent[], holdMs: number) => Promise<void>;
  dispose(): Promise<void>;
}

export function newEvent(type: string, data: unknown = {}, id: string = randomUUID()): NewEvent {
  return {
    type,
    data,
    metadata: { eventId: id, correlationId: randomUUID(), causationId: null, actor: 'test', time: new Date().toISOString() },
  };
}

const stream = (label: string) => `${label}-${randomUUID()}`;

export function describeEventStoreContract(name: string, createHarness: () => Promise<ContractHarness>): void {
  describe(`event store contract: ${name}`, () => {
    let h: ContractHarness;
    beforeAll(async () => {
      h = await createHarness();
    });
    afterAll(async () => {
      await h?.dispose();
    });

    describe('expected revision', () => {
      it('should create a stream with no_stream and refuse a second no_stream append', async () => {
        const s = stream('nostream');
        const r = await h.store.appendToStream(s, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
        expect(r.nextExpectedRevision).toBe(1);
        await expect(h.store.appendToStream(s, [newEvent('C')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
      });

      it('should refuse a no_stream append of several events onto an existing, shorter stream', async () => {
        const s = stream('nostream-longer');
        await h.store.appendToStream(s, [newEvent('A')], { expectedRevision: 'no_stream' });
        const error = await h.store
          .appendToStream(s, [newEvent('B'), newEvent('C'), newEvent('D')], { expectedRevision: 'no_stream' })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect((error as WrongExpectedRevisionError).actual).toBe(0);
        const exact = await h.store.appendToStream(s, [newEvent('B'), newEvent('C')], { expectedRevision: -1 }).catch((e: unknown) => e);
        expect(exact).toBeInstanceOf(WrongExpectedRevisionError);
        expect((await h.store.readStream(s)).map((e) => e.type)).toEqual(['A']);
      });

      it('should refuse stream_exists on a missing stream and accept it on an existing one', async () => {
        const s = stream('exists');
        await expect(h.store.appendToStream(s, [newEvent('A')], { expectedRevision: 'stream_exists' })).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        await h.store.appendToStream(s, [newEvent('A')]);
        const r = await h.store.appendToStream(s, [newEvent('B')], { expectedRevision: 'stream_exists' });
        expect(r.nextExpectedRevision).toBe(1);
      });

      it('should accept the exact revision and refuse a stale one with the actual revision', async () => {
        const s = stream('exact');
        const first = await h.store.appendToStream(s, [newEvent('A')], { expectedRevision: 'no_stream' });
        const second = await h.store.appendToStream(s, [newEvent('B')], { expectedRevision: first.nextExpectedRevision });
        expect(second.nextExpectedRevision).toBe(1);
        const error = await h.store
          .appendToStream(s, [newEvent('C')], { expectedRevision: first.nextExpectedRevision })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect((error as WrongExpectedRevisionError).actual).toBe(1);
      });

      it('should append with any whether or not the stream exists', async () => {
        const s = stream('any');
        expect((await h.store.appendToStream(s, [newEvent('A')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(0);
        expect((await h.store.appendToStream(s, [newEvent('B')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(1);
      });

      it('should let exactly one of many concurrent appends at the same revision win', async () => {
        const s = stream('race');
        await h.store.appendToStream(s, [newEvent('A')], { expectedRevision: 'no_stream' });
        const results = await Promise.allSettled(
          Array.from({ length: 10 }, () => h.store.appendToStream(s, [newEvent('B')], { expectedRevision: 0 })),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results.filter((r) => r.status === 'rejected')) {
          expect((r as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
        }
        expect(await h.store.readStream(s)).toHaveLength(2);
      });
    });

    describe('idempotent append', () => {
      it('should store an event once when the same event id is appended twice', async () => {
        const s = stream('idem');
        const e = newEvent('A', { n: 1 });
        const first = await h.store.appendToStream(s, [e], { expectedRevision: 'any' });
        const again = await h.store.appendToStream(s, [e], { expectedRevision: 'any' });
        expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect(await h.store.readStream(s)).toHaveLength(1);
      });
    });

    describe('reading a stream', () => {
      it('should read forwards and backwards, from a revision, with a limit, keeping data and metadata', async () => {
        const s = stream('read');
        const events = Array.from({ length: 5 }, (_, i) => newEvent(`E${i}`, { i }));
        await h.store.appendToStream(s, events);
        const forwards = await h.store.readStream(s);
        expect(forwards.map((e) => e.type)).toEqual(['E0', 'E1', 'E2', 'E3', 'E4']);
        expect(forwards.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
        expect(forwards[2]!.data).toEqual({ i: 2 });
        expect(forwards[2]!.metadata).toEqual(events[2]!.metadata);
        expect(forwards[2]!.streamId).toBe(s);
        const backwards = await h.store.readStream(s, { direction: 'backwards' });
        expect(backwards.map((e) => e.type)).toEqual(['E4', 'E3', 'E2', 'E1', 'E0']);
        expect((await h.store.readStream(s, { fromRevision: 3 })).map((e) => e.type)).toEqual(['E3', 'E4']);
        expect((await h.store.readStream(s, { direction: 'backwards', fromRevision: 1 })).map((e) => e.type)).toEqual([
          'E1',
          'E0',
        ]);
        expect((await h.store.readStream(s, { maxCount: 2 })).map((e) => e.type)).toEqual(['E0', 'E1']);
        expect(await h.store.readStream(stream('missing'))).toEqual([]);
      });
    });

    describe('reading all', () => {
      it('should read all events after a global position, in increasing order', async () => {
        const head = await h.store.headPosition();
        const s1 = stream('all');
        const s2 = stream('all');
        await h.store.appendToStream(s1, [newEvent('X1')]);
        await h.store.appendToStream(s2, [newEvent('Y1')]);
        const last = await h.store.appendToStream(s1, [newEvent('X2')]);
        // Committed events become readable once no older transaction is still open (anywhere
        // on the server, for PostgreSQL): wait for that, boundedly.
        let all: RecordedEvent[] = [];
        for (let i = 0; i < 200; i++) {
          all = await h.store.readAll({ after: head, maxCount: 1000 });
          if (all.some((e) => e.globalPosition >= last.position)) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        const mine = all.filter((e) => e.streamId === s1 || e.streamId === s2);
        expect(mine.map((e) => e.type)).toEqual(['X1', 'Y1', 'X2']);
        const positions = all.map((e) => e.globalPosition);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        const afterFirst = await h.store.readAll({ after: mine[0]!.globalPosition, maxCount: 1000 });
        expect(afterFirst.filter((e) => e.streamId === s1 || e.streamId === s2).map((e) => e.type)).toEqual(['Y1', 'X2']);
        expect(await h.store.headPosition()).toBeGreaterThanOrEqual(mine[2]!.globalPosition);
        // A stream's last position is its own last event's, readable or not yet; none for a stream never written.
        expect(await lastPositionOf(h.store, s1)).toBe(last.position);
        expect(await lastPositionOf(h.store, s2)).toBe(mine[1]!.globalPosition);
        expect(await lastPositionOf(h.store, stream('never-written'))).toBeNull();
      });
    });

    describe('subscription to all', () => {
      it('should deliver every event exactly once, in order, with 8 writers committing out of order', async () => {
        const start = await h.store.headPosition();
        const writers = 8;
        const perWriter = 25;
        const label = `sub-${randomUUID()}`;
        const received: RecordedEvent[] = [];
        const total = writers * perWriter;
        let done!: () => void;
        const allReceived = new Promise<void>((resolve) => (done = resolve));
        const sub = h.store.subscribeToAll({
          after: start,
          batchSize: 7,
          onBatch: async (batch) => {
            for (const e of batch) if (e.streamId.startsWith(label)) received.push(e);
            if (received.length >= total) done();
          },
        });
        await Promise.all(
          Array.from({ length: writers }, async (_, w) => {
            for (let i = 0; i < perWriter; i++) {
              const s = `${label}-${w}`;
              const events = [newEvent('Written', { w, i })];
              // Earlier writers hold their commits longer, so later positions commit first.
              if (h.appendHoldingCommit && i % 3 === 0) await h.appendHoldingCommit(s, events, (writers - w) * 3);
              else await h.store.appendToStream(s, events);
            }
          }),
        );
        await Promise.race([allReceived, new Promise((r) => setTimeout(r, 15_000))]);
        await sub.stop();
        expect(received).toHaveLength(total);
        const positions = received.map((e) => e.globalPosition);
        expect(new Set(positions).size).toBe(total);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        for (let w = 0; w < writers; w++) {
          const mine = received.filter((e) => e.streamId === `${label}-${w}`).map((e) => (e.data as { i: number }).i);
          expect(mine).toEqual(Array.from({ length: perWriter }, (_, i) => i));
        }
        // Nothing the subscription skipped is readable below its positions either.
        const stored = (await h.store.readAll({ after: start, maxCount: 10_000 })).filter((e) => e.streamId.startsWith(label));
        expect(stored.map((e) => e.globalPosition)).toEqual(positions);
      });
    });
  });
}
