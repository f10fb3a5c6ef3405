/**
 * Runs projections behind one reader of the log (startProjector, EventFeed; ADR 0074): per
 * batch, each projection updates its read tables AND its checkpoint in one transaction, so a
 * crash mid-batch loses nothing and applies nothing twice. Only one instance per projection is active (a PostgreSQL advisory lock held
 * on a reserved connection); another process waits as a standby and takes over when it drops.
 *
 * One event never stops a projection (issue 10, item 9): when a batch fails on its data, it is
 * applied again event by event inside the same transaction, each in a savepoint; an event that
 * still fails is parked (parked_events, with its error), later events of its stream wait parked
 * behind it (so a stream is never applied out of order), and the checkpoint moves past them.
 * Errors that are not about the event (connection lost, deadlock, serialization, a missing
 * table) still fail the whole batch, which is retried as before. A retry an admin requests is
 * picked up by the running projector's poll and applied in the projection's transaction.
 */
import { EventFeed, PARKED_ERROR_MAX, type EventStore, type FeedSubscriber, type Logger, type RecordedEvent, type Sql } from '@dealer/platform';
import { withFreshStatements, type Projection } from '@dealer/read-models/projection';
import { ensureProjectionSchema } from './schema-setup';

export type ProjectionState = 'starting' | 'standby' | 'running' | 'stopped' | 'error';

export interface ProjectionStatus {
  name: string;
  state: ProjectionState;
  position: number;
  lastError: string | null;
  /** Events this projection could not apply, set aside until an operator retries them. */
  parked: number;
}

export interface ProjectorHandle {
  status(): ProjectionStatus[];
  stop(): Promise<void>;
}

export interface ProjectorOptions {
  sql: Sql;
  store: EventStore;
  projections: Projection[];
  logger?: Logger;
  batchSize?: number;
  standbyRetryMs?: number;
  /** How often the active instance counts its parked events and looks for requested retries. */
  parkedPollMs?: number;
  /** Reader shared with other subscribers of the process (the reactor); by default the projector has its own. */
  feed?: EventFeed;
  /** Projections applying their part of one read at the same time (each in its own transaction). */
  concurrency?: number;
  /** Called after each committed batch (tests use it to pace or to crash the process). */
  onBatchCommitted?: (name: string, position: number) => void;
}

/** SQLSTATE classes that say nothing about the event: the batch is retried whole, nothing is parked. */
const TRANSIENT_SQLSTATE_CLASSES = new Set(['08', '25', '3F', '40', '42', '53', '55', '57', '58', 'XX']);
const DRIVER_CONNECTION_CODES = new Set(['CONNECT_TIMEOUT', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/** True when an error is about the database or the connection, not about the event applied. */
export function isTransientProjectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  if (/^[0-9A-Z]{5}$/.test(code)) return TRANSIENT_SQLSTATE_CLASSES.has(code.slice(0, 2));
  return code.startsWith('CONNECTION') || DRIVER_CONNECTION_CODES.has(code);
}

/** The error as kept with a parked event: the SQLSTATE and message, without the values a data error quotes. */
export function parkedErrorText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  let message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (typeof code === 'string' && /^(22|23)/.test(code)) message = message.replace(/"[^"]*"/g, '"…"');
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) message = `${code} ${message}`;
  return message.slice(0, PARKED_ERROR_MAX);
}

const waitingText = (streamId: string) => `Waiting: an earlier event of stream ${streamId.slice(0, 200)} is parked for this projection.`;

export interface BatchOutcome {
  /** The checkpoint after the batch. */
  position: number;
  /** Events parked by this batch. */
  parked: number;
}

/** A transaction that can open savepoints (postgres.js TransactionSql). */
export type SavepointTx = Sql & { savepoint<T>(fn: (sp: Sql) => T | Promise<T>): Promise<T> };

export interface ParkedInBatch {
  event: RecordedEvent;
  error: string;
}

/**
 * Applies a projection's relevant events inside the caller's transaction; returns the events it
 * could not apply, to be parked. `blocked` holds streams with a parked event (their later events
 * wait) and gains the streams of events parked here. First the whole batch in one savepoint;
 * if that fails on the data, event by event, each in its own savepoint. A transient error
 * (connection, deadlock...) is thrown: the caller's transaction is retried whole.
 */
export async function applyOrPark(tx: SavepointTx, projection: Projection, schema: string, relevant: RecordedEvent[], blocked: Set<string>): Promise<ParkedInBatch[]> {
  const parked: ParkedInBatch[] = [];
  const ready = relevant.filter((e) => !blocked.has(e.streamId));
  try {
    if (ready.length > 0) await tx.savepoint((sp) => projection.applyBatch(withFreshStatements(sp), schema, ready));
    const applied = new Set(ready);
    for (const e of relevant) if (!applied.has(e)) parked.push({ event: e, error: waitingText(e.streamId) });
    return parked;
  } catch (error) {
    if (isTransientProjectionError(error)) throw error;
  }
  for (const e of relevant) {
    if (blocked.has(e.streamId)) {
      parked.push({ event: e, error: waitingText(e.streamId) });
      continue;
    }
    try {
      await tx.savepoint((sp) => projection.applyBatch(withFreshStatements(sp), schema, [e]));
    } catch (eventError) {
      if (isTransientProjectionError(eventError)) throw eventError;
      parked.push({ event: e, error: parkedErrorText(eventError) });
      blocked.add(e.streamId);
    }
  }
  return parked;
}

/** Writes parked events (the projection's live rows; a rebuild writes its own at the swap). */
export async function insertParked(tx: Sql, projectionName: string, parked: ParkedInBatch[]): Promise<void> {
  for (const { event, error } of parked) {
    await tx`insert into parked_events (projection, global_position, event_id, event_type, stream_id, error)
      values (${projectionName}, ${event.globalPosition}, ${event.metadata.eventId}, ${event.type}, ${event.streamId}, ${error})
      on conflict (projection, global_position) do nothing`;
  }
}

/** A checkpoint's name as it goes into SQL text (projection names are plain identifiers). */
function checkpointName(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a checkpoint name: ${name}`);
  return name;
}

/** Thrown inside the fast transaction when the batch failed on its data: it is rolled back and run again event by event. */
class BatchNeedsParking extends Error {
  override readonly name = 'BatchNeedsParking';
}

/**
 * Applies one batch and moves the checkpoint, in one transaction; events that cannot be applied
 * are parked in the same transaction (see the file's comment). Returns the new checkpoint: the
 * last event's position, or `until` when the read went further (events up to there that are not
 * in `events` are of types the projection does not handle).
 *
 * The transaction commits without waiting for the WAL flush (issue 22, ADR 0093): a read model
 * and its checkpoint commit together, so a crash that loses the last such commits rolls both
 * back to an earlier checkpoint, from which the projection applies the same events again: the
 * log is the only durable record. Its notification goes out with the commit (no flush held
 * under the notify lock, see notifyAsync). The batch is first applied whole without a savepoint;
 * only when it fails on its data is the transaction run again with the careful path (a savepoint
 * per event, parking).
 */
export async function applyBatchTransactionally(sql: Sql, projection: Projection, events: RecordedEvent[], logger?: Logger, until = 0): Promise<BatchOutcome> {
  const name = projection.name;
  const run = (careful: boolean) =>
    sql.begin(async (tx): Promise<{ position: number; parked: ParkedInBatch[] }> => {
      const streams = [...new Set(events.map((e) => e.streamId))];
      const [row] = await tx<{ position: string; blocked: string[] | null }[]>`
        select set_config('synchronous_commit', 'off', true), position,
          (select array_agg(distinct stream_id) from parked_events where projection = ${name} and stream_id = any(${streams})) as blocked
          from checkpoints where name = ${name} for update`;
      const checkpoint = Number(row?.position ?? 0);
      const end = Math.max(until, events[events.length - 1]?.globalPosition ?? 0);
      if (end <= checkpoint) return { position: checkpoint, parked: [] };
      const relevant = events.filter((e) => e.globalPosition > checkpoint && projection.handles.has(e.type));
      const blocked = new Set(row?.blocked ?? []);
      let parked: ParkedInBatch[] = [];
      if (relevant.length > 0) {
        if (!careful && !relevant.some((e) => blocked.has(e.streamId))) {
          try {
            await projection.applyBatch(tx as unknown as Sql, projection.schema, relevant);
          } catch (error) {
            if (isTransientProjectionError(error)) throw error;
            throw new BatchNeedsParking();
          }
        } else {
          const t = tx as unknown as SavepointTx;
          parked = await applyOrPark(t, projection, projection.schema, relevant, blocked);
          await insertParked(t, name, parked);
        }
      }
      await tx`update checkpoints set position = ${end}, updated_at = now() where name = ${name}
        returning pg_notify('projection_checkpoint', ${`${name}:${end}`})`;
      return { position: end, parked };
    });
  let outcome: { position: number; parked: ParkedInBatch[] };
  try {
    outcome = await run(false);
  } catch (error) {
    if (!(error instanceof BatchNeedsParking)) throw error;
    outcome = await run(true);
  }
  for (const { event, error } of outcome.parked) {
    logger?.error({ projection: name, position: event.globalPosition, type: event.type, err: error }, 'projection parked an event it cannot apply');
  }
  return { position: outcome.position, parked: outcome.parked.length };
}

/**
 * Moves the checkpoints of projections that had nothing to apply up to `position`, in one
 * statement (no transaction per projection) committed without waiting for the flush (as a
 * batch's, see applyBatchTransactionally), and wakes read-your-writes waiters with one
 * notification sent with it. A checkpoint never moves back: one a rebuild's swap moved further
 * is left alone (the row lock a rebuild or a retry holds makes this wait, then the condition is
 * checked again). Returns the names moved.
 */
export async function advanceIdleCheckpoints(sql: Sql, names: string[], position: number): Promise<string[]> {
  if (names.length === 0) return [];
  if (!Number.isSafeInteger(position) || position < 0) throw new Error(`not a position: ${position}`);
  const list = names.map(checkpointName).join(',');
  // One simple-protocol query (one round trip, one implicit transaction in which SET LOCAL holds);
  // the names and the position are checked above, so they can be literals.
  const results = (await sql.unsafe(`set local synchronous_commit = off;
    with locked as (
      -- Rows locked in name order, as a rebuild of several projections locks them: no deadlock.
      select name from checkpoints where name = any('{${list}}'::text[]) and position < ${position} order by name for update
    ), moved as (
      update checkpoints c set position = ${position}, updated_at = now()
        from locked where c.name = locked.name and c.position < ${position}
      returning c.name
    ), names as (
      select string_agg(name, ',' order by name) as list from moved
    )
    select list, case when list is null then null else pg_notify('projection_checkpoint', list || ':${position}') end as notified from names`)) as unknown as { list: string | null }[][];
  const rows = results[results.length - 1] ?? [];
  return rows[0]?.list ? rows[0].list.split(',') : [];
}

/** A read with at most this many events (all projections' together) is applied in one transaction (applyReadTogether). */
const TOGETHER_MAX_EVENTS = 256;

/** Why a read's shared transaction gave way to one transaction per projection. */
class NotTogether extends Error {
  override readonly name = 'NotTogether';
}

/**
 * Applies one read to several projections in ONE transaction (issue 22, ADR 0093): their
 * checkpoints locked in name order (as a rebuild locks them), each projection's events applied
 * in turn, every checkpoint (those with nothing to apply too) moved to `reached` in one statement
 * with one notification, one commit without waiting for the flush. It halves the round trips of
 * a read on the live path, where a batch is a few events and each round trip costs more than
 * applying them. Anything that needs a projection's own transaction — an event of a stream with a
 * parked event, an error of any kind — rolls the whole read back and returns null: the caller
 * then runs the per-projection path (applyBatchTransactionally, advanceIdleCheckpoints), which
 * parks, backs off and reports per projection as before. Returns each projection's checkpoint.
 */
export async function applyReadTogether(
  sql: Sql,
  work: { projection: Projection; relevant: RecordedEvent[] }[],
  idle: string[],
  reached: number,
): Promise<Map<string, number> | null> {
  const names = [...work.map((w) => w.projection.name), ...idle].sort();
  const streams = [...new Set(work.flatMap((w) => w.relevant.map((e) => e.streamId)))];
  try {
    return await sql.begin(async (tx) => {
      const rows = await tx<{ name: string; position: string; blocked: boolean }[]>`
        select set_config('synchronous_commit', 'off', true), c.name, c.position,
          exists (select 1 from parked_events p where p.projection = c.name and p.stream_id = any(${streams})) as blocked
          from checkpoints c where c.name = any(${names}) order by c.name for update`;
      if (rows.length !== names.length) throw new NotTogether();
      const positions = new Map(rows.map((r) => [r.name, Number(r.position)]));
      const blocked = new Set(rows.filter((r) => r.blocked).map((r) => r.name));
      for (const { projection, relevant } of work) {
        if (blocked.has(projection.name)) throw new NotTogether();
        const checkpoint = positions.get(projection.name)!;
        const due = relevant.filter((e) => e.globalPosition > checkpoint);
        if (due.length > 0) await projection.applyBatch(tx as unknown as Sql, projection.schema, due);
      }
      await tx`
        with moved as (
          update checkpoints set position = ${reached}, updated_at = now() where name = any(${names}) and position < ${reached} returning name
        )
        select pg_notify('projection_checkpoint', string_agg(name, ',' order by name) || ':' || ${String(reached)}) from moved having count(*) > 0`;
      return new Map(names.map((name) => [name, Math.max(reached, positions.get(name)!)]));
    });
  } catch {
    return null;
  }
}

/** Reads the event at a global position: the first one after position - 1, if it is at that position. */
async function eventAt(store: EventStore, position: number): Promise<RecordedEvent | null> {
  const [event] = await store.readAll({ after: position - 1, maxCount: 1 });
  return event && event.globalPosition === position ? event : null;
}

/**
 * Applies the parked events an operator asked to retry, in the projection's transaction (under
 * its checkpoint's row lock, so never alongside a batch). A retry takes the stream's parked
 * events in order from the earliest; each applied one is removed, the first that fails again
 * keeps its row with the new error, and those behind it stay parked. Returns the rows removed.
 */
export async function retryParkedEvents(sql: Sql, store: EventStore, projection: Projection, logger?: Logger): Promise<number> {
  return sql.begin(async (tx) => {
    await tx`select position from checkpoints where name = ${projection.name} for update`;
    const requested = await tx<{ stream: string }[]>`
      select distinct stream_id as stream from parked_events where projection = ${projection.name} and retry_requested_at is not null`;
    let applied = 0;
    for (const { stream } of requested) {
      const rows = await tx<{ id: string; position: string; eventId: string }[]>`
        select id, global_position::text as position, event_id::text as "eventId" from parked_events
        where projection = ${projection.name} and stream_id = ${stream} order by global_position`;
      for (const [i, row] of rows.entries()) {
        const event = await eventAt(store, Number(row.position));
        let error: string | null = null;
        if (!event || event.metadata.eventId.toLowerCase() !== row.eventId.toLowerCase()) {
          error = 'The event is no longer in the store at this position.';
        } else if (projection.handles.has(event.type)) {
          try {
            await (tx as unknown as SavepointTx).savepoint((sp) => projection.applyBatch(withFreshStatements(sp), projection.schema, [event]));
          } catch (eventError) {
            if (isTransientProjectionError(eventError)) throw eventError;
            error = parkedErrorText(eventError);
          }
        }
        if (error === null) {
          await tx`delete from parked_events where id = ${row.id}`;
          applied += 1;
          continue;
        }
        logger?.error({ projection: projection.name, position: row.position, err: error }, 'retried parked event failed again');
        await tx`update parked_events set error = ${error}, attempts = attempts + 1, retry_requested_at = null where id = ${row.id}`;
        const behind = rows.slice(i + 1).map((r) => r.id);
        if (behind.length > 0) await tx`update parked_events set retry_requested_at = null where id = any(${behind})`;
        break;
      }
    }
    return applied;
  });
}

interface Member {
  projection: Projection;
  status: ProjectionStatus;
  /** Its tables exist (ensureProjectionSchema ran). */
  ready: boolean;
  /** After a failed batch: not read for until then (back-off). */
  retryAt: number;
  failures: number;
}

/**
 * Runs the projections behind one reader of the log (EventFeed; ADR 0074): per read, each
 * projection with events of its types applies them in its own transaction with its checkpoint
 * (a few at a time), and the checkpoints of those with none move together in one statement.
 * Each projection is active in one process only (an advisory lock per projection, all held on
 * one reserved connection); the others wait as standbys and take over when the lock drops.
 */
export function startProjector(options: ProjectorOptions): ProjectorHandle {
  const { sql, store, logger } = options;
  const standbyRetryMs = options.standbyRetryMs ?? 2000;
  const ownFeed = !options.feed;
  const feed = options.feed ?? new EventFeed({ store, sql, batchSize: options.batchSize ?? 1000, onError: (error) => logger?.error({ err: errorText(error) }, 'projector read failed; retrying') });
  const members: Member[] = options.projections.map((projection) => ({
    projection,
    status: { name: projection.name, state: 'starting', position: 0, lastError: null, parked: 0 },
    ready: false,
    retryAt: 0,
    failures: 0,
  }));
  const byName = new Map(members.map((m) => [m.projection.name, m]));
  let stopping = false;
  let lockConnection: Awaited<ReturnType<Sql['reserve']>> | null = null;
  let leadTimer: NodeJS.Timeout | null = null;
  let parkedTimer: NodeJS.Timeout | null = null;
  const backoffTimers = new Set<NodeJS.Timeout>();
  let polling: Promise<void> = Promise.resolve();
  let leading: Promise<void> = Promise.resolve();

  const running = () => members.filter((m) => m.status.state === 'running');
  const readable = () => {
    const now = Date.now();
    return running().filter((m) => m.retryAt <= now);
  };

  /** A batch failed on something else than its data (connection, missing table...): back off, then read for it again. */
  const failed = (m: Member, error: unknown) => {
    m.status.lastError = errorText(error);
    logger?.error({ projection: m.projection.name, err: m.status.lastError }, 'projection batch failed; retrying');
    m.failures += 1;
    const delay = Math.min(30_000, 250 * 2 ** Math.min(m.failures, 7));
    m.retryAt = Date.now() + delay;
    const timer = setTimeout(() => {
      backoffTimers.delete(timer);
      feed.wake();
    }, delay);
    backoffTimers.add(timer);
  };
  const committed = (m: Member, position: number) => {
    m.status.position = Math.max(m.status.position, position);
    m.status.lastError = null;
    m.failures = 0;
    options.onBatchCommitted?.(m.projection.name, m.status.position);
  };

  const concurrency = Math.max(1, options.concurrency ?? 4);
  /**
   * The members the current read is for: only their types are read, so only they may take its
   * `reached`. One that came out of its back-off (or became active) while the read ran had its
   * types left out, and would otherwise be moved past events it never saw.
   */
  let readFor: ReadonlySet<Member> = new Set();
  const subscriber: FeedSubscriber = {
    from: () => {
      if (stopping) return null;
      const ms = readable();
      readFor = new Set(ms);
      return ms.length === 0 ? null : Math.min(...ms.map((m) => m.status.position));
    },
    types: () => new Set([...readFor].flatMap((m) => [...m.projection.handles])),
    deliver: async (events, reached, readFrom) => {
      const idle: Member[] = [];
      const work: { m: Member; relevant: RecordedEvent[] }[] = [];
      for (const m of readable()) {
        if (!readFor.has(m)) continue;
        // One that became active after this read started may be further back: the next read is for it.
        if (m.status.position >= reached || m.status.position < readFrom) continue;
        const from = m.status.position;
        const relevant = events.filter((e) => e.globalPosition > from && m.projection.handles.has(e.type));
        if (relevant.length === 0) idle.push(m);
        else work.push({ m, relevant });
      }
      const applyNext = async (): Promise<void> => {
        for (let next = work.shift(); next; next = work.shift()) {
          const { m, relevant } = next;
          try {
            const outcome = await applyBatchTransactionally(sql, m.projection, relevant, logger, reached);
            m.status.parked += outcome.parked;
            committed(m, outcome.position);
          } catch (error) {
            failed(m, error);
          }
        }
      };
      const moveIdle = async () => {
        if (idle.length === 0) return;
        try {
          await advanceIdleCheckpoints(sql, idle.map((m) => m.projection.name), reached);
          for (const m of idle) committed(m, reached);
        } catch (error) {
          for (const m of idle) failed(m, error);
        }
      };
      // The live path's small reads in one transaction; a backlog's large ones (catching up) in
      // parallel transactions, which keep both cores busy; the per-projection path whenever the
      // shared transaction gives way.
      const small = work.reduce((n, w) => n + w.relevant.length, 0) <= TOGETHER_MAX_EVENTS;
      if (small && work.length > 0 && work.length + idle.length > 1) {
        const together = await applyReadTogether(
          sql,
          work.map(({ m, relevant }) => ({ projection: m.projection, relevant })),
          idle.map((m) => m.projection.name),
          reached,
        );
        if (together) {
          for (const m of [...work.map((w) => w.m), ...idle]) committed(m, together.get(m.projection.name)!);
          return;
        }
      }
      await Promise.all([moveIdle(), ...Array.from({ length: Math.min(concurrency, work.length) }, applyNext)]);
    },
  };

  /** Counts every active projection's parked events in one query and applies the retries requested since the last poll. */
  const pollParked = async (only?: Member): Promise<void> => {
    const active = only ? [only] : running();
    if (active.length === 0) return;
    try {
      const counts = await sql<{ name: string; parked: number; retries: number }[]>`
        select projection as name, count(*)::int as parked, count(retry_requested_at)::int as retries from parked_events
         where projection = any(${active.map((m) => m.projection.name)}) group by projection`;
      const found = new Map(counts.map((c) => [c.name, c]));
      for (const m of active) {
        const c = found.get(m.projection.name);
        m.status.parked = c?.parked ?? 0;
        if (!c || c.retries === 0 || stopping) continue;
        try {
          const applied = await retryParkedEvents(sql, store, m.projection, logger);
          if (applied > 0) logger?.info({ projection: m.projection.name, applied }, 'parked events applied on retry');
          const [after] = await sql<{ parked: number }[]>`select count(*)::int as parked from parked_events where projection = ${m.projection.name}`;
          m.status.parked = after?.parked ?? 0;
        } catch (error) {
          logger?.error({ projection: m.projection.name, err: errorText(error) }, 'parked events poll failed; retrying');
        }
      }
    } catch (error) {
      logger?.error({ err: errorText(error) }, 'parked events poll failed; retrying');
    }
  };
  const scheduleParkedPoll = () => {
    if (stopping) return;
    parkedTimer = setTimeout(() => {
      polling = pollParked().finally(scheduleParkedPoll);
    }, options.parkedPollMs ?? 1000);
  };

  /** Makes the tables and takes the lock of every projection not running yet; those whose lock another process holds stand by. */
  const lead = async (): Promise<void> => {
    if (stopping) return;
    let again = false;
    for (const m of members) {
      if (stopping) return;
      if (m.status.state === 'running') continue;
      const name = m.projection.name;
      try {
        if (!m.ready) {
          await ensureProjectionSchema(sql, m.projection);
          m.ready = true;
        }
        if (stopping) return;
        lockConnection ??= await sql.reserve();
        const [lock] = await lockConnection<{ locked: boolean }[]>`select pg_try_advisory_lock(hashtext(${'projection:' + name})) as locked`;
        if (stopping) return;
        if (!lock?.locked) {
          m.status.state = 'standby';
          again = true;
          continue;
        }
        const [row] = await sql<{ position: string }[]>`select position from checkpoints where name = ${name}`;
        m.status.position = Number(row?.position ?? 0);
        await pollParked(m);
        if (stopping) return;
        m.status.state = 'running';
        feed.wake();
      } catch (error) {
        m.status.state = 'error';
        m.status.lastError = errorText(error);
        logger?.error({ projection: name, err: m.status.lastError }, 'projection failed to start; retrying');
        again = true;
      }
    }
    if (again && !stopping) leadTimer = setTimeout(() => (leading = lead()), standbyRetryMs);
  };
  const removeSubscriber = feed.add(subscriber);
  leading = lead().then(() => {
    if (!stopping) scheduleParkedPoll();
  });

  const stopOnce = async () => {
    stopping = true;
    if (leadTimer) clearTimeout(leadTimer);
    await leading;
    if (leadTimer) clearTimeout(leadTimer);
    if (parkedTimer) clearTimeout(parkedTimer);
    for (const timer of backoffTimers) clearTimeout(timer);
    await polling;
    await removeSubscriber();
    if (ownFeed) await feed.stop();
    if (lockConnection) {
      await lockConnection`select pg_advisory_unlock_all()`.catch(() => undefined);
      lockConnection.release();
    }
    for (const m of byName.values()) m.status.state = 'stopped';
  };
  /** The one stop: a second call answers the first's (it must not use the lock connection it gave back: postgres.js can queue a statement there that nothing runs). */
  let stopCall: Promise<void> | null = null;

  return {
    status: () => members.map((m) => ({ ...m.status })),
    stop: () => (stopCall ??= stopOnce()),
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
