/**
 * Keeping a redemption on a voided RO (issue 12): the review stream `redemption-review-{redemptionId}`
 * holds one RedemptionReviewKept per RO the redemption was kept on. Pure: the service reads the
 * redemption's own stream (the source of truth for "live" and its RO) and the DMS data first.
 */
import { REDEMPTION_REVIEW_MESSAGES as M, type RedemptionReviewKept } from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';

export interface LiveRedemption {
  redemptionId: string;
  kind: 'coupon' | 'paper';
  issuedCouponId: string;
  bookNumber: string | null;
  locationId: number;
  roNumber: string;
}

export interface KeepRedemption {
  /** The redemption as its own stream says now; null when it is not live (voided, released). */
  redemption: LiveRedemption | null;
  /** The RO's voidDate in the DMS data (null: not voided, or not in the data). */
  roVoidDate: string | null;
  note: string;
  by: string;
  now: Date;
}

export type RedemptionReviewState = RedemptionReviewKept['data'][];

export const initialRedemptionReviewState = (): RedemptionReviewState => [];

export const evolveRedemptionReview = (state: RedemptionReviewState, event: { type: string; data: unknown }): RedemptionReviewState =>
  event.type === 'RedemptionReviewKept' ? [...state, (event as RedemptionReviewKept).data] : state;

const notOnVoidedRo = () => new DomainError('conflict', [M.notOnVoidedRo], { redemptionId: M.notOnVoidedRo });

/**
 * Keep: the redemption must be live, on an RO the DMS data shows voided, and not kept on that RO.
 * The same keep again (same RO, note and manager: a retry) records nothing and answers the same.
 */
export function decideKeep(command: KeepRedemption, state: RedemptionReviewState): RedemptionReviewKept[] {
  const r = command.redemption;
  if (!r) throw notOnVoidedRo();
  const kept = state.find((k) => k.locationId === r.locationId && k.roNumber === r.roNumber);
  if (kept) {
    if (kept.note === command.note && kept.by === command.by) return [];
    throw notOnVoidedRo();
  }
  if (command.roVoidDate === null) throw notOnVoidedRo();
  return [
    {
      type: 'RedemptionReviewKept',
      data: {
        redemptionId: r.redemptionId,
        kind: r.kind,
        issuedCouponId: r.issuedCouponId,
        bookNumber: r.bookNumber,
        locationId: r.locationId,
        roNumber: r.roNumber,
        note: command.note,
        by: command.by,
        keptAt: command.now.toISOString(),
      },
    },
  ];
}

export type RedemptionReviewCommand = { type: 'KeepRedemption'; data: KeepRedemption };

/** The review stream's decider, for platform's load / decide / append. */
export const redemptionReviewDecider: Decider<RedemptionReviewState, RedemptionReviewCommand, RedemptionReviewKept> = {
  initialState: initialRedemptionReviewState,
  evolve: evolveRedemptionReview,
  decide: (command, state) => decideKeep(command.data, state),
};
