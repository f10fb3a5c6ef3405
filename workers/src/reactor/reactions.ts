/** Which events become which jobs. A job's id is derived from the event id and the reaction. */
import type { RecordedEvent } from '@dealer/platform';

export interface JobRequest {
  name: string;
  data: unknown;
}

export interface Reaction {
  name: string;
  eventType: string;
  toJob(event: RecordedEvent): JobRequest;
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
];

export const jobIdFor = (event: RecordedEvent, reaction: Reaction) => `${reaction.name}-${event.metadata.eventId}`;
