/**
 * Events of coupons, packs and pack sales for the read-side projection tests, built with
 * contracts' own rules (stand-alone values, expiry and value allocation), and a helper that
 * runs one projection over the store as the runner does (applyBatchTransactionally: parking
 * included).
 */
import { randomUUID } from 'node:crypto';
import {
  cents,
  couponStreamId,
  issueCoupons,
  packSaleStreamId,
  packStreamId,
  standAloneValue,
  type CouponTerms,
  type PackSnapshot,
  type PackSold,
  type PackTerms,
} from '@dealer/contracts';
import { couponTerms as sharedCouponTerms } from '@dealer/contracts/coupons/test-fixtures';
import { systemContext, toNewEvents, type EventStore, type Sql } from '@dealer/platform';
import type { Projection } from '../../projection';
import { applyBatchTransactionally } from '../../runner';
import { ensureProjectionSchema } from '../../schema-setup';

export const couponTerms = (name: string, overrides: Partial<CouponTerms> = {}): CouponTerms =>
  sharedCouponTerms({ name, description: `${name} at a fixed price`, locationIds: [1], ...overrides });

export const packTerms = (name: string, overrides: Partial<PackTerms> = {}): PackTerms => ({
  name,
  description: `${name}, a year of care`,
  price: cents(19900),
  locationIds: [1, 2],
  termMonths: 24,
  termMileage: 30000,
  ...overrides,
});

/** Appends events to a stream as an actor (the metadata time is now). */
export async function append(store: EventStore, stream: string, events: { type: string; data: unknown }[], actor = 'user:test') {
  return store.appendToStream(stream, toNewEvents(events, systemContext(actor)));
}

export const couponStream = couponStreamId;
export const packStream = packStreamId;
export const saleStream = packSaleStreamId;

/** A PackSold of `items` (coupon id, terms, quantity) at a location in Denver, sold on `soldOn`. */
export function packSold(input: {
  customerId: string;
  items: { couponId: string; terms: CouponTerms; quantity: number }[];
  soldOn?: string;
  status?: 'pending' | 'final';
  saleRoNumber?: string;
  locationId?: number;
  soldBy?: string;
  price?: number;
}): PackSold['data'] {
  const saleId = randomUUID();
  const soldOn = input.soldOn ?? '2026-03-10';
  const timeZone = 'America/Denver';
  const pack: PackSnapshot = {
    packId: randomUUID(),
    name: 'Care Pack',
    description: 'A year of care',
    listPrice: cents(19900),
    termMonths: 24,
    termMileage: 30000,
    locationIds: [1, 2],
    items: input.items.map((i) => ({ couponId: i.couponId, quantity: i.quantity, coupon: i.terms, standAloneValue: standAloneValue(i.terms.value) })),
  };
  const price = cents(input.price ?? 19900);
  const tax = cents(Math.round((price * 881) / 10000));
  return {
    saleId,
    customerId: input.customerId,
    pack,
    locationId: input.locationId ?? 1,
    timeZone,
    saleRoNumber: input.saleRoNumber ?? '9900001',
    soldAt: `${soldOn}T17:00:00.000Z`,
    soldOn,
    soldBy: input.soldBy ?? randomUUID(),
    listPrice: pack.listPrice,
    price,
    priceOverride: null,
    taxExempt: false,
    taxRateBasisPoints: 881,
    tax,
    total: cents(price + tax),
    status: input.status ?? 'pending',
    mileageAtSale: 41000,
    mileageLimit: 71000,
    coupons: issueCoupons({ pack, price, soldOn, timeZone, newId: randomUUID }),
  };
}

/** Applies everything stored after the projection's checkpoint, as the runner does; returns how many events it parked. */
export async function catchUp(sql: Sql, store: EventStore, projection: Projection): Promise<number> {
  await ensureProjectionSchema(sql, projection);
  let parked = 0;
  for (;;) {
    const [row] = await sql<{ position: string }[]>`select position from checkpoints where name = ${projection.name}`;
    const events = await store.readAll({ after: Number(row!.position), maxCount: 500 });
    if (events.length === 0) return parked;
    parked += (await applyBatchTransactionally(sql, projection, events)).parked;
  }
}
