/** A paid online order becomes the job that e-mails the customer their receipt (only ids go to Redis). */
import type { RecordedEvent } from '@dealer/platform';

export const onlineOrderReactions = [
  {
    name: 'online-order-receipt',
    eventType: 'OnlineOrderPaid',
    toJob: (event: RecordedEvent) => {
      const d = event.data as { orderId: string; customerId: string };
      return {
        name: 'send-online-order-receipt',
        data: { orderId: d.orderId, customerId: d.customerId, eventId: event.metadata.eventId, correlationId: event.metadata.correlationId },
      };
    },
  },
  {
    // A payment that arrived for a pack that could no longer be sold went back: the customer is told.
    name: 'online-order-returned',
    eventType: 'OnlineOrderPaymentReturned',
    toJob: (event: RecordedEvent) => {
      const d = event.data as { orderId: string; customerId: string };
      return {
        name: 'send-online-order-returned',
        data: { orderId: d.orderId, customerId: d.customerId, eventId: event.metadata.eventId, correlationId: event.metadata.correlationId },
      };
    },
  },
];
