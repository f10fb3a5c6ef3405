/**
 * Runs projections: each one subscribes from its checkpoint and, per batch, updates its read
 * tables AND its checkpoint in one transaction, so a crash mid-batch loses nothing and applies
 * nothing twice. Only one instance per projection is active (a PostgreSQL advisory lock held
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
import { PARKED_ERROR_MAX, type EventStore, type Logger, type RecordedEvent, type Sql, type Subscription } from '@dealer/platform';
import type { Projection } from '@dealer/read-models/projection';
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
    if (ready.length > 0) await tx.savepoint((sp) => projection.applyBatch(sp, schema, ready));
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
      await tx.savepoint((sp) => projection.applyBatch(sp, schema, [e]));
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

/** Streams of these events that have a parked event for the projection. */
export async function blockedStreams(tx: Sql, projectionName: string, events: RecordedEvent[]): Promise<Set<string>> {
  const streams = [...new Set(events.map((e) => e.streamId))];
  const rows = await tx<{ stream: string }[]>`
    select distinct stream_id as stream from parked_events where projection = ${projectionName} and stream_id = any(${streams})`;
  return new Set(rows.map((r) => r.stream));
}

/**
 * Applies one batch and moves the checkpoint, in one transaction; events that cannot be applied
 * are parked in the same transaction (see the file's comment). Returns the new checkpoint.
 */
export async function applyBatchTransactionally(sql: Sql, projection: Projection, events: RecordedEvent[], logger?: Logger): Promise<BatchOutcome> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ position: string }[]>`select position from checkpoints where name = ${projection.name} for update`;
    const checkpoint = Number(row?.position ?? 0);
    const fresh = events.filter((e) => e.globalPosition > checkpoint);
    if (fresh.length === 0) return { position: checkpoint, parked: 0 };
    const relevant = fresh.filter((e) => projection.handles.has(e.type));
    let parked: ParkedInBatch[] = [];
    if (relevant.length > 0) {
      const t = tx as unknown as SavepointTx;
      parked = await applyOrPark(t, projection, projection.schema, relevant, await blockedStreams(t, projection.name, relevant));
      await insertParked(t, projection.name, parked);
      for (const { event, error } of parked) {
        logger?.error({ projection: projection.name, position: event.globalPosition, type: event.type, err: error }, 'projection parked an event it cannot apply');
      }
    }
    const last = fresh[fresh.length - 1]!.globalPosition;
    await tx`update checkpoints set position = ${last}, updated_at = now() where name = ${projection.name}`;
    await tx`select pg_notify('projection_checkpoint', ${`${projection.name}:${last}`})`;
    return { position: last, parked: parked.length };
  });
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
            await (tx as unknown as SavepointTx).savepoint((sp) => projection.applyBatch(sp, projection.schema, [event]));
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

export function startProjector(options: ProjectorOptions): ProjectorHandle {
  const { sql, store, logger } = options;
  const statuses = new Map<string, ProjectionStatus>();
  const stoppers: (() => Promise<void>)[] = [];
  let stopping = false;

  for (const projection of options.projections) {
    const status: ProjectionStatus = { name: projection.name, state: 'starting', position: 0, lastError: null, parked: 0 };
    statuses.set(projection.name, status);
    let subscription: Subscription | null = null;
    let lockConnection: Awaited<ReturnType<Sql['reserve']>> | null = null;
    let retryTimer: NodeJS.Timeout | null = null;
    let parkedTimer: NodeJS.Timeout | null = null;
    let polling: Promise<void> = Promise.resolve();
    let starting: Promise<void> = Promise.resolve();

    /** Counts the parked events and applies the retries requested since the last poll. */
    const pollParked = async (): Promise<void> => {
      try {
        const [counts] = await sql<{ parked: number; retries: number }[]>`
          select count(*)::int as parked, count(retry_requested_at)::int as retries from parked_events where projection = ${projection.name}`;
        if (counts && counts.retries > 0 && !stopping) {
          const applied = await retryParkedEvents(sql, store, projection, logger);
          if (applied > 0) logger?.info({ projection: projection.name, applied }, 'parked events applied on retry');
          const [after] = await sql<{ parked: number }[]>`select count(*)::int as parked from parked_events where projection = ${projection.name}`;
          status.parked = after?.parked ?? 0;
        } else {
          status.parked = counts?.parked ?? 0;
        }
      } catch (error) {
        logger?.error({ projection: projection.name, err: error instanceof Error ? error.message : String(error) }, 'parked events poll failed; retrying');
      }
    };
    const scheduleParkedPoll = () => {
      if (stopping) return;
      parkedTimer = setTimeout(() => {
        polling = pollParked().finally(scheduleParkedPoll);
      }, options.parkedPollMs ?? 1000);
    };

    const run = async (): Promise<void> => {
      if (stopping) return;
      try {
        await ensureProjectionSchema(sql, projection);
        if (stopping) return;
        lockConnection ??= await sql.reserve();
        const [lock] = await lockConnection<{ locked: boolean }[]>`
          select pg_try_advisory_lock(hashtext(${'projection:' + projection.name})) as locked`;
        if (stopping) return;
        if (!lock?.locked) {
          status.state = 'standby';
          retryTimer = setTimeout(() => (starting = run()), options.standbyRetryMs ?? 2000);
          return;
        }
        const [row] = await sql<{ position: string }[]>`select position from checkpoints where name = ${projection.name}`;
        status.position = Number(row?.position ?? 0);
        await pollParked();
        if (stopping) return;
        status.state = 'running';
        scheduleParkedPoll();
        subscription = store.subscribeToAll({
          after: status.position,
          batchSize: options.batchSize ?? 500,
          onBatch: async (batch) => {
            const outcome = await applyBatchTransactionally(sql, projection, batch, logger);
            status.position = outcome.position;
            status.parked += outcome.parked;
            status.lastError = null;
            options.onBatchCommitted?.(projection.name, status.position);
          },
          onError: (error) => {
            status.lastError = error instanceof Error ? error.message : String(error);
            logger?.error({ projection: projection.name, err: status.lastError }, 'projection batch failed; retrying');
          },
        });
      } catch (error) {
        status.state = 'error';
        status.lastError = error instanceof Error ? error.message : String(error);
        logger?.error({ projection: projection.name, err: status.lastError }, 'projection failed to start; retrying');
        if (!stopping) retryTimer = setTimeout(() => (starting = run()), options.standbyRetryMs ?? 2000);
      }
    };
    starting = run();

    stoppers.push(async () => {
      if (retryTimer) clearTimeout(retryTimer);
      await starting;
      if (parkedTimer) clearTimeout(parkedTimer);
      await polling;
      await subscription?.stop();
      if (lockConnection) {
        await lockConnection`select pg_advisory_unlock_all()`.catch(() => undefined);
        lockConnection.release();
      }
      status.state = 'stopped';
    });
  }

  return {
    status: () => [...statuses.values()].map((s) => ({ ...s })),
    async stop() {
      stopping = true;
      await Promise.all(stoppers.map((s) => s()));
    },
  };
}
