/**
 * Events of one pack sale (stream `pack-sale-{saleId}`). A sale records the terms it was sold
 * with (a snapshot of the pack and of each coupon's terms), so later catalogue edits never
 * change what the customer bought. Everything reports need is in the data: location of sale,
 * RO, seller, list and charged price, tax, each issued coupon's allocated value and expiry.
 * The event's metadata also carries who (actor) and when (time).
 */
import type { CouponTerms } from '../coupons/definition';
import type { LocalDate } from '../coupons/expiry';
import type { BasisPoints, Money } from '../money/index';

export const packSaleStreamId = (saleId: string) => `pack-sale-${saleId}`;

/** One coupon of the pack as it was when sold. */
export interface SoldPackItem {
  couponId: string;
  quantity: number;
  coupon: CouponTerms;
  /** Stand-alone value of one such coupon at the time of sale (the allocation weight). */
  standAloneValue: Money;
}

/** The pack as it was when sold. */
export interface PackSnapshot {
  packId: string;
  name: string;
  description: string | null;
  listPrice: Money;
  termMonths: number;
  termMileage: number | null;
  locationIds: number[];
  items: SoldPackItem[];
}

/** One coupon the sale gave the customer. */
export interface IssuedCoupon {
  issuedCouponId: string;
  couponId: string;
  /** The last local day it is good (in the sale location's zone). */
  expiresOn: LocalDate;
  /** The end of that day in the sale location's zone (ISO instant). */
  expiresAt: string;
  /** Its share of the price (before tax) by stand-alone value; the issued coupons add up to the price. */
  allocatedValue: Money;
}

export type PackSaleStatus = 'pending' | 'final';

export interface PackSold {
  type: 'PackSold';
  data: {
    saleId: string;
    customerId: string;
    pack: PackSnapshot;
    /** Location of sale and its IANA time zone (the zone of every expiry). */
    locationId: number;
    timeZone: string;
    saleRoNumber: string;
    soldAt: string;
    /** The local date of the sale in the location's zone. */
    soldOn: LocalDate;
    /** The employee who sold it (userId), as in the metadata's actor. */
    soldBy: string;
    listPrice: Money;
    /** What the customer pays before tax. */
    price: Money;
    /** Set when a manager changed the price: why (who is soldBy). */
    priceOverride: { reason: string } | null;
    taxExempt: boolean;
    /** The location's sales tax rate applied (0 when exempt). */
    taxRateBasisPoints: BasisPoints;
    tax: Money;
    /** price + tax */
    total: Money;
    /** Pending while the sale RO is open in the DMS data (or not imported yet). */
    status: PackSaleStatus;
    /** The vehicle's mileage on the sale RO, when known, and the mileage the term ends at. */
    mileageAtSale: number | null;
    mileageLimit: number | null;
    coupons: IssuedCoupon[];
    /**
     * Set when the sale is a paper book converted to the digital pack (issue 12): the price is the
     * converted coupons' allocated value, no tax; the money was taken when the book was sold on
     * paper, so sales reports count it as a conversion, not as a sale.
     */
    paperBookNumber?: string;
    /** Set when the customer bought the pack online (issue 13): the order it paid, refunded through the provider on a void. */
    onlineOrderId?: string;
  };
}

export interface PackSaleFinalised {
  type: 'PackSaleFinalised';
  /** `ro-closed`: an import showed the sale RO closed; `manager`: a manager finalised it. */
  data: { saleId: string; customerId: string; via: 'ro-closed' | 'manager'; finalisedAt: string; by: string };
}

export interface PackSaleLocationCorrected {
  type: 'PackSaleLocationCorrected';
  data: {
    saleId: string;
    customerId: string;
    fromLocationId: number;
    toLocationId: number;
    timeZone: string;
    reason: string;
    by: string;
    correctedAt: string;
    /** Expiry instants in the new location's zone (the local dates stay). */
    coupons: { issuedCouponId: string; expiresAt: string }[];
  };
}

export interface PackSaleVoided {
  type: 'PackSaleVoided';
  data: {
    saleId: string;
    customerId: string;
    locationId: number;
    reason: string;
    /** The manager who voided it. */
    by: string;
    voidedAt: string;
    /** What goes back to the customer: the whole total, tax included. */
    refund: Money;
    refundTax: Money;
    voidedCouponIds: string[];
    /** The status the sale had when voided. */
    wasStatus: PackSaleStatus;
  };
}

export type PackSaleEvent = PackSold | PackSaleFinalised | PackSaleLocationCorrected | PackSaleVoided;
export const PACK_SALE_EVENT_TYPES = ['PackSold', 'PackSaleFinalised', 'PackSaleLocationCorrected', 'PackSaleVoided'] as const;
