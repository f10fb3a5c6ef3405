/**
 * One way to run a command, against the PostgreSQL event store: load reads a stream once and
 * folds it; decideOn appends what the decider decided on that state with the revision read (a
 * writer in between is a WrongExpectedRevisionError, nothing is appended); nothing to append
 * answers the position of this request's own event; handle() is the same steps, retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decider } from '@dealer/domain';
import { createTestDatabase, type TestDatabase } from './testing/database';
import { PostgresEventStore } from './event-store/postgres/postgres-event-store';
import { WrongExpectedRevisionError } from './event-store/port';
import { systemContext, type CommandContext } from './metadata';
import { appendDecided, decideOn, handle, load, recordOfRequest } from './command-handling';

type CounterEvent = { type: 'Added'; data: { by: number } };
type CounterCommand = { type: 'Add'; data: { by: number; max: number } };
const counter: Decider<number, CounterCommand, CounterEvent> = {
  initialState: () => 0,
  evolve: (state, event) => (event.type === 'Added' ? state + (event.data as { by: number }).by : state),
  // Nothing beyond the maximum: an empty decision.
  decide: (command, state) => (state + command.data.by > command.data.max ? [] : [{ type: 'Added', data: { by: command.data.by } }]),
};
const add = (by: number, max = 100): CounterCommand => ({ type: 'Add', data: { by, max } });

let db: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.sql);
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const ctx = (requestKey?: string): CommandContext => ({ ...systemContext('test:command-handling'), ...(requestKey ? { requestKey } : {}) });

describe('load, decide, append', () => {
  it('should load a stream once with its history, state and revision (-1 before it exists)', async () => {
    expect(await load(store, 'counter-none', counter)).toEqual({ history: [], state: 0, revision: -1 });
    await handle(store, 'counter-a', counter, add(2), ctx());
    await handle(store, 'counter-a', counter, add(3), ctx());
    const loaded = await load(store, 'counter-a', counter);
    expect(loaded.state).toBe(5);
    expect(loaded.revision).toBe(1);
    expect(loaded.history.map((e) => e.type)).toEqual(['Added', 'Added']);
  });

  it('should append what was decided on the state loaded with the revision read, and refuse when another writer came first', async () => {
    const loaded = await load(store, 'counter-b', counter);
    const first = await decideOn(store, 'counter-b', counter, loaded, add(4), ctx());
    expect(first).toMatchObject({ revision: 0, state: 4 });
    expect(first.position).not.toBeNull();
    // The same read again: the stream moved on, so nothing is appended.
    await expect(decideOn(store, 'counter-b', counter, loaded, add(1), ctx())).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(appendDecided(store, 'counter-b', counter, loaded, [{ type: 'Added', data: { by: 1 } }], ctx())).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect((await load(store, 'counter-b', counter)).state).toBe(4);
  });

  it("should answer an empty decision with this request's own last position, or null", async () => {
    const recorded = await handle(store, 'counter-c', counter, add(10, 10), ctx('request-1'));
    const loaded = await load(store, 'counter-c', counter);
    const again = await decideOn(store, 'counter-c', counter, loaded, add(10, 10), ctx('request-1'));
    expect(again).toEqual({ position: recorded.position, revision: 0, state: 10 });
    expect((await decideOn(store, 'counter-c', counter, loaded, add(10, 10), ctx('request-2'))).position).toBeNull();
    expect((await decideOn(store, 'counter-c', counter, loaded, add(10, 10), ctx())).position).toBeNull();
  });

  it('should find a creation made by this request in the history read', async () => {
    const created = await handle(store, 'counter-d', counter, add(1), ctx('creator'));
    const { history } = await load(store, 'counter-d', counter);
    expect(recordOfRequest(history, ctx('creator'))).toMatchObject({ revision: 0, position: created.position });
    expect(recordOfRequest(history, ctx('someone-else'))).toBeNull();
    expect(recordOfRequest(history, ctx())).toBeNull();
  });
});
