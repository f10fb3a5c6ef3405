/**
 * What the pack-sale commands look up before deciding: the pack and its coupons (their own
 * streams, the source of truth: a read model could lag an edit made a moment ago), the
 * customer's Tax Exempt switch (the customer stream), the location and the sale RO (the DMS
 * reference tables), and the sale's used coupons (their issued-coupon streams, issue 12).
 */
import {
  couponStreamId,
  customerStreamId,
  evolveCoupon,
  evolveIssuedCoupon,
  initialIssuedCouponState,
  issuedCouponStreamId,
  issuedCouponStreamStatus,
  evolvePack,
  initialCouponState,
  initialPackState,
  packStreamId,
  PACK_SALE_LIMITS,
  type CouponDefinitionState,
  type PackSaleState,
  type PackState,
} from '@dealer/contracts';
import type { EventStore, Sql } from '@dealer/platform';
import { customerDecider } from '@dealer/domain/customer/decider';
import type { SaleLocation } from '@dealer/domain/pack-sale/decide';

export interface SaleLocationRecord extends SaleLocation {
  /** The location's sales tax rate in basis points (ref.locations.sales_tax_rate_bp). */
  salesTaxRateBasisPoints: number;
}

/** The pack as its stream says now; null when there is no such pack. */
export async function loadPackState(store: EventStore, packId: string): Promise<PackState | null> {
  return (await store.readStream(packStreamId(packId))).reduce(evolvePack, initialPackState());
}

/** Each coupon's definition by id (null for a coupon that has no stream). */
export async function loadCouponStates(store: EventStore, couponIds: readonly string[]): Promise<Record<string, CouponDefinitionState | null>> {
  const unique = [...new Set(couponIds)];
  const states = await Promise.all(unique.map(async (id) => (await store.readStream(couponStreamId(id))).reduce(evolveCoupon, initialCouponState())));
  return Object.fromEntries(unique.map((id, i) => [id, states[i] ?? null]));
}

/** The customer's Tax Exempt switch; null when there is no such customer. */
export async function loadCustomerTaxExempt(store: EventStore, customerId: string): Promise<boolean | null> {
  const state = (await store.readStream(customerStreamId(customerId))).reduce(customerDecider.evolve, customerDecider.initialState());
  if (state.status !== 'active') return null;
  return state.profile.isTaxExempt === true;
}

/**
 * The location as the DMS locations list has it. A location that is not in the list is
 * answered as one that does not use the CRM (the decider refuses it with that message).
 */
export async function loadSaleLocation(sql: Sql, locationId: number): Promise<SaleLocationRecord> {
  const [row] = await sql<{ is_using_crm: boolean; time_zone: string | null; sales_tax_rate_bp: number }[]>`
    select is_using_crm, time_zone, sales_tax_rate_bp from ref.locations where location_id = ${locationId}`;
  if (!row) return { locationId, isUsingCrm: false, timeZone: null, salesTaxRateBasisPoints: 0 };
  return { locationId, isUsingCrm: row.is_using_crm, timeZone: row.time_zone, salesTaxRateBasisPoints: row.sales_tax_rate_bp };
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
    sale.coupons.map(async (c) => (await deps.store.readStream(issuedCouponStreamId(c.issuedCouponId))).reduce(evolveIssuedCoupon, initialIssuedCouponState())),
  );
  return sale.coupons.filter((_, i) => issuedCouponStreamStatus(states[i]!) === 'redeemed' || issuedCouponStreamStatus(states[i]!) === 'awaiting-verification').map((c) => c.issuedCouponId);
}
