/**
 * The state of one redemption verification, folded from its events. Pure; shared by the
 * command side (decisions), the projection (pending approvals), the workers (what to send)
 * and the read shape, so every part agrees on what "final" and "rate limited" mean.
 */
import type { RedemptionVerificationType } from './constants';
import type { RedemptionVerificationEvent } from './events';

export type RedemptionVerificationOutcome = 'accepted' | 'declined' | 'overridden' | 'expired';

export interface RedemptionVerificationState {
  redemptionVerificationId: string;
  customerId: string;
  locationId: number;
  roNumber: string;
  /** The channel of the latest message (a resend may switch it). */
  type: RedemptionVerificationType;
  /** Op codes the customer is asked about (fixed at the start). */
  opCodes: string[];
  opCodeDescriptions: Record<string, string | null>;
  preApprovedOpCodes: string[];
  customerVerifiesRedemptions: boolean;
  approvedOpCodes: string[];
  declinedOpCodes: string[];
  /** Recorded outcome; an unrecorded expiry is found by comparing `expires` with the clock. */
  outcome: RedemptionVerificationOutcome | null;
  startedAt: string;
  expires: string;
  rateLimitSeconds: number;
  /** When the latest message went out; null before the first. */
  sentDate: string | null;
  /** The latest message asked for, and when. */
  lastSendId: string;
  lastSendRequestedAt: string;
  sentSendIds: string[];
  answeredAt: string | null;
  override: { by: string; reason: string | null; at: string } | null;
  overrideNoticeSent: boolean;
}

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

/** The outcome as of `now`: a recorded one, or 'expired' once `expires` has passed. */
export function outcomeAt(state: RedemptionVerificationState, now: Date): RedemptionVerificationOutcome | null {
  if (state.outcome) return state.outcome;
  return now.getTime() >= Date.parse(state.expires) ? 'expired' : null;
}

/** A message asked for that has not gone out yet. */
export const sendInFlight = (state: RedemptionVerificationState) => !state.sentSendIds.includes(state.lastSendId);

/**
 * SPEC 4: rate limiting applies when sentDate exists, the verification is not accepted and
 * fewer than rateLimitSeconds have elapsed; the remaining wait is rateLimitSeconds minus the
 * whole seconds elapsed since sentDate, or 0 if nothing was sent.
 */
export function remainingWaitSeconds(v: { sentDate: string | null; isAccepted: boolean; rateLimitSeconds: number }, now: Date): number {
  if (!v.sentDate || v.isAccepted) return 0;
  const elapsed = Math.floor((now.getTime() - Date.parse(v.sentDate)) / 1000);
  return elapsed >= v.rateLimitSeconds ? 0 : v.rateLimitSeconds - Math.max(elapsed, 0);
}
