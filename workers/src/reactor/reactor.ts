/**
 * The reactor: a subscriber of the process's EventFeed (ADR 0074), from its checkpoint, that
 * turns events into BullMQ jobs.
 * The job id comes from the event id, so a replay (or a crash between enqueue and checkpoint)
 * enqueues nothing twice; the checkpoint only moves once every job of a batch is in Redis.
 * Redis can still lose jobs the checkpoint has passed (restarted without persistence), so each
 * job is also recorded in PostgreSQL with the checkpoint until it finishes, and a reconciler
 * adds back the ones Redis no longer knows (pending-jobs.ts).
 *
 * Workers scale out, the reactor does not: like a projection, only one reactor is active (a
 * PostgreSQL advisory lock held on a reserved connection); another process waits as a standby
 * and takes over when the lock is released (stop, or the active process's connection ends).
 * Its checkpoint only moves forward, whoever writes it (an operator who sets it back asks for
 * a replay, which the active reactor starts within a maintenance pass). The active reactor also
 * adds back the failed jobs an admin asked to retry (failed-jobs.ts).
 */
import type { Queue } from 'bullmq';
import { EventFeed, readCheckpoint, type EventStore, type FeedSubscriber, type Logger, type RecordedEvent, type Sql } from '@dealer/platform';
import { jobIdFor, reactions as defaultReactions, type Reaction } from './reactions';
import { reconcilePendingJobs, recordPendingJobs } from './pending-jobs';
import { FAILED_JOB_RETRY_CHANNEL } from './failed-jobs';
import { retryRequestedJobs } from './failed-job-retries';

export const REACTOR_CHECKPOINT = 'reactor';
/** The advisory lock only the active reactor holds. */
const REACTOR_LOCK = 'reactor:active';

export type ReactorState = 'starting' | 'standby' | 'running' | 'stopped' | 'error';

export interface ReactorHandle {
  /** The checkpoint: the active reactor's, or (standby) the last one read. */
  position(): number;
  state(): ReactorState;
  stop(): Promise<void>;
}

/** Moves the reactor's checkpoint forward only: a lower position (a late or stale writer) changes nothing. */
export async function advanceReactorCheckpoint(sql: Sql, position: number): Promise<void> {
  await sql`
    insert into checkpoints (name, position, updated_at) values (${REACTOR_CHECKPOINT}, ${position}, now())
    on conflict (name) do update set position = excluded.position, updated_at = now()
     where checkpoints.position < excluded.position`;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function startReactor(deps: {
  sql: Sql;
  store: EventStore;
  queue: Queue;
  logger?: Logger;
  reactions?: Reaction[];
  /** How often jobs Redis lost and retries an admin asked for are looked for (default 5 s). */
  reconcileIntervalMs?: number;
  /** Reader shared with the projector of the process (one read per wake-up); by default its own. */
  feed?: EventFeed;
  /** How often a standby tries to become the active reactor (default 2 s). */
  standbyRetryMs?: number;
}): Promise<ReactorHandle> {
  const reactions = deps.reactions ?? defaultReactions;
  let state: ReactorState = 'starting';
  let position = 0;
  let stopped = false;
  let lockConnection: Awaited<ReturnType<Sql['reserve']>> | null = null;
  let leaderTimer: NodeJS.Timeout | null = null;
  let starting: Promise<void> = Promise.resolve();

  const types = new Set(reactions.map((r) => r.eventType));
  /** The checkpoint as last written: a stored one below it was set back by an operator. */
  let written = 0;
  let writtenAt = 0;
  let retryAt = 0;
  let failures = 0;
  let backoffTimer: NodeJS.Timeout | null = null;
  let delivering: Promise<void> = Promise.resolve();

  const writeCheckpoint = async (sql: Sql, to: number) => {
    await advanceReactorCheckpoint(sql, to);
    written = Math.max(written, to);
    writtenAt = Date.now();
  };
  /** Writes the position reached through events with no reaction (kept in memory meanwhile). */
  const flush = async () => {
    if (position > written) await writeCheckpoint(deps.sql, position);
  };

  /**
   * Its events (those some reaction takes) up to `reached`: jobs go to Redis, then the pending
   * jobs and the checkpoint in one transaction. A read with no events for it moves the position
   * in memory; the checkpoint follows at most once a second (and at the maintenance pass and at
   * stop): a restart from an older checkpoint reads events that enqueue nothing.
   */
  const deliver = async (batch: RecordedEvent[], reached: number, from: number) => {
    if (from !== position) return;
    try {
      const jobs = batch.flatMap((event) =>
        reactions
          .filter((r) => r.eventType === event.type)
          .map((r) => {
            const job = r.toJob(event);
            return { name: job.name, data: job.data, opts: { jobId: jobIdFor(event, r) } };
          }),
      );
      if (jobs.length > 0) {
        await deps.queue.addBulk(jobs);
        await deps.sql.begin(async (tx) => {
          await recordPendingJobs(tx as unknown as Sql, jobs);
          await writeCheckpoint(tx as unknown as Sql, reached);
        });
      } else if (Date.now() - writtenAt >= 1000) {
        await writeCheckpoint(deps.sql, reached);
      }
      if (position === from) position = reached;
      failures = 0;
    } catch (error) {
      deps.logger?.error({ err: message(error) }, 'reactor batch failed; retrying');
      failures += 1;
      const delay = Math.min(30_000, 250 * 2 ** Math.min(failures, 7));
      retryAt = Date.now() + delay;
      backoffTimer = setTimeout(() => feed.wake(), delay);
    }
  };
  const ownFeed = !deps.feed;
  const feed =
    deps.feed ?? new EventFeed({ store: deps.store, sql: deps.sql, batchSize: 200, onError: (error) => deps.logger?.error({ err: message(error) }, 'reactor read failed; retrying') });
  const subscriber: FeedSubscriber = {
    from: () => (state === 'running' && !stopped && Date.now() >= retryAt ? position : null),
    types: () => types,
    deliver: (batch, reached, from) => (delivering = deliver(batch, reached, from)),
  };
  let removeSubscriber: (() => Promise<void>) | null = null;

  // Maintenance (active reactor only), one pass at a time: retries an admin asked for, then
  // jobs Redis lost. A pass waits while Redis is down and repairs the queue once it is back.
  let maintenanceTimer: NodeJS.Timeout | null = null;
  let maintaining: Promise<void> = Promise.resolve();
  let again = false;
  let passRunning = false;
  const schedule = (delay: number) => {
    if (stopped || state !== 'running') return;
    // A wake-up (delay 0) replaces the next regular pass; a regular one never delays a sooner one.
    if (maintenanceTimer && delay > 0) return;
    if (maintenanceTimer) clearTimeout(maintenanceTimer);
    maintenanceTimer = setTimeout(maintain, delay);
  };
  const maintain = () => {
    maintenanceTimer = null;
    if (passRunning) {
      again = true;
      return;
    }
    passRunning = true;
    maintaining = flush()
      .then(replayIfAsked)
      .then(() => retryRequestedJobs(deps.sql, deps.queue, deps.logger))
      .then(() => reconcilePendingJobs(deps.sql, deps.queue, deps.logger))
      .then(() => undefined)
      .catch((error: unknown) => deps.logger?.error({ err: message(error) }, 'reactor maintenance failed; retrying'))
      .finally(() => {
        passRunning = false;
        const soon = again;
        again = false;
        schedule(soon ? 0 : (deps.reconcileIntervalMs ?? 5000));
      });
  };
  const listening = deps.sql.listen(FAILED_JOB_RETRY_CHANNEL, () => schedule(0)).catch((error: unknown) => {
    deps.logger?.warn({ err: message(error) }, 'reactor not listening for retries; it polls');
    return null;
  });

  /**
   * The reactor never moves its checkpoint back, so a checkpoint below the one it wrote was set
   * there by an operator: a replay (job ids make it enqueue nothing twice). It starts from
   * there without a restart.
   */
  const replayIfAsked = async () => {
    const stored = await readCheckpoint(deps.sql, REACTOR_CHECKPOINT);
    if (stored >= written || stopped) return;
    deps.logger?.warn({ from: stored, position }, 'reactor checkpoint moved back by an operator: replaying');
    await delivering;
    if (stopped) return;
    position = stored;
    written = stored;
    feed.wake();
  };

  const lead = async (): Promise<void> => {
    if (stopped) return;
    try {
      lockConnection ??= await deps.sql.reserve();
      const [lock] = await lockConnection<{ locked: boolean }[]>`select pg_try_advisory_lock(hashtext(${REACTOR_LOCK})) as locked`;
      position = Math.max(position, await readCheckpoint(deps.sql, REACTOR_CHECKPOINT));
      written = Math.max(written, position);
      if (stopped) return;
      if (!lock?.locked) {
        state = 'standby';
        leaderTimer = setTimeout(() => (starting = lead()), deps.standbyRetryMs ?? 2000);
        return;
      }
      state = 'running';
      deps.logger?.info({ position }, 'reactor active');
      removeSubscriber = feed.add(subscriber);
      schedule(0);
    } catch (error) {
      state = 'error';
      deps.logger?.error({ err: message(error) }, 'reactor failed to start; retrying');
      if (!stopped) leaderTimer = setTimeout(() => (starting = lead()), deps.standbyRetryMs ?? 2000);
    }
  };
  starting = lead();
  await starting;

  /** The one stop: a second call answers the first's (it must not use the lock connection it gave back: postgres.js can queue a statement there that nothing runs). */
  let stopCall: Promise<void> | null = null;
  const stopOnce = async () => {
    stopped = true;
    if (leaderTimer) clearTimeout(leaderTimer);
    await starting;
    if (maintenanceTimer) clearTimeout(maintenanceTimer);
    if (backoffTimer) clearTimeout(backoffTimer);
    await removeSubscriber?.();
    if (ownFeed) await feed.stop();
    await maintaining;
    if (state === 'running') await flush().catch((error: unknown) => deps.logger?.warn({ err: message(error) }, 'reactor checkpoint not written at stop'));
    const listener = await listening;
    await listener?.unlisten().catch(() => undefined);
    if (lockConnection) {
      await lockConnection`select pg_advisory_unlock_all()`.catch(() => undefined);
      lockConnection.release();
    }
    state = 'stopped';
  };

  return {
    position: () => position,
    state: () => state,
    stop: () => (stopCall ??= stopOnce()),
  };
}
