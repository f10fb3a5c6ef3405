/** A purchased gift becomes the job that e-mails the recipient the gift links; a claimed one the job that e-mails them their codes (only ids go to Redis). */
import type { RecordedEvent } from '@dealer/platform';

export const giftReactions = [
  {
    name: 'gift-message',
    eventType: 'GiftPurchased',
    toJob: (event: RecordedEvent) => {
      const d = event.data as { giftId: string };
      return { name: 'send-gift-message', data: { giftId: d.giftId, eventId: event.metadata.eventId, correlationId: event.metadata.correlationId } };
    },
  },
  {
    // A claimed gift: the recipient (the account that claimed it) is e-mailed the coupons with their desk codes (decision 0091).
    name: 'gift-claimed',
    eventType: 'GiftClaimed',
    toJob: (event: RecordedEvent) => {
      const d = event.data as { giftId: string; customerId: string };
      return { name: 'send-gift-claimed', data: { giftId: d.giftId, customerId: d.customerId, eventId: event.metadata.eventId, correlationId: event.metadata.correlationId } };
    },
  },
  {
    // A gift that ended unclaimed is refunded: the buyer is told (the job sends nothing for other refunds).
    name: 'gift-expired',
    eventType: 'OnlineOrderRefunded',
    toJob: (event: RecordedEvent) => {
      const d = event.data as { orderId: string; customerId: string };
      return { name: 'send-gift-expired', data: { orderId: d.orderId, customerId: d.customerId, eventId: event.metadata.eventId, correlationId: event.metadata.correlationId } };
    },
  },
];
