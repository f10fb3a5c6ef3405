/**
 * Commands of a redemption verification and the decider (SPEC 4 'Redemption verification'):
 * start, send again (rate limited), the customer's answer per op code, and the staff
 * override. Pure: the clock, the RO's op codes, the rules and the customer's contact details
 * arrive in the command.
 */
import {
  REDEMPTION_FINAL_REASONS,
  REDEMPTION_MESSAGES,
  REDEMPTION_VERIFICATION_LIMITS,
  opCodeList,
  outcomeAt,
  remainingWaitSeconds,
  sendInFlight,
  type RedemptionVerificationEvent,
  type RedemptionVerificationState,
  type RedemptionVerificationType,
} from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';
import { opCodesNeedingVerification, type RoOpCode } from './op-codes-needing-verification';
import { evolveRedemptionVerification, initialRedemptionVerificationState } from './state';

/** The customer's details a decision needs (read from the customer's stream). */
export interface CustomerContact {
  verifyRedemptions: boolean;
  emailAddress: string | null;
  phoneMobile: string | null;
}

export type RedemptionVerificationCommand =
  | {
      type: 'StartRedemptionVerification';
      data: {
        redemptionVerificationId: string;
        customerId: string;
        roNumber: string;
        locationId: number;
        type: RedemptionVerificationType;
        /** The RO's jobs (DMS) and the op codes marked for its location. */
        roOpCodes: RoOpCode[];
        ruleOpCodes: string[];
        preApprovalOpCodes: string[];
        customer: CustomerContact;
        sendId: string;
        now: Date;
      };
    }
  | { type: 'ResendRedemptionVerification'; data: { type: RedemptionVerificationType | null; customer: CustomerContact; sendId: string; now: Date } }
  | { type: 'AnswerRedemptionVerification'; data: { approvedOpCodes: string[]; declinedOpCodes: string[]; now: Date } }
  | { type: 'OverrideRedemptionVerification'; data: { by: string; reason: string | null; now: Date } };

/** 429 with the remaining wait of SPEC 4 (the route also sends it as Retry-After). */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', [REDEMPTION_MESSAGES.rateLimited(retryAfterSeconds)]);
  }
}

const notFound = () => new DomainError('not_found', [REDEMPTION_MESSAGES.notFound]);
const expiresFrom = (now: Date) => new Date(now.getTime() + REDEMPTION_VERIFICATION_LIMITS.lifetimeMs).toISOString();

function assertReachable(type: RedemptionVerificationType, customer: CustomerContact): void {
  if (type === 'email' && !customer.emailAddress) throw new DomainError('validation', [REDEMPTION_MESSAGES.needsEmail], { type: REDEMPTION_MESSAGES.needsEmail });
  if (type === 'text' && !customer.phoneMobile) throw new DomainError('validation', [REDEMPTION_MESSAGES.needsMobile], { type: REDEMPTION_MESSAGES.needsMobile });
}

/** The same sets of op codes, in any order. */
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

export function decideRedemptionVerification(command: RedemptionVerificationCommand, state: RedemptionVerificationState | null): RedemptionVerificationEvent[] {
  if (command.type === 'StartRedemptionVerification') {
    const d = command.data;
    if (state) throw new DomainError('conflict', ['This verification already exists.']);
    const needing = opCodesNeedingVerification(d.roOpCodes, d.ruleOpCodes, d.customer.verifyRedemptions);
    const preApproved = needing.filter((j) => d.preApprovalOpCodes.includes(j.opCode));
    const pending = needing.filter((j) => !d.preApprovalOpCodes.includes(j.opCode));
    if (pending.length === 0) {
      // Staff ticked every op code that needs asking: say so, rather than that none needs verification.
      const message = preApproved.length > 0 ? REDEMPTION_START_MESSAGES.allPreApproved : REDEMPTION_MESSAGES.noOpCodes;
      throw new DomainError('validation', [message], { preApprovalOpCodes: message });
    }
    assertReachable(d.type, d.customer);
    return [
      {
        type: 'RedemptionVerificationStarted',
        data: {
          redemptionVerificationId: d.redemptionVerificationId,
          customerId: d.customerId,
          roNumber: d.roNumber,
          locationId: d.locationId,
          type: d.type,
          pendingOpCodes: pending.map((j) => j.opCode),
          opCodeDescriptions: Object.fromEntries(pending.map((j) => [j.opCode, j.description])),
          preApprovedOpCodes: preApproved.map((j) => j.opCode),
          customerVerifiesRedemptions: d.customer.verifyRedemptions,
          startedAt: d.now.toISOString(),
          expires: expiresFrom(d.now),
          rateLimitSeconds: REDEMPTION_VERIFICATION_LIMITS.rateLimitSeconds,
          sendId: d.sendId,
        },
      },
    ];
  }

  if (!state) throw notFound();
  const { redemptionVerificationId, customerId } = state;
  const now = command.data.now;

  switch (command.type) {
    case 'ResendRedemptionVerification': {
      const outcome = outcomeAt(state, now);
      if (outcome) throw new DomainError('conflict', [REDEMPTION_FINAL_REASONS[outcome]]);
      const type = command.data.type ?? state.type;
      assertReachable(type, command.data.customer);
      const wait = remainingWaitSeconds({ sentDate: state.sentDate, isAccepted: false, rateLimitSeconds: state.rateLimitSeconds }, now);
      if (wait > 0) throw new RateLimitedError(wait);
      // A message still on its way (asked for within the limit) is not asked for again.
      if (sendInFlight(state) && now.getTime() - Date.parse(state.lastSendRequestedAt) < state.rateLimitSeconds * 1000) return [];
      const extended = expiresFrom(now);
      return [
        {
          type: 'RedemptionVerificationResendRequested',
          data: { redemptionVerificationId, customerId, type, sendId: command.data.sendId, requestedAt: now.toISOString(), expires: extended > state.expires ? extended : state.expires },
        },
      ];
    }
    case 'AnswerRedemptionVerification': {
      const approvedOpCodes = opCodeList(command.data.approvedOpCodes);
      const declinedOpCodes = opCodeList(command.data.declinedOpCodes);
      // The same answer again (a retry after a lost response) records nothing.
      if ((state.outcome === 'accepted' || state.outcome === 'declined') && sameSet(state.approvedOpCodes, approvedOpCodes) && sameSet(state.declinedOpCodes, declinedOpCodes)) {
        return [];
      }
      const outcome = outcomeAt(state, now);
      if (outcome) throw new DomainError('conflict', [REDEMPTION_FINAL_REASONS[outcome]]);
      if ([...approvedOpCodes, ...declinedOpCodes].some((c) => !state.opCodes.includes(c))) throw new DomainError('validation', [REDEMPTION_MESSAGES.answerUnknown]);
      if (approvedOpCodes.some((c) => declinedOpCodes.includes(c))) throw new DomainError('validation', [REDEMPTION_MESSAGES.answerBoth]);
      if (state.opCodes.some((c) => !approvedOpCodes.includes(c) && !declinedOpCodes.includes(c))) throw new DomainError('validation', [REDEMPTION_MESSAGES.answerIncomplete]);
      const inOrder = (list: string[]) => state.opCodes.filter((c) => list.includes(c));
      return [
        {
          type: 'RedemptionVerificationAnswered',
          data: { redemptionVerificationId, customerId, approvedOpCodes: inOrder(approvedOpCodes), declinedOpCodes: inOrder(declinedOpCodes), answeredAt: now.toISOString() },
        },
      ];
    }
    case 'OverrideRedemptionVerification': {
      const outcome = outcomeAt(state, now);
      if (outcome) throw new DomainError('conflict', [REDEMPTION_MESSAGES.finalCannotApprove, REDEMPTION_FINAL_REASONS[outcome]]);
      return [
        {
          type: 'RedemptionVerificationOverridden',
          data: { redemptionVerificationId, customerId, by: command.data.by, reason: command.data.reason, at: now.toISOString(), approvedOpCodes: [...state.opCodes] },
        },
      ];
    }
  }
}

export const redemptionVerificationDecider: Decider<RedemptionVerificationState | null, RedemptionVerificationCommand, RedemptionVerificationEvent> = {
  initialState: initialRedemptionVerificationState,
  evolve: evolveRedemptionVerification,
  decide: decideRedemptionVerification,
};

/**
 * One open verification per RO and customer (issue 10 item 12), held at write time: a slot
 * stream per (location, RO, customer) names the verification that holds it. Claiming appends
 * at the revision the reader saw, so of two racing starts exactly one claims; the other finds
 * the winner and sends it again. The slot frees itself when its verification is final
 * (answered, overridden, expired): the caller says so in `holderClosed`.
 */
export const redemptionSlotStreamId = (key: { locationId: number; roNumber: string; customerId: string }) =>
  `ro-verification-slot-${key.locationId}-${key.customerId}-${encodeURIComponent(key.roNumber)}`;

export type RedemptionSlotEvent =
  | { type: 'RedemptionVerificationSlotClaimed'; data: { redemptionVerificationId: string } }
  | { type: 'RedemptionVerificationSlotReleased'; data: { redemptionVerificationId: string } };

export interface RedemptionSlotState {
  holderId: string | null;
  /** When the holder claimed it (event metadata time). */
  since: string | null;
}

export type RedemptionSlotCommand =
  | { type: 'ClaimRedemptionVerificationSlot'; data: { redemptionVerificationId: string; holderClosed: boolean } }
  | { type: 'ReleaseRedemptionVerificationSlot'; data: { redemptionVerificationId: string } };

/** A start whose every op code needing verification was pre-approved: nothing is left to ask the customer. */
export const REDEMPTION_START_MESSAGES = {
  allPreApproved:
    "Every service that needs the customer's verification is marked as agreed in person, so there is nothing to ask. Leave at least one for the customer, or start the verification and accept it in Pending Approvals with the reason.",
} as const;

export const REDEMPTION_SLOT_MESSAGES = {
  held: 'A redemption verification for this RO and customer is already open.',
  starting: 'A redemption verification for this RO and customer is being started. Please try again in a moment.',
} as const;

export const redemptionSlotDecider: Decider<RedemptionSlotState, RedemptionSlotCommand, RedemptionSlotEvent> = {
  initialState: () => ({ holderId: null, since: null }),
  evolve: (state, event) => {
    const e = event as RedemptionSlotEvent & { metadata?: { time?: string } };
    if (e.type === 'RedemptionVerificationSlotClaimed') return { holderId: e.data.redemptionVerificationId, since: e.metadata?.time ?? null };
    if (e.type === 'RedemptionVerificationSlotReleased' && e.data.redemptionVerificationId === state.holderId) return { holderId: null, since: null };
    return state;
  },
  decide: (command, state) => {
    const { redemptionVerificationId } = command.data;
    if (command.type === 'ReleaseRedemptionVerificationSlot') {
      return state.holderId === redemptionVerificationId ? [{ type: 'RedemptionVerificationSlotReleased', data: { redemptionVerificationId } }] : [];
    }
    if (state.holderId === redemptionVerificationId) return [];
    if (state.holderId !== null && !command.data.holderClosed) throw new DomainError('conflict', [REDEMPTION_SLOT_MESSAGES.held]);
    return [{ type: 'RedemptionVerificationSlotClaimed', data: { redemptionVerificationId } }];
  },
};
