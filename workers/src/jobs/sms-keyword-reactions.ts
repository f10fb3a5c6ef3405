/** An inbound keyword text becomes the job that answers it; the job id is the inbound id's, so one answer per provider message. */
import type { RecordedEvent } from '@dealer/platform';
import { smsKeywordAnswerJobId } from './send-sms-keyword-answer';

const inboundIdOf = (event: RecordedEvent) => (event.data as { inboundId: string }).inboundId;

export const smsKeywordReactions = [
  {
    name: 'sms-keyword-answer',
    eventType: 'SmsKeywordReceived',
    toJob: (event: RecordedEvent) => ({ name: 'send-sms-keyword-answer', data: { inboundId: inboundIdOf(event) } }),
    jobId: (event: RecordedEvent) => smsKeywordAnswerJobId(inboundIdOf(event)),
  },
];
