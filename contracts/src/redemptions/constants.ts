/**
 * Redemption verification (SPEC 1, 3, 4, 9): its channels, statuses and timings, written
 * once for the web client and the server.
 */
export type RedemptionVerificationType = 'email' | 'text';
export const REDEMPTION_VERIFICATION_TYPES: readonly RedemptionVerificationType[] = ['email', 'text'];

/**
 * SPEC 3 leaves the set open. `pending`: started, the message is not out yet; `sent`: the
 * message went out, waiting for the customer; `accepted`: the customer approved every op code;
 * `declined`: the customer declined at least one (approvedOpCodes lists what they approved);
 * `overridden`: staff accepted on the customer's behalf; `expired`: nobody answered in time.
 * The last four are final.
 */
export type RedemptionVerificationStatus = 'pending' | 'sent' | 'accepted' | 'declined' | 'expired' | 'overridden';
export const FINAL_REDEMPTION_STATUSES: ReadonlySet<RedemptionVerificationStatus> = new Set(['accepted', 'declined', 'expired', 'overridden']);

export const REDEMPTION_VERIFICATION_LIMITS = {
  /** A verification expires this long after it was started (or last sent again). */
  lifetimeMs: 30 * 60 * 1000,
  /** At most one message per verification within this many seconds (SPEC 4 rate limit). */
  rateLimitSeconds: 60,
  /** Op codes as the DMS stores them: trimmed, upper-case, at most 20 characters. */
  opCodeMax: 20,
  ruleDescriptionMax: 200,
  overrideReasonMax: 500,
} as const;

/** Path of the verify-area page a verification message links to (the token follows). */
export const REDEMPTION_VERIFY_PATH = '/verify/redemption/';

/** Op codes are compared as the DMS stores them. */
export const normalizeOpCode = (opCode: string) => opCode.trim().toUpperCase();

/** Accepts SPEC's `email` / `text` in any case; null for anything else. */
export function redemptionVerificationTypeOf(type: unknown): RedemptionVerificationType | null {
  const t = typeof type === 'string' ? type.trim().toLowerCase() : '';
  return t === 'email' || t === 'text' ? t : null;
}
