/**
 * The read shape of a redemption verification (SPEC 3), answered by the start command, the
 * polling GET and the customer list, and the public shape the verify page shows to whoever
 * holds the link (no names, no addresses).
 */
import type { RedemptionVerificationStatus, RedemptionVerificationType } from './constants';
import { REDEMPTION_FINAL_REASONS } from './messages';
import { outcomeAt, remainingWaitSeconds, type RedemptionVerificationState } from './state';

export type OpCodeAnswer = 'pending' | 'approved' | 'declined';

export interface VerificationOpCode {
  opCode: string;
  description: string | null;
  answer: OpCodeAnswer;
}

/** SPEC 3 Redemption verification, plus the fields marked "added". */
export interface RedemptionVerification {
  redemptionVerificationId: string;
  id: string;
  locationId: number;
  /** added: the location's name. */
  locationName: string | null;
  roNumber: string;
  customerId: string;
  type: RedemptionVerificationType;
  expires: string;
  isComplete: boolean;
  isPending: boolean;
  isAccepted: boolean;
  isText: boolean;
  isEmail: boolean;
  isFinal: boolean;
  hasBillout: boolean;
  emailAddress: string | null;
  phoneMobile: string | null;
  status: RedemptionVerificationStatus;
  customerFirstName: string | null;
  customerLastName: string | null;
  /** Why the verification is final; null while it is pending. */
  errorMessage: string | null;
  sentDate: string | null;
  rateLimitSeconds: number;
  /** added: SPEC 4's remaining wait as of the answer (0: a send is allowed now). */
  rateLimitRemainingSeconds: number;
  /** Op codes still waiting for the customer's answer (empty once answered or overridden). */
  pendingOpCodes: string[];
  approvedOpCodes: string[];
  /** added */
  declinedOpCodes: string[];
  /** added: every op code asked about, with its description and answer (Opcodes column). */
  opCodes: VerificationOpCode[];
  /** added */
  startedDate: string;
  answeredDate: string | null;
  overriddenBy: string | null;
  overriddenDate: string | null;
  overrideReason: string | null;
}

/** What the verify page shows: the RO, the location and the op codes to answer. */
export interface PublicRedemptionVerification {
  redemptionVerificationId: string;
  roNumber: string;
  locationId: number;
  locationName: string | null;
  status: RedemptionVerificationStatus;
  isFinal: boolean;
  isComplete: boolean;
  isAccepted: boolean;
  errorMessage: string | null;
  expires: string;
  opCodes: VerificationOpCode[];
}

export interface VerificationCustomer {
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  phoneMobile: string | null;
}

function opCodesOf(state: RedemptionVerificationState): VerificationOpCode[] {
  return state.opCodes.map((opCode) => ({
    opCode,
    description: state.opCodeDescriptions[opCode] ?? null,
    answer: state.approvedOpCodes.includes(opCode) ? 'approved' : state.declinedOpCodes.includes(opCode) ? 'declined' : 'pending',
  }));
}

function statusAt(state: RedemptionVerificationState, now: Date) {
  const outcome = outcomeAt(state, now);
  const status: RedemptionVerificationStatus = outcome ?? (state.sentDate ? 'sent' : 'pending');
  const isFinal = outcome !== null;
  const isAccepted = outcome === 'accepted' || outcome === 'overridden';
  return { status, isFinal, isAccepted, errorMessage: outcome ? REDEMPTION_FINAL_REASONS[outcome] : null };
}

/**
 * The SPEC 3 shape as of `now`. isComplete and isFinal are both true once the verification
 * is over (answered, overridden or expired), so polling "until complete" also stops on an
 * expiry; isAccepted says whether the redemption may go ahead.
 */
export function redemptionVerificationView(
  state: RedemptionVerificationState,
  customer: VerificationCustomer | null,
  now: Date,
  locationName: string | null = null,
): RedemptionVerification {
  const { status, isFinal, isAccepted, errorMessage } = statusAt(state, now);
  const answered = state.outcome === 'accepted' || state.outcome === 'declined' || state.outcome === 'overridden';
  return {
    redemptionVerificationId: state.redemptionVerificationId,
    id: state.redemptionVerificationId,
    locationId: state.locationId,
    locationName,
    roNumber: state.roNumber,
    customerId: state.customerId,
    type: state.type,
    expires: state.expires,
    isComplete: isFinal,
    isPending: !isFinal,
    isAccepted,
    isText: state.type === 'text',
    isEmail: state.type === 'email',
    isFinal,
    hasBillout: false,
    emailAddress: customer?.emailAddress ?? null,
    phoneMobile: customer?.phoneMobile ?? null,
    status,
    customerFirstName: customer?.firstName ?? null,
    customerLastName: customer?.lastName ?? null,
    errorMessage,
    sentDate: state.sentDate,
    rateLimitSeconds: state.rateLimitSeconds,
    rateLimitRemainingSeconds: isFinal ? 0 : remainingWaitSeconds({ sentDate: state.sentDate, isAccepted, rateLimitSeconds: state.rateLimitSeconds }, now),
    pendingOpCodes: answered ? [] : [...state.opCodes],
    approvedOpCodes: [...state.approvedOpCodes],
    declinedOpCodes: [...state.declinedOpCodes],
    opCodes: opCodesOf(state),
    startedDate: state.startedAt,
    answeredDate: state.answeredAt,
    overriddenBy: state.override?.by ?? null,
    overriddenDate: state.override?.at ?? null,
    overrideReason: state.override?.reason ?? null,
  };
}

export function publicRedemptionVerificationView(state: RedemptionVerificationState, now: Date, locationName: string | null): PublicRedemptionVerification {
  const { status, isFinal, isAccepted, errorMessage } = statusAt(state, now);
  return {
    redemptionVerificationId: state.redemptionVerificationId,
    roNumber: state.roNumber,
    locationId: state.locationId,
    locationName,
    status,
    isFinal,
    isComplete: isFinal,
    isAccepted,
    errorMessage,
    expires: state.expires,
    opCodes: opCodesOf(state),
  };
}
