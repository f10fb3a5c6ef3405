/**
 * The reactor: a subscription from its checkpoint that turns events into BullMQ jobs.
 * The job id comes from the event id, so a replay (or a crash between enqueue and checkpoint)
 * enqueues nothing twice; the checkpoint only moves once every job of a batch is in Redis.
 */
import type { Queue } from 'bullmq';
import { readCheckpoint, writeCheckpoint, type EventStore, type Logger, type Sql, type Subscription } from '@dealer/platform';
import { jobIdFor, reactions as defaultReactions, type Reaction } from './reactions';

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
      position = batch[batch.length - 1]!.globalPosition;
      await writeCheckpoint(deps.sql, REACTOR_CHECKPOINT, position);
    },
    onError: (error) => deps.logger?.error({ err: error instanceof Error ? error.message : String(error) }, 'reactor batch failed; retrying'),
  });
  return { position: () => position, stop: () => subscription.stop() };
}
