/**
 * The reactor: a subscription from its checkpoint that turns events into BullMQ jobs.
 * The job id comes from the event id, so a replay (or a crash between enqueue and checkpoint)
 * enqueues nothing twice; the checkpoint only moves once every job of a batch is in Redis.
 * Redis can still lose jobs the checkpoint has passed (restarted without persistence), so each
 * job is also recorded in PostgreSQL with the checkpoint until it finishes, and a reconciler
 * adds back the ones Redis no longer knows (pending-jobs.ts).
 */
import type { Queue } from 'bullmq';
import { readCheckpoint, writeCheckpoint, type EventStore, type Logger, type Sql, type Subscription } from '@dealer/platform';
import { jobIdFor, reactions as defaultReactions, type Reaction } from './reactions';
import { reconcilePendingJobs, recordPendingJobs } from './pending-jobs';

export const REACTOR_CHECKPOINT = 'reactor';

export interface ReactorHandle {
  position(): number;
  stop(): Promise<void>;
}

export async function startReactor(deps: {
  sql: Sql;
  store: EventStore;
  queue: Queue;
  logger?: Logger;
  reactions?: Reaction[];
  /** How often jobs Redis lost are looked for (default 5 s). */
  reconcileIntervalMs?: number;
}): Promise<ReactorHandle> {
  const reactions = deps.reactions ?? defaultReactions;
  let position = await readCheckpoint(deps.sql, REACTOR_CHECKPOINT);
  const subscription: Subscription = deps.store.subscribeToAll({
    after: position,
    batchSize: 200,
    onBatch: async (batch) => {
      const jobs = batch.flatMap((event) =>
        reactions
          .filter((r) => r.eventType === event.type)
          .map((r) => {
            const job = r.toJob(event);
            return { name: job.name, data: job.data, opts: { jobId: jobIdFor(event, r) } };
          }),
      );
      if (jobs.length > 0) await deps.queue.addBulk(jobs);
      const last = batch[batch.length - 1]!.globalPosition;
      await deps.sql.begin(async (tx) => {
        await recordPendingJobs(tx as unknown as Sql, jobs);
        await writeCheckpoint(tx as unknown as Sql, REACTOR_CHECKPOINT, last);
      });
      position = last;
    },
    onError: (error) => deps.logger?.error({ err: error instanceof Error ? error.message : String(error) }, 'reactor batch failed; retrying'),
  });

  // One pass at a time; a pass waits while Redis is down and repairs the queue once it is back.
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (!stopped) timer = setTimeout(reconcile, deps.reconcileIntervalMs ?? 5000);
  };
  const reconcile = () => {
    running = reconcilePendingJobs(deps.sql, deps.queue, deps.logger)
      .then(() => undefined)
      .catch((error: unknown) => deps.logger?.error({ err: error instanceof Error ? error.message : String(error) }, 'reactor reconcile failed; retrying'))
      .finally(schedule);
  };
  schedule();

  return {
    position: () => position,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await subscription.stop();
      await running;
    },
  };
}
