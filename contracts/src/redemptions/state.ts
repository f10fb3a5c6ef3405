/**
 * The state of one redemption verification, folded from its events. Pure; shared by the
 * command side (decisions), the projection (pending approvals), the workers (what to send)
 * and the read shape, so every part agrees on what "final" and "rate limited" mean.
 */
import type { RedemptionVerificationType } from './constants';

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
