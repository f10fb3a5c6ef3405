/**
 * Requests of redemption verification and their rules, with the messages of SPEC 5 where it
 * has them: start (SPEC 7 payload), the customer's answer (code submission), the override,
 * and the op-code rule form of the managers' page (one schema for the form and the server).
 */
import * as v from 'valibot';
import { REDEMPTION_VERIFICATION_LIMITS, normalizeOpCode, redemptionVerificationTypeOf, type RedemptionVerificationType } from './constants';
import { OPCODE_RULE_MESSAGES, REDEMPTION_MESSAGES } from './messages';

type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[]; fields: Record<string, string> };

/** SPEC 3 start payload: type, roNumber, locationId, customerId, preApprovalOpCodes. */
export interface StartRedemptionVerificationRequest {
  type: RedemptionVerificationType;
  roNumber: string;
  locationId: number;
  customerId: string;
  /** Op codes staff already have the customer's approval for: they are not asked about. */
  preApprovalOpCodes: string[];
}

/** Distinct, normalised op codes (blank ones dropped). */
export function opCodeList(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  return [...new Set(values.filter((x): x is string => typeof x === 'string').map(normalizeOpCode).filter(Boolean))];
}

export function checkStartRequest(body: Record<string, unknown>): Checked<StartRedemptionVerificationRequest> {
  const fields: Record<string, string> = {};
  const type = redemptionVerificationTypeOf(body.type);
  if (!type) fields.type = REDEMPTION_MESSAGES.typeInvalid;
  const roNumber = typeof body.roNumber === 'string' ? body.roNumber.trim().toUpperCase() : '';
  if (!roNumber) fields.roNumber = REDEMPTION_MESSAGES.roNumberRequired;
  const locationId = body.locationId;
  if (typeof locationId !== 'number' || !Number.isInteger(locationId) || locationId < 1) fields.locationId = REDEMPTION_MESSAGES.locationRequired;
  const customerId = typeof body.customerId === 'string' ? body.customerId : '';
  if (!customerId) fields.customerId = REDEMPTION_MESSAGES.customerRequired;
  if (Object.keys(fields).length > 0) return { ok: false, errors: Object.values(fields), fields };
  return { ok: true, value: { type: type!, roNumber, locationId: locationId as number, customerId, preApprovalOpCodes: opCodeList(body.preApprovalOpCodes) } };
}

/**
 * SPEC 3 code submission {codeId, code, reply}: codeId is the redemptionVerificationId, code
 * the token of the link the customer received, reply the answer per op code.
 */
export interface RedemptionVerificationCodeSubmission {
  codeId: string;
  /** The link's token; left out by a signed-in customer answering their own verification on /verify. */
  code?: string;
  reply: { approvedOpCodes: string[]; declinedOpCodes: string[] };
}

/** The override of SPEC 7, with the reason staff give (kept with who and when). */
export interface RedemptionVerificationOverrideRequest {
  redemptionVerificationId: string;
  reason?: string | null;
}

/** The op-code rule form (managers): location, op code and an optional description. */
export const opCodeRuleSchema = v.object({
  locationId: v.pipe(
    v.optional(v.unknown(), null),
    v.check((n) => typeof n === 'number' && Number.isInteger(n) && n >= 1, OPCODE_RULE_MESSAGES.locationRequired),
    v.transform((n) => n as number),
  ),
  opCode: v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => normalizeOpCode(s ?? '')),
    v.nonEmpty(OPCODE_RULE_MESSAGES.opCodeRequired),
    v.maxLength(REDEMPTION_VERIFICATION_LIMITS.opCodeMax, OPCODE_RULE_MESSAGES.opCodeMax),
  ),
  description: v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((s) => (s ?? '').trim() || null),
    v.nullable(v.pipe(v.string(), v.maxLength(REDEMPTION_VERIFICATION_LIMITS.ruleDescriptionMax, OPCODE_RULE_MESSAGES.descriptionMax))),
  ),
});

export type OpCodeRuleInput = v.InferInput<typeof opCodeRuleSchema>;
export type OpCodeRule = v.InferOutput<typeof opCodeRuleSchema>;

export function validateOpCodeRule(input: unknown): Checked<OpCodeRule> {
  const result = v.safeParse(opCodeRuleSchema, input);
  if (result.success) return { ok: true, value: result.output };
  const fields: Record<string, string> = {};
  for (const issue of result.issues) fields[v.getDotPath(issue) ?? '_'] ??= issue.message;
  return { ok: false, errors: Object.values(fields), fields };
}

/** A rule as GET /api/opcode-verification-rules answers it. */
export interface OpCodeVerificationRule {
  opCodeVerificationRuleId: string;
  id: string;
  locationId: number;
  /** The location's name from the DMS reference data (null if the location is unknown there). */
  locationName: string | null;
  opCode: string;
  description: string | null;
  createdDate: string;
  modifiedDate: string;
}
