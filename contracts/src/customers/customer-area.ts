/**
 * What the customer area's own routes answer (issue 13), for the query API and the web client:
 *   GET /api/pack-offers?locationId=                 [public]                    -> PackOfferView[]
 *   GET /api/customers/{id}/service-history?$limit=&$offset=
 *                                                    [customer-service-history]  -> ServiceVisitView[] + PageMeta
 * (The customer's packs and coupons are GET /api/customers/{id}/purchases and /coupons, packs/views.ts.)
 *
 * Which repair orders are a customer's (SERVICE_HISTORY_MATCHING) is decided on the server; the
 * client only shows what it is given.
 */
import type { Money } from '../money/index';
import type { LaborType } from '../repair-orders/ro-records';

/** One coupon of a pack on offer, with how many the pack holds. */
export interface PackOfferItem {
  couponId: string;
  couponName: string;
  quantity: number;
}

/** An active pack of the dealership family, as anyone may read it (the customer's Current offers, /purchase). */
export interface PackOfferView {
  packId: string;
  name: string;
  description: string | null;
  /** List price before tax. */
  price: Money;
  /** What its coupons are worth bought one by one (0 when no coupon has a reference price). */
  standAloneTotal: Money;
  termMonths: number;
  termMileage: number | null;
  items: PackOfferItem[];
  /** The locations that sell it, with names (null for a location not in the DMS data). */
  locationIds: number[];
  locationNames: (string | null)[];
}

export const PACK_OFFERS_MAX = 200;

/**
 * How a repair order in the DMS data is matched to a customer (never by name):
 * - 'email': the RO's customer e-mail equals the customer's e-mail, and that e-mail is verified;
 * - 'phone': one of the RO's customer phones equals the customer's mobile phone, and that phone is verified;
 * - 'staff': staff tied the RO to the customer (sold them a pack that is not voided on it, or
 *   redeemed one of their coupons on it), and the RO's own contact details do not point at
 *   someone else: it carries none, or one of them is the customer's (e-mail, mobile or other
 *   phone, verified or not). An RO number typed wrong at the counter so shows nobody's visit.
 * A voided RO is not a visit and is never shown.
 */
export type ServiceVisitMatch = 'email' | 'phone' | 'staff';

/** One job (RO line) as the customer reads it: what was done and what it came to. */
export interface ServiceVisitJob {
  jobId: number;
  opCode: string;
  /** The operation's description, or what the customer asked for when the DMS gives none. */
  description: string | null;
  serviceRequest: string | null;
  laborType: LaborType;
  /** partsSale + laborSale + miscSale of the line (SPEC 3 totalCost), in cents. */
  total: Money;
}

/** One visit of the customer's service history (an RO of theirs). */
export interface ServiceVisitView {
  roNumber: string;
  locationId: number;
  locationName: string | null;
  /** DMS wall-clock times of the store ('YYYY-MM-DDTHH:MM:SS'). */
  openDate: string;
  closeDate: string | null;
  /** Still in the shop: the RO is not closed yet. */
  inProgress: boolean;
  vin: string | null;
  mileage: number | null;
  advisorName: string | null;
  jobs: ServiceVisitJob[];
  /** Sum of the jobs' totals (SPEC 3). */
  total: Money;
  /** The customer-pay jobs' part of it (warranty and internal work are not the customer's to pay). */
  customerPayTotal: Money;
  /** Why the RO is this customer's (SERVICE_HISTORY_MATCHING). */
  matchedBy: ServiceVisitMatch[];
}

export const SERVICE_HISTORY_PAGE = { defaultLimit: 10, maxLimit: 50, maxOffset: 10_000 } as const;
