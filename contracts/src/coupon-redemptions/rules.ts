/**
 * Redeeming an issued coupon against a repair order (issue 12): the rules, their messages and
 * the amount, written once for the server's decider and the web's form. Pure: everything the
 * rules look at arrives as a parameter (the coupon as sold, the location, the RO from the DMS
 * data, what the RO already took, the clock).
 *
 * Money is integer cents. An RO line's total is partsSale + laborSale + miscSale (SPEC 3).
 */
import { LABOR_TYPES, RO_INPUT_MESSAGES, type LaborType, type RepairOrder } from '../repair-orders/ro-records';
import { isValidTimeZone, localDateOf, type LocalDate } from '../coupons/expiry';
import type { CouponTerms, CouponValue } from '../coupons/definition';
import { checkReason, checkRoNumber, PACK_SALE_LIMITS, PACK_SALE_MESSAGES } from '../packs/sale-rules';
import type { PackSaleStatus } from '../packs/sale-events';
import { outcomeAt, type RedemptionVerificationState } from '../redemptions/state';
import { normalizeOpCode } from '../redemptions/constants';
import { addMoney, cents, formatMoney, minMoney, percentOf, subtractMoney, sumMoney, ZERO_MONEY, type Money } from '../money/index';
import type { RedeemedLine } from './events';

/** The help page for an RO that is not in the DMS data (SPEC 2.2). */
export const COUPON_RO_NOT_FOUND_HELP_PATH = '/employee/help/coupon-ro-not-found';

/** 'YYYY-MM-DD' as SPEC's month/day/year. */
export const formatLocalDate = (date: LocalDate) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

const laborTypeList = (types: readonly LaborType[]) => {
  const names = types.map((t) => LABOR_TYPES[t].toLowerCase());
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
};

export const COUPON_REDEMPTION_MESSAGES = {
  ...RO_INPUT_MESSAGES,
  // SPEC 8 and SPEC 5.
  redeemed: 'Successfully redeemed coupon.',
  roChanged: 'Successfully updated redemption number.',
  voidReasonRequired: 'Void reason is required',
  // Where SPEC shows none (docs/decisions/0043-redemption-events-and-rules.md).
  voided: 'Successfully voided redemption.',
  awaitingVerification: (roNumber: string) => `The customer's verification was requested for RO# ${roNumber}. The coupon is held for this RO until they answer.`,
  unknownError: 'Unknown error submitting redemption.',
  couponRequired: 'Choose a coupon.',
  customerRequired: 'Customer is required.',
  redemptionRequired: 'Choose a redemption.',
  roNumberInvalid: PACK_SALE_MESSAGES.roNumberInvalid,
  reasonMax: PACK_SALE_MESSAGES.reasonMax,
  couponNotFound: 'Coupon not found.',
  notThisCustomers: 'This coupon belongs to another customer.',
  saleVoided: 'This coupon was voided with its pack sale and cannot be used.',
  /** A manager's void of the coupon's sale is under way and did not finish while the redemption waited (issue 20 item 7). */
  saleVoidInProgress: "A manager is voiding this coupon's pack sale right now. Please try again in a moment.",
  alreadyUsed: 'This coupon has already been used.',
  heldForVerification: (roNumber: string) => `This coupon is waiting for the customer's verification on RO# ${roNumber}.`,
  expired: (date: LocalDate) => `This coupon expired on ${formatLocalDate(date)}.`,
  locationNotUsingCrm: PACK_SALE_MESSAGES.locationNotUsingCrm,
  locationTimeZoneMissing: PACK_SALE_MESSAGES.locationTimeZoneMissing,
  locationNotHonoured: 'This coupon is not honoured at this location.',
  pendingOtherLocation: 'The pack this coupon is attached to is still pending, so it can only be redeemed at the location that sold it.',
  roNotFound: (roNumber: string) =>
    `RO# ${roNumber} was not found at this location. The DMS data may not have arrived yet: see the help page "Coupon RO Not Found" for what to do.`,
  roVoided: (roNumber: string) => `RO# ${roNumber} is voided in the DMS data, so no coupon can be redeemed on it.`,
  noMatchingLine: (opCodes: readonly string[]) => `This RO has no line with the coupon's op code${opCodes.length === 1 ? '' : 's'} (${opCodes.join(', ')}).`,
  laborTypeNotEligible: (allowed: readonly LaborType[], found: readonly LaborType[]) =>
    `This coupon applies only to ${laborTypeList(allowed)} lines; the matching line on this RO is ${laborTypeList(found)}.`,
  maxPerRoReached: (max: number) =>
    max === 1 ? 'This RO has already taken a coupon of this kind; one RO can take only one.' : `This RO has already taken ${max} coupons of this kind, the most one RO can take.`,
  maxAmountPerRoReached: (max: Money) => `This RO has already taken ${formatMoney(max)} with coupons of this kind, the most one RO can take.`,
  linesAllUsed: 'Every matching line on this RO already has a coupon of this kind.',
  lineNothingLeft: 'The matching line on this RO has nothing left to discount.',
  verificationRequired: (opCode: string) => `The ${opCode} service needs the customer's verification before this coupon can be redeemed.`,
  verificationNotForChange: (opCode: string) =>
    `The ${opCode} service on that RO needs the customer's verification. Void this redemption and redeem the coupon on that RO instead.`,
  redemptionNotFound: 'Redemption not found.',
  redemptionAwaiting: "This redemption is still waiting for the customer's verification.",
  alreadyVoided: 'This redemption is already voided.',
  changeNotAllowed: 'Staff can void or change only their own redemptions, on the day they made them. Ask a manager.',
  saleVoidCouponUsed: PACK_SALE_MESSAGES.voidCouponUsed,
} as const;

/** A refusal: its HTTP kind, the message and the form field it belongs to. */
export interface RedemptionRefusal {
  kind: 'validation' | 'conflict' | 'not_found' | 'forbidden' | 'precondition';
  message: string;
  field?: 'issuedCouponId' | 'customerId' | 'locationId' | 'roNumber' | 'reason' | 'redemptionId';
}

// ---------------------------------------------------------------------------------------------
// What the rules read

/** An issued coupon as its pack sale sold it (from the sale's state, the domain's `soldCouponOf`: terms never change after sale). */
export interface SoldCoupon {
  issuedCouponId: string;
  couponId: string;
  saleId: string;
  /** The customer who owns it (the sale's customer). */
  customerId: string;
  saleStatus: PackSaleStatus | 'voided';
  soldLocationId: number;
  expiresOn: LocalDate;
  /** End of `expiresOn` in the sale location's zone (ISO instant). */
  expiresAt: string;
  allocatedValue: Money;
  terms: CouponTerms;
}

/** The redeeming location as the locations list knows it. */
export interface RedemptionLocation {
  locationId: number;
  isUsingCrm: boolean;
  timeZone: string | null;
}

/** An RO job with its sale amounts in cents (the loader selects `(parts_sale * 100)::bigint` etc., exact for numeric(12,2)). */
export interface RedemptionRoJob {
  jobId: number;
  lineNo: number | null;
  opCode: string;
  laborType: LaborType;
  partsSale: Money;
  laborSale: Money;
  miscSale: Money;
}

export interface RedemptionRo {
  roNumber: string;
  locationId: number;
  /** Set when the DMS voided the RO. */
  voidDate: string | null;
  jobs: RedemptionRoJob[];
}

/** Dollars with at most two decimals (as GET /api/ro-data answers) to exact cents. */
export const dollarsToCents = (dollars: number): Money => cents(Math.round(dollars * 100));

/** The RO as the query API answers it, in the shape the rules read (amounts in cents). */
export function redemptionRoOf(ro: RepairOrder): RedemptionRo {
  return {
    roNumber: ro.roNumber,
    locationId: ro.locationId,
    voidDate: ro.voidDate,
    jobs: ro.jobs.map((j) => ({
      jobId: j.jobId,
      lineNo: j.lineNo,
      opCode: j.opCode,
      laborType: j.laborType,
      partsSale: dollarsToCents(j.partsSale),
      laborSale: dollarsToCents(j.laborSale),
      miscSale: dollarsToCents(j.miscSale),
    })),
  };
}

/** SPEC 3: a line's total is partsSale + laborSale + miscSale. */
export const lineTotalOf = (job: Pick<RedemptionRoJob, 'partsSale' | 'laborSale' | 'miscSale'>): Money => addMoney(job.partsSale, job.laborSale, job.miscSale);

/** A redemption (redeemed, or held awaiting verification) already on the RO, of any coupon definition. */
export interface RoRedemption {
  redemptionId: string;
  issuedCouponId: string;
  couponId: string;
  jobId: number;
  amount: Money;
  /** Set when the claim is a paper coupon's (issuedCouponId is then its paperCouponId): its book's stream says whether it is live. */
  paperBookNumber?: string;
}

// ---------------------------------------------------------------------------------------------
// The rules

/** What a coupon takes off a line of `lineTotal`: fixed up to the line, percent half-up, the operation up to its maximum. */
export function couponAmountForLine(value: CouponValue, lineTotal: Money): Money {
  if (lineTotal <= 0) return ZERO_MONEY;
  switch (value.kind) {
    case 'fixed':
      return minMoney(value.amount, lineTotal);
    case 'percent':
      return percentOf(lineTotal, value.basisPoints, 'half-up');
    case 'operation':
      return minMoney(lineTotal, value.maximum);
  }
}

/** Is the coupon the customer's and free to use now? (Stream state: the caller says whether it is held, used or withdrawn.) */
export function checkCouponAvailable(input: {
  coupon: SoldCoupon;
  customerId: string;
  stream: 'available' | 'awaiting-verification' | 'redeemed' | 'withdrawn';
  heldOnRoNumber: string | null;
  now: Date;
}): RedemptionRefusal | null {
  const { coupon, now } = input;
  const M = COUPON_REDEMPTION_MESSAGES;
  if (coupon.customerId !== input.customerId) return { kind: 'conflict', message: M.notThisCustomers, field: 'issuedCouponId' };
  if (coupon.saleStatus === 'voided' || input.stream === 'withdrawn') return { kind: 'conflict', message: M.saleVoided, field: 'issuedCouponId' };
  if (input.stream === 'redeemed') return { kind: 'conflict', message: M.alreadyUsed, field: 'issuedCouponId' };
  if (input.stream === 'awaiting-verification') return { kind: 'conflict', message: M.heldForVerification(input.heldOnRoNumber ?? ''), field: 'issuedCouponId' };
  // Good all of its last local day in the sale location's zone (expiresAt is that day's last millisecond).
  if (now.getTime() > Date.parse(coupon.expiresAt)) return { kind: 'conflict', message: M.expired(coupon.expiresOn), field: 'issuedCouponId' };
  return null;
}

export interface RedemptionPlanInput {
  coupon: SoldCoupon;
  location: RedemptionLocation;
  roNumber: string;
  /** The RO in the DMS data at that location; null when it is not there (yet). */
  ro: RedemptionRo | null;
  /** What the RO already took (any coupon definition); this coupon's own entry is ignored. */
  roRedemptions: readonly RoRedemption[];
}

export type RedemptionPlan = { ok: true; line: RedeemedLine; amount: Money; timeZone: string } | { ok: false; refusal: RedemptionRefusal };

const refuse = (kind: RedemptionRefusal['kind'], message: string, field?: RedemptionRefusal['field']): RedemptionPlan => ({ ok: false, refusal: { kind, message, ...(field ? { field } : {}) } });

/** RO order: by line number (lines without one last), then job id. */
const roOrder = (a: RedemptionRoJob, b: RedemptionRoJob) => (a.lineNo ?? Number.MAX_SAFE_INTEGER) - (b.lineNo ?? Number.MAX_SAFE_INTEGER) || a.jobId - b.jobId;

/**
 * The location, the RO and the line: where the coupon applies and how much it takes off.
 * The line is the first in RO order whose op code is one of the coupon's, whose labour type
 * is eligible, that no other coupon of this definition took, and that has something left
 * after what other coupons took off it. The amount is the coupon's value on the line's total,
 * never more than what is left of the line nor of the RO's cap (maxAmountPerRo).
 */
export function planRedemption(input: RedemptionPlanInput): RedemptionPlan {
  const { coupon, location, roNumber, ro } = input;
  const M = COUPON_REDEMPTION_MESSAGES;
  const terms = coupon.terms;
  if (!location.isUsingCrm) return refuse('validation', M.locationNotUsingCrm, 'locationId');
  if (!terms.locationIds.includes(location.locationId)) return refuse('validation', M.locationNotHonoured, 'locationId');
  if (coupon.saleStatus === 'pending' && location.locationId !== coupon.soldLocationId) return refuse('validation', M.pendingOtherLocation, 'locationId');
  if (!isValidTimeZone(location.timeZone)) return refuse('validation', M.locationTimeZoneMissing, 'locationId');
  if (!ro || ro.roNumber.trim().toUpperCase() !== roNumber || ro.locationId !== location.locationId) return refuse('validation', M.roNotFound(roNumber), 'roNumber');
  if (ro.voidDate) return refuse('validation', M.roVoided(roNumber), 'roNumber');

  const others = input.roRedemptions.filter((r) => r.issuedCouponId !== coupon.issuedCouponId);
  const sameKind = others.filter((r) => r.couponId === coupon.couponId);
  if (sameKind.length >= terms.maxPerRo) return refuse('conflict', M.maxPerRoReached(terms.maxPerRo), 'roNumber');
  let capLeft: Money | null = null;
  if (terms.maxAmountPerRo !== null) {
    capLeft = subtractMoney(terms.maxAmountPerRo, sumMoney(sameKind.map((r) => r.amount)));
    if (capLeft <= 0) return refuse('conflict', M.maxAmountPerRoReached(terms.maxAmountPerRo), 'roNumber');
  }

  const opCodes = terms.opCodes.map(normalizeOpCode);
  const matching = [...ro.jobs].sort(roOrder).filter((j) => opCodes.includes(normalizeOpCode(j.opCode)));
  if (matching.length === 0) return refuse('validation', M.noMatchingLine(opCodes), 'roNumber');
  const eligible = matching.filter((j) => terms.laborTypes.includes(j.laborType));
  if (eligible.length === 0) {
    const found = (Object.keys(LABOR_TYPES) as LaborType[]).filter((t) => matching.some((j) => j.laborType === t));
    return refuse('validation', M.laborTypeNotEligible(terms.laborTypes, found), 'roNumber');
  }
  const usedByKind = new Set(sameKind.map((r) => r.jobId));
  const unused = eligible.filter((j) => !usedByKind.has(j.jobId));
  if (unused.length === 0) return refuse('conflict', M.linesAllUsed, 'roNumber');
  const leftOn = (j: RedemptionRoJob) => subtractMoney(lineTotalOf(j), sumMoney(others.filter((r) => r.jobId === j.jobId).map((r) => r.amount)));
  const job = unused.find((j) => leftOn(j) > 0);
  if (!job) return refuse('conflict', M.lineNothingLeft, 'roNumber');

  const lineTotal = lineTotalOf(job);
  let amount = minMoney(couponAmountForLine(terms.value, lineTotal), leftOn(job));
  if (capLeft !== null) amount = minMoney(amount, capLeft);
  return {
    ok: true,
    line: { jobId: job.jobId, lineNo: job.lineNo, opCode: normalizeOpCode(job.opCode), laborType: job.laborType, lineTotal },
    amount,
    timeZone: location.timeZone,
  };
}

/** The matched op code needs the customer's verification: an op-code rule at the location, or the customer's Verify Redemptions switch. */
export const opCodeNeedsVerification = (opCode: string, input: { ruleOpCodes: readonly string[]; customerVerifiesRedemptions: boolean }) =>
  input.customerVerifiesRedemptions || input.ruleOpCodes.map(normalizeOpCode).includes(normalizeOpCode(opCode));

/**
 * Where a verification stands for one op code of one RO and customer:
 * approved (pre-approved, accepted, overridden, or approved in a partial answer), open (waiting
 * for the customer), declined, expired, or missing (no verification of this RO and customer
 * asks about it).
 */
export type VerificationVerdict = 'approved' | 'open' | 'declined' | 'expired' | 'missing';

export function verificationVerdict(
  v: RedemptionVerificationState | null,
  at: { customerId: string; locationId: number; roNumber: string; opCode: string },
  now: Date,
): VerificationVerdict {
  if (!v || v.customerId !== at.customerId || v.locationId !== at.locationId || v.roNumber !== at.roNumber) return 'missing';
  const opCode = normalizeOpCode(at.opCode);
  if (v.preApprovedOpCodes.includes(opCode)) return 'approved';
  if (!v.opCodes.includes(opCode)) return 'missing';
  switch (outcomeAt(v, now)) {
    case null:
      return 'open';
    case 'accepted':
    case 'overridden':
      return 'approved';
    case 'declined':
      return v.approvedOpCodes.includes(opCode) ? 'approved' : 'declined';
    case 'expired':
      return 'expired';
  }
}

/** Who may void or correct a redemption: managers (and admins) any; other staff their own, on the local day they made it. */
export function mayChangeRedemption(actor: { userId: string; isManager: boolean }, redemption: { redeemedBy: string; redeemedOn: LocalDate | null; timeZone: string }, now: Date): boolean {
  if (actor.isManager) return true;
  return redemption.redeemedBy === actor.userId && redemption.redeemedOn !== null && redemption.redeemedOn === localDateOf(now, redemption.timeZone);
}

// ---------------------------------------------------------------------------------------------
// Request bodies (shape only; the decider checks what needs state)

export type CheckedBody<T> = { ok: true; value: T } | { ok: false; errors: string[]; fields: Record<string, string> };

const ID_MAX = 64;
const idOf = (x: unknown) => (typeof x === 'string' && x.trim().length > 0 && x.trim().length <= ID_MAX ? x.trim() : null);
const locationIdOf = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= 2_147_483_647 ? x : null);
const bodyOf = (input: unknown) => (typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {});
const done = <T>(fields: Record<string, string>, value: () => T): CheckedBody<T> =>
  Object.keys(fields).length > 0 ? { ok: false, errors: Object.values(fields), fields } : { ok: true, value: value() };

export interface CouponRedemptionRequest {
  issuedCouponId: string;
  customerId: string;
  locationId: number;
  roNumber: string;
}

/** POST /api/coupon-redemptions: the coupon, the selected customer, and the Enter Redemption RO # dialog's result. */
export function checkCouponRedemptionRequest(input: unknown): CheckedBody<CouponRedemptionRequest> {
  const body = bodyOf(input);
  const M = COUPON_REDEMPTION_MESSAGES;
  const fields: Record<string, string> = {};
  const issuedCouponId = idOf(body.issuedCouponId);
  if (!issuedCouponId) fields.issuedCouponId = M.couponRequired;
  const customerId = idOf(body.customerId);
  if (!customerId) fields.customerId = M.customerRequired;
  const locationId = locationIdOf(body.locationId);
  if (locationId === null) fields.locationId = M.locationRequired;
  const ro = checkRoNumber(body.roNumber);
  if ('error' in ro) fields.roNumber = ro.error;
  return done(fields, () => ({ issuedCouponId: issuedCouponId!, customerId: customerId!, locationId: locationId!, roNumber: (ro as { value: string }).value }));
}

export interface RedemptionRoChangeRequest {
  redemptionId: string;
  locationId: number;
  roNumber: string;
}

/** Changing a redemption's RO number (the Enter RO # dialog again: RO number and location). */
export function checkRedemptionRoChangeRequest(input: unknown): CheckedBody<RedemptionRoChangeRequest> {
  const body = bodyOf(input);
  const M = COUPON_REDEMPTION_MESSAGES;
  const fields: Record<string, string> = {};
  const redemptionId = idOf(body.redemptionId);
  if (!redemptionId) fields.redemptionId = M.redemptionRequired;
  const locationId = locationIdOf(body.locationId);
  if (locationId === null) fields.locationId = M.locationRequired;
  const ro = checkRoNumber(body.roNumber);
  if ('error' in ro) fields.roNumber = ro.error;
  return done(fields, () => ({ redemptionId: redemptionId!, locationId: locationId!, roNumber: (ro as { value: string }).value }));
}

export interface RedemptionVoidRequest {
  redemptionId: string;
  reason: string;
}

/** The Enter Void Reason dialog's text: required ('Void reason is required'), at most 500 characters. */
export function checkRedemptionVoidRequest(input: unknown): CheckedBody<RedemptionVoidRequest> {
  const body = bodyOf(input);
  const M = COUPON_REDEMPTION_MESSAGES;
  const fields: Record<string, string> = {};
  const redemptionId = idOf(body.redemptionId);
  if (!redemptionId) fields.redemptionId = M.redemptionRequired;
  const reason = checkReason(body.reason, M.voidReasonRequired);
  if ('error' in reason) fields.reason = reason.error;
  return done(fields, () => ({ redemptionId: redemptionId!, reason: (reason as { value: string }).value }));
}

export const COUPON_REDEMPTION_LIMITS = { idMax: ID_MAX, roNumberMax: PACK_SALE_LIMITS.roNumberMax, reasonMax: PACK_SALE_LIMITS.reasonMax } as const;
