/**
 * Events of one issued coupon (issue 12), stream `issued-coupon-{issuedCouponId}`: its
 * redemptions against repair orders, their voids and RO corrections, and its withdrawal when
 * its pack sale is voided. One stream per issued coupon makes "used once" a check-and-append
 * with the stream's expected revision (DOMAIN: check and change in one atomic step).
 *
 * The data is flat and carries everything reports need without joins: the coupon definition,
 * the sale and its location (who holds the money), the redeeming location (who did the work),
 * the RO and the line the coupon applied to, the discount given (`amount`) and the revenue
 * recognised (`allocatedValue`, ASC 606), and who acted. Who and when are also the metadata.
 * No personal data (customerId only), so erasure needs nothing here.
 */
import type { LaborType } from '../repair-orders/ro-records';
import type { LocalDate } from '../coupons/expiry';
import type { Money } from '../money/index';

export const issuedCouponStreamId = (issuedCouponId: string) => `issued-coupon-${issuedCouponId}`;

/** The RO line a redemption applied to (SPEC 3 RO job), with its total in cents. */
export interface RedeemedLine {
  jobId: number;
  lineNo: number | null;
  opCode: string;
  laborType: LaborType;
  /** partsSale + laborSale + miscSale of the line, in cents. */
  lineTotal: Money;
}

/** What every redemption event repeats: enough for reports, payouts and the liability roll-forward. */
export interface RedemptionFacts {
  /** One redemption of the coupon (a coupon voided and redeemed again has a new one). */
  redemptionId: string;
  issuedCouponId: string;
  /** The coupon definition. */
  couponId: string;
  couponName: string;
  saleId: string;
  customerId: string;
  /** Location of sale (holds the money) and location of redemption (did the work). */
  soldLocationId: number;
  locationId: number;
  /** The redeeming location's IANA zone (its local day decides who may void). */
  timeZone: string;
  roNumber: string;
  line: RedeemedLine;
  /** The discount given on the line. */
  amount: Money;
  /** The coupon's share of the pack price: revenue recognised when it is redeemed. */
  allocatedValue: Money;
  /** The employee who redeemed it (userId). */
  redeemedBy: string;
  /** When staff asked for the redemption (ISO instant). */
  requestedAt: string;
}

/** The coupon is used. Direct, or once the customer's verification approved the line's op code. */
export interface CouponRedeemed {
  type: 'CouponRedeemed';
  data: RedemptionFacts & {
    redeemedAt: string;
    /** The local date of `redeemedAt` at the redeeming location. */
    redeemedOn: LocalDate;
    via: 'direct' | 'verification';
    redemptionVerificationId: string | null;
  };
}

/** The line's op code needs the customer's verification: the coupon is held for this redemption until it is answered. */
export interface CouponRedemptionAwaitingVerification {
  type: 'CouponRedemptionAwaitingVerification';
  data: RedemptionFacts & { redemptionVerificationId: string };
}

/** The verification was declined for the line's op code, or expired: the hold ends and the coupon is available. */
export interface CouponRedemptionReleased {
  type: 'CouponRedemptionReleased';
  data: {
    redemptionId: string;
    issuedCouponId: string;
    couponId: string;
    saleId: string;
    customerId: string;
    locationId: number;
    roNumber: string;
    redemptionVerificationId: string;
    outcome: 'declined' | 'expired';
    releasedAt: string;
  };
}

/** A compensating event: the redemption is reversed (amount and recognised value with it); the coupon is available again while valid. */
export interface CouponRedemptionVoided {
  type: 'CouponRedemptionVoided';
  data: {
    redemptionId: string;
    issuedCouponId: string;
    couponId: string;
    saleId: string;
    customerId: string;
    soldLocationId: number;
    locationId: number;
    roNumber: string;
    /** The line the reversed redemption had applied to. */
    line: RedeemedLine;
    amount: Money;
    allocatedValue: Money;
    reason: string;
    by: string;
    voidedAt: string;
  };
}

/** The RO (and possibly location) of a redemption corrected, re-checked against the rules at the new RO. */
export interface CouponRedemptionRoChanged {
  type: 'CouponRedemptionRoChanged';
  data: {
    redemptionId: string;
    issuedCouponId: string;
    couponId: string;
    saleId: string;
    customerId: string;
    soldLocationId: number;
    allocatedValue: Money;
    from: { locationId: number; roNumber: string; line: RedeemedLine; amount: Money };
    to: { locationId: number; timeZone: string; roNumber: string; line: RedeemedLine; amount: Money };
    by: string;
    changedAt: string;
  };
}

/** Its pack sale is being voided: written by the sale void with the expected revision, so a void and a redemption cannot both succeed. */
export interface IssuedCouponWithdrawn {
  type: 'IssuedCouponWithdrawn';
  data: { issuedCouponId: string; couponId: string; saleId: string; customerId: string; by: string; withdrawnAt: string };
}

/** The sale void failed (another of its coupons is used): the coupons it withdrew are given back. */
export interface IssuedCouponReinstated {
  type: 'IssuedCouponReinstated';
  data: { issuedCouponId: string; couponId: string; saleId: string; customerId: string; by: string; reinstatedAt: string };
}

export type IssuedCouponEvent =
  | CouponRedeemed
  | CouponRedemptionAwaitingVerification
  | CouponRedemptionReleased
  | CouponRedemptionVoided
  | CouponRedemptionRoChanged
  | IssuedCouponWithdrawn
  | IssuedCouponReinstated;

export const ISSUED_COUPON_EVENT_TYPES = [
  'CouponRedeemed',
  'CouponRedemptionAwaitingVerification',
  'CouponRedemptionReleased',
  'CouponRedemptionVoided',
  'CouponRedemptionRoChanged',
  'IssuedCouponWithdrawn',
  'IssuedCouponReinstated',
] as const;
