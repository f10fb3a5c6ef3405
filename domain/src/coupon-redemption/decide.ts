/**
 * Commands of one issued coupon (stream `issued-coupon-{issuedCouponId}`) and the decider
 * (issue 12): redeem it against an RO (directly, or held until the customer's verification
 * answers), settle a held redemption when the verification is final, void a redemption, change
 * its RO, and the pack sale void's withdraw/reinstate. Pure: the coupon as sold, the location,
 * the RO from the DMS data, what the RO already took, the verification, the actor and the
 * clock all arrive in the command; the rules and messages are contracts'
 * (coupon-redemptions/rules.ts), shared with the form.
 *
 * Exactly once: the service appends with the stream's expected revision (platform handle()),
 * so of two racing redemptions the second re-decides against the first's event and is refused
 * 'This coupon has already been used.'.
 */
import {
  COUPON_REDEMPTION_MESSAGES as M,
  checkCouponAvailable,
  checkReason,
  localDateOf,
  mayChangeRedemption,
  opCodeNeedsVerification,
  planRedemption,
  verificationVerdict,
  type CouponRedeemed,
  type IssuedCouponEvent,
  type RedemptionFacts,
  type RedemptionLocation,
  type RedemptionRefusal,
  type RedemptionRo,
  type RedemptionVerificationState,
  type RoRedemption,
  type SoldCoupon,
} from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';
import { type ActiveRedemption, evolveIssuedCoupon, initialIssuedCouponState, type IssuedCouponState, issuedCouponStreamStatus } from './state';

/** Who acts: managers (admins hold the manager flag's rights) may void or correct any redemption. */
export interface RedemptionActor {
  userId: string;
  isManager: boolean;
}

/** What decides whether the matched line needs the customer's verification, and where that verification stands. */
export interface RedemptionVerificationInput {
  /** Op codes marked for verification at the redeeming location (op-code rules). */
  ruleOpCodes: readonly string[];
  /** The customer's Verify Redemptions switch. */
  customerVerifiesRedemptions: boolean;
  /** The latest verification of this RO and customer at this location (null: none). */
  current: RedemptionVerificationState | null;
}

/** Where a redemption lands: the location, the RO number asked for and the RO the DMS data holds there. */
export interface RedemptionTarget {
  location: RedemptionLocation;
  roNumber: string;
  /** Null when the RO is not in the DMS data at that location (yet). */
  ro: RedemptionRo | null;
  /** What the RO already took (redeemed or held), of every coupon definition. */
  roRedemptions: readonly RoRedemption[];
  verification: RedemptionVerificationInput;
}

export interface RedeemCouponData extends RedemptionTarget {
  /** The new redemption's id; a retry with the same id records nothing. */
  redemptionId: string;
  /** The coupon as its sale sold it (null: no such issued coupon). */
  coupon: SoldCoupon | null;
  /** The customer selected on the Sales page. */
  customerId: string;
  /**
   * When the coupon is held for another redemption's verification: that verification, so a
   * hold whose verification was declined or has expired is released here and the coupon
   * redeemed at once (instead of waiting for the settle that follows the answer).
   */
  heldVerification?: RedemptionVerificationState | null;
  actor: RedemptionActor;
  now: Date;
}

export interface ChangeRedemptionRoData extends RedemptionTarget {
  redemptionId: string;
  coupon: SoldCoupon;
  actor: RedemptionActor;
  now: Date;
}

/** The pack sale being voided: the coupon's identity comes with it (its stream may be empty). */
export interface SaleVoidData {
  issuedCouponId: string;
  couponId: string;
  saleId: string;
  customerId: string;
  by: string;
  now: Date;
}

export type IssuedCouponCommand =
  | { type: 'RedeemCoupon'; data: RedeemCouponData }
  | { type: 'SettleRedemptionVerification'; data: { redemptionId: string; verification: RedemptionVerificationState; now: Date } }
  | { type: 'VoidRedemption'; data: { redemptionId: string; reason: string | null; actor: RedemptionActor; now: Date } }
  | { type: 'ChangeRedemptionRo'; data: ChangeRedemptionRoData }
  | { type: 'WithdrawIssuedCoupon'; data: SaleVoidData }
  | { type: 'ReinstateIssuedCoupon'; data: SaleVoidData };

/** A rule's refusal as the error the routes answer (its HTTP kind, the message on its form field). */
export const refused = (r: RedemptionRefusal) => new DomainError(r.kind, [r.message], r.field ? { [r.field]: r.message } : undefined);

function redeemedEvent(facts: RedemptionFacts, at: Date, via: 'direct' | 'verification', redemptionVerificationId: string | null): CouponRedeemed {
  return {
    type: 'CouponRedeemed',
    data: { ...facts, redeemedAt: at.toISOString(), redeemedOn: localDateOf(at, facts.timeZone), via, redemptionVerificationId },
  };
}

/** The current redemption with this id, or why there is none. */
function currentRedemption(state: IssuedCouponState, redemptionId: string): ActiveRedemption | 'voided' {
  const current = state.current;
  if (current?.redemptionId === redemptionId) return current;
  const ended = state.ended.find((e) => e.redemptionId === redemptionId);
  if (ended?.outcome === 'voided') return 'voided';
  throw new DomainError('not_found', [M.redemptionNotFound]);
}

function redeem(d: RedeemCouponData, given: IssuedCouponState): IssuedCouponEvent[] {
  // A retry of this very redemption (same id) records nothing.
  if (given.current?.redemptionId === d.redemptionId || given.ended.some((e) => e.redemptionId === d.redemptionId)) return [];
  const released = releaseLapsedHold(d, given);
  const state = released.reduce(evolveIssuedCoupon, given);
  return [...released, ...redeemAvailable(d, state)];
}

/** A hold whose verification (given in the command) was declined for its op code or expired ends first. */
function releaseLapsedHold(d: RedeemCouponData, state: IssuedCouponState): IssuedCouponEvent[] {
  const held = state.current;
  const v = d.heldVerification;
  if (!held || held.status !== 'awaiting-verification' || !v || v.redemptionVerificationId !== held.redemptionVerificationId) return [];
  return settle({ redemptionId: held.redemptionId, verification: v, now: d.now }, state).filter((e) => e.type === 'CouponRedemptionReleased');
}

function redeemAvailable(d: RedeemCouponData, state: IssuedCouponState): IssuedCouponEvent[] {
  const coupon = d.coupon;
  if (!coupon) throw new DomainError('not_found', [M.couponNotFound], { issuedCouponId: M.couponNotFound });
  const unavailable = checkCouponAvailable({
    coupon,
    customerId: d.customerId,
    stream: issuedCouponStreamStatus(state),
    heldOnRoNumber: state.current?.roNumber ?? null,
    now: d.now,
  });
  if (unavailable) throw refused(unavailable);
  const plan = planRedemption({ coupon, location: d.location, roNumber: d.roNumber, ro: d.ro, roRedemptions: d.roRedemptions });
  if (!plan.ok) throw refused(plan.refusal);

  const facts: RedemptionFacts = {
    redemptionId: d.redemptionId,
    issuedCouponId: coupon.issuedCouponId,
    couponId: coupon.couponId,
    couponName: coupon.terms.name,
    saleId: coupon.saleId,
    customerId: coupon.customerId,
    soldLocationId: coupon.soldLocationId,
    locationId: d.location.locationId,
    timeZone: plan.timeZone,
    roNumber: d.roNumber,
    line: plan.line,
    amount: plan.amount,
    allocatedValue: coupon.allocatedValue,
    redeemedBy: d.actor.userId,
    requestedAt: d.now.toISOString(),
  };
  if (!opCodeNeedsVerification(plan.line.opCode, d.verification)) return [redeemedEvent(facts, d.now, 'direct', null)];

  const v = d.verification.current;
  const verdict = verificationVerdict(v, { customerId: coupon.customerId, locationId: d.location.locationId, roNumber: d.roNumber, opCode: plan.line.opCode }, d.now);
  if (verdict === 'approved') return [redeemedEvent(facts, d.now, 'verification', v!.redemptionVerificationId)];
  if (verdict === 'open') return [{ type: 'CouponRedemptionAwaitingVerification', data: { ...facts, redemptionVerificationId: v!.redemptionVerificationId } }];
  // None asks about this op code, or the last one was declined or expired: the service starts one and asks again.
  throw new DomainError('precondition', [M.verificationRequired(plan.line.opCode)]);
}

function settle(d: { redemptionId: string; verification: RedemptionVerificationState; now: Date }, state: IssuedCouponState): IssuedCouponEvent[] {
  const current = state.current;
  // Already settled, voided or released: nothing to do (the reactor may deliver an answer twice).
  if (!current || current.redemptionId !== d.redemptionId || current.status !== 'awaiting-verification') return [];
  const v = d.verification;
  if (v.redemptionVerificationId !== current.redemptionVerificationId) throw new DomainError('validation', [M.redemptionNotFound]);
  const verdict = verificationVerdict(v, { customerId: current.customerId, locationId: current.locationId, roNumber: current.roNumber, opCode: current.line.opCode }, d.now);
  if (verdict === 'open') return [];
  const { status: _s, redemptionVerificationId, redeemedAt: _a, redeemedOn: _o, ...facts } = current;
  // Asked while valid: an approval that arrives after the coupon's last day still completes it.
  if (verdict === 'approved') return [redeemedEvent(facts, d.now, 'verification', redemptionVerificationId)];
  return [
    {
      type: 'CouponRedemptionReleased',
      data: {
        redemptionId: current.redemptionId,
        issuedCouponId: current.issuedCouponId,
        couponId: current.couponId,
        saleId: current.saleId,
        customerId: current.customerId,
        locationId: current.locationId,
        roNumber: current.roNumber,
        redemptionVerificationId: v.redemptionVerificationId,
        outcome: verdict === 'expired' ? 'expired' : 'declined',
        releasedAt: d.now.toISOString(),
      },
    },
  ];
}

function redeemedForChange(state: IssuedCouponState, redemptionId: string, actor: RedemptionActor, now: Date): ActiveRedemption | 'voided' {
  const current = currentRedemption(state, redemptionId);
  if (current === 'voided') return current;
  if (current.status !== 'redeemed') throw new DomainError('conflict', [M.redemptionAwaiting]);
  if (!mayChangeRedemption(actor, current, now)) throw new DomainError('forbidden', [M.changeNotAllowed]);
  return current;
}

function voidRedemption(d: { redemptionId: string; reason: string | null; actor: RedemptionActor; now: Date }, state: IssuedCouponState): IssuedCouponEvent[] {
  const current = redeemedForChange(state, d.redemptionId, d.actor, d.now);
  if (current === 'voided') return [];
  const reason = checkReason(d.reason, M.voidReasonRequired);
  if ('error' in reason) throw new DomainError('validation', [reason.error], { reason: reason.error });
  return [
    {
      type: 'CouponRedemptionVoided',
      data: {
        redemptionId: current.redemptionId,
        issuedCouponId: current.issuedCouponId,
        couponId: current.couponId,
        saleId: current.saleId,
        customerId: current.customerId,
        soldLocationId: current.soldLocationId,
        locationId: current.locationId,
        roNumber: current.roNumber,
        line: current.line,
        amount: current.amount,
        allocatedValue: current.allocatedValue,
        reason: reason.value,
        by: d.actor.userId,
        voidedAt: d.now.toISOString(),
      },
    },
  ];
}

function changeRo(d: ChangeRedemptionRoData, state: IssuedCouponState): IssuedCouponEvent[] {
  const current = redeemedForChange(state, d.redemptionId, d.actor, d.now);
  if (current === 'voided') throw new DomainError('conflict', [M.alreadyVoided]);
  if (current.roNumber === d.roNumber && current.locationId === d.location.locationId) return [];
  // Re-checked at the new RO: location, RO, line, caps (the coupon itself was valid when redeemed).
  const plan = planRedemption({ coupon: d.coupon, location: d.location, roNumber: d.roNumber, ro: d.ro, roRedemptions: d.roRedemptions });
  if (!plan.ok) throw refused(plan.refusal);
  if (opCodeNeedsVerification(plan.line.opCode, d.verification)) {
    const verdict = verificationVerdict(d.verification.current, { customerId: current.customerId, locationId: d.location.locationId, roNumber: d.roNumber, opCode: plan.line.opCode }, d.now);
    if (verdict !== 'approved') throw new DomainError('conflict', [M.verificationNotForChange(plan.line.opCode)], { roNumber: M.verificationNotForChange(plan.line.opCode) });
  }
  return [
    {
      type: 'CouponRedemptionRoChanged',
      data: {
        redemptionId: current.redemptionId,
        issuedCouponId: current.issuedCouponId,
        couponId: current.couponId,
        saleId: current.saleId,
        customerId: current.customerId,
        soldLocationId: current.soldLocationId,
        allocatedValue: current.allocatedValue,
        from: { locationId: current.locationId, roNumber: current.roNumber, line: current.line, amount: current.amount },
        to: { locationId: d.location.locationId, timeZone: plan.timeZone, roNumber: d.roNumber, line: plan.line, amount: plan.amount },
        by: d.actor.userId,
        changedAt: d.now.toISOString(),
      },
    },
  ];
}

export function decideIssuedCoupon(command: IssuedCouponCommand, state: IssuedCouponState): IssuedCouponEvent[] {
  switch (command.type) {
    case 'RedeemCoupon':
      return redeem(command.data, state);
    case 'SettleRedemptionVerification':
      return settle(command.data, state);
    case 'VoidRedemption':
      return voidRedemption(command.data, state);
    case 'ChangeRedemptionRo':
      return changeRo(command.data, state);
    case 'WithdrawIssuedCoupon': {
      const { issuedCouponId, couponId, saleId, customerId, by, now } = command.data;
      if (state.withdrawnBySaleId === saleId) return [];
      // Used or held for a verification: the sale cannot be voided.
      if (state.current) throw new DomainError('conflict', [M.saleVoidCouponUsed]);
      return [{ type: 'IssuedCouponWithdrawn', data: { issuedCouponId, couponId, saleId, customerId, by, withdrawnAt: now.toISOString() } }];
    }
    case 'ReinstateIssuedCoupon': {
      const { issuedCouponId, couponId, saleId, customerId, by, now } = command.data;
      if (state.withdrawnBySaleId !== saleId) return [];
      return [{ type: 'IssuedCouponReinstated', data: { issuedCouponId, couponId, saleId, customerId, by, reinstatedAt: now.toISOString() } }];
    }
  }
}

export const issuedCouponDecider: Decider<IssuedCouponState, IssuedCouponCommand, IssuedCouponEvent> = {
  initialState: initialIssuedCouponState,
  evolve: evolveIssuedCoupon,
  decide: decideIssuedCoupon,
};
