/**
 * A redemption verification's evolve (stream `redemption-verification-{id}`, SPEC 3). Its state's
 * shape and the rules read from it (outcome, wait) stay in contracts: the verification's wire
 * views are built from them.
 */
import type { RedemptionVerificationEvent, RedemptionVerificationState } from '@dealer/contracts';

export const initialRedemptionVerificationState = (): RedemptionVerificationState | null => null;

export function evolveRedemptionVerification(state: RedemptionVerificationState | null, event: { type: string; data: unknown }): RedemptionVerificationState | null {
  const e = event as RedemptionVerificationEvent;
  if (e.type === 'RedemptionVerificationStarted') {
    const d = e.data;
    return {
      redemptionVerificationId: d.redemptionVerificationId,
      customerId: d.customerId,
      locationId: d.locationId,
      roNumber: d.roNumber,
      type: d.type,
      opCodes: d.pendingOpCodes,
      opCodeDescriptions: d.opCodeDescriptions,
      preApprovedOpCodes: d.preApprovedOpCodes,
      customerVerifiesRedemptions: d.customerVerifiesRedemptions,
      approvedOpCodes: [],
      declinedOpCodes: [],
      outcome: null,
      startedAt: d.startedAt,
      expires: d.expires,
      rateLimitSeconds: d.rateLimitSeconds,
      sentDate: null,
      lastSendId: d.sendId,
      lastSendRequestedAt: d.startedAt,
      sentSendIds: [],
      answeredAt: null,
      override: null,
      overrideNoticeSent: false,
    };
  }
  if (!state) return state;
  switch (e.type) {
    case 'RedemptionVerificationResendRequested':
      return { ...state, type: e.data.type, lastSendId: e.data.sendId, lastSendRequestedAt: e.data.requestedAt, expires: e.data.expires };
    case 'RedemptionVerificationSent':
      if (state.sentSendIds.includes(e.data.sendId)) return state;
      return { ...state, sentDate: e.data.sentDate, sentSendIds: [...state.sentSendIds, e.data.sendId] };
    case 'RedemptionVerificationAnswered': {
      const { approvedOpCodes, declinedOpCodes, answeredAt } = e.data;
      return { ...state, approvedOpCodes, declinedOpCodes, answeredAt, outcome: declinedOpCodes.length === 0 ? 'accepted' : 'declined' };
    }
    case 'RedemptionVerificationExpired':
      return { ...state, outcome: 'expired' };
    case 'RedemptionVerificationOverridden': {
      const { by, reason, at, approvedOpCodes } = e.data;
      return { ...state, approvedOpCodes, declinedOpCodes: [], outcome: 'overridden', override: { by, reason, at } };
    }
    case 'RedemptionVerificationOverrideNoticeSent':
      return { ...state, overrideNoticeSent: true };
    default:
      return state;
  }
}
