/**
 * A small read's projections in one transaction (ADR 0093): every projection applies its events
 * and every checkpoint, idle ones too, moves to where the read reached, with one notification;
 * and when any part cannot (an error, a stream with a parked event) nothing at all is applied, so
 * the per-projection path can run the read again (it parks and backs off per projection).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PostgresEventStore, type RecordedEvent } from '@dealer/platform';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { newEvent } from '@dealer/platform/event-store/contract';
import type { Projection } from '@dealer/read-models/projection';
import { putProjections } from './testing/put-projections';
import { applyReadTogether } from './runner';
import { ensureProjectionSchema } from './schema-setup';

const { values, counter } = putProjections('together');

/** Handles no Put: its checkpoint only moves. */
const idle: Projection = {
  name: 'together_idle',
  schema: 'rm_together_idle',
  handles: new Set(['Other']),
  async createTables() {},
  async applyBatch() {},
};

describe('a read applied to several projections in one transaction', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.sql);
    for (const p of [values, counter, idle]) await ensureProjectionSchema(db.sql, p);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });
  beforeEach(async () => {
    await db.sql`update checkpoints set position = 0 where name like 'together_%'`;
    await db.sql`delete from parked_events`;
    await db.sql`delete from rm_together_values.vals`;
    await db.sql`update rm_together_counter.total set n = 0`;
  });

  const state = async () => ({
    checkpoints: Object.fromEntries((await db.sql<{ name: string; position: string }[]>`select name, position from checkpoints where name like 'together_%'`).map((r) => [r.name, Number(r.position)])),
    values: (await db.sql<{ n: number }[]>`select n from rm_together_values.vals order by position`).map((r) => r.n),
    total: (await db.sql<{ n: number }[]>`select n from rm_together_counter.total`)[0]!.n,
  });
  const puts = async (stream: string, ns: number[]): Promise<RecordedEvent[]> => {
    await store.appendToStream(stream, ns.map((n) => newEvent('Put', { n })));
    return store.readStream(stream);
  };
  const work = (events: RecordedEvent[]) => [values, counter].map((projection) => ({ projection, relevant: events }));

  it('should apply every projection, move every checkpoint to the position reached and notify once', async () => {
    const events = await puts('together-1', [1, 2]);
    const reached = events[1]!.globalPosition + 5;
    const heard: string[] = [];
    const listener = await db.sql.listen('projection_checkpoint', (payload) => heard.push(payload));
    const positions = await applyReadTogether(db.sql, work(events), [idle.name], reached);
    expect(positions).toEqual(new Map([[counter.name, reached], [idle.name, reached], [values.name, reached]]));
    expect(await state()).toEqual({
      checkpoints: { [values.name]: reached, [counter.name]: reached, [idle.name]: reached },
      values: [1, 2],
      total: 2,
    });
    const deadline = Date.now() + 5000;
    while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await listener.unlisten();
    expect(heard).toEqual([`${counter.name},${idle.name},${values.name}:${reached}`]);
  });

  it('should apply only what lies past a projection\'s stored checkpoint', async () => {
    const events = await puts('together-2', [3, 4]);
    await db.sql`update checkpoints set position = ${events[0]!.globalPosition} where name = ${values.name}`;
    await applyReadTogether(db.sql, work(events), [], events[1]!.globalPosition);
    expect((await state()).values).toEqual([4]);
    expect((await state()).total).toBe(2);
  });

  it('should apply nothing and answer null when one projection fails on an event', async () => {
    const events = await puts('together-3', [5, 2 ** 40]);
    expect(await applyReadTogether(db.sql, work(events), [idle.name], events[1]!.globalPosition)).toBeNull();
    expect(await state()).toEqual({ checkpoints: { [values.name]: 0, [counter.name]: 0, [idle.name]: 0 }, values: [], total: 0 });
  });

  it('should apply nothing and answer null when a stream of the read has a parked event', async () => {
    const events = await puts('together-4', [6]);
    await db.sql`insert into parked_events (projection, global_position, event_id, event_type, stream_id, error)
      values (${counter.name}, 1, ${events[0]!.metadata.eventId}, 'Put', 'together-4', 'parked before')`;
    expect(await applyReadTogether(db.sql, work(events), [], events[0]!.globalPosition)).toBeNull();
    expect(await state()).toEqual({ checkpoints: { [values.name]: 0, [counter.name]: 0, [idle.name]: 0 }, values: [], total: 0 });
  });
});
