/**
 * Job: send the message of a redemption verification (RedemptionVerificationStarted or
 * RedemptionVerificationResendRequested): a single-use link PUBLIC_URL/verify/redemption/<token>
 * by e-mail or text, then RedemptionVerificationSent with an event id derived from the job id,
 * so a retry records it once.
 *
 * - Only the latest send of an open verification goes out; an older one still queued, or one
 *   for a verification that became final, sends nothing.
 * - Never two messages of one verification within rateLimitSeconds: a send that comes too
 *   early waits (the job is delayed) instead of going out.
 * - Retries: the token is stored only hashed, so it cannot be re-sent. A retry whose message
 *   went out (ledger) sends nothing new; one whose message did not go out issues a new token
 *   under a new message key, so the customer never gets the same message twice.
 */
import { REDEMPTION_VERIFY_PATH, outcomeAt, redemptionVerificationStreamId, type RedemptionVerificationType } from '@dealer/contracts';
import { deterministicUuid, type EventStore, type Sql } from '@dealer/platform';
import type { MessageSender } from '../messaging/message';
import { wasSent } from '../messaging/sent-messages';
import { verificationRequestText } from './redemption-verification-messages';
import { customerAddresses, locationNameOf, opCodesOf, readVerification } from './redemption-verification-reads';
import { latestGeneration, newToken, storeToken } from './redemption-verification-tokens';

export interface SendRedemptionVerificationJob {
  redemptionVerificationId: string;
  customerId: string;
  sendId: string;
  /** The event that asked for the message: causation of what this job records. */
  eventId: string;
  correlationId: string;
}

export interface RedemptionJobDeps {
  sql: Sql;
  store: EventStore;
  sender: MessageSender;
  publicUrl: string;
  now: () => Date;
}

/** Moves the job to the delayed set until `timestamp` (ms); never returns. */
export type DelayJob = (timestamp: number) => Promise<never>;

const messageKey = (jobId: string, generation: number) => `${jobId}:g${generation}`;
export const channelOf = (type: RedemptionVerificationType) => (type === 'email' ? 'email' : 'sms');

async function sentAt(sql: Sql, key: string): Promise<Date | null> {
  const [row] = await sql<{ sent_at: Date }[]>`select sent_at from sent_messages where idempotency_key = ${key}`;
  return row?.sent_at ?? null;
}

export async function sendRedemptionVerification(jobId: string, job: SendRedemptionVerificationJob, deps: RedemptionJobDeps, delay: DelayJob): Promise<void> {
  const { state } = await readVerification(deps.store, job.redemptionVerificationId);
  const now = deps.now();
  if (!state || outcomeAt(state, now) || state.sentSendIds.includes(job.sendId) || state.lastSendId !== job.sendId) return;
  if (state.sentDate) {
    const allowedFrom = Date.parse(state.sentDate) + state.rateLimitSeconds * 1000;
    if (now.getTime() < allowedFrom) return delay(allowedFrom);
  }
  const contact = await customerAddresses(deps.store, job.customerId);
  const channel = channelOf(state.type);
  const to = channel === 'email' ? contact.emailAddress : contact.phoneMobile;
  // The address went away since the start (erasure): nothing to send, nothing to record.
  if (!to) return;

  const latest = await latestGeneration(deps.sql, job.sendId);
  let key = latest === null ? null : messageKey(jobId, latest);
  if (key === null || !(await wasSent(deps.sql, key))) {
    const token = newToken();
    const expires = new Date(state.expires);
    const generation = await storeToken(deps.sql, { token, redemptionVerificationId: state.redemptionVerificationId, customerId: state.customerId, sendId: job.sendId, expires });
    key = messageKey(jobId, generation);
    const link = `${deps.publicUrl.replace(/\/$/, '')}${REDEMPTION_VERIFY_PATH}${token}`;
    const validMinutes = Math.max(1, Math.round((expires.getTime() - now.getTime()) / 60_000));
    const facts = { firstName: contact.firstName, locationName: await locationNameOf(deps.sql, state.locationId), roNumber: state.roNumber, opCodes: opCodesOf(state) };
    await deps.sender.send({ idempotencyKey: key, channel, to, ...verificationRequestText(channel, facts, link, validMinutes), subjectId: job.customerId });
  }

  const sentDate = (await sentAt(deps.sql, key)) ?? now;
  await deps.store.appendToStream(redemptionVerificationStreamId(job.redemptionVerificationId), [
    {
      type: 'RedemptionVerificationSent',
      data: { redemptionVerificationId: job.redemptionVerificationId, customerId: job.customerId, type: state.type, sendId: job.sendId, sentDate: sentDate.toISOString() },
      metadata: {
        eventId: deterministicUuid(`${jobId}:sent`),
        correlationId: job.correlationId,
        causationId: job.eventId,
        actor: 'system:workers',
        time: now.toISOString(),
      },
    },
  ]);
}
