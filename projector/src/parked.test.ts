/**
 * Issue 10, item 9 (b): one event a projection cannot apply never stops it. The event is
 * parked with its error, later events of its stream wait behind it, the checkpoint moves on,
 * other projections go on; an operator's retry is picked up without a restart; a rebuild
 * replaces the parked rows with its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, requestParkedEventRetry } from '@dealer/platform';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { newEvent } from '@dealer/platform/event-store/contract';
import { startProjector, type ProjectorHandle } from './runner';
import { rebuildProjection } from './rebuild';
import { putProjections } from './testing/put-projections';

const waitUntil = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

const { values, counter } = putProjections('test');

describe('a projection that cannot apply an event', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let projector: ProjectorHandle;
  let head = 0;
  const status = (name: string) => projector.status().find((s) => s.name === name)!;
  const parkedRows = () =>
    db.sql<{ id: string; position: string; stream: string; error: string; attempts: number; retry: Date | null }[]>`
      select id, global_position::text as position, stream_id as stream, error, attempts, retry_requested_at as retry
      from parked_events where projection = 'test_values' order by global_position`;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.sql, { pollIntervalMs: 25 });
    await store.appendToStream('good-1', [newEvent('Put', { n: 1 }), newEvent('Put', { n: 2 })]);
    // The poisoned event, and a later event of its stream that must not overtake it.
    await store.appendToStream('bad-1', [newEvent('Put', { n: 2 ** 40 })]);
    await store.appendToStream('bad-1', [newEvent('Put', { n: 4 })]);
    ({ position: head } = await store.appendToStream('good-2', [newEvent('Put', { n: 5 }), newEvent('Put', { n: 6 })]));
    projector = startProjector({ sql: db.sql, store, projections: [values, counter], batchSize: 500, parkedPollMs: 50 });
    await waitUntil(() => projector.status().every((s) => s.position >= head));
  });
  afterAll(async () => {
    await projector?.stop();
    await db?.drop();
  });

  it('should park it with its error, hold its stream behind it, and apply every other event', async () => {
    const rows = await parkedRows();
    expect(rows.map((r) => r.stream)).toEqual(['bad-1', 'bad-1']);
    expect(rows[0]!.error).toMatch(/^22003 .*out of range/);
    expect(rows[1]!.error).toMatch(/^Waiting: an earlier event of stream bad-1 is parked/);
    const stored = await db.sql<{ n: number }[]>`select n from rm_test_values.vals order by position`;
    expect(stored.map((r) => r.n)).toEqual([1, 2, 5, 6]);
    const [total] = await db.sql<{ n: number }[]>`select n from rm_test_counter.total`;
    expect(total!.n).toBe(6);
    await waitUntil(() => status('test_values').parked === 2);
    expect(status('test_values')).toMatchObject({ state: 'running', position: head, lastError: null, parked: 2 });
    expect(status('test_counter')).toMatchObject({ state: 'running', position: head, parked: 0 });
  });

  it('should keep going with events appended after the parked one', async () => {
    const { position } = await store.appendToStream('good-3', [newEvent('Put', { n: 7 })]);
    await store.appendToStream('bad-1', [newEvent('Put', { n: 8 })]);
    ({ position: head } = await store.appendToStream('good-3', [newEvent('Put', { n: 9 })]));
    await waitUntil(() => status('test_values').position >= head);
    expect(position).toBeLessThan(head);
    const stored = await db.sql<{ n: number }[]>`select n from rm_test_values.vals order by position`;
    expect(stored.map((r) => r.n)).toEqual([1, 2, 5, 6, 7, 9]);
    expect((await parkedRows()).map((r) => r.stream)).toEqual(['bad-1', 'bad-1', 'bad-1']);
  });

  it('should record the new error when a retry fails again, and leave the stream parked', async () => {
    const [first] = await parkedRows();
    expect(await requestParkedEventRetry(db.sql, first!.id)).toBe(true);
    await waitUntil(async () => (await parkedRows())[0]!.attempts === 2);
    const rows = await parkedRows();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.retry === null)).toBe(true);
    expect(rows[0]!.error).toMatch(/^22003 /);
    expect(status('test_values').state).toBe('running');
  });

  it('should apply a retried event and the events waiting behind it after a fix, without a restart', async () => {
    // The fix: the column now holds the value.
    await db.sql`alter table rm_test_values.vals alter column n type bigint`;
    const [first] = await parkedRows();
    await requestParkedEventRetry(db.sql, first!.id);
    await waitUntil(async () => (await parkedRows()).length === 0);
    const stored = await db.sql<{ n: string }[]>`select n::text from rm_test_values.vals order by position`;
    expect(stored.map((r) => r.n)).toEqual(['1', '2', String(2 ** 40), '4', '5', '6', '7', '8', '9']);
    await waitUntil(() => status('test_values').parked === 0);
    expect(await requestParkedEventRetry(db.sql, first!.id)).toBe(false);
  });

  it('should not park on errors that are not about the event (the batch is retried whole)', async () => {
    await db.sql`alter table rm_test_values.vals rename to vals_away`;
    ({ position: head } = await store.appendToStream('good-4', [newEvent('Put', { n: 10 })]));
    await waitUntil(() => status('test_values').lastError !== null);
    expect(status('test_values').position).toBeLessThan(head);
    expect(await parkedRows()).toEqual([]);
    await db.sql`alter table rm_test_values.vals_away rename to vals`;
    await waitUntil(() => status('test_values').position >= head);
    expect(await parkedRows()).toEqual([]);
  });

  it('should park in a rebuild too, and replace the parked rows with the rebuild\'s at the swap', async () => {
    // Live, the fixed (bigint) table takes this value; the rebuild's fresh table is integer again.
    ({ position: head } = await store.appendToStream('bad-2', [newEvent('Put', { n: 2 ** 41 })]));
    await waitUntil(() => status('test_values').position >= head);
    expect(await parkedRows()).toEqual([]);
    const result = await rebuildProjection({ sql: db.sql, store }, values);
    expect(result.parked).toBe(4);
    const rows = await parkedRows();
    expect(rows.map((r) => r.stream)).toEqual(['bad-1', 'bad-1', 'bad-1', 'bad-2']);
    expect(rows.map((r) => r.error.slice(0, 5))).toEqual(['22003', 'Waiti', 'Waiti', '22003']);
    const stored = await db.sql<{ n: number }[]>`select n from rm_test_values.vals order by position`;
    expect(stored.map((r) => r.n)).toEqual([1, 2, 5, 6, 7, 9, 10]);
    await waitUntil(() => status('test_values').parked === 4);
  });
});
