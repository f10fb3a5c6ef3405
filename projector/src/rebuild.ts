/**
 * Rebuild: replay the whole store into a fresh schema, catch up under the checkpoint's row
 * lock (which pauses the live instance's next batch), then swap the schemas and the
 * checkpoint in the same transaction. Readers never see a half-built read model.
 * An event the projection cannot apply is parked as the live runner parks it (later events of
 * its stream wait behind it); the swap replaces the projection's parked rows with the rebuild's,
 * so a parked row never names an event the new read model already holds (no double apply).
 */
import { readAllOfTypesStaged, type EventStore, type RecordedEvent, type Sql } from '@dealer/platform';
import { ident, type BulkApplier, type Projection, type SharedFold } from '@dealer/read-models/projection';
import { applyOrPark, insertParked, isTransientProjectionError, type ParkedInBatch, type SavepointTx } from './runner';

/**
 * The Node options a rebuild's process runs with (`npm run rebuild`, and the bench's rebuild): a
 * young generation of twice 32 MB instead of V8's twice 16 MB. A rebuild allocates about 7 KB an
 * event and holds every customer's state until its final write; with V8's default its scavenges
 * took a quarter of the main thread. With these options it runs half as many (238 against 482 in
 * the one pass of 1,000,000 events), and the pass is about 7% faster (ADR 0111).
 */
export const REBUILD_NODE_OPTIONS: readonly string[] = ['--max-semi-space-size=32'];

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
  const result = await rebuildProjections(deps, [projection], options);
  return { events: result.events, seconds: result.seconds, parked: result.parked[projection.name] ?? 0 };
}

interface Target {
  projection: Projection;
  fresh: string;
  /** The bulk phase's applier: the projection's own bulk applier onto the fresh schema, if it has one. */
  bulk: BulkApplier | null;
  /** The projection as the bulk phase applies it: through `bulk` when there is one. */
  bulkProjection: Projection;
  parked: ParkedInBatch[];
  blocked: Set<string>;
  /** Folded by another target's applier (BulkApplier.share, ADR 0106) until a batch of that one fails. */
  foldedBy: (SharedFold & { leader: Target }) | null;
  /** Whose chain its bulk batches run on: its own, or for good its leader's once it was folded by one (a split keeps the order). */
  chain: Target | null;
}

/**
 * Pairs each bulk applier that another one can fold for with the first such one (BulkApplier.share):
 * only when it handles none of the events the other does not. A leader is never folded for itself.
 */
function shareFolds(targets: Target[]): void {
  for (const member of targets) {
    if (!member.bulk) continue;
    for (const leader of targets) {
      if (leader === member || !leader.bulk?.share || leader.foldedBy || targets.some((t) => t.foldedBy?.leader === member)) continue;
      if (![...member.projection.handles].every((type) => leader.projection.handles.has(type))) continue;
      const shared = leader.bulk.share(member.bulk);
      if (!shared) continue;
      member.foldedBy = { leader, ...shared };
      member.chain = leader;
      break;
    }
  }
}

/**
 * Rebuilds several projections in one pass over the log (issue 22 item 4): one reader (only the
 * event types some of them handle), each batch applied to every projection's fresh schema at the
 * same time, each in its own short transaction; a bulk applier that can fold for another one's
 * projection does so (BulkApplier.share, ADR 0106: customer_details' for customer_search's).
 * Then, under all their checkpoints' row locks (in name order), one catch-up to the head and one
 * swap of every schema and checkpoint: the read models change together, and readers never see a
 * half-built one.
 */
export async function rebuildProjections(
  deps: { sql: Sql; store: EventStore },
  projections: Projection[],
  options: RebuildOptions = {},
): Promise<{ events: number; seconds: number; parked: Record<string, number> }> {
  const { sql, store } = deps;
  const batchSize = options.batchSize ?? 10_000;
  const targets: Target[] = [];
  for (const projection of projections) {
    const fresh = `${projection.schema}__rebuild`;
    await sql.unsafe(`drop schema if exists ${ident(fresh)} cascade`);
    await sql.unsafe(`create schema ${ident(fresh)}`);
    await projection.createTables(sql, fresh);
    // The bulk phase writes no WAL (nothing to recover: a crash means running the rebuild again)
    // and maintains no secondary index; both come back before the catch-up and the swap.
    await setTablesLogged(sql, fresh, false);
    const bulk = projection.bulkApplier?.(fresh) ?? null;
    const target: Target = { projection, fresh, bulk, bulkProjection: projection, parked: [], blocked: new Set(), foldedBy: null, chain: null };
    if (bulk) target.bulkProjection = { ...projection, applyBatch: (tx, _schema, events) => bulk.applyBatch(tx, events) };
    targets.push(target);
  }
  shareFolds(targets);
  // A target folded by another's applier is applied on that one's chain, after it (its chain is
  // set for good by shareFolds): if that batch fails there, the fold is split and this target
  // applies the batch itself.
  const chainOf = (t: Target) => t.chain ?? t;
  const inChainOrder = [...targets.filter((t) => !t.chain), ...targets.filter((t) => t.chain)];
  const types = [...new Set(projections.flatMap((p) => [...p.handles]))].sort();
  const read = (after: number) => readAllOfTypesStaged(store, { after, maxCount: batchSize, types });

  const started = performance.now();
  const total = await store.headPosition();
  let position = 0;
  let events = 0;
  /**
   * `apply` runs one batch's events for one target in some transaction; bulk and catch-up phases
   * pass different ones. The next batch is read from the log as soon as the current one has been
   * (its end is then known), while the current one's personal data is opened and it is applied: a
   * read's two stages (the log read, about half of it, and the opening) overlap with the batches
   * on either side. In parallel (the bulk phase), each target applies its batches in order on a
   * chain of its own, and a batch starts while the one before it is still being written: a target
   * that finished the earlier batch goes on while the others' statements still run on the server
   * (at most two batches on their way; position and progress move when a batch is written whole).
   */
  const replay = async (apply: (target: Target, relevant: RecordedEvent[]) => Promise<void>, until: number, parallel: boolean) => {
    if (position >= until) return;
    let next = read(position);
    const chains = new Map<Target, Promise<void>>();
    /** The batch before, still being written (parallel only): its promise, end and event count. */
    let writing: { done: Promise<unknown>; end: number; count: number } | null = null;
    const written = (end: number, count: number) => {
      position = end;
      events += count;
      const seconds = (performance.now() - started) / 1000;
      options.onProgress?.({ done: Math.min(position, total), total, eventsPerSecond: Math.round(events / Math.max(seconds, 1e-6)) });
    };
    const finishWriting = async () => {
      const batch = writing;
      writing = null;
      if (batch) {
        await batch.done;
        written(batch.end, batch.count);
      }
    };
    try {
      for (;;) {
        const batch = await next;
        const end = Math.min(batch.reached, until);
        if (end <= (writing?.end ?? position)) {
          await batch.events.catch(() => undefined);
          return await finishWriting();
        }
        if (end < until) {
          next = read(end);
          // Awaited on the next turn, or by the catch below when the rebuild stops before (its
          // progress callback throws): its failure must not be an unhandled rejection meanwhile.
          next.catch(() => undefined);
        }
        const inRange = (await batch.events).filter((e) => e.globalPosition <= until);
        const relevantTo = (t: Target) => inRange.filter((e) => t.projection.handles.has(e.type));
        if (parallel) {
          const work = inChainOrder.flatMap((t) => {
            const relevant = relevantTo(t);
            if (relevant.length === 0) return [];
            const chained = (chains.get(chainOf(t)) ?? Promise.resolve()).then(() => apply(t, relevant));
            chains.set(chainOf(t), chained);
            return [chained];
          });
          const done = Promise.all(work);
          done.catch(() => undefined);
          await finishWriting();
          writing = { done, end, count: inRange.length };
        } else {
          for (const t of targets) {
            const relevant = relevantTo(t);
            if (relevant.length > 0) await apply(t, relevant);
          }
          written(end, inRange.length);
        }
        if (end >= until) return await finishWriting();
      }
    } catch (error) {
      // A stopped or failed rebuild leaves nothing in flight: no read (one finishing later would
      // open its boxes after the caller closed the store, and start the vault's worker threads
      // again) and no batch still being written.
      await next.then((batch) => batch.events).catch(() => undefined);
      await Promise.allSettled([...chains.values()]);
      throw error;
    }
  };

  // Bulk phase: one short transaction per batch and projection (a long one would hold back the
  // xmin horizon that live subscribers read below), committed without waiting for the disk: a
  // crash only means running the rebuild again, the live read models are untouched until the swap.
  const unsynced = (work: (tx: Sql) => Promise<void>) =>
    sql.begin(async (tx) => {
      await tx`set local synchronous_commit = off`;
      await work(tx as unknown as Sql);
    });
  await replay(
    async (t, relevant) => {
      // Folded by its leader's applier, which has applied this batch for it already.
      if (t.foldedBy) return;
      const members = targets.filter((m) => m.foldedBy?.leader === t);
      if (members.length > 0) {
        try {
          return await unsynced((tx) => t.bulk!.applyBatch(tx, relevant));
        } catch (error) {
          if (isTransientProjectionError(error)) throw error;
          // The batch cannot be folded whole: each target goes on with its own applier, holding what
          // the leader held before this batch, and applies it on its own (parking what it must).
          for (const m of members) {
            m.foldedBy!.split();
            m.foldedBy = null;
          }
        }
      }
      await unsynced(async (tx) => {
        t.parked.push(...(await applyOrPark(tx as unknown as SavepointTx, t.bulkProjection, t.fresh, relevant, t.blocked)));
      });
    },
    total,
    true,
  );
  // Then each schema, at the same time as the others: its tables are switched to LOGGED (written to
  // the WAL), what its bulk applier still holds is written, which the catch-up reads, and its
  // indexes are made. Switched before that write, the customer tables (empty until then: their
  // applier holds every customer) take their rows with the WAL at once, instead of being rewritten
  // into it after; and a schema is indexed as soon as its own rows are in, beside the others' writes.
  // All of them settle before a failure is thrown: nothing is left running on the pool.
  const finished = await Promise.allSettled(
    targets.map(async (t) => {
      await setTablesLogged(sql, t.fresh, true);
      // A target still folded by another's applier gets its rows from that one's state.
      if (t.bulk) await unsynced((tx) => (t.foldedBy ? t.foldedBy.flush(tx) : t.bulk!.flush(tx)));
      await t.projection.createIndexes?.(sql, t.fresh);
    }),
  );
  for (const result of finished) if (result.status === 'rejected') throw result.reason;

  const names = targets.map((t) => t.projection.name);
  await sql.begin(async (tx) => {
    for (const name of names) await tx`insert into checkpoints (name, position) values (${name}, 0) on conflict (name) do nothing`;
    await tx`select position from checkpoints where name = any(${names}) order by name for update`;
    const head = await store.headPosition();
    await replay(
      async (t, relevant) => {
        t.parked.push(...(await applyOrPark(tx as unknown as SavepointTx, t.projection, t.fresh, relevant, t.blocked)));
      },
      head,
      false,
    );
    for (const t of targets) {
      const name = t.projection.name;
      await tx.unsafe(`drop schema if exists ${ident(t.projection.schema)} cascade`);
      await tx.unsafe(`alter schema ${ident(t.fresh)} rename to ${ident(t.projection.schema)}`);
      await tx`update checkpoints set position = ${Math.max(position, head)}, updated_at = now() where name = ${name}`;
      await tx`delete from parked_events where projection = ${name}`;
      await insertParked(tx as unknown as Sql, name, t.parked);
    }
  });
  return {
    events,
    seconds: (performance.now() - started) / 1000,
    parked: Object.fromEntries(targets.map((t) => [t.projection.name, t.parked.length])),
  };
}

/** Switches every table of a (rebuild) schema to UNLOGGED or back to LOGGED (a rewrite into the WAL). */
export async function setTablesLogged(sql: Sql, schema: string, logged: boolean): Promise<void> {
  const tables = await sql<{ name: string }[]>`select tablename as name from pg_tables where schemaname = ${schema} order by tablename`;
  for (const { name } of tables) await sql.unsafe(`alter table ${ident(schema)}.${ident(name)} set ${logged ? 'logged' : 'unlogged'}`);
}
