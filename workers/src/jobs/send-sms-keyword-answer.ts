/**
 * Job: answer an inbound STOP, START or HELP by text (SmsKeywordReceived, ADR 0089). A
 * transactional message: consent never suppresses it (a STOP is answered after texts are off).
 * The job id comes from the inbound id (itself from the provider's message id), and the send's
 * idempotency key is the job id, so a retried delivery or job answers once. The number is read
 * from the sealed event: erased meanwhile, nothing is sent.
 */
import { smsInboundStreamId, smsKeywordAnswer, type SmsKeywordReceived } from '@dealer/contracts';
import type { EventStore } from '@dealer/platform';
import type { MessageSender } from '../messaging/message';

export interface SendSmsKeywordAnswerJob {
  inboundId: string;
}

export interface SmsKeywordAnswerDeps {
  store: EventStore;
  sender: MessageSender;
  publicUrl: string;
}

export const smsKeywordAnswerJobId = (inboundId: string) => `sms-keyword-answer-${inboundId}`;

export async function sendSmsKeywordAnswer(jobId: string, job: SendSmsKeywordAnswerJob, deps: SmsKeywordAnswerDeps): Promise<void> {
  const events = await deps.store.readStream(smsInboundStreamId(job.inboundId));
  const event = events.find((e) => e.type === 'SmsKeywordReceived');
  if (!event) throw new Error(`inbound text ${job.inboundId} not found`);
  const data = event.data as SmsKeywordReceived['data'] & { personalDataErased?: boolean };
  if (data.personalDataErased || !data.phoneMobile) return;
  const profileUrl = `${deps.publicUrl.replace(/\/$/, '')}/customer/profile`;
  await deps.sender.send({
    idempotencyKey: jobId,
    channel: 'sms',
    to: data.phoneMobile,
    subject: `Answer to ${data.keyword.toUpperCase()}`,
    body: smsKeywordAnswer(data.keyword, { known: data.fromCustomer, profileUrl }),
    subjectId: data.customerId,
  });
}
