/**
 * Rebuild: replay the whole store into a fresh schema, catch up under the checkpoint's row
 * lock (which pauses the live instance's next batch), then swap the schemas and the
 * checkpoint in the same transaction. Readers never see a half-built read model.
 * An event the projection cannot apply is parked as the live runner parks it (later events of
 * its stream wait behind it); the swap replaces the projection's parked rows with the rebuild's,
 * so a parked row never names an event the new read model already holds (no double apply).
 */
import type { EventStore, RecordedEvent, Sql } from '@dealer/platform';
import { ident, type Projection } from '@dealer/read-models/projection';
import { applyOrPark, insertParked, type ParkedInBatch, type SavepointTx } from './runner';

export interface RebuildProgress {
  done: number;
  total: number;
  eventsPerSecond: number;
}

export interface RebuildOptions {
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}

export async function rebuildProjection(
  deps: { sql: Sql; store: EventStore },
  projection: Projection,
  options: RebuildOptions = {},
): Promise<{ events: number; seconds: number; parked: number }> {
  const { sql, store } = deps;
  const batchSize = options.batchSize ?? 10_000;
  const fresh = `${projection.schema}__rebuild`;
  await sql.unsafe(`drop schema if exists ${ident(fresh)} cascade`);
  await sql.unsafe(`create schema ${ident(fresh)}`);
  await projection.createTables(sql, fresh);
  // The bulk phase writes no WAL (nothing to recover: a crash means running the rebuild again)
  // and maintains no secondary index; both come back before the catch-up and the swap.
  await setTablesLogged(sql, fresh, false);

  const started = performance.now();
  const total = await store.headPosition();
  let position = 0;
  let events = 0;
  const parked: ParkedInBatch[] = [];
  const blocked = new Set<string>();
  /**
   * `apply` runs one batch in some transaction; bulk and catch-up phases pass different ones.
   * The next batch is read (and its personal data opened) while the current one is applied.
   */
  const replay = async (apply: (relevant: RecordedEvent[]) => Promise<void>, until: number) => {
    let next = store.readAll({ after: position, maxCount: batchSize });
    for (;;) {
      const batch = await next;
      const inRange = batch.filter((e) => e.globalPosition <= until);
      if (inRange.length === 0) return;
      const more = inRange.length === batch.length && batch.length === batchSize;
      if (more) next = store.readAll({ after: inRange[inRange.length - 1]!.globalPosition, maxCount: batchSize });
      const relevant = inRange.filter((e) => projection.handles.has(e.type));
      if (relevant.length > 0) await apply(relevant);
      position = inRange[inRange.length - 1]!.globalPosition;
      events += inRange.length;
      const seconds = (performance.now() - started) / 1000;
      options.onProgress?.({ done: Math.min(position, total), total, eventsPerSecond: Math.round(events / Math.max(seconds, 1e-6)) });
      if (!more) return;
    }
  };

  // Bulk phase: one short transaction per batch (a long one would hold back the xmin horizon
  // that live subscribers read below), committed without waiting for the disk: a crash only
  // means running the rebuild again, the live read model is untouched until the swap.
  await replay(
    (relevant) =>
      sql.begin(async (tx) => {
        await tx`set local synchronous_commit = off`;
        parked.push(...(await applyOrPark(tx as unknown as SavepointTx, projection, fresh, relevant, blocked)));
      }),
    total,
  );
  await setTablesLogged(sql, fresh, true);
  await projection.createIndexes?.(sql, fresh);

  await sql.begin(async (tx) => {
    await tx`insert into checkpoints (name, position) values (${projection.name}, 0) on conflict (name) do nothing`;
    await tx`select position from checkpoints where name = ${projection.name} for update`;
    const head = await store.headPosition();
    await replay(async (relevant) => {
      parked.push(...(await applyOrPark(tx as unknown as SavepointTx, projection, fresh, relevant, blocked)));
    }, head);
    await tx.unsafe(`drop schema if exists ${ident(projection.schema)} cascade`);
    await tx.unsafe(`alter schema ${ident(fresh)} rename to ${ident(projection.schema)}`);
    await tx`update checkpoints set position = ${Math.max(position, head)}, updated_at = now() where name = ${projection.name}`;
    await tx`delete from parked_events where projection = ${projection.name}`;
    await insertParked(tx as unknown as Sql, projection.name, parked);
  });
  return { events, seconds: (performance.now() - started) / 1000, parked: parked.length };
}

/** Switches every table of a (rebuild) schema to UNLOGGED or back to LOGGED (a rewrite into the WAL). */
export async function setTablesLogged(sql: Sql, schema: string, logged: boolean): Promise<void> {
  const tables = await sql<{ name: string }[]>`select tablename as name from pg_tables where schemaname = ${schema} order by tablename`;
  for (const { name } of tables) await sql.unsafe(`alter table ${ident(schema)}.${ident(name)} set ${logged ? 'logged' : 'unlogged'}`);
}
