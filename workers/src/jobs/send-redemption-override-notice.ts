/**
 * Job: tell the customer that staff accepted their verification on their behalf
 * (RedemptionVerificationOverridden), by the verification's channel, or the other one when
 * that address is missing; then RedemptionVerificationOverrideNoticeSent (event id derived
 * from the job id). The message key is the job id, so a retry delivers once.
 */
import { redemptionVerificationStreamId } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { overrideNoticeText } from './redemption-verification-messages';
import { customerAddresses, locationNameOf, opCodesOf, readVerification } from './redemption-verification-reads';
import { channelOf, type RedemptionJobDeps } from './send-redemption-verification';

export interface SendOverrideNoticeJob {
  redemptionVerificationId: string;
  customerId: string;
  eventId: string;
  correlationId: string;
}

export async function sendRedemptionOverrideNotice(jobId: string, job: SendOverrideNoticeJob, deps: RedemptionJobDeps): Promise<void> {
  const { state } = await readVerification(deps.store, job.redemptionVerificationId);
  if (!state || state.outcome !== 'overridden' || state.overrideNoticeSent) return;
  const contact = await customerAddresses(deps.store, job.customerId);
  const preferred = channelOf(state.type);
  const other = preferred === 'email' ? 'sms' : 'email';
  const addressOf = (c: 'email' | 'sms') => (c === 'email' ? contact.emailAddress : contact.phoneMobile);
  const channel = addressOf(preferred) ? preferred : addressOf(other) ? other : null;
  if (!channel) return;
  const facts = { firstName: contact.firstName, locationName: await locationNameOf(deps.sql, state.locationId), roNumber: state.roNumber, opCodes: opCodesOf(state) };
  await deps.sender.send({ idempotencyKey: jobId, channel, to: addressOf(channel)!, ...overrideNoticeText(channel, facts), subjectId: job.customerId });
  await deps.store.appendToStream(redemptionVerificationStreamId(job.redemptionVerificationId), [
    {
      type: 'RedemptionVerificationOverrideNoticeSent',
      data: { redemptionVerificationId: job.redemptionVerificationId, customerId: job.customerId, channel },
      metadata: {
        eventId: deterministicUuid(`${jobId}:sent`),
        correlationId: job.correlationId,
        causationId: job.eventId,
        actor: 'system:workers',
        time: deps.now().toISOString(),
      },
    },
  ]);
}
