/**
 * Events of paper coupon books (issue 12) for the read-side tests, built with contracts' own
 * rules: the pack snapshot's coupons numbered 1..n in the pack's order, their expiry cut off at
 * the pack's term from the book's sale date and their shares of the book's price (issueCoupons,
 * as a digital sale), and the deterministic paper coupon ids.
 */
import { randomUUID } from 'node:crypto';
import {
  cents,
  issueCoupons,
  localDateOf,
  standAloneValue,
  type CouponTerms,
  type LaborType,
  type Money,
  type PackSnapshot,
  type PaperBookConverted,
  type PaperBookRegistered,
  type PaperCouponRedeemed,
  type PaperCouponRedemptionVoided,
} from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';

/** A PaperBookRegistered of `items` (coupon id, terms, quantity) sold at a location in Denver on `soldOn`. */
export function paperBookRegistered(input: {
  bookNumber: string;
  items: { couponId: string; terms: CouponTerms; quantity: number }[];
  soldOn?: string;
  locationId?: number;
  saleRoNumber?: string;
  price?: number;
  source?: 'import' | 'dms-ro';
  registeredBy?: string;
  packId?: string;
}): PaperBookRegistered {
  const soldOn = input.soldOn ?? '2026-03-10';
  const timeZone = 'America/Denver';
  const pack: PackSnapshot = {
    packId: input.packId ?? randomUUID(),
    name: 'Paper Care Pack',
    description: 'The printed book of a year of care',
    listPrice: cents(19900),
    termMonths: 24,
    termMileage: 30000,
    locationIds: [1, 2],
    items: input.items.map((i) => ({ couponId: i.couponId, quantity: i.quantity, coupon: i.terms, standAloneValue: standAloneValue(i.terms.value) })),
  };
  const price = cents(input.price ?? 19900);
  const coupons = issueCoupons({ pack, price, soldOn, timeZone, newId: randomUUID }).map((c, i) => ({
    number: i + 1,
    paperCouponId: deterministicUuid(`paper-coupon:${input.bookNumber}:${i + 1}`),
    couponId: c.couponId,
    expiresOn: c.expiresOn,
    expiresAt: c.expiresAt,
    allocatedValue: c.allocatedValue,
  }));
  return {
    type: 'PaperBookRegistered',
    data: {
      bookNumber: input.bookNumber,
      pack,
      locationId: input.locationId ?? 1,
      timeZone,
      saleRoNumber: input.saleRoNumber ?? '8800001',
      soldOn,
      price,
      source: input.source ?? 'import',
      registeredBy: input.registeredBy ?? 'import',
      registeredAt: '2026-04-01T15:00:00.000Z',
      coupons,
    },
  };
}

/** A PaperCouponRedeemed of `book`'s coupon `number` at location 1's RO `roNumber`, line 1 (op code OIL, customer pay). */
export function paperCouponRedeemed(
  book: PaperBookRegistered,
  number: number,
  input: { roNumber?: string; locationId?: number; amount?: Money; redeemedBy?: string; redeemedAt?: string; opCode?: string; laborType?: LaborType } = {},
): PaperCouponRedeemed {
  const coupon = book.data.coupons.find((c) => c.number === number);
  if (!coupon) throw new Error(`The book has no coupon number ${number}.`);
  const terms = book.data.pack.items.find((i) => i.couponId === coupon.couponId)!.coupon;
  const redeemedAt = input.redeemedAt ?? '2026-04-02T16:00:00.000Z';
  return {
    type: 'PaperCouponRedeemed',
    data: {
      bookNumber: book.data.bookNumber,
      redemptionId: randomUUID(),
      paperCouponNumber: number,
      paperCouponId: coupon.paperCouponId,
      couponId: coupon.couponId,
      couponName: terms.name,
      soldLocationId: book.data.locationId,
      locationId: input.locationId ?? 1,
      timeZone: 'America/Denver',
      roNumber: input.roNumber ?? '5500001',
      line: { jobId: 1, lineNo: 1, opCode: input.opCode ?? 'OIL', laborType: input.laborType ?? 'C', lineTotal: cents(8000) },
      amount: input.amount ?? cents(3999),
      allocatedValue: coupon.allocatedValue,
      redeemedBy: input.redeemedBy ?? randomUUID(),
      redeemedAt,
      redeemedOn: localDateOf(new Date(redeemedAt), 'America/Denver'),
    },
  };
}

/** The void of that redemption, by `by`. */
export function paperRedemptionVoided(redeemed: PaperCouponRedeemed, by: string, voidedAt = '2026-04-02T17:00:00.000Z'): PaperCouponRedemptionVoided {
  const d = redeemed.data;
  return {
    type: 'PaperCouponRedemptionVoided',
    data: {
      bookNumber: d.bookNumber,
      redemptionId: d.redemptionId,
      paperCouponNumber: d.paperCouponNumber,
      paperCouponId: d.paperCouponId,
      couponId: d.couponId,
      locationId: d.locationId,
      roNumber: d.roNumber,
      amount: d.amount,
      allocatedValue: d.allocatedValue,
      reason: 'Wrong coupon',
      by,
      voidedAt,
    },
  };
}

/** The conversion of `numbers` of `book` into customer `customerId`'s digital pack. */
export function paperBookConverted(book: PaperBookRegistered, numbers: number[], customerId: string, by: string, convertedAt = '2026-04-03T16:00:00.000Z'): PaperBookConverted {
  const convertedValue = cents(book.data.coupons.filter((c) => numbers.includes(c.number)).reduce((sum, c) => sum + c.allocatedValue, 0));
  return {
    type: 'PaperBookConverted',
    data: {
      bookNumber: book.data.bookNumber,
      customerId,
      saleId: deterministicUuid(`paper-conversion:${book.data.bookNumber}`),
      convertedCouponNumbers: numbers,
      convertedValue,
      by,
      convertedAt,
    },
  };
}
