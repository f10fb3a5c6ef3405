/**
 * Job: record RedemptionVerificationExpired once a verification's expiry passed without an
 * outcome. Enqueued when the verification starts; it waits (delayed job) until `expires`, and
 * if a resend moved the expiry meanwhile it waits again. The read side already shows an
 * expiry as soon as it passes; this job makes it a recorded fact (history, read models).
 */
import { outcomeAt, redemptionVerificationStreamId } from '@dealer/contracts';
import { WrongExpectedRevisionError, deterministicUuid } from '@dealer/platform';
import { readVerification } from './redemption-verification-reads';
import type { DelayJob, RedemptionJobDeps } from './send-redemption-verification';

export interface ExpireRedemptionVerificationJob {
  redemptionVerificationId: string;
  customerId: string;
  eventId: string;
  correlationId: string;
}

export async function expireRedemptionVerification(job: ExpireRedemptionVerificationJob, deps: Pick<RedemptionJobDeps, 'store' | 'now'>, delay: DelayJob): Promise<void> {
  const { state, revision } = await readVerification(deps.store, job.redemptionVerificationId);
  if (!state || state.outcome) return;
  const now = deps.now();
  if (!outcomeAt(state, now)) return delay(Date.parse(state.expires) + 1000);
  try {
    await deps.store.appendToStream(
      redemptionVerificationStreamId(job.redemptionVerificationId),
      [
        {
          type: 'RedemptionVerificationExpired',
          data: { redemptionVerificationId: job.redemptionVerificationId, customerId: state.customerId, expires: state.expires },
          metadata: {
            eventId: deterministicUuid(`redemption-verification-expired:${job.redemptionVerificationId}`),
            correlationId: job.correlationId,
            causationId: job.eventId,
            actor: 'system:workers',
            time: now.toISOString(),
          },
        },
      ],
      { expectedRevision: revision },
    );
  } catch (error) {
    // Something happened meanwhile (an answer, an override, a resend): decide again.
    if (error instanceof WrongExpectedRevisionError) return expireRedemptionVerification(job, deps, delay);
    throw error;
  }
}
