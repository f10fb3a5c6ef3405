/**
 * What the pack-sale commands look up before deciding: the pack and its coupons (their own
 * streams, the source of truth: a read model could lag an edit made a moment ago), the
 * customer's Tax Exempt switch (the customer stream), the location and the sale RO (the DMS
 * reference tables), and the sale's used coupons (their issued-coupon streams, issue 12).
 */
import { issuedCouponDecider } from '@dealer/domain/coupon-redemption/decide';
import {
  customerStreamId,
  issuedCouponStreamId,
  PACK_SALE_LIMITS,
} from '@dealer/contracts';
import { load, type EventStore, type Sql } from '@dealer/platform';
import { customerDecider } from '@dealer/domain/customer/decider';
import type { CustomerState } from '@dealer/domain/customer/customer';
import { issuedCouponStreamStatus } from '@dealer/domain/coupon-redemption/state';
import type { PackSaleState } from '@dealer/domain/pack-sale/state';

// The pack, its coupons and the location: shared with the online orders' payment outcomes (platform).
export { loadPackState, loadPackWithCoupons, loadSaleLocation, type SaleLocationRecord } from '@dealer/platform/online-orders/sale-inputs';

/** The customer's Tax Exempt switch; null when there is no such customer. */
export async function loadCustomerTaxExempt(store: EventStore, customerId: string): Promise<boolean | null> {
  return taxExemptIn((await load(store, customerStreamId(customerId), customerDecider)).state);
}

/** loadCustomerTaxExempt on a customer stream already read. */
export function taxExemptIn(state: CustomerState): boolean | null {
  if (state.status !== 'active') return null;
  return state.profile.isTaxExempt === true;
}

export interface SaleRo {
  /** closed: the import has a close date; open: imported without one; unknown: not imported yet. */
  status: 'open' | 'closed' | 'unknown';
  mileage: number | null;
}

/** The sale RO's state in the DMS data (ref.repair_orders). */
export async function loadSaleRo(sql: Sql, locationId: number, roNumber: string): Promise<SaleRo> {
  const [row] = await sql<{ closed: boolean; mileage: number | null }[]>`
    select close_date is not null as closed, mileage from ref.repair_orders where location_id = ${locationId} and ro_number = ${roNumber}`;
  if (!row) return { status: 'unknown', mileage: null };
  const mileage = row.mileage !== null && Number.isInteger(row.mileage) && row.mileage >= 0 && row.mileage <= PACK_SALE_LIMITS.mileageMax ? row.mileage : null;
  return { status: row.closed ? 'closed' : 'open', mileage };
}

/**
 * The sale's issued coupons that are used: redeemed, or held for a customer's verification
 * (their own streams, issue 12). The void decider refuses a sale with any of these; the void
 * service then withdraws each coupon on its stream, which closes the race with a redemption.
 */
export async function usedCouponIdsOf(deps: { store: EventStore; sql: Sql }, sale: PackSaleState): Promise<string[]> {
  const states = await Promise.all(
    sale.coupons.map(async (c) => (await load(deps.store, issuedCouponStreamId(c.issuedCouponId), issuedCouponDecider)).state),
  );
  return sale.coupons.filter((_, i) => issuedCouponStreamStatus(states[i]!) === 'redeemed' || issuedCouponStreamStatus(states[i]!) === 'awaiting-verification').map((c) => c.issuedCouponId);
}
