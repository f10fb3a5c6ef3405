/**
 * Events of coupons, packs, pack sales and issued coupons (redemptions, issue 12) for the
 * read-side projection tests, built with contracts' own rules (stand-alone values, expiry and
 * value allocation, local dates), and a helper that
 * runs one projection over the store as the runner does (applyBatchTransactionally: parking
 * included).
 */
import { randomUUID } from 'node:crypto';
import {
  cents,
  couponStreamId,
  issueCoupons,
  issuedCouponStreamId,
  localDateOf,
  packSaleStreamId,
  packStreamId,
  standAloneValue,
  type CouponRedeemed,
  type CouponTerms,
  type LaborType,
  type Money,
  type PackSnapshot,
  type PackSold,
  type PackTerms,
  type RedemptionFacts,
} from '@dealer/contracts';
import { couponTerms as sharedCouponTerms } from '@dealer/contracts/coupons/test-fixtures';
import { systemContext, toNewEvents, type EventStore, type Sql } from '@dealer/platform';
import type { Projection } from '../projection';
import { applyBatchTransactionally } from '@dealer/projector/runner';
import { ensureProjectionSchema } from '@dealer/projector/schema-setup';

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
export const issuedCouponStream = issuedCouponStreamId;

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

/** The facts of a redemption of `sold`'s coupon number `index` at location 1's RO `roNumber`, line 1 (op code OIL, customer pay). */
export function redemptionFacts(
  sold: PackSold['data'],
  index: number,
  input: { roNumber?: string; locationId?: number; amount?: Money; redeemedBy?: string; requestedAt?: string; opCode?: string; laborType?: LaborType } = {},
): RedemptionFacts {
  const coupon = sold.coupons[index];
  if (!coupon) throw new Error(`The sale has no coupon number ${index}.`);
  const terms = sold.pack.items.find((i) => i.couponId === coupon.couponId)!.coupon;
  return {
    redemptionId: randomUUID(),
    issuedCouponId: coupon.issuedCouponId,
    couponId: coupon.couponId,
    couponName: terms.name,
    saleId: sold.saleId,
    customerId: sold.customerId,
    soldLocationId: sold.locationId,
    locationId: input.locationId ?? 1,
    timeZone: 'America/Denver',
    roNumber: input.roNumber ?? '5500001',
    line: { jobId: 1, lineNo: 1, opCode: input.opCode ?? 'OIL', laborType: input.laborType ?? 'C', lineTotal: cents(8000) },
    amount: input.amount ?? cents(3999),
    allocatedValue: coupon.allocatedValue,
    redeemedBy: input.redeemedBy ?? randomUUID(),
    requestedAt: input.requestedAt ?? '2026-04-01T16:00:00.000Z',
  };
}

/** A CouponRedeemed of those facts at `redeemedAt` (directly, or after the verification `verificationId`). */
export function couponRedeemed(facts: RedemptionFacts, redeemedAt = facts.requestedAt, verificationId: string | null = null): CouponRedeemed {
  return {
    type: 'CouponRedeemed',
    data: { ...facts, redeemedAt, redeemedOn: localDateOf(new Date(redeemedAt), facts.timeZone), via: verificationId ? 'verification' : 'direct', redemptionVerificationId: verificationId },
  };
}
