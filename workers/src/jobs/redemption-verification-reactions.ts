/**
 * Which redemption-verification events become which jobs (the reactor's list includes these).
 * Only ids go to Redis.
 */
import type { RecordedEvent } from '@dealer/platform';

interface VerificationEventData {
  redemptionVerificationId: string;
  customerId: string;
  sendId?: string;
}

const ids = (event: RecordedEvent) => {
  const d = event.data as VerificationEventData;
  return { redemptionVerificationId: d.redemptionVerificationId, customerId: d.customerId, eventId: event.metadata.eventId, correlationId: event.metadata.correlationId };
};

const sendJob = (event: RecordedEvent) => ({ name: 'send-redemption-verification', data: { ...ids(event), sendId: (event.data as VerificationEventData).sendId } });

export const redemptionVerificationReactions = [
  { name: 'redemption-verification-send', eventType: 'RedemptionVerificationStarted', toJob: sendJob },
  { name: 'redemption-verification-resend', eventType: 'RedemptionVerificationResendRequested', toJob: sendJob },
  // One expiry job per verification: it waits until `expires`, and again when a resend moved it.
  { name: 'redemption-verification-expiry', eventType: 'RedemptionVerificationStarted', toJob: (event: RecordedEvent) => ({ name: 'expire-redemption-verification', data: ids(event) }) },
  // Coupons held for the verification are redeemed or released once it has an outcome.
  ...(['RedemptionVerificationAnswered', 'RedemptionVerificationOverridden', 'RedemptionVerificationExpired'] as const).map((eventType) => ({
    name: `redemption-settle-${eventType}`,
    eventType,
    toJob: (event: RecordedEvent) => ({ name: 'settle-held-redemptions', data: ids(event) }),
  })),
  { name: 'redemption-override-notice', eventType: 'RedemptionVerificationOverridden', toJob: (event: RecordedEvent) => ({ name: 'send-redemption-override-notice', data: ids(event) }) },
];
