/**
 * A projector process for the crash test: a counting projection that pauses in the middle
 * of each batch (after writing half of it) and says so on stdout, so the test can SIGKILL it
 * exactly there. Not part of the product.
 */
import { PostgresEventStore, createPool } from '@dealer/platform';
import { startProjector } from '../runner';
import type { Projection } from '@dealer/read-models/projection';

const url = process.argv[2];
if (!url) throw new Error('usage: crash-fixture DATABASE_URL');
const sql = createPool(url, { max: 4 });
const store = new PostgresEventStore(sql, { pollIntervalMs: 50 });

const counting: Projection = {
  name: 'crash_counter',
  schema: 'rm_crash_counter',
  handles: new Set(['Tick']),
  async createTables(tx, schema) {
    await tx.unsafe(`create table if not exists "${schema}".seen (position bigint not null)`);
    await tx.unsafe(`create table if not exists "${schema}".totals (id int primary key, n int not null)`);
    await tx.unsafe(`insert into "${schema}".totals values (1, 0) on conflict do nothing`);
  },
  async applyBatch(tx, schema, events) {
    const half = Math.ceil(events.length / 2);
    for (const [i, e] of events.entries()) {
      if (i === half) {
        process.stdout.write('MID\n');
        await new Promise((r) => setTimeout(r, 400));
      }
      await tx.unsafe(`insert into "${schema}".seen values ($1)`, [e.globalPosition]);
      await tx.unsafe(`update "${schema}".totals set n = n + 1 where id = 1`);
    }
  },
};

startProjector({
  sql,
  store,
  projections: [counting],
  batchSize: 50,
  standbyRetryMs: 100,
  onBatchCommitted: (_name, position) => process.stdout.write(`COMMITTED ${position}\n`),
});
