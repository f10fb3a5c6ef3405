import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerStreamId } from '@dealer/contracts';
import { PersonalDataVault, PostgresEventStore, ProtectedEventStore, systemContext, toNewEvents } from '@dealer/platform';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { startProjector, type ProjectorHandle } from './runner';
import { rebuildProjection, rebuildProjections } from './rebuild';
import type { Projection } from '@dealer/read-models/projection';
import { customerDetails } from '@dealer/read-models/customer-details/projection';
import { customerSearch } from '@dealer/read-models/customer-search/projection';

const waitUntil = async (check: () => Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('rebuilding a projection', () => {
  let db: TestDatabase;
  let store: ProtectedEventStore;
  let projector: ProjectorHandle;
  const ids: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new ProtectedEventStore(new PostgresEventStore(db.sql, { pollIntervalMs: 50 }), new PersonalDataVault(db.sql, randomBytes(32)));
    const ctx = systemContext('test');
    let last = 0;
    for (let i = 0; i < 40; i++) {
      const customerId = randomUUID();
      ids.push(customerId);
      ({ position: last } = await store.appendToStream(
        customerStreamId(customerId),
        toNewEvents(
          [
            { type: 'CustomerCreated', data: { customerId, firstName: `F${i}`, lastName: `L${i}`, emailAddress: `c${i}@example.com`, phoneMobile: `30355500${String(i).padStart(2, '0')}`, isTaxExempt: false, verifyRedemptions: false } },
            ...(i % 2 === 0 ? [{ type: 'CustomerEdited', data: { customerId, city: `City${i}` } }] : []),
          ],
          ctx,
        ),
      ));
    }
    projector = startProjector({ sql: db.sql, store, projections: [customerDetails] });
    await waitUntil(async () => projector.status()[0]!.position >= last);
  });
  afterAll(async () => {
    await projector?.stop();
    await db?.drop();
  });

  const snapshot = () => db.sql`select customer_id, first_name, last_name, email_address, city, revision from rm_customer_details.customers order by customer_id`;

  it('should replay into fresh tables, swap them in, and let the live projector carry on', async () => {
    const expected = await snapshot();
    expect(expected).toHaveLength(40);
    // Damage the live table: the rebuild must not depend on it.
    await db.sql`delete from rm_customer_details.customers where city is null`;

    const progress: number[] = [];
    const result = await rebuildProjection({ sql: db.sql, store }, customerDetails, { batchSize: 7, onProgress: (p) => progress.push(p.done) });
    expect(result.events).toBe(60);
    expect(progress.length).toBeGreaterThan(3);
    expect(await snapshot()).toEqual(expected);
    const [cp] = await db.sql`select position from checkpoints where name = 'customer_details'`;
    const [max] = await db.sql`select max(global_position) as head from es_events`;
    expect(Number(cp!.position)).toBe(Number(max!.head));

    const edited = await store.appendToStream(customerStreamId(ids[1]!), toNewEvents([{ type: 'CustomerEdited', data: { customerId: ids[1]!, city: 'After Swap' } }], systemContext('test')));
    await waitUntil(async () => projector.status()[0]!.position >= edited.position);
    const [row] = await db.sql`select city from rm_customer_details.customers where customer_id = ${ids[1]!}`;
    expect(row!.city).toBe('After Swap');
  });

  it('should bulk-load without WAL or secondary indexes and swap in logged tables with every index', async () => {
    await rebuildProjection({ sql: db.sql, store }, customerSearch, { batchSize: 9 });
    const tables = await db.sql<{ relname: string; relpersistence: string }[]>`
      select c.relname, c.relpersistence from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'rm_customer_search' and c.relkind in ('r', 'i') order by c.relname`;
    expect(tables.map((t) => t.relname)).toEqual([
      'customers', 'customers_email', 'customers_full_sorted', 'customers_last_sorted', 'customers_phone', 'customers_phone_other', 'customers_pkey',
    ]);
    // 'p' = permanent (logged): the swapped-in read model survives a crash like any other table.
    expect(tables.every((t) => t.relpersistence === 'p')).toBe(true);
    const rows = await db.sql`select customer_id::text, full_name_norm, phone_digits from rm_customer_search.customers order by customer_id`;
    expect(rows).toHaveLength(40);
    expect(rows.find((r) => r.customer_id === ids[3])).toMatchObject({ full_name_norm: 'f3 l3', phone_digits: '3035550003' });
  });

  it('should rebuild several projections in one pass over the log and swap them in together', async () => {
    const before = { details: await snapshot(), search: await db.sql`select customer_id, full_name_norm from rm_customer_search.customers order by customer_id` };
    await db.sql`delete from rm_customer_details.customers`;
    await db.sql`delete from rm_customer_search.customers`;
    const progress: number[] = [];
    const result = await rebuildProjections({ sql: db.sql, store }, [customerDetails, customerSearch], { batchSize: 11, onProgress: (p) => progress.push(p.done) });
    // Each event read once for both (61 events: 60 + the edit after the first swap).
    expect(result.events).toBe(61);
    expect(result.parked).toEqual({ customer_details: 0, customer_search: 0 });
    expect(progress.length).toBeGreaterThan(3);
    expect(await snapshot()).toEqual(before.details);
    expect(await db.sql`select customer_id, full_name_norm from rm_customer_search.customers order by customer_id`).toEqual(before.search);
    const [max] = await db.sql`select max(global_position) as head from es_events`;
    const cps = await db.sql`select name, position from checkpoints where name in ('customer_details', 'customer_search') order by name`;
    expect(cps.map((c) => Number(c.position))).toEqual([Number(max!.head), Number(max!.head)]);
  });

  it('should leave no read of the log and no batch in flight when it stops (its progress callback throws)', async () => {
    // Counts the store's reads that have not settled, both stages (the log read, then the opening of
    // its events); the rebuild reads the next batch ahead.
    let inFlight = 0;
    let reads = 0;
    const counting = Object.create(store) as ProtectedEventStore;
    counting.readAllOfTypesStaged = async (options) => {
      inFlight += 1;
      reads += 1;
      const read = reads;
      try {
        const staged = await store.readAllOfTypesStaged(options);
        // Opening slower than applying a batch, so the read ahead is still out when the callback throws;
        // the third (the read ahead then) opens for longer than the batch being written takes.
        const events = staged.events.then(async (opened) => {
          await new Promise((r) => setTimeout(r, read === 3 ? 600 : 100));
          return opened;
        });
        void events.finally(() => (inFlight -= 1)).catch(() => undefined);
        return { ...staged, events };
      } catch (error) {
        inFlight -= 1;
        throw error;
      }
    };
    // Counts batches being applied; the rebuild starts a batch while the one before is being written.
    let applying = 0;
    const slowDetails: Projection = {
      ...customerDetails,
      // Without its bulk applier: the bulk phase then applies batches through the slow applyBatch below.
      bulkApplier: undefined,
      applyBatch: async (tx, schema, events) => {
        applying += 1;
        try {
          // Slower than a read, so the second batch is still being applied when the callback throws.
          await new Promise((r) => setTimeout(r, 150));
          await customerDetails.applyBatch(tx, schema, events);
        } finally {
          applying -= 1;
        }
      },
    };
    const stop = new Error('stopped by the caller');
    await expect(
      rebuildProjections({ sql: db.sql, store: counting }, [slowDetails], {
        batchSize: 5,
        onProgress: () => {
          throw stop;
        },
      }),
    ).rejects.toBe(stop);
    // The first batch is written whole (progress) once the second is read and the third read ahead.
    expect(reads).toBe(3);
    expect(inFlight).toBe(0);
    expect(applying).toBe(0);
  });
});

describe('rebuilding customer_details and customer_search together: one fold for both (ADR 0106)', () => {
  let db: TestDatabase;
  let store: ProtectedEventStore;
  const [a, b, c, d, e] = Array.from({ length: 5 }, () => randomUUID());

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new ProtectedEventStore(new PostgresEventStore(db.sql), new PersonalDataVault(db.sql, randomBytes(32)));
    const ctx = systemContext('test');
    const created = (customerId: string, n: number) => ({
      type: 'CustomerCreated',
      data: { customerId, firstName: `First${n}`, lastName: `Last${n}`, emailAddress: `c${n}@example.com`, phoneMobile: `303555010${n}`, isTaxExempt: false, verifyRedemptions: false },
    });
    const append = (customerId: string, events: { type: string; data: unknown }[]) => store.appendToStream(customerStreamId(customerId), toNewEvents(events, ctx));
    // Interleaved, so that the small batches below cut across customers; every customer event type appears.
    for (const [n, id] of [a, b, c, d, e].entries()) await append(id!, [created(id!, n)]);
    await append(a!, [{ type: 'CustomerContactChangeRequested', data: { customerId: a, changeId: randomUUID(), kind: 'email', pendingEmail: 'a.new@example.com' } }]);
    await append(b!, [{ type: 'CustomerContactChangeRequested', data: { customerId: b, changeId: randomUUID(), kind: 'phone', pendingPhone: '7205550100' } }]);
    await append(a!, [{ type: 'CustomerContactChangeConfirmed', data: { customerId: a, changeId: randomUUID(), kind: 'email', emailAddress: 'a.new@example.com' } }]);
    await append(b!, [{ type: 'CustomerContactChangeDeclined', data: { customerId: b, changeId: randomUUID(), kind: 'phone' } }]);
    await append(a!, [{ type: 'CustomerRegistered', data: { customerId: a } }, { type: 'CustomerMarketingConsentChanged', data: { customerId: a, channel: 'sms', granted: true, source: 'customer' } }]);
    await append(c!, [{ type: 'CustomerPersonalDataErased', data: { customerId: c } }]);
    await append(e!, [{ type: 'RegistrationMessageRequested', data: { customerId: e, channel: 'email' } }, { type: 'CustomerEdited', data: { customerId: e, lastName: 'Edited' } }]);
    // An event only customer_details reads, which its fold cannot apply (no data): customer_details
    // parks it and holds the customer's later events back; customer_search never reads it.
    await append(d!, [{ type: 'RegistrationMessageSent', data: null }]);
    await append(d!, [{ type: 'CustomerEdited', data: { customerId: d, lastName: 'AfterTheBadOne' } }]);
    await append(b!, [{ type: 'CustomerEdited', data: { customerId: b, firstName: 'Renamed' } }]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const state = async () => ({
    details: await db.sql`select * from rm_customer_details.customers order by customer_id`,
    search: await db.sql`select * from rm_customer_search.customers order by customer_id`,
    parked: await db.sql`select projection, global_position, event_type, stream_id from parked_events order by projection, global_position`,
  });

  it('should give the rows and parked events that rebuilding each alone gives, also when the shared fold has to split', async () => {
    await rebuildProjection({ sql: db.sql, store }, customerDetails, { batchSize: 3 });
    await rebuildProjection({ sql: db.sql, store }, customerSearch, { batchSize: 3 });
    const alone = await state();
    // What each alone made: customer_details parked the bad event and the edit behind it; customer_search has the edit.
    expect(alone.parked.map((p) => [p.projection, p.event_type])).toEqual([
      ['customer_details', 'RegistrationMessageSent'],
      ['customer_details', 'CustomerEdited'],
    ]);
    expect(alone.search.find((r) => r.customer_id === d)).toMatchObject({ last_name: 'AfterTheBadOne' });
    expect(alone.details.find((r) => r.customer_id === a)).toMatchObject({ email_address: 'a.new@example.com', is_email_validated: true, is_registered: true, marketing_sms: true });
    expect(alone.search.find((r) => r.customer_id === c)).toMatchObject({ first_name: null, email_address: null });

    for (const batchSize of [3, 1000]) {
      await db.sql`delete from rm_customer_details.customers`;
      await db.sql`delete from rm_customer_search.customers`;
      const result = await rebuildProjections({ sql: db.sql, store }, [customerDetails, customerSearch], { batchSize });
      expect(result.parked).toEqual({ customer_details: 2, customer_search: 0 });
      expect(await state()).toEqual(alone);
    }
  });

  it('should fold once and write both read models from it when no batch fails', async () => {
    // Without the bad event's customer: the fold is never split.
    await db.sql`delete from es_events where stream_id = ${customerStreamId(d!)}`;
    await rebuildProjection({ sql: db.sql, store }, customerDetails, { batchSize: 4 });
    await rebuildProjection({ sql: db.sql, store }, customerSearch, { batchSize: 4 });
    const alone = await state();
    expect(alone.parked).toEqual([]);
    let folds = 0;
    const counting = (projection: Projection): Projection => ({
      ...projection,
      bulkApplier: (schema) => {
        const applier = projection.bulkApplier!(schema);
        const applyBatch = applier.applyBatch.bind(applier);
        applier.applyBatch = async (tx, events) => {
          folds += 1;
          await applyBatch(tx, events);
        };
        return applier;
      },
    });
    await db.sql`delete from rm_customer_details.customers`;
    await db.sql`delete from rm_customer_search.customers`;
    await rebuildProjections({ sql: db.sql, store }, [counting(customerSearch), counting(customerDetails)], { batchSize: 4 });
    expect(await state()).toEqual(alone);
    // One fold a batch (customer_details' applier, for both): 14 customer events in batches of 4.
    expect(folds).toBe(4);
  });
});
