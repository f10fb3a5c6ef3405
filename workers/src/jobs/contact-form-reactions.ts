/** The customer contact form's event becomes the job that e-mails the location (only ids go to Redis). */
import type { RecordedEvent } from '@dealer/platform';

export const contactFormReactions = [
  {
    name: 'contact-form-message',
    eventType: 'CustomerContactFormSent',
    toJob: (event: RecordedEvent) => {
      const d = event.data as { customerId: string; messageId: string };
      return {
        name: 'send-contact-form-message',
        data: { customerId: d.customerId, messageId: d.messageId, eventId: event.metadata.eventId, correlationId: event.metadata.correlationId },
      };
    },
  },
];
