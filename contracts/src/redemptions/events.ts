/**
 * Events of a redemption verification (stream `redemption-verification-{id}`) and of the
 * op-code verification rules (stream `opcode-verification-rule-{id}`). Flat data, times as
 * ISO-8601. No personal data: names and addresses stay on the customer's stream.
 */
import type { RedemptionVerificationType } from './constants';

export const redemptionVerificationStreamId = (redemptionVerificationId: string) => `redemption-verification-${redemptionVerificationId}`;
export const opCodeRuleStreamId = (ruleId: string) => `opcode-verification-rule-${ruleId}`;

export interface RedemptionVerificationStarted {
  type: 'RedemptionVerificationStarted';
  data: {
    redemptionVerificationId: string;
    customerId: string;
    roNumber: string;
    locationId: number;
    type: RedemptionVerificationType;
    /** The op codes of the RO that wait for the customer's answer (RO order). */
    pendingOpCodes: string[];
    /** DMS descriptions of those op codes, as the customer sees them. */
    opCodeDescriptions: Record<string, string | null>;
    /** Op codes that needed verification but staff marked as already approved. */
    preApprovedOpCodes: string[];
    /** The customer's Verify Redemptions switch was on: every op code needed verification. */
    customerVerifiesRedemptions: boolean;
    startedAt: string;
    expires: string;
    rateLimitSeconds: number;
    /** Identifies the message this start asks for (RedemptionVerificationSent names it). */
    sendId: string;
  };
}

/** Staff asked to send the message again (after the rate limit); the expiry moves with it. */
export interface RedemptionVerificationResendRequested {
  type: 'RedemptionVerificationResendRequested';
  data: { redemptionVerificationId: string; customerId: string; type: RedemptionVerificationType; sendId: string; requestedAt: string; expires: string };
}

/** Recorded by the workers once the message went out (no address, no token). */
export interface RedemptionVerificationSent {
  type: 'RedemptionVerificationSent';
  data: { redemptionVerificationId: string; customerId: string; type: RedemptionVerificationType; sendId: string; sentDate: string };
}

export interface RedemptionVerificationAnswered {
  type: 'RedemptionVerificationAnswered';
  data: { redemptionVerificationId: string; customerId: string; approvedOpCodes: string[]; declinedOpCodes: string[]; answeredAt: string };
}

export interface RedemptionVerificationExpired {
  type: 'RedemptionVerificationExpired';
  data: { redemptionVerificationId: string; customerId: string; expires: string };
}

/** Staff accepted on the customer's behalf: who (actor), when and why. */
export interface RedemptionVerificationOverridden {
  type: 'RedemptionVerificationOverridden';
  data: { redemptionVerificationId: string; customerId: string; by: string; reason: string | null; at: string; approvedOpCodes: string[] };
}

/** Recorded by the workers once the customer was told about an override. */
export interface RedemptionVerificationOverrideNoticeSent {
  type: 'RedemptionVerificationOverrideNoticeSent';
  data: { redemptionVerificationId: string; customerId: string; channel: 'email' | 'sms' };
}

export type RedemptionVerificationEvent =
  | RedemptionVerificationStarted
  | RedemptionVerificationResendRequested
  | RedemptionVerificationSent
  | RedemptionVerificationAnswered
  | RedemptionVerificationExpired
  | RedemptionVerificationOverridden
  | RedemptionVerificationOverrideNoticeSent;

export const REDEMPTION_VERIFICATION_EVENT_TYPES: ReadonlySet<string> = new Set([
  'RedemptionVerificationStarted',
  'RedemptionVerificationResendRequested',
  'RedemptionVerificationSent',
  'RedemptionVerificationAnswered',
  'RedemptionVerificationExpired',
  'RedemptionVerificationOverridden',
  'RedemptionVerificationOverrideNoticeSent',
]);

export interface OpCodeRuleAdded {
  type: 'OpCodeVerificationRuleAdded';
  data: { ruleId: string; locationId: number; opCode: string; description: string | null };
}

export interface OpCodeRuleChanged {
  type: 'OpCodeVerificationRuleChanged';
  data: { ruleId: string; description: string | null };
}

export interface OpCodeRuleRemoved {
  type: 'OpCodeVerificationRuleRemoved';
  data: { ruleId: string; locationId: number; opCode: string };
}

export type OpCodeRuleEvent = OpCodeRuleAdded | OpCodeRuleChanged | OpCodeRuleRemoved;
export const OPCODE_RULE_EVENT_TYPES: ReadonlySet<string> = new Set([
  'OpCodeVerificationRuleAdded',
  'OpCodeVerificationRuleChanged',
  'OpCodeVerificationRuleRemoved',
]);
