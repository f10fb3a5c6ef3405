/** Which events become which jobs. A job's id is derived from the event id and the reaction. */
import type { RecordedEvent } from '@dealer/platform';
import { redemptionVerificationReactions } from '../jobs/redemption-verification-reactions';
import { contactFormReactions } from '../jobs/contact-form-reactions';
import { onlineOrderReactions } from '../jobs/online-order-reactions';
import { giftReactions } from '../jobs/gift-reactions';
import { smsKeywordReactions } from '../jobs/sms-keyword-reactions';

export interface JobRequest {
  name: string;
  data: unknown;
}

export interface Reaction {
  name: string;
  eventType: string;
  toJob(event: RecordedEvent): JobRequest;
  /** The job id when it comes from a fact other than the event id (an inbound text's message id). */
  jobId?(event: RecordedEvent): string;
}

export const reactions: Reaction[] = [
  {
    name: 'registration',
    eventType: 'RegistrationMessageRequested',
    toJob: (event) => {
      const data = event.data as { customerId: string; channel: 'email' | 'sms' };
      return {
        name: 'send-registration-message',
        data: { customerId: data.customerId, channel: data.channel, eventId: event.metadata.eventId, correlationId: event.metadata.correlationId },
      };
    },
  },
  {
    name: 'contact-verification',
    eventType: 'CustomerContactChangeRequested',
    // Only ids go to Redis: the new address stays sealed in the event store.
    toJob: (event) => {
      const data = event.data as { customerId: string; changeId: string; kind: 'email' | 'phone' };
      return {
        name: 'send-contact-verification',
        data: {
          customerId: data.customerId,
          changeId: data.changeId,
          kind: data.kind,
          requestedAt: event.metadata.time,
          eventId: event.metadata.eventId,
          correlationId: event.metadata.correlationId,
        },
      };
    },
  },
  {
    name: 'erasure',
    eventType: 'CustomerPersonalDataErased',
    toJob: (event) => ({ name: 'scrub-erased-messages', data: { customerId: (event.data as { customerId: string }).customerId } }),
  },
  ...redemptionVerificationReactions,
  ...contactFormReactions,
  ...onlineOrderReactions,
  ...giftReactions,
  ...smsKeywordReactions,
];

export const jobIdFor = (event: RecordedEvent, reaction: Reaction) => reaction.jobId?.(event) ?? `${reaction.name}-${event.metadata.eventId}`;
