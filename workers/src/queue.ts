/** The messages queue and its worker (BullMQ). Completed jobs are kept a week so replays dedupe. */
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from '@dealer/platform';
import { sendRegistrationMessage, type RegistrationDeps, type SendRegistrationJob } from './jobs/send-registration-message';

export const MESSAGES_QUEUE = 'messages';

export const JOB_DEFAULTS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;

export function createMessagesQueue(connection: ConnectionOptions, prefix: string): Queue {
  return new Queue(MESSAGES_QUEUE, { connection, prefix, defaultJobOptions: JOB_DEFAULTS });
}

export function createMessagesWorker(connection: ConnectionOptions, prefix: string, deps: RegistrationDeps, logger?: Logger): Worker {
  const worker = new Worker(
    MESSAGES_QUEUE,
    async (job) => {
      switch (job.name) {
        case 'send-registration-message':
          return sendRegistrationMessage(job.id!, job.data as SendRegistrationJob, deps);
        default:
          throw new Error(`Unknown job ${job.name}`);
      }
    },
    { connection, prefix, concurrency: 8 },
  );
  worker.on('failed', (job, error) => logger?.warn({ job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message }, 'job failed'));
  return worker;
}
