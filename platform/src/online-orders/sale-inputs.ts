/**
 * What a pack sale is decided on, read where it is kept: the pack and its coupons (their own
 * streams, the source of truth: a read model could lag an edit made a moment ago) and the
 * location (the DMS locations list). Shared by the command API's sales and the online orders'
 * payment outcomes, which the workers' abandoned-order sweep records too.
 */
import { couponDecider } from '@dealer/domain/coupon/decide';
import { packDecider } from '@dealer/domain/pack/decide';
import { load } from '../command-handling';
import {
  couponStreamId,
  packStreamId,
} from '@dealer/contracts';
import type { SaleLocation } from '@dealer/domain/pack-sale/decide';
import type { EventStore } from '../event-store/port';
import type { Sql } from '../db/postgres';
import { type CouponDefinitionState } from '@dealer/domain/coupon/state';
import { type PackState } from '@dealer/domain/pack/state';

export interface SaleLocationRecord extends SaleLocation {
  /** The location's sales tax rate in basis points (ref.locations.sales_tax_rate_bp). */
  salesTaxRateBasisPoints: number;
}

/** The pack as its stream says now; null when there is no such pack. */
export async function loadPackState(store: EventStore, packId: string): Promise<PackState | null> {
  return (await load(store, packStreamId(packId), packDecider)).state;
}

/** Each coupon's definition by id (null for a coupon that has no stream). */
export async function loadCouponStates(store: EventStore, couponIds: readonly string[]): Promise<Record<string, CouponDefinitionState | null>> {
  const unique = [...new Set(couponIds)];
  const states = await Promise.all(unique.map(async (id) => (await load(store, couponStreamId(id), couponDecider)).state));
  return Object.fromEntries(unique.map((id, i) => [id, states[i] ?? null]));
}

/** The pack and its coupons' definitions (read once the pack's items are known). */
export async function loadPackWithCoupons(store: EventStore, packId: string): Promise<{ pack: PackState | null; coupons: Record<string, CouponDefinitionState | null> }> {
  const pack = await loadPackState(store, packId);
  return { pack, coupons: await loadCouponStates(store, pack?.items.map((i) => i.couponId) ?? []) };
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
