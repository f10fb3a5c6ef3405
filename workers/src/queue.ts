/** The messages queue and its worker (BullMQ). Completed jobs are kept a week so replays dedupe. */
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from '@dealer/platform';
import { sendRegistrationMessage, type RegistrationDeps, type SendRegistrationJob } from './jobs/send-registration-message';
import { scrubErasedMessages, type ScrubJob } from './jobs/scrub-erased-messages';
import { sendContactVerification, type ContactVerificationDeps, type SendContactVerificationJob } from './jobs/send-contact-verification';

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

/** What every message job needs (the jobs share one dependency set). */
export type MessageJobDeps = RegistrationDeps & ContactVerificationDeps;

/** Lock and stall detection: how soon a job of a killed worker is handed to another one. */
export interface WorkerTiming {
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

export function createMessagesWorker(
  connection: ConnectionOptions,
  prefix: string,
  deps: MessageJobDeps,
  logger?: Logger,
  timing: WorkerTiming = {},
): Worker {
  const worker = new Worker(
    MESSAGES_QUEUE,
    async (job) => {
      switch (job.name) {
        case 'send-registration-message':
          return sendRegistrationMessage(job.id!, job.data as SendRegistrationJob, deps);
        case 'send-contact-verification':
          return sendContactVerification(job.id!, job.data as SendContactVerificationJob, deps);
        case 'scrub-erased-messages':
          return scrubErasedMessages(job.data as ScrubJob, deps);
        default:
          throw new Error(`Unknown job ${job.name}`);
      }
    },
    {
      connection,
      prefix,
      concurrency: 8,
      ...(timing.lockDurationMs ? { lockDuration: timing.lockDurationMs } : {}),
      ...(timing.stalledIntervalMs ? { stalledInterval: timing.stalledIntervalMs } : {}),
    },
  );
  worker.on('failed', (job, error) => logger?.warn({ job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message }, 'job failed'));
  return worker;
}
