/**
 * The state of one paper book's stream (pure; shared by the decider, the projection and the
 * query side so every part agrees on "used" and "converted").
 */
import { paperBookStreamId, type PaperBookConverted, type PaperBookEvent, type PaperBookRegistered, type PaperCouponRedeemed, type PaperCouponStatus, type SoldCoupon } from '@dealer/contracts';

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

/** The live redemption with this id (null: none, or voided). */
export function paperRedemptionById(state: PaperBookState, redemptionId: string): PaperCouponRedeemed['data'] | null {
  return Object.values(state.redemptions).find((r) => r.redemptionId === redemptionId) ?? null;
}

/**
 * A paper redemption's claim on an RO's coupon ledger (ro-ledger.ts) is live while the book's
 * stream holds that redemption at that location and RO, or while it is younger than the grace
 * (the book append may be under way). The ledger's stale-claim sweep reads the book's stream
 * for claims with `paperBookNumber` instead of an issued coupon's.
 */
export function paperClaimIsLive(
  claim: { redemptionId: string; claimedAt: string },
  ro: { locationId: number; roNumber: string },
  book: PaperBookState,
  now: Date,
  graceMs: number,
): boolean {
  const r = paperRedemptionById(book, claim.redemptionId);
  if (r && r.locationId === ro.locationId && r.roNumber === ro.roNumber) return true;
  return now.getTime() - Date.parse(claim.claimedAt) < graceMs;
}

/**
 * One paper coupon as the digital rules read it (coupon-redemptions/rules.ts SoldCoupon): the
 * book's sale is final (it was sold on paper long ago), its location is the book's, its terms
 * are the snapshot's. The paper coupon's id stands in for the issued coupon's; the book stands
 * in for the sale (`saleId` is the book's stream id) and there is no customer.
 */
export function soldPaperCoupon(book: PaperBookRegistered['data'], number: number): SoldCoupon | null {
  const coupon = book.coupons.find((c) => c.number === number);
  const item = coupon && book.pack.items.find((i) => i.couponId === coupon.couponId);
  if (!coupon || !item) return null;
  return {
    issuedCouponId: coupon.paperCouponId,
    couponId: coupon.couponId,
    saleId: paperBookStreamId(book.bookNumber),
    customerId: '',
    saleStatus: 'final',
    soldLocationId: book.locationId,
    expiresOn: coupon.expiresOn,
    expiresAt: coupon.expiresAt,
    allocatedValue: coupon.allocatedValue,
    terms: item.coupon,
  };
}
