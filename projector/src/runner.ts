/**
 * Runs projections: each one subscribes from its checkpoint and, per batch, updates its read
 * tables AND its checkpoint in one transaction, so a crash mid-batch loses nothing and applies
 * nothing twice. Only one instance per projection is active (a PostgreSQL advisory lock held
 * on a reserved connection); another process waits as a standby and takes over when it drops.
 */
import type { EventStore, Logger, RecordedEvent, Sql, Subscription } from '@dealer/platform';
import type { Projection } from './projection';
import { ensureProjectionSchema } from './schema-setup';

export type ProjectionState = 'starting' | 'standby' | 'running' | 'stopped' | 'error';

export interface ProjectionStatus {
  name: string;
  state: ProjectionState;
  position: number;
  lastError: string | null;
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
  /** Called after each committed batch (tests use it to pace or to crash the process). */
  onBatchCommitted?: (name: string, position: number) => void;
}

/** Applies one batch and moves the checkpoint, in one transaction. Returns the new checkpoint. */
export async function applyBatchTransactionally(sql: Sql, projection: Projection, events: RecordedEvent[]): Promise<number> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ position: string }[]>`select position from checkpoints where name = ${projection.name} for update`;
    const checkpoint = Number(row?.position ?? 0);
    const fresh = events.filter((e) => e.globalPosition > checkpoint);
    if (fresh.length === 0) return checkpoint;
    const relevant = fresh.filter((e) => projection.handles.has(e.type));
    if (relevant.length > 0) await projection.applyBatch(tx as unknown as Sql, projection.schema, relevant);
    const last = fresh[fresh.length - 1]!.globalPosition;
    await tx`update checkpoints set position = ${last}, updated_at = now() where name = ${projection.name}`;
    await tx`select pg_notify('projection_checkpoint', ${`${projection.name}:${last}`})`;
    return last;
  });
}

export function startProjector(options: ProjectorOptions): ProjectorHandle {
  const { sql, store, logger } = options;
  const statuses = new Map<string, ProjectionStatus>();
  const stoppers: (() => Promise<void>)[] = [];
  let stopping = false;

  for (const projection of options.projections) {
    const status: ProjectionStatus = { name: projection.name, state: 'starting', position: 0, lastError: null };
    statuses.set(projection.name, status);
    let subscription: Subscription | null = null;
    let lockConnection: Awaited<ReturnType<Sql['reserve']>> | null = null;
    let retryTimer: NodeJS.Timeout | null = null;
    let starting: Promise<void> = Promise.resolve();

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
        if (stopping) return;
        status.state = 'running';
        subscription = store.subscribeToAll({
          after: status.position,
          batchSize: options.batchSize ?? 500,
          onBatch: async (batch) => {
            status.position = await applyBatchTransactionally(sql, projection, batch);
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
