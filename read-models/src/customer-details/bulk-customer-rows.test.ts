import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@dealer/platform';
import type { Tx } from '../projection';
import { BulkCustomerRows, type CustomerRowsIo } from './bulk-customer-rows';
import { foldCustomerEvents, type CustomerRow } from './customer-fold';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
let position = 0;
const revisions = new Map<string, number>();
const event = (customerId: string, type: string, data: Record<string, unknown> = {}): RecordedEvent => {
  const revision = revisions.get(customerId) ?? 0;
  revisions.set(customerId, revision + 1);
  position += 1;
  return {
    type,
    data: { customerId, ...data },
    streamId: `customer-${customerId}`,
    revision,
    globalPosition: position,
    metadata: { eventId: `e${position}`, correlationId: `c${position}`, causationId: null, actor: 'user:1', time: new Date(Date.UTC(2026, 0, 1, 0, 0, position)).toISOString() },
  };
};
const created = (n: number) => event(id(n), 'CustomerCreated', { firstName: `F${n}`, lastName: `L${n}`, isTaxExempt: false, verifyRedemptions: false });
const edited = (n: number, city: string) => event(id(n), 'CustomerEdited', { city });
const tx = {} as Tx;

/** A table in memory that counts what is loaded and written, and fails a write when told to. */
class FakeTable implements CustomerRowsIo {
  readonly rows = new Map<string, CustomerRow>();
  loads: string[] = [];
  writes: string[][] = [];
  failNextWrite = false;
  async load(_tx: Tx, ids: string[]) {
    this.loads.push(...ids);
    return ids.flatMap((i) => (this.rows.has(i) ? [{ ...this.rows.get(i)! }] : []));
  }
  async write(_tx: Tx, rows: CustomerRow[]) {
    if (this.failNextWrite) {
      this.failNextWrite = false;
      throw new Error('write failed');
    }
    this.writes.push(rows.map((r) => r.customer_id));
    for (const r of rows) this.rows.set(r.customer_id, { ...r });
  }
}

/** A table that also takes new rows as COPY does: a row already in it fails the insert (a duplicate key). */
class InsertingTable extends FakeTable {
  inserts: string[][] = [];
  async insert(_tx: Tx, taken: Iterable<CustomerRow>) {
    // Taken once, as COPY takes them.
    const rows = [...taken];
    for (const r of rows) if (this.rows.has(r.customer_id)) throw new Error(`duplicate key ${r.customer_id}`);
    this.inserts.push(rows.map((r) => r.customer_id));
    for (const r of rows) this.rows.set(r.customer_id, { ...r });
  }
}

/** The rows the plain path (load, fold, write per batch) leaves for the same batches. */
function plainFold(batches: RecordedEvent[][]): Map<string, CustomerRow> {
  const rows = new Map<string, CustomerRow>();
  for (const batch of batches) foldCustomerEvents(rows, batch);
  return rows;
}

describe('a rebuild\'s customer rows held in memory (BulkCustomerRows)', () => {
  it('should load nothing it holds and write each row once, when flushed, as the plain path leaves it', async () => {
    revisions.clear();
    const batches = [[created(1), created(2), edited(1, 'Denver')], [edited(2, 'Boulder'), created(3)], [edited(1, 'Aurora'), edited(3, 'Golden')]];
    const table = new FakeTable();
    const bulk = new BulkCustomerRows(table);
    for (const batch of batches) await bulk.applyBatch(tx, batch);
    expect(table.loads).toEqual([]);
    expect(table.writes).toEqual([]);
    await bulk.flush(tx);
    expect(table.writes.flat().sort()).toEqual([id(1), id(2), id(3)]);
    expect(table.rows).toEqual(plainFold(batches));
    expect(table.rows.get(id(1))!.city).toBe('Aurora');
  });

  it('should write and let go of everything past its limit, then load what a later batch names', async () => {
    revisions.clear();
    const batches = [[created(1), created(2)], [created(3), edited(1, 'Denver')], [edited(2, 'Boulder'), edited(3, 'Golden')]];
    const table = new FakeTable();
    const bulk = new BulkCustomerRows(table, 2);
    await bulk.applyBatch(tx, batches[0]!);
    expect(table.writes).toEqual([]);
    // Three rows would pass the limit of two: all three are written, none held.
    await bulk.applyBatch(tx, batches[1]!);
    expect(table.writes.flat().sort()).toEqual([id(1), id(2), id(3)]);
    await bulk.applyBatch(tx, batches[2]!);
    expect(table.loads.sort()).toEqual([id(2), id(3)]);
    await bulk.flush(tx);
    expect(table.rows).toEqual(plainFold(batches));
  });

  it('should hold its rows as they were when a batch fails, so the batch applied again folds onto the same rows', async () => {
    revisions.clear();
    const first = [created(1), created(2)];
    const second = [edited(1, 'Denver'), created(3)];
    const table = new FakeTable();
    const bulk = new BulkCustomerRows(table, 2);
    await bulk.applyBatch(tx, first);
    table.failNextWrite = true;
    await expect(bulk.applyBatch(tx, second)).rejects.toThrow('write failed');
    // Event by event, as applyOrPark applies a failed batch again.
    for (const e of second) await bulk.applyBatch(tx, [e]);
    await bulk.flush(tx);
    expect(table.rows).toEqual(plainFold([first, second]));
    expect(table.rows.get(id(1))!.revision).toBe(1);
  });

  it('should insert the rows new to the table and upsert only those it loaded from it, past its limit and when flushed', async () => {
    revisions.clear();
    const batches = [
      [created(1), created(2)],
      [created(3), edited(1, 'Denver')],
      [edited(2, 'Boulder'), created(4), edited(3, 'Golden')],
      [edited(1, 'Littleton'), created(5)],
      [edited(4, 'Arvada'), created(6)],
    ];
    const table = new InsertingTable();
    const bulk = new BulkCustomerRows(table, 3);
    await bulk.applyBatch(tx, batches[0]!);
    // Four rows would pass the limit of three: none of the three is in the table yet, all are inserted.
    await bulk.applyBatch(tx, batches[1]!);
    expect(table.inserts.flat().sort()).toEqual([id(1), id(2), id(3)]);
    expect(table.writes.flat()).toEqual([]);
    // Held: 2 and 3 loaded back, 4 new.
    await bulk.applyBatch(tx, batches[2]!);
    expect(table.inserts.flat()).toHaveLength(3);
    // Past the limit again: 2 and 3 (held, loaded) and 1 (loaded by this batch) are upserted, 4 and 5 inserted.
    await bulk.applyBatch(tx, batches[3]!);
    expect(table.writes.flat().sort()).toEqual([id(1), id(2), id(3)]);
    expect(table.inserts.flat().sort()).toEqual([id(1), id(2), id(3), id(4), id(5)]);
    // Held until the flush: 4 loaded back, upserted; 6 new, inserted.
    await bulk.applyBatch(tx, batches[4]!);
    await bulk.flush(tx);
    expect(table.writes.flat().sort()).toEqual([id(1), id(2), id(3), id(4)]);
    expect(table.inserts.flat().sort()).toEqual([id(1), id(2), id(3), id(4), id(5), id(6)]);
    expect(table.rows).toEqual(plainFold(batches));
  });
});
