/**
 * Two projections of `Put` events for the projector's tests (not part of the product): `values`
 * stores each Put's value in an `integer` column, so a value past 2^31 fails on its data
 * (SQLSTATE 22003); `counter` counts every Put and has nothing to fail on.
 */
import { ident, type Projection } from '@dealer/read-models/projection';

export function putProjections(prefix: string): { values: Projection; counter: Projection } {
  const values: Projection = {
    name: `${prefix}_values`,
    schema: `rm_${prefix}_values`,
    handles: new Set(['Put']),
    async createTables(tx, schema) {
      await tx.unsafe(`create table if not exists ${ident(schema)}.vals (position bigint primary key, stream text not null, n integer not null)`);
    },
    async applyBatch(tx, schema, events) {
      for (const e of events) {
        await tx.unsafe(`insert into ${ident(schema)}.vals values ($1, $2, $3)`, [e.globalPosition, e.streamId, (e.data as { n: number }).n] as never[]);
      }
    },
  };
  const counter: Projection = {
    name: `${prefix}_counter`,
    schema: `rm_${prefix}_counter`,
    handles: new Set(['Put']),
    async createTables(tx, schema) {
      await tx.unsafe(`create table if not exists ${ident(schema)}.total (id int primary key, n int not null)`);
      await tx.unsafe(`insert into ${ident(schema)}.total values (1, 0) on conflict do nothing`);
    },
    async applyBatch(tx, schema, events) {
      await tx.unsafe(`update ${ident(schema)}.total set n = n + $1 where id = 1`, [events.length]);
    },
  };
  return { values, counter };
}
