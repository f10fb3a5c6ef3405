/**
 * Redemptions on ROs that the DMS data later shows voided (issue 12, DOMAIN "A voided RO in the
 * DMS data should flag its redemptions for review"). The list is derived: a live redemption
 * (digital or paper) whose RO has a voidDate in the DMS data and that no manager marked kept.
 * A manager either voids the redemption (the usual void routes; it leaves the list) or keeps it
 * with a note: `RedemptionReviewKept` on stream `redemption-review-{redemptionId}`.
 *
 * Routes:
 *   GET  /api/coupon-redemption-reviews?locationId=          [coupon-redemption-reviews] -> VoidedRoRedemptionView[]
 *   POST /api/coupon-redemption-reviews  {redemptionId, note} [coupon-redemption-reviews] -> 201 {id, message}
 */
import { checkReason } from '../packs/sale-rules';
import type { LaborType } from '../repair-orders/ro-records';
import type { Money } from '../money/index';

export const redemptionReviewStreamId = (redemptionId: string) => `redemption-review-${redemptionId}`;

export interface RedemptionReviewKept {
  type: 'RedemptionReviewKept';
  data: {
    redemptionId: string;
    kind: 'coupon' | 'paper';
    /** The issued coupon (digital) or the paper coupon's id. */
    issuedCouponId: string;
    bookNumber: string | null;
    locationId: number;
    roNumber: string;
    note: string;
    by: string;
    keptAt: string;
  };
}

export type RedemptionReviewEvent = RedemptionReviewKept;
export const REDEMPTION_REVIEW_EVENT_TYPES = ['RedemptionReviewKept'] as const;

export interface VoidedRoRedemptionView {
  redemptionId: string;
  kind: 'coupon' | 'paper';
  /** The digital coupon (void it through /api/coupon-redemptions/{issuedCouponId}/void), or the paper coupon's id. */
  issuedCouponId: string;
  /** Paper: the book and the coupon number (void through /api/paper-books/{bookNumber}/redemptions/{redemptionId}/void). */
  bookNumber: string | null;
  paperCouponNumber: number | null;
  customerId: string | null;
  customerName: string | null;
  couponName: string;
  locationId: number;
  locationName: string | null;
  roNumber: string;
  /** The RO's voidDate in the DMS data. */
  roVoidDate: string;
  opCode: string;
  laborType: LaborType;
  amount: Money;
  redeemedAt: string;
  redeemedBy: string;
  redeemedByName: string | null;
}

export const REDEMPTION_REVIEW_MESSAGES = {
  noteRequired: 'A note is required.',
  redemptionRequired: 'Choose a redemption.',
  notFound: 'Redemption not found.',
  notOnVoidedRo: 'This redemption is not on a voided RO, or it was voided or reviewed already.',
  kept: 'Kept the redemption and removed it from the review list.',
} as const;

export function checkRedemptionReviewRequest(input: unknown): { ok: true; value: { redemptionId: string; note: string } } | { ok: false; errors: string[]; fields: Record<string, string> } {
  const body = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const fields: Record<string, string> = {};
  const redemptionId = typeof body.redemptionId === 'string' && body.redemptionId.trim().length > 0 && body.redemptionId.trim().length <= 64 ? body.redemptionId.trim() : null;
  if (!redemptionId) fields.redemptionId = REDEMPTION_REVIEW_MESSAGES.redemptionRequired;
  const note = checkReason(body.note, REDEMPTION_REVIEW_MESSAGES.noteRequired);
  if ('error' in note) fields.note = note.error;
  return Object.keys(fields).length > 0 ? { ok: false, errors: Object.values(fields), fields } : { ok: true, value: { redemptionId: redemptionId!, note: (note as { value: string }).value } };
}

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;

/** JSON schema of VoidedRoRedemptionView for the query service's response serialisation. */
export const voidedRoRedemptionSchema = {
  type: 'object',
  properties: {
    redemptionId: str, kind: { type: 'string', enum: ['coupon', 'paper'] }, issuedCouponId: str, bookNumber: strOrNull,
    paperCouponNumber: { type: ['integer', 'null'] }, customerId: strOrNull, customerName: strOrNull, couponName: str,
    locationId: int, locationName: strOrNull, roNumber: str, roVoidDate: str, opCode: str, laborType: str, amount: int,
    redeemedAt: str, redeemedBy: str, redeemedByName: strOrNull,
  },
} as const;
