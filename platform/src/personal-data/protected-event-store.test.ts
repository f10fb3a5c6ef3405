import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import type { NewEvent } from '../event-store/port';
import { PersonalDataVault } from './vault';
import { ProtectedEventStore } from './protected-event-store';

let db: TestDatabase;
const masterKey = randomBytes(32);
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

function created(customerId: string, n: number): NewEvent {
  return {
    type: 'CustomerCreated',
    data: { customerId, firstName: `First${n}`, lastName: `Last "${n}" ü`, emailAddress: `c${n}@example.com`, isTaxExempt: n % 2 === 0 },
    metadata: { eventId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: 'test', time: new Date().toISOString() },
  };
}

/** A store whose vault opens batches of `minWorkerBatch` boxes or more on worker threads. */
function protectedStore(minWorkerBatch: number, workerUrl?: URL) {
  const opener = { minWorkerBatch, threads: 2, ...(workerUrl ? { workerUrl } : {}) };
  return new ProtectedEventStore(new PostgresEventStore(db.sql), new PersonalDataVault(db.sql, masterKey, { opener }));
}

describe('ProtectedEventStore reading a batch', () => {
  const customers = Array.from({ length: 300 }, () => randomUUID());

  it('should seal personal fields on append and open a large batch on worker threads exactly as in the calling thread', async () => {
    const writer = protectedStore(1_000_000);
    for (const [n, id] of customers.entries()) await writer.appendToStream(`customer-${id}`, [created(id, n)], { expectedRevision: 'no_stream' });
    const [stored] = await db.sql<{ data: Record<string, unknown> }[]>`select data from es_events where stream_id = ${`customer-${customers[0]}`}`;
    expect(stored!.data.firstName).toBeUndefined();
    expect(JSON.stringify(stored!.data)).not.toContain('First0');

    // readAll reads below the oldest transaction in flight on the server: other tests' may hold it back briefly.
    let inThread = await writer.readAll({ maxCount: 1000 });
    for (let waited = 0; inThread.length < customers.length && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      inThread = await writer.readAll({ maxCount: 1000 });
    }
    const onWorkers = protectedStore(10);
    const viaWorkers = await onWorkers.readAll({ maxCount: 1000 });
    expect(viaWorkers).toHaveLength(customers.length);
    expect(viaWorkers).toEqual(inThread);
    expect(viaWorkers[7]!.data).toEqual({ customerId: customers[7], firstName: 'First7', lastName: 'Last "7" ü', emailAddress: 'c7@example.com', isTaxExempt: false });
    await onWorkers.close();
    // Closed workers start again for the next batch.
    expect(await onWorkers.readAll({ maxCount: 1000 })).toEqual(inThread);
    // A worker that cannot run (here: its script is missing) leaves the batch to the calling thread.
    const brokenWorkers = protectedStore(10, new URL('./no-such-worker.mjs', import.meta.url));
    expect(await brokenWorkers.readAll({ maxCount: 1000 })).toEqual(inThread);
    await Promise.all([writer.close(), onWorkers.close(), brokenWorkers.close()]);
  });

  it('should open the events of a read of some types also over a store without that read of its own (EventStoreDB), staged or not', async () => {
    const postgres = new PostgresEventStore(db.sql);
    // The inner store as the EventStoreDB adapter is: no readAllOfTypes, so the read falls back to readAll, filtered.
    const withoutTypedReads = Object.assign(Object.create(postgres) as PostgresEventStore, { readAllOfTypes: undefined });
    const store = new ProtectedEventStore(withoutTypedReads, new PersonalDataVault(db.sql, masterKey));
    const options = { after: 0, maxCount: 1000, types: ['CustomerCreated'] };
    const whole = await store.readAllOfTypes(options);
    const staged = await store.readAllOfTypesStaged(options);
    for (const events of [whole.events, await staged.events]) {
      const first = events.find((e) => e.streamId === `customer-${customers[0]}`)!;
      expect(first.data).toMatchObject({ firstName: 'First0', emailAddress: 'c0@example.com' });
      expect(first.data).not.toHaveProperty('__pii');
    }
    expect(staged.reached).toBe(whole.reached);
  });

  it('should give an erased subject null personal fields among opened ones', async () => {
    const store = protectedStore(10);
    await store.vault.erase(customers[3]!);
    const events = await store.readAll({ maxCount: 1000 });
    const erased = events.find((e) => (e.data as { customerId: string }).customerId === customers[3])!;
    expect(erased.data).toMatchObject({ customerId: customers[3], firstName: null, emailAddress: null, personalDataErased: true, isTaxExempt: false });
    expect(events.find((e) => (e.data as { customerId: string }).customerId === customers[4])!.data).toMatchObject({ firstName: 'First4' });
    await store.close();
  });

  it('should refuse to read a batch holding a tampered box, on a worker thread as in the calling thread', async () => {
    await db.sql`
      update es_events set data = jsonb_set(data, '{__pii,box}', to_jsonb('AAAA' || substr(data #>> '{__pii,box}', 5)))
      where stream_id = ${`customer-${customers[5]}`}`;
    for (const minWorkerBatch of [10, 1_000_000]) {
      const store = protectedStore(minWorkerBatch);
      await expect(store.readAll({ maxCount: 1000 })).rejects.toThrow(/authenticate/);
      await store.close();
    }
  });

  it('should refuse a batch of keys when one of them was tampered with, and still open the others', async () => {
    await db.sql`update pii_keys set wrapped_key = convert_to('AAAA' || substr(convert_from(wrapped_key, 'UTF8'), 5), 'UTF8') where subject_id = ${customers[6]!}`;
    const store = protectedStore(1_000_000);
    await expect(store.vault.loadKeys(customers)).rejects.toThrow(/authenticate/);
    expect((await store.vault.loadKeys(customers.slice(0, 6))).size).toBe(6);
    await store.close();
  });
});
