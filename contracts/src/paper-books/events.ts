/**
 * Events of one paper coupon book (issue 12), stream `paper-book-{bookNumber}` (the normalised
 * book number). Before this product, stores sold printed books of coupons; a book gets into the
 * system by import (the dealership's records of sold books) or found by its sale RO in the DMS
 * data, with the pack it was printed from snapshotted as for a digital sale (PackSnapshot).
 *
 * One stream per book makes "a paper coupon number is used once", "a converted book cannot be
 * converted again" and "no paper coupon of a converted book is redeemed" check-and-append steps
 * with the stream's expected revision. A paper redemption also claims its line and amount on
 * the RO's coupon ledger (ro-ledger.ts) like a digital one, under the paper coupon's own id
 * (`paperCouponId`) with `paperBookNumber` set, so the RO's caps count paper and digital alike.
 *
 * Like the issued coupon's events, the data is flat and carries what reports need: the book's
 * location of sale and the redeeming location, the RO and line, the discount given and the
 * paper coupon's allocated share of the book's price. No personal data.
 */
import type { LocalDate } from '../coupons/expiry';
import type { Money } from '../money/index';
import type { RedeemedLine } from '../coupon-redemptions/events';
import type { PackSnapshot } from '../packs/sale-events';

export const paperBookStreamId = (bookNumber: string) => `paper-book-${bookNumber}`;

/** One printed coupon of a book: numbered 1..n in the pack's order (item by item, unit by unit). */
export interface PaperCoupon {
  number: number;
  /** Deterministic id (`deterministicUuid('paper-coupon:{bookNumber}:{number}')`): the RO-ledger claim's issuedCouponId. */
  paperCouponId: string;
  couponId: string;
  /** Its last local day (the coupon's validity cut off at the pack's term, from the book's sale date). */
  expiresOn: LocalDate;
  /** The end of that day in the selling location's zone. */
  expiresAt: string;
  /** Its share of the book's price by stand-alone value (the shares add up to the price). */
  allocatedValue: Money;
}

export type PaperBookSource = 'import' | 'dms-ro';

export interface PaperBookRegistered {
  type: 'PaperBookRegistered';
  data: {
    bookNumber: string;
    pack: PackSnapshot;
    /** Where the book was sold, and that location's zone (every expiry's zone). */
    locationId: number;
    timeZone: string;
    saleRoNumber: string;
    soldOn: LocalDate;
    /** What the customer paid for the book before tax (the import's price, or the pack's list price). */
    price: Money;
    source: PaperBookSource;
    /** The employee (userId) who found it by its sale RO, or 'import'. */
    registeredBy: string;
    registeredAt: string;
    coupons: PaperCoupon[];
  };
}

export interface PaperCouponRedeemed {
  type: 'PaperCouponRedeemed';
  data: {
    bookNumber: string;
    redemptionId: string;
    paperCouponNumber: number;
    paperCouponId: string;
    couponId: string;
    couponName: string;
    /** Where the book was sold (holds the money) and where the coupon was redeemed (did the work). */
    soldLocationId: number;
    locationId: number;
    timeZone: string;
    roNumber: string;
    line: RedeemedLine;
    amount: Money;
    allocatedValue: Money;
    redeemedBy: string;
    redeemedAt: string;
    redeemedOn: LocalDate;
  };
}

/** A compensating event: the paper coupon is usable again (unless its book was converted since). */
export interface PaperCouponRedemptionVoided {
  type: 'PaperCouponRedemptionVoided';
  data: {
    bookNumber: string;
    redemptionId: string;
    paperCouponNumber: number;
    paperCouponId: string;
    couponId: string;
    locationId: number;
    roNumber: string;
    amount: Money;
    allocatedValue: Money;
    reason: string;
    by: string;
    voidedAt: string;
  };
}

/** The book's unused, unexpired coupons became the customer's digital pack (pack sale `saleId`). */
export interface PaperBookConverted {
  type: 'PaperBookConverted';
  data: {
    bookNumber: string;
    customerId: string;
    /** Deterministic (`deterministicUuid('paper-conversion:{bookNumber}')`): a retry completes the same sale. */
    saleId: string;
    convertedCouponNumbers: number[];
    /** Allocated value of the converted coupons: the liability moved from paper to the digital pack. */
    convertedValue: Money;
    by: string;
    convertedAt: string;
  };
}

export type PaperBookEvent = PaperBookRegistered | PaperCouponRedeemed | PaperCouponRedemptionVoided | PaperBookConverted;
export const PAPER_BOOK_EVENT_TYPES = ['PaperBookRegistered', 'PaperCouponRedeemed', 'PaperCouponRedemptionVoided', 'PaperBookConverted'] as const;
