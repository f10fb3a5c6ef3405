/** The messages queue and its worker (BullMQ). Completed jobs are kept a week so replays dedupe. */
import { DelayedError, Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from '@dealer/platform';
import { sendRegistrationMessage, type RegistrationDeps, type SendRegistrationJob } from './jobs/send-registration-message';
import { scrubErasedMessages, type ScrubJob } from './jobs/scrub-erased-messages';
import { sendContactVerification, type ContactVerificationDeps, type SendContactVerificationJob } from './jobs/send-contact-verification';
import { sendRedemptionVerification, type DelayJob, type SendRedemptionVerificationJob } from './jobs/send-redemption-verification';
import { expireRedemptionVerification, type ExpireRedemptionVerificationJob } from './jobs/expire-redemption-verification';
import { settleHeldRedemptionsJob, type SettleHeldRedemptionsJob } from './jobs/settle-held-redemptions';
import { sendRedemptionOverrideNotice, type SendOverrideNoticeJob } from './jobs/send-redemption-override-notice';
import { sendContactFormMessage, type SendContactFormJob } from './jobs/send-contact-form-message';
import { sendOnlineOrderReceipt, type SendOnlineOrderReceiptJob } from './jobs/send-online-order-receipt';
import { sendOnlineOrderReturned, type SendOnlineOrderReturnedJob } from './jobs/send-online-order-returned';
import { sendGiftMessage, type SendGiftMessageJob } from './jobs/send-gift-message';
import { sendGiftExpired, type SendGiftExpiredJob } from './jobs/send-gift-expired';
import { sendGiftClaimed, type SendGiftClaimedJob } from './jobs/send-gift-claimed';
import { sendSmsKeywordAnswer, type SendSmsKeywordAnswerJob } from './jobs/send-sms-keyword-answer';
import { COUPON_REMINDER_JOB, sendCouponExpiryReminder, type SendCouponReminderJob } from './jobs/coupon-reminders';
import { failedForGood, failedJobRecord, parkFailedJob } from './reactor/failed-jobs';

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

/** A job that must wait (expiry, rate limit) goes back to the delayed set; it is not a failed attempt. */
const delayJob =
  (job: Job, token: string | undefined): DelayJob =>
  async (timestamp) => {
    await job.moveToDelayed(timestamp, token);
    throw new DelayedError();
  };

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
    async (job, token) => {
      switch (job.name) {
        case 'send-registration-message':
          return sendRegistrationMessage(job.id!, job.data as SendRegistrationJob, deps);
        case 'send-contact-verification':
          return sendContactVerification(job.id!, job.data as SendContactVerificationJob, deps);
        case 'send-redemption-verification':
          return sendRedemptionVerification(job.id!, job.data as SendRedemptionVerificationJob, deps, delayJob(job, token));
        case 'expire-redemption-verification':
          return expireRedemptionVerification(job.data as ExpireRedemptionVerificationJob, deps, delayJob(job, token));
        case 'settle-held-redemptions':
          return settleHeldRedemptionsJob(job.data as SettleHeldRedemptionsJob, deps, delayJob(job, token));
        case 'send-redemption-override-notice':
          return sendRedemptionOverrideNotice(job.id!, job.data as SendOverrideNoticeJob, deps);
        case 'send-contact-form-message':
          return sendContactFormMessage(job.id!, job.data as SendContactFormJob, deps);
        case 'send-online-order-receipt':
          return sendOnlineOrderReceipt(job.id!, job.data as SendOnlineOrderReceiptJob, deps);
        case 'send-online-order-returned':
          return sendOnlineOrderReturned(job.id!, job.data as SendOnlineOrderReturnedJob, deps);
        case 'send-gift-message':
          return sendGiftMessage(job.id!, job.data as SendGiftMessageJob, deps);
        case 'send-gift-claimed':
          return sendGiftClaimed(job.id!, job.data as SendGiftClaimedJob, deps);
        case 'send-gift-expired':
          return sendGiftExpired(job.id!, job.data as SendGiftExpiredJob, deps);
        case 'send-sms-keyword-answer':
          return sendSmsKeywordAnswer(job.id!, job.data as SendSmsKeywordAnswerJob, deps);
        case COUPON_REMINDER_JOB:
          return sendCouponExpiryReminder(job.data as SendCouponReminderJob, deps, delayJob(job, token));
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
  worker.on('failed', (job, error) => {
    logger?.warn({ job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message }, 'job failed');
    // The last attempt: parked where an admin sees it and can ask for a retry.
    if (job && failedForGood(job)) {
      parkFailedJob(deps.sql, failedJobRecord(job, error.message)).catch((parkError: unknown) =>
        logger?.error({ jobId: job.id, err: parkError instanceof Error ? parkError.message : String(parkError) }, 'failed job not parked; the reconciler will'),
      );
    }
  });
  return worker;
}
