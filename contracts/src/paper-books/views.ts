/**
 * What the paper-book routes answer (issue 12). Money is integer cents; local dates 'YYYY-MM-DD';
 * SPEC 3's envelope `{dataSet, metaData}`.
 *
 * Routes (access resource in brackets; see contracts/src/auth/access.ts):
 *   GET  /api/paper-books/{bookNumber}                                        [paper-books] -> PaperBookView (404: not-found-in-system)
 *   POST /api/paper-books        PaperBookLookupRequest                        [paper-books] -> 201 PaperBookAnswer (404: book-ro-not-found; 200 when already registered alike)
 *   POST /api/paper-books/{bookNumber}/redemptions   PaperRedemptionRequest    [paper-book-redemptions] -> 201 PaperRedemptionAnswer
 *   POST /api/paper-books/{bookNumber}/redemptions/{redemptionId}/void {reason} [paper-book-redemption-voids] -> PaperRedemptionAnswer
 *   POST /api/paper-books/{bookNumber}/conversion    {customerId}              [paper-book-conversions] -> 201 PaperConversionAnswer
 *
 * Books are also imported from the dealership's records: `npm run import:paper-books -- FILE`.
 */
import type { CouponTerms } from '../coupons/definition';
import type { LocalDate } from '../coupons/expiry';
import type { LaborType } from '../repair-orders/ro-records';
import type { Money } from '../money/index';
import type { PaperBookSource } from './events';

/** What a paper coupon is now (the domain's `paperCouponStatus` decides it). */
export type PaperCouponStatus = 'available' | 'redeemed' | 'expired' | 'converted' | 'void';

export interface PaperCouponRedemptionView {
  redemptionId: string;
  locationId: number;
  locationName: string | null;
  roNumber: string;
  opCode: string;
  laborType: LaborType;
  amount: Money;
  redeemedAt: string;
  redeemedBy: string;
  redeemedByName: string | null;
}

export interface PaperCouponView {
  number: number;
  couponId: string;
  name: string;
  description: string | null;
  opCodes: string[];
  value: CouponTerms['value'];
  laborTypes: CouponTerms['laborTypes'];
  locationIds: number[];
  locationNames: (string | null)[];
  expiresOn: LocalDate;
  expiresAt: string;
  allocatedValue: Money;
  status: PaperCouponStatus;
  redemption: PaperCouponRedemptionView | null;
}

export interface PaperBookConversionView {
  customerId: string;
  customerName: string | null;
  saleId: string;
  convertedCount: number;
  convertedValue: Money;
  convertedAt: string;
  by: string;
  byName: string | null;
}

export interface PaperBookView {
  bookNumber: string;
  id: string;
  packId: string;
  packName: string;
  packDescription: string | null;
  locationId: number;
  locationName: string | null;
  saleRoNumber: string;
  soldOn: LocalDate;
  price: Money;
  source: PaperBookSource;
  registeredAt: string;
  status: 'open' | 'converted';
  conversion: PaperBookConversionView | null;
  coupons: PaperCouponView[];
  /** The book stream's revision. */
  revision: number;
}

/** dataSet of POST /api/paper-books (metaData carries the position to wait for). */
export interface PaperBookAnswer {
  id: string;
  bookNumber: string;
  revision: number;
  /** False when the book was already in the system alike (a retry or a second lookup). */
  created: boolean;
  message: string;
}

/** dataSet of a paper redemption or its void (amount: what the redemption took off; 0 for a void). */
export interface PaperRedemptionAnswer {
  id: string;
  redemptionId: string;
  bookNumber: string;
  paperCouponNumber: number;
  status: 'redeemed' | 'voided';
  amount: Money;
  revision: number;
  message: string;
}

/** dataSet of a conversion (a retry for the same customer answers the same, 201). */
export interface PaperConversionAnswer {
  id: string;
  bookNumber: string;
  saleId: string;
  customerId: string;
  convertedCount: number;
  /** The converted coupons' allocated value: the digital pack sale's price. */
  convertedValue: Money;
  /** sent: a registration message went to the customer's e-mail; registered: they already have an account; no-email: see customer-no-email. */
  registration: 'sent' | 'registered' | 'no-email';
  revision: number;
  message: string;
}
