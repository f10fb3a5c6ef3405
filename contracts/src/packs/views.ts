/**
 * What the coupon, pack and pack-sale routes answer (issue 11): one definition for the query
 * API, the command API and the web client. Money is integer cents (Money); dates are ISO
 * strings; local dates are 'YYYY-MM-DD'. Every answer is SPEC 3's envelope `{dataSet, metaData}`.
 *
 * Routes (access resource in brackets; see contracts/src/auth/access.ts):
 *   GET  /api/coupons?search=&status=&locationId=&$limit=&$offset=   [coupons]  -> CouponView[] + PageMeta
 *   GET  /api/coupons/{id}                                           [coupons]  -> CouponView
 *   POST /api/coupons                 CouponTerms input               [coupons]  -> 201 CommandAnswer
 *   PUT  /api/coupons/{id}            CouponTerms + expectedRevision  [coupons]  -> CommandAnswer (428 without expectedRevision)
 *   POST /api/coupons/{id}/disable    {reason?}                       [coupons]  -> CommandAnswer
 *   POST /api/coupons/{id}/enable     {}                              [coupons]  -> CommandAnswer
 *   GET  /api/packs?search=&status=&locationId=&$limit=&$offset=     [packs]    -> PackView[] + PageMeta
 *   GET  /api/packs/{id}                                             [packs]    -> PackView
 *   POST /api/packs                   PackTerms + items[]             [packs]    -> 201 CommandAnswer
 *   PUT  /api/packs/{id}              PackTerms + expectedRevision    [packs]    -> CommandAnswer (428 without)
 *   POST /api/packs/{id}/disable      {reason?}                       [packs]    -> CommandAnswer
 *   POST /api/packs/{id}/enable       {}                              [packs]    -> CommandAnswer
 *   POST /api/packs/{id}/coupons      {couponId, quantity?}           [packs]    -> CommandAnswer
 *   DELETE /api/packs/{id}/coupons/{couponId}                         [packs]    -> CommandAnswer
 *   POST /api/pack-sales              PackSaleRequest                 [pack-sales] -> 201 CommandAnswer (+ status)
 *   POST /api/pack-sales/{id}/finalise {}                             [pack-sale-finalisations] -> CommandAnswer
 *   POST /api/pack-sales/{id}/location {locationId, reason}           [pack-sale-location-corrections] -> CommandAnswer
 *   POST /api/pack-sales/{id}/void    {reason}                        [pack-sale-voids] -> CommandAnswer
 *   GET  /api/customers/{id}/purchases                               [customer-purchases] -> PackSaleView[]
 *   GET  /api/customers/{id}/coupons                                 [customer-coupons]   -> CustomerCouponView[]
 */
import type { CouponStatus, CouponTerms } from '../coupons/definition';
import type { LocalDate } from '../coupons/expiry';
import type { LaborType } from '../repair-orders/ro-records';
import type { Money } from '../money/index';
import type { PackStatus, PackTerms } from './definition';

/** What staff see for one issued coupon (issue 11): redemption (issue 12) adds 'redeemed'. The domain's `issuedCouponStatus` decides it. */
export type IssuedCouponStatus = 'available' | 'redeemed' | 'voided' | 'expired';

/** metaData of a paged list. */
export interface PageMeta {
  total: number;
  limit: number;
  offset: number;
}

export const CATALOGUE_PAGE = { defaultLimit: 50, maxLimit: 200, maxOffset: 100_000, searchMax: 100 } as const;

/** metaData of a command: the position to wait for (read-your-writes). */
export interface CommandAnswer {
  /** The affected record's id (couponId, packId or saleId) under its own name and as `id`. */
  id: string;
  /** The stream revision after the command: the next expectedRevision of a PUT. */
  revision: number;
  /** SPEC 8's success text for the toast. */
  message: string;
}

export interface CouponView extends CouponTerms {
  couponId: string;
  id: string;
  status: CouponStatus;
  /** What one such coupon is worth on its own (the allocation weight). */
  standAloneValue: Money;
  /** Names of the honouring locations, in locationIds order (null for a location not in the DMS data). */
  locationNames: (string | null)[];
  /** Stream revision: send it back as expectedRevision on PUT. */
  revision: number;
  createdDate: string;
  modifiedDate: string;
}

export interface PackItemView {
  couponId: string;
  quantity: number;
  couponName: string;
  couponStatus: CouponStatus;
  standAloneValue: Money;
}

export interface PackView extends PackTerms {
  packId: string;
  id: string;
  status: PackStatus;
  items: PackItemView[];
  /** Sum of the items' stand-alone values times their quantities (what the coupons are worth bought one by one). */
  standAloneTotal: Money;
  locationNames: (string | null)[];
  revision: number;
  createdDate: string;
  modifiedDate: string;
}

/** One coupon a customer owns (staff's panel, issue 11; the customer's own page, issue 13). */
export interface CustomerCouponView {
  issuedCouponId: string;
  /** Issue 24: the coupon's desk code (XXXXX-XXXXX), what the customer shows at the service desk; null until the read model has it. */
  deskCode: string | null;
  saleId: string;
  couponId: string;
  /** The coupon's terms as sold (the sale's snapshot). */
  name: string;
  description: string | null;
  opCodes: string[];
  value: CouponTerms['value'];
  laborTypes: CouponTerms['laborTypes'];
  maxPerRo: number;
  maxAmountPerRo: Money | null;
  /** Where it is honoured, with names. */
  locationIds: number[];
  locationNames: (string | null)[];
  packId: string;
  packName: string;
  soldLocationId: number;
  soldLocationName: string | null;
  saleStatus: 'pending' | 'final' | 'voided';
  expiresOn: LocalDate;
  expiresAt: string;
  allocatedValue: Money;
  /**
   * 'redeemed' when its current redemption is redeemed (a voided sale still shows 'voided');
   * a coupon held for a verification stays 'available' (or 'expired') with
   * `redemption.state` 'awaiting-verification'.
   */
  status: IssuedCouponStatus;
  /** When its current redemption was redeemed; null when not redeemed (held, voided, released or never used). */
  redeemedAt: string | null;
  /** The redemption holding the coupon now (issue 12); null when none (never used, or its redemptions voided or released). */
  redemption: CustomerCouponRedemptionView | null;
}

/** The current redemption of an issued coupon: redeemed, or held for the customer's verification. */
export interface CustomerCouponRedemptionView {
  redemptionId: string;
  state: 'redeemed' | 'awaiting-verification';
  /** The redeeming location and RO (after any RO change). */
  locationId: number;
  locationName: string | null;
  roNumber: string;
  /** The RO line's op code and labour type the coupon applied to. */
  opCode: string;
  laborType: LaborType;
  /** The discount given on the line. */
  amount: Money;
  /** Null while awaiting verification. */
  redeemedAt: string | null;
  /** The employee who redeemed it (or asked, while held), and their name (null when unknown). */
  redeemedBy: string;
  redeemedByName: string | null;
}

export interface PackSaleCorrectionView {
  fromLocationId: number;
  fromLocationName: string | null;
  toLocationId: number;
  toLocationName: string | null;
  reason: string;
  by: string;
  byName: string | null;
  correctedAt: string;
}

/** One pack a customer bought (purchase history). */
export interface PackSaleView {
  saleId: string;
  /** Issue 24: the sale's desk code (XXXXX-XXXXX); null until the read model has it. */
  deskCode: string | null;
  id: string;
  customerId: string;
  packId: string;
  packName: string;
  packDescription: string | null;
  termMonths: number;
  termMileage: number | null;
  mileageAtSale: number | null;
  mileageLimit: number | null;
  locationId: number;
  locationName: string | null;
  timeZone: string;
  /** The locations that sold the pack when it was sold (where a correction may move it). */
  sellingLocationIds: number[];
  saleRoNumber: string;
  soldAt: string;
  soldOn: LocalDate;
  soldBy: string;
  soldByName: string | null;
  listPrice: Money;
  price: Money;
  priceOverrideReason: string | null;
  taxExempt: boolean;
  tax: Money;
  total: Money;
  status: 'pending' | 'final' | 'voided';
  finalisedAt: string | null;
  finalisedVia: 'ro-closed' | 'manager' | null;
  void: { reason: string; by: string; byName: string | null; at: string } | null;
  corrections: PackSaleCorrectionView[];
  coupons: CustomerCouponView[];
  /**
   * Set when the sale is a paper book converted to the digital pack (issue 12): its price is the
   * converted coupons' allocated value and there is no tax; the money was taken on paper.
   */
  paperBookNumber: string | null;
}
