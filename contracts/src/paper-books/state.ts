/**
 * The state of one paper book's stream (pure; shared by the decider, the projection and the
 * query side so every part agrees on "used" and "converted").
 */
import type { PaperBookConverted, PaperBookEvent, PaperBookRegistered, PaperCouponRedeemed } from './events';

export interface PaperBookState {
  book: PaperBookRegistered['data'] | null;
  /** The live redemption of each paper coupon number (voided ones removed). */
  redemptions: Record<number, PaperCouponRedeemed['data']>;
  /** Redemption ids ever voided (a void retried answers the same). */
  voidedRedemptionIds: string[];
  conversion: PaperBookConverted['data'] | null;
}

export const initialPaperBookState = (): PaperBookState => ({ book: null, redemptions: {}, voidedRedemptionIds: [], conversion: null });

export function evolvePaperBook(state: PaperBookState, event: { type: string; data: unknown }): PaperBookState {
  const e = event as PaperBookEvent;
  switch (e.type) {
    case 'PaperBookRegistered':
      return { ...state, book: e.data };
    case 'PaperCouponRedeemed':
      return { ...state, redemptions: { ...state.redemptions, [e.data.paperCouponNumber]: e.data } };
    case 'PaperCouponRedemptionVoided': {
      const current = state.redemptions[e.data.paperCouponNumber];
      if (!current || current.redemptionId !== e.data.redemptionId) return state;
      const { [e.data.paperCouponNumber]: _gone, ...rest } = state.redemptions;
      return { ...state, redemptions: rest, voidedRedemptionIds: [...state.voidedRedemptionIds, e.data.redemptionId] };
    }
    case 'PaperBookConverted':
      return { ...state, conversion: e.data };
    default:
      return state;
  }
}

export type PaperCouponStatus = 'available' | 'redeemed' | 'expired' | 'converted' | 'void';

/**
 * What a paper coupon is now: redeemed (a live redemption), converted (moved to the digital pack),
 * void (the book was converted and this one was not moved: used or expired then), expired (past
 * the end of its last local day), or available.
 */
export function paperCouponStatus(state: PaperBookState, number: number, now: Date): PaperCouponStatus {
  if (state.redemptions[number]) return 'redeemed';
  if (state.conversion) return state.conversion.convertedCouponNumbers.includes(number) ? 'converted' : 'void';
  const coupon = state.book?.coupons.find((c) => c.number === number);
  if (coupon && now.getTime() > Date.parse(coupon.expiresAt)) return 'expired';
  return 'available';
}
