/**
 * Reconciliation of the reports (issue 14), as a property: a random history of pack sales (over
 * the counter, online, paper-book conversions), finalisations, location corrections, sale voids
 * (an online one refunded through the provider), paper books, redemptions (digital and paper),
 * redemption voids and RO changes, across three locations in three time zones and three weeks,
 * built as real events with the contracts' types and rules (allocation, local days), is applied
 * by the `reports` projection's applyBatch (in random batches, then once more: re-applying
 * changes nothing); then every report built so far answers, and its figures equal the sums
 * over the events computed here independently (a fold of the events, not of the read model).
 *
 * The history is a sequence of actions interpreted as the deciders would allow them (a sale with
 * a coupon in use is not voided, a coupon is redeemed once until its redemption is voided, a
 * converted book's coupons are not redeemed on paper), so every event is one the product records.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LABOR_TYPES,
  REPORT_NAMES,
  allocatePackPrice,
  cents,
  endOfLocalDay,
  issueCoupons,
  issuedCouponStreamId,
  localDateOf,
  onlineOrderStreamId,
  packSaleStreamId,
  paperBookStreamId,
  standAloneValue,
  type CouponRedeemed,
  type CouponRedemptionRoChanged,
  type CouponRedemptionVoided,
  type IssuedCouponWithdrawn,
  type LaborType,
  type LocalDate,
  type OnlineOrderRefunded,
  type PackSaleFinalised,
  type PackSaleLocationCorrected,
  type PackSaleVoided,
  type PackSnapshot,
  type PackSold,
  type PaperBookConverted,
  type PaperBookRegistered,
  type PaperCouponRedeemed,
  type PaperCouponRedemptionVoided,
  type RedeemedLine,
  type ReportName,
  type ReportQuery,
  type ReportRow,
  type ReportTable,
} from '@dealer/contracts';
import { couponTerms } from '@dealer/contracts/coupons/test-fixtures';
import type { RecordedEvent } from '@dealer/platform';
import { createTestDatabase, type TestDatabase } from '@dealer/platform/testing/database';
import { reports } from '@dealer/projector/projections/reports/projection';
import { REPORT_DEFINITIONS } from './index';

// ---------------------------------------------------------------------------------------------
// The world: three locations in three zones, a pack of three coupons, three weeks of March 2026

const ZONES: Record<number, string> = { 1: 'America/Denver', 2: 'America/New_York', 3: 'America/Los_Angeles' };
const TAX_BP: Record<number, number> = { 1: 881, 2: 725, 3: 0 };
const LOCATION_IDS = [1, 2, 3];
const START = Date.parse('2026-03-01T00:00:00.000Z');
const DAYS = 21;
const MINUTE = 60_000;
/** The period asked: inside the history, so events fall before, in and after it. */
const PERIOD = { from: '2026-03-04', to: '2026-03-17' } as const;
const TODAY = '2026-04-15';

const COUPONS = [
  { couponId: '00000000-0000-4000-8000-000000000001', terms: couponTerms({ name: 'Oil and filter', value: { kind: 'fixed', amount: cents(4000) }, locationIds: LOCATION_IDS }), quantity: 2 },
  { couponId: '00000000-0000-4000-8000-000000000002', terms: couponTerms({ name: 'Tyre rotation', value: { kind: 'fixed', amount: cents(2500) }, locationIds: LOCATION_IDS }), quantity: 1 },
  { couponId: '00000000-0000-4000-8000-000000000003', terms: couponTerms({ name: 'Brake check', value: { kind: 'fixed', amount: cents(9900) }, locationIds: LOCATION_IDS }), quantity: 1 },
];
const PACK: PackSnapshot = {
  packId: '00000000-0000-4000-8000-0000000000aa',
  name: 'Care Pack',
  description: 'A year of care',
  listPrice: cents(19900),
  termMonths: 24,
  termMileage: null,
  locationIds: LOCATION_IDS,
  items: COUPONS.map((c) => ({ couponId: c.couponId, quantity: c.quantity, coupon: c.terms, standAloneValue: standAloneValue(c.terms.value) })),
};
const couponName = (couponId: string) => COUPONS.find((c) => c.couponId === couponId)!.terms.name;

// ---------------------------------------------------------------------------------------------
// Actions (indices are taken modulo what exists when the action is interpreted)

const at = fc.integer({ min: 0, max: DAYS * 24 * 60 - 1 });
const location = fc.constantFrom(...LOCATION_IDS);
const pick = fc.nat(1000);
const ro = fc.constantFrom('550001', '550002', '550003', '660001');

const action = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('sell' as const), channel: fc.constantFrom('lane', 'lane', 'online'), location, at, price: fc.integer({ min: 500, max: 40000 }), final: fc.boolean(), ro }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('finalise' as const), sale: pick, at }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('correct' as const), sale: pick, location, at }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('voidSale' as const), sale: pick, at }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('register' as const), location, at, price: fc.integer({ min: 0, max: 20000 }), ro }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('convert' as const), book: pick, at }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('redeem' as const), sale: pick, coupon: pick, location, at, amount: fc.integer({ min: 0, max: 9900 }), ro }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('redeemPaper' as const), book: pick, coupon: pick, location, at, amount: fc.integer({ min: 0, max: 9900 }), ro }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('voidRedemption' as const), redemption: pick, at }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('changeRo' as const), redemption: pick, location, ro, amount: fc.integer({ min: 0, max: 9900 }), at }) },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

// ---------------------------------------------------------------------------------------------
// Interpreting the actions into events, as the deciders allow

type AnyEvent = { type: string; data: unknown };

interface SaleModel {
  sold: PackSold['data'];
  locationId: number;
  status: 'pending' | 'final' | 'voided';
  lastAt: number;
  /** The redemption holding each coupon (issuedCouponId), if any. */
  held: Map<string, string>;
}
interface BookModel {
  book: PaperBookRegistered['data'];
  converted: boolean;
  lastAt: number;
  held: Map<number, string>;
}
interface RedemptionModel {
  redemptionId: string;
  source: 'digital' | 'paper';
  stream: string;
  sale?: SaleModel;
  book?: BookModel;
  couponKey: string | number;
  issuedCouponId: string;
  couponId: string;
  soldLocationId: number;
  locationId: number;
  roNumber: string;
  line: RedeemedLine;
  amount: number;
  allocatedValue: number;
  lastAt: number;
  active: boolean;
}

const OP_CODES = ['LOF', 'ROT', 'BRK'];
const LABOR: readonly ('C' | 'W' | 'I')[] = ['C', 'C', 'W', 'I'];
/** The RO line a redemption applies to: its op code and labour type vary with the amount. */
const line = (roNumber: string, amount: number): RedeemedLine => ({
  jobId: 1,
  lineNo: 1,
  opCode: OP_CODES[amount % 3]!,
  laborType: LABOR[amount % 4]!,
  lineTotal: cents(Math.max(amount, 8000) + Number(roNumber.slice(-1))),
});
const iso = (ms: number) => new Date(ms).toISOString();

function interpret(actions: Action[]): { stream: string; event: AnyEvent; time: string }[] {
  const out: { stream: string; event: AnyEvent; time: string }[] = [];
  const sales: SaleModel[] = [];
  const books: BookModel[] = [];
  const redemptions: RedemptionModel[] = [];
  const emit = (stream: string, event: AnyEvent, ms: number) => out.push({ stream, event, time: iso(ms) });
  /** An action's instant, never before what it follows. */
  const when = (minute: number, after: number) => Math.max(START + 6 * 60 * MINUTE + minute * MINUTE, after + MINUTE);
  let n = 0;

  for (const a of actions) {
    n += 1;
    switch (a.kind) {
      case 'sell': {
        const ms = when(a.at, 0);
        const timeZone = ZONES[a.location]!;
        const soldOn = localDateOf(ms, timeZone);
        const price = cents(a.price);
        const tax = cents(Math.round((a.price * TAX_BP[a.location]!) / 10000));
        const online = a.channel === 'online';
        const saleId = randomUUID();
        const sold: PackSold['data'] = {
          saleId,
          customerId: randomUUID(),
          pack: PACK,
          locationId: a.location,
          timeZone,
          saleRoNumber: online ? 'ONLINE' : a.ro,
          soldAt: iso(ms),
          soldOn,
          soldBy: `seller-${a.location}`,
          listPrice: PACK.listPrice,
          price,
          priceOverride: price === PACK.listPrice ? null : { reason: 'Promotion' },
          taxExempt: false,
          taxRateBasisPoints: TAX_BP[a.location]!,
          tax,
          total: cents(price + tax),
          status: online || a.final ? 'final' : 'pending',
          mileageAtSale: null,
          mileageLimit: null,
          coupons: issueCoupons({ pack: PACK, price, soldOn, timeZone, newId: randomUUID }),
          ...(online ? { onlineOrderId: randomUUID() } : {}),
        };
        sales.push({ sold, locationId: a.location, status: sold.status, lastAt: ms, held: new Map() });
        emit(packSaleStreamId(saleId), { type: 'PackSold', data: sold } satisfies PackSold, ms);
        break;
      }
      case 'finalise': {
        const sale = sales[a.sale % Math.max(sales.length, 1)];
        if (!sale || sale.status !== 'pending') break;
        const ms = when(a.at, sale.lastAt);
        sale.status = 'final';
        sale.lastAt = ms;
        const e: PackSaleFinalised = { type: 'PackSaleFinalised', data: { saleId: sale.sold.saleId, customerId: sale.sold.customerId, via: 'ro-closed', finalisedAt: iso(ms), by: 'system' } };
        emit(packSaleStreamId(sale.sold.saleId), e, ms);
        break;
      }
      case 'correct': {
        const sale = sales[a.sale % Math.max(sales.length, 1)];
        if (!sale || sale.status === 'voided' || sale.locationId === a.location) break;
        const ms = when(a.at, sale.lastAt);
        const timeZone = ZONES[a.location]!;
        const e: PackSaleLocationCorrected = {
          type: 'PackSaleLocationCorrected',
          data: {
            saleId: sale.sold.saleId,
            customerId: sale.sold.customerId,
            fromLocationId: sale.locationId,
            toLocationId: a.location,
            timeZone,
            reason: 'Sold at the other store',
            by: 'manager',
            correctedAt: iso(ms),
            coupons: sale.sold.coupons.map((c) => ({ issuedCouponId: c.issuedCouponId, expiresAt: endOfLocalDay(c.expiresOn, timeZone).toISOString() })),
          },
        };
        sale.locationId = a.location;
        sale.lastAt = ms;
        emit(packSaleStreamId(sale.sold.saleId), e, ms);
        break;
      }
      case 'voidSale': {
        const sale = sales[a.sale % Math.max(sales.length, 1)];
        if (!sale || sale.status === 'voided' || sale.held.size > 0) break;
        const ms = when(a.at, sale.lastAt);
        for (const c of sale.sold.coupons) {
          const w: IssuedCouponWithdrawn = { type: 'IssuedCouponWithdrawn', data: { issuedCouponId: c.issuedCouponId, couponId: c.couponId, saleId: sale.sold.saleId, customerId: sale.sold.customerId, by: 'manager', withdrawnAt: iso(ms) } };
          emit(issuedCouponStreamId(c.issuedCouponId), w, ms);
        }
        const e: PackSaleVoided = {
          type: 'PackSaleVoided',
          data: {
            saleId: sale.sold.saleId,
            customerId: sale.sold.customerId,
            locationId: sale.locationId,
            reason: 'Customer changed their mind',
            by: 'manager',
            voidedAt: iso(ms),
            refund: sale.sold.total,
            refundTax: sale.sold.tax,
            voidedCouponIds: sale.sold.coupons.map((c) => c.issuedCouponId),
            wasStatus: sale.status as 'pending' | 'final',
          },
        };
        sale.status = 'voided';
        sale.lastAt = ms;
        emit(packSaleStreamId(sale.sold.saleId), e, ms);
        if (sale.sold.onlineOrderId) {
          const refund: OnlineOrderRefunded = {
            type: 'OnlineOrderRefunded',
            data: { orderId: sale.sold.onlineOrderId, customerId: sale.sold.customerId, paymentId: `pay-${n}`, saleId: sale.sold.saleId, refundId: `re-${n}`, amount: sale.sold.total, status: 'succeeded', refundedAt: iso(ms + MINUTE) },
          };
          emit(onlineOrderStreamId(sale.sold.onlineOrderId), refund, ms + MINUTE);
        }
        break;
      }
      case 'register': {
        const ms = when(a.at, 0);
        const timeZone = ZONES[a.location]!;
        // A book sold up to two weeks before it was registered (some before the history).
        const soldOn = localDateOf(ms - (a.price % 15) * 24 * 60 * MINUTE, timeZone);
        const bookNumber = `B${1000 + n}`;
        const values = allocatePackPrice(cents(a.price), PACK);
        const issued = issueCoupons({ pack: PACK, price: cents(a.price), soldOn, timeZone, newId: randomUUID });
        const book: PaperBookRegistered['data'] = {
          bookNumber,
          pack: PACK,
          locationId: a.location,
          timeZone,
          saleRoNumber: a.ro,
          soldOn,
          price: cents(a.price),
          source: 'import',
          registeredBy: 'import',
          registeredAt: iso(ms),
          coupons: issued.map((c, i) => ({ number: i + 1, paperCouponId: randomUUID(), couponId: c.couponId, expiresOn: c.expiresOn, expiresAt: c.expiresAt, allocatedValue: values[i]! })),
        };
        books.push({ book, converted: false, lastAt: ms, held: new Map() });
        emit(paperBookStreamId(bookNumber), { type: 'PaperBookRegistered', data: book } satisfies PaperBookRegistered, ms);
        break;
      }
      case 'convert': {
        const book = books[a.book % Math.max(books.length, 1)];
        if (!book || book.converted) break;
        const numbers = book.book.coupons.filter((c) => !book.held.has(c.number)).map((c) => c.number);
        if (numbers.length === 0) break;
        const ms = when(a.at, book.lastAt);
        const convertedValue = cents(numbers.reduce((s, k) => s + book.book.coupons[k - 1]!.allocatedValue, 0));
        const saleId = randomUUID();
        const customerId = randomUUID();
        const converted: PaperBookConverted = { type: 'PaperBookConverted', data: { bookNumber: book.book.bookNumber, customerId, saleId, convertedCouponNumbers: numbers, convertedValue, by: 'writer', convertedAt: iso(ms) } };
        book.converted = true;
        book.lastAt = ms;
        emit(paperBookStreamId(book.book.bookNumber), converted, ms);
        const sold: PackSold['data'] = {
          saleId,
          customerId,
          pack: PACK,
          locationId: book.book.locationId,
          timeZone: book.book.timeZone,
          saleRoNumber: book.book.saleRoNumber,
          soldAt: iso(ms),
          soldOn: book.book.soldOn,
          soldBy: 'writer',
          listPrice: convertedValue,
          price: convertedValue,
          priceOverride: null,
          taxExempt: false,
          taxRateBasisPoints: 0,
          tax: cents(0),
          total: convertedValue,
          status: 'final',
          mileageAtSale: null,
          mileageLimit: null,
          coupons: numbers.map((k) => {
            const c = book.book.coupons[k - 1]!;
            return { issuedCouponId: randomUUID(), couponId: c.couponId, expiresOn: c.expiresOn, expiresAt: c.expiresAt, allocatedValue: c.allocatedValue };
          }),
          paperBookNumber: book.book.bookNumber,
        };
        sales.push({ sold, locationId: book.book.locationId, status: 'final', lastAt: ms, held: new Map() });
        emit(packSaleStreamId(saleId), { type: 'PackSold', data: sold } satisfies PackSold, ms);
        break;
      }
      case 'redeem': {
        const sale = sales[a.sale % Math.max(sales.length, 1)];
        if (!sale || sale.status === 'voided') break;
        const coupon = sale.sold.coupons[a.coupon % sale.sold.coupons.length]!;
        if (sale.held.has(coupon.issuedCouponId)) break;
        const ms = when(a.at, sale.lastAt);
        const timeZone = ZONES[a.location]!;
        const amount = Math.min(a.amount, 9900);
        const redemptionId = randomUUID();
        const e: CouponRedeemed = {
          type: 'CouponRedeemed',
          data: {
            redemptionId,
            issuedCouponId: coupon.issuedCouponId,
            couponId: coupon.couponId,
            couponName: couponName(coupon.couponId),
            saleId: sale.sold.saleId,
            customerId: sale.sold.customerId,
            soldLocationId: sale.locationId,
            locationId: a.location,
            timeZone,
            roNumber: a.ro,
            line: line(a.ro, amount),
            amount: cents(amount),
            allocatedValue: coupon.allocatedValue,
            redeemedBy: `writer-${a.location}`,
            requestedAt: iso(ms),
            redeemedAt: iso(ms),
            redeemedOn: localDateOf(ms, timeZone),
            via: 'direct',
            redemptionVerificationId: null,
          },
        };
        sale.held.set(coupon.issuedCouponId, redemptionId);
        sale.lastAt = Math.max(sale.lastAt, ms);
        redemptions.push({
          redemptionId,
          source: 'digital',
          stream: issuedCouponStreamId(coupon.issuedCouponId),
          sale,
          couponKey: coupon.issuedCouponId,
          issuedCouponId: coupon.issuedCouponId,
          couponId: coupon.couponId,
          soldLocationId: sale.locationId,
          locationId: a.location,
          roNumber: a.ro,
          line: e.data.line,
          amount,
          allocatedValue: coupon.allocatedValue,
          lastAt: ms,
          active: true,
        });
        emit(issuedCouponStreamId(coupon.issuedCouponId), e, ms);
        break;
      }
      case 'redeemPaper': {
        const book = books[a.book % Math.max(books.length, 1)];
        if (!book || book.converted) break;
        const coupon = book.book.coupons[a.coupon % book.book.coupons.length]!;
        if (book.held.has(coupon.number)) break;
        const ms = when(a.at, book.lastAt);
        const timeZone = ZONES[a.location]!;
        const redemptionId = randomUUID();
        const e: PaperCouponRedeemed = {
          type: 'PaperCouponRedeemed',
          data: {
            bookNumber: book.book.bookNumber,
            redemptionId,
            paperCouponNumber: coupon.number,
            paperCouponId: coupon.paperCouponId,
            couponId: coupon.couponId,
            couponName: couponName(coupon.couponId),
            soldLocationId: book.book.locationId,
            locationId: a.location,
            timeZone,
            roNumber: a.ro,
            line: line(a.ro, a.amount),
            amount: cents(a.amount),
            allocatedValue: coupon.allocatedValue,
            redeemedBy: `writer-${a.location}`,
            redeemedAt: iso(ms),
            redeemedOn: localDateOf(ms, timeZone),
          },
        };
        book.held.set(coupon.number, redemptionId);
        book.lastAt = ms;
        redemptions.push({
          redemptionId,
          source: 'paper',
          stream: paperBookStreamId(book.book.bookNumber),
          book,
          couponKey: coupon.number,
          issuedCouponId: coupon.paperCouponId,
          couponId: coupon.couponId,
          soldLocationId: book.book.locationId,
          locationId: a.location,
          roNumber: a.ro,
          line: e.data.line,
          amount: a.amount,
          allocatedValue: coupon.allocatedValue,
          lastAt: ms,
          active: true,
        });
        emit(paperBookStreamId(book.book.bookNumber), e, ms);
        break;
      }
      case 'voidRedemption': {
        const active = redemptions.filter((r) => r.active);
        const r = active[a.redemption % Math.max(active.length, 1)];
        if (!r) break;
        const ms = when(a.at, Math.max(r.lastAt, r.book?.lastAt ?? 0));
        r.active = false;
        r.lastAt = ms;
        if (r.source === 'digital') {
          const sale = r.sale!;
          sale.held.delete(r.issuedCouponId);
          const e: CouponRedemptionVoided = {
            type: 'CouponRedemptionVoided',
            data: {
              redemptionId: r.redemptionId,
              issuedCouponId: r.issuedCouponId,
              couponId: r.couponId,
              saleId: sale.sold.saleId,
              customerId: sale.sold.customerId,
              soldLocationId: r.soldLocationId,
              locationId: r.locationId,
              roNumber: r.roNumber,
              line: r.line,
              amount: cents(r.amount),
              allocatedValue: cents(r.allocatedValue),
              reason: 'Wrong coupon',
              by: 'manager',
              voidedAt: iso(ms),
            },
          };
          emit(r.stream, e, ms);
        } else {
          const book = r.book!;
          book.held.delete(r.couponKey as number);
          book.lastAt = ms;
          const e: PaperCouponRedemptionVoided = {
            type: 'PaperCouponRedemptionVoided',
            data: {
              bookNumber: book.book.bookNumber,
              redemptionId: r.redemptionId,
              paperCouponNumber: r.couponKey as number,
              paperCouponId: r.issuedCouponId,
              couponId: r.couponId,
              locationId: r.locationId,
              roNumber: r.roNumber,
              amount: cents(r.amount),
              allocatedValue: cents(r.allocatedValue),
              reason: 'Wrong coupon',
              by: 'manager',
              voidedAt: iso(ms),
            },
          };
          emit(r.stream, e, ms);
        }
        break;
      }
      case 'changeRo': {
        const active = redemptions.filter((r) => r.active && r.source === 'digital');
        const r = active[a.redemption % Math.max(active.length, 1)];
        if (!r || (r.roNumber === a.ro && r.locationId === a.location)) break;
        const ms = when(a.at, r.lastAt);
        const sale = r.sale!;
        const to = { locationId: a.location, timeZone: ZONES[a.location]!, roNumber: a.ro, line: line(a.ro, a.amount), amount: cents(a.amount) };
        const e: CouponRedemptionRoChanged = {
          type: 'CouponRedemptionRoChanged',
          data: {
            redemptionId: r.redemptionId,
            issuedCouponId: r.issuedCouponId,
            couponId: r.couponId,
            saleId: sale.sold.saleId,
            customerId: sale.sold.customerId,
            soldLocationId: r.soldLocationId,
            allocatedValue: cents(r.allocatedValue),
            from: { locationId: r.locationId, roNumber: r.roNumber, line: r.line, amount: cents(r.amount) },
            to,
            by: 'manager',
            changedAt: iso(ms),
          },
        };
        r.locationId = a.location;
        r.roNumber = a.ro;
        r.line = to.line;
        r.amount = a.amount;
        r.lastAt = ms;
        emit(r.stream, e, ms);
        break;
      }
    }
  }
  return out;
}

/** The events as the store would deliver them: stream revisions from 0, global positions from 1, metadata of their time. */
function recorded(events: { stream: string; event: AnyEvent; time: string }[]): RecordedEvent[] {
  const revisions = new Map<string, number>();
  return events.map(({ stream, event, time }, i) => {
    const revision = revisions.get(stream) ?? 0;
    revisions.set(stream, revision + 1);
    return {
      type: event.type,
      data: event.data,
      metadata: { eventId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: 'user:test', time },
      streamId: stream,
      revision,
      globalPosition: i + 1,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The figures, folded from the events (independently of the projection and the reports)

interface FoldedSale {
  saleId: string;
  kind: 'lane' | 'online' | 'paper-conversion';
  status: 'pending' | 'final' | 'voided';
  soldBy: string;
  packId: string;
  locationId: number;
  timeZone: string;
  soldOn: LocalDate;
  /** A conversion's instant (it counts as converted on its local day at the sale's location). */
  soldAt: string;
  price: number;
  tax: number;
  total: number;
  voidedAt: string | null;
  refund: number;
  refundTax: number;
}
interface FoldedRedemption {
  source: 'digital' | 'paper';
  saleId: string | null;
  opCode: string;
  laborType: string;
  soldLocationId: number;
  locationId: number;
  timeZone: string;
  redeemedAt: string;
  redeemedOn: LocalDate;
  roNumber: string;
  amount: number;
  allocatedValue: number;
  voidedAt: string | null;
}

function fold(events: RecordedEvent[]): { sales: FoldedSale[]; redemptions: FoldedRedemption[] } {
  const sales = new Map<string, FoldedSale>();
  const redemptions = new Map<string, FoldedRedemption>();
  for (const e of events) {
    const d = e.data as Record<string, never>;
    switch (e.type) {
      case 'PackSold': {
        const s = d as unknown as PackSold['data'];
        sales.set(s.saleId, {
          saleId: s.saleId,
          kind: s.paperBookNumber ? 'paper-conversion' : s.onlineOrderId ? 'online' : 'lane',
          status: s.status,
          soldBy: s.soldBy,
          packId: s.pack.packId,
          locationId: s.locationId,
          timeZone: s.timeZone,
          soldOn: s.soldOn,
          soldAt: s.soldAt,
          price: s.price,
          tax: s.tax,
          total: s.total,
          voidedAt: null,
          refund: 0,
          refundTax: 0,
        });
        break;
      }
      case 'PackSaleFinalised': {
        const sale = sales.get((d as unknown as PackSaleFinalised['data']).saleId)!;
        if (sale.status === 'pending') sale.status = 'final';
        break;
      }
      case 'PackSaleLocationCorrected': {
        // The sale was made at the other location all along: it holds the money of its coupons' redemptions.
        const c = d as unknown as PackSaleLocationCorrected['data'];
        Object.assign(sales.get(c.saleId)!, { locationId: c.toLocationId, timeZone: c.timeZone });
        for (const r of redemptions.values()) if (r.saleId === c.saleId) r.soldLocationId = c.toLocationId;
        break;
      }
      case 'PackSaleVoided': {
        const v = d as unknown as PackSaleVoided['data'];
        Object.assign(sales.get(v.saleId)!, { status: 'voided', voidedAt: v.voidedAt, refund: v.refund, refundTax: v.refundTax });
        break;
      }
      case 'CouponRedeemed':
      case 'PaperCouponRedeemed': {
        const r = d as unknown as CouponRedeemed['data'] | PaperCouponRedeemed['data'];
        redemptions.set(r.redemptionId, {
          source: e.type === 'CouponRedeemed' ? 'digital' : 'paper',
          saleId: 'saleId' in r ? r.saleId : null,
          opCode: r.line.opCode,
          laborType: r.line.laborType,
          soldLocationId: r.soldLocationId,
          locationId: r.locationId,
          timeZone: r.timeZone,
          redeemedAt: r.redeemedAt,
          redeemedOn: r.redeemedOn,
          roNumber: r.roNumber,
          amount: r.amount,
          allocatedValue: r.allocatedValue,
          voidedAt: null,
        });
        break;
      }
      case 'CouponRedemptionRoChanged': {
        const c = d as unknown as CouponRedemptionRoChanged['data'];
        // It moves to the new RO's location, and counts on its local day there.
        const r = redemptions.get(c.redemptionId)!;
        Object.assign(r, { locationId: c.to.locationId, timeZone: c.to.timeZone, roNumber: c.to.roNumber, amount: c.to.amount, opCode: c.to.line.opCode, laborType: c.to.line.laborType, redeemedOn: localDateOf(r.redeemedAt, c.to.timeZone) });
        break;
      }
      case 'CouponRedemptionVoided':
      case 'PaperCouponRedemptionVoided': {
        const v = d as unknown as CouponRedemptionVoided['data'];
        redemptions.get(v.redemptionId)!.voidedAt = v.voidedAt;
        break;
      }
    }
  }
  return { sales: [...sales.values()], redemptions: [...redemptions.values()] };
}

const inPeriod = (day: LocalDate | null, q: ReportQuery) => day !== null && day >= q.from && day <= q.to;
const voidedOn = (x: { voidedAt: string | null; timeZone: string }) => (x.voidedAt === null ? null : localDateOf(x.voidedAt, x.timeZone));

type Figures = Record<string, number>;

/** The invoice summary's figures of one location (and day, when given), from the fold. */
function invoiceFigures(folded: ReturnType<typeof fold>, q: ReportQuery, locationId: number, day?: LocalDate): Figures {
  const within = (d: LocalDate | null) => (day === undefined ? inPeriod(d, q) : d === day);
  const revenue = folded.sales.filter((s) => s.locationId === locationId && s.kind !== 'paper-conversion' && within(s.soldOn));
  const converted = folded.sales.filter((s) => s.locationId === locationId && s.kind === 'paper-conversion' && within(localDateOf(s.soldAt, s.timeZone)));
  const voided = folded.sales.filter((s) => s.locationId === locationId && s.kind !== 'paper-conversion' && within(voidedOn(s)));
  const redeemed = folded.redemptions.filter((r) => r.locationId === locationId && within(r.redeemedOn));
  const unredeemed = folded.redemptions.filter((r) => r.locationId === locationId && within(voidedOn(r)));
  const sum = <T,>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);
  const f: Figures = {
    soldCount: revenue.length,
    soldNet: sum(revenue, (s) => s.price),
    soldTax: sum(revenue, (s) => s.tax),
    soldGross: sum(revenue, (s) => s.total),
    convertedCount: converted.length,
    redeemedCount: redeemed.length,
    redeemedValue: sum(redeemed, (r) => r.allocatedValue),
    redeemedDiscount: sum(redeemed, (r) => r.amount),
    redemptionsVoidedCount: unredeemed.length,
    redemptionsVoidedValue: sum(unredeemed, (r) => r.allocatedValue),
    voidedCount: voided.length,
    voidedNet: sum(voided, (s) => s.price),
    voidedTax: sum(voided, (s) => s.tax),
    refunded: sum(voided, (s) => s.refund),
    refundedTax: sum(voided, (s) => s.refundTax),
    refundedOnline: sum(
      voided.filter((s) => s.kind === 'online'),
      (s) => s.refund,
    ),
  };
  f.revenueRecognised = f.redeemedValue! - f.redemptionsVoidedValue!;
  f.netReceipts = f.soldGross! - f.refunded!;
  return f;
}

const addFigures = (xs: Figures[]): Figures => {
  const total: Figures = {};
  for (const x of xs) for (const [k, v] of Object.entries(x)) total[k] = (total[k] ?? 0) + v;
  return total;
};
const numbersOf = (cells: Record<string, unknown> | null | undefined): Figures =>
  Object.fromEntries(Object.entries(cells ?? {}).filter(([, v]) => typeof v === 'number')) as Figures;

// ---------------------------------------------------------------------------------------------
// The checks per report

type Check = (ctx: { sql: TestDatabase['sql']; q: ReportQuery; folded: ReturnType<typeof fold>; events: RecordedEvent[] }) => Promise<void>;

const table = (tables: ReportTable[], key: string) => {
  const t = tables.find((x) => x.key === key);
  if (!t) throw new Error(`No table ${key} among ${tables.map((x) => x.key).join(', ')}`);
  return t;
};
async function streamed(iterable: AsyncIterable<ReportRow[]>): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for await (const batch of iterable) rows.push(...batch);
  return rows;
}

const sum = <T,>(xs: readonly T[], f: (x: T) => number) => xs.reduce((total, x) => total + f(x), 0);
const locationLabel = (id: number) => `Location ${id}`;
/** Rows of a table as figures by a key of each row. */
const byKey = (rows: ReportRow[], key: (r: ReportRow) => string) => Object.fromEntries(rows.map((r) => [key(r), numbersOf(r.cells)]));

/** Coupon Sales' figures of the sales sold in the period and the voids made in it. */
function salesFigures(sold: FoldedSale[], voided: FoldedSale[]): Figures {
  const f: Figures = {
    sales: sold.length,
    online: sold.filter((s) => s.kind === 'online').length,
    gross: sum(sold, (s) => s.total),
    tax: sum(sold, (s) => s.tax),
    net: sum(sold, (s) => s.price),
    pending: sold.filter((s) => s.status === 'pending').length,
    final: sold.filter((s) => s.status === 'final').length,
    voided: voided.length,
    refunded: sum(voided, (s) => s.refund),
    refundedTax: sum(voided, (s) => s.refundTax),
  };
  f.netAfterVoids = f.net! - (f.refunded! - f.refundedTax!);
  return f;
}
const soldIn = (folded: ReturnType<typeof fold>, q: ReportQuery) =>
  folded.sales.filter((s) => s.kind !== 'paper-conversion' && q.locationIds.includes(s.locationId) && inPeriod(s.soldOn, q));
const voidedIn = (folded: ReturnType<typeof fold>, q: ReportQuery) =>
  folded.sales.filter((s) => s.kind !== 'paper-conversion' && q.locationIds.includes(s.locationId) && inPeriod(voidedOn(s), q));

/** Coupon Redemptions' figures of the redemptions made in the period and those voided in it. */
function redemptionFigures(redeemed: FoldedRedemption[], voided: FoldedRedemption[]): Figures {
  const allocated = sum(redeemed, (r) => r.allocatedValue);
  const voidedValue = sum(voided, (r) => r.allocatedValue);
  return {
    redeemed: redeemed.length,
    allocated,
    discount: sum(redeemed, (r) => r.amount),
    digital: redeemed.filter((r) => r.source === 'digital').length,
    paper: redeemed.filter((r) => r.source === 'paper').length,
    voids: voided.length,
    voided: voidedValue,
    net: allocated - voidedValue,
  };
}
/** The figures per group of the redemptions with a movement in the period at the locations (groups without any left out). */
function redemptionGroups(folded: ReturnType<typeof fold>, q: ReportQuery, key: (r: FoldedRedemption) => string): Record<string, Figures> {
  const at = folded.redemptions.filter((r) => q.locationIds.includes(r.locationId));
  const keys = new Set(at.filter((r) => inPeriod(r.redeemedOn, q) || inPeriod(voidedOn(r), q)).map(key));
  return Object.fromEntries(
    [...keys].map((k) => [
      k,
      redemptionFigures(
        at.filter((r) => key(r) === k && inPeriod(r.redeemedOn, q)),
        at.filter((r) => key(r) === k && inPeriod(voidedOn(r), q)),
      ),
    ]),
  );
}

/** Payout movements: a redemption between two locations (+ its allocated value) or its void (-), in the period, where either location is asked. */
function payoutMovements(folded: ReturnType<typeof fold>, q: ReportQuery) {
  const between = folded.redemptions.filter((r) => r.soldLocationId !== r.locationId && (q.locationIds.includes(r.soldLocationId) || q.locationIds.includes(r.locationId)));
  return [
    ...between.filter((r) => inPeriod(r.redeemedOn, q)).map((r) => ({ from: r.soldLocationId, to: r.locationId, redeemed: 1, voids: 0, amount: r.allocatedValue })),
    ...between.filter((r) => inPeriod(voidedOn(r), q)).map((r) => ({ from: r.soldLocationId, to: r.locationId, redeemed: 0, voids: 1, amount: -r.allocatedValue })),
  ];
}

const CHECKS: Partial<Record<ReportName, Check>> = {
  async 'coupon-sales'({ sql, q, folded }) {
    const { tables } = await REPORT_DEFINITIONS['coupon-sales'].answer(sql, q);
    const t = table(tables, 'locations');
    const expected = q.locationIds.map((id) => ({
      ...salesFigures(
        soldIn(folded, q).filter((s) => s.locationId === id),
        voidedIn(folded, q).filter((s) => s.locationId === id),
      ),
      converted: folded.sales.filter((s) => s.kind === 'paper-conversion' && s.locationId === id && inPeriod(localDateOf(s.soldAt, s.timeZone), q)).length,
    }));
    expect(byKey(t.rows, (r) => String(r.cells.location))).toEqual(Object.fromEntries(q.locationIds.map((id, i) => [locationLabel(id), expected[i]])));
    expect(numbersOf(t.totals)).toEqual(addFigures(expected));
  },
  async 'coupon-sales-v2'({ sql, q, folded }) {
    const sold = soldIn(folded, q);
    const voided = voidedIn(folded, q);
    const definition = REPORT_DEFINITIONS['coupon-sales-v2'];
    for (const groupBy of ['pack', 'seller'] as const) {
      const keyOf = (s: FoldedSale) => (groupBy === 'pack' ? s.packId : s.kind === 'online' ? 'online' : s.soldBy);
      const drillKey = groupBy === 'pack' ? 'packId' : 'sellerId';
      const keys = [...new Set([...sold, ...voided].map(keyOf))];
      const expected = Object.fromEntries(keys.map((k) => [k, salesFigures(sold.filter((s) => keyOf(s) === k), voided.filter((s) => keyOf(s) === k))]));
      const { tables } = await definition.answer(sql, { ...q, options: { groupBy } });
      const t = table(tables, 'groups');
      expect(byKey(t.rows, (r) => r.drill![drillKey]!)).toEqual(expected);
      expect(t.rowCount).toBe(keys.length);
      expect(numbersOf(t.totals)).toEqual(salesFigures(sold, voided));
      // The sales behind each group add up to its Sales, Net, Tax and Gross.
      for (const row of t.rows) {
        const drilled = table((await definition.answer(sql, { ...q, options: { groupBy }, drill: row.drill! })).tables, 'sales');
        expect(drilled.rowCount).toBe(row.cells.sales);
        expect(drilled.totals).toMatchObject({ net: row.cells.net, tax: row.cells.tax, gross: row.cells.gross });
      }
    }
  },
  async 'coupon-redemptions'({ sql, q, folded }) {
    const groupings = {
      location: (r: FoldedRedemption) => locationLabel(r.locationId),
      opCode: (r: FoldedRedemption) => r.opCode,
      laborType: (r: FoldedRedemption) => LABOR_TYPES[r.laborType as LaborType],
    };
    for (const [groupBy, key] of Object.entries(groupings)) {
      const expected = redemptionGroups(folded, q, key);
      const { tables } = await REPORT_DEFINITIONS['coupon-redemptions'].answer(sql, { ...q, options: { groupBy } });
      const t = table(tables, 'redemptions');
      expect(byKey(t.rows, (r) => String(r.cells.group))).toEqual(expected);
      expect(t.rowCount).toBe(Object.keys(expected).length);
      expect(numbersOf(t.totals)).toEqual(addFigures(Object.values(expected)).redeemed === undefined ? redemptionFigures([], []) : addFigures(Object.values(expected)));
    }
  },
  async 'coupon-redemptions-v2'({ sql, q, folded }) {
    const at = folded.redemptions.filter((r) => q.locationIds.includes(r.locationId) && (inPeriod(r.redeemedOn, q) || inPeriod(voidedOn(r), q)));
    const keyOf = (r: { locationId: number | string; roNumber: string }) => `${r.locationId}/${r.roNumber}`;
    const expected: Record<string, Figures> = {};
    for (const k of new Set(at.map(keyOf))) {
      const of = at.filter((r) => keyOf(r) === k);
      const f = redemptionFigures(
        of.filter((r) => inPeriod(r.redeemedOn, q)),
        of.filter((r) => inPeriod(voidedOn(r), q)),
      );
      expected[k] = { redeemed: f.redeemed!, allocated: f.allocated!, discount: f.discount!, voided: f.voided!, net: f.net! };
    }
    const definition = REPORT_DEFINITIONS['coupon-redemptions-v2'];
    const { tables } = await definition.answer(sql, q);
    const t = table(tables, 'ros');
    expect(byKey(t.rows, (r) => keyOf({ locationId: r.drill!.locationId!, roNumber: r.drill!.roNumber! }))).toEqual(expected);
    for (const row of t.rows) {
      const of = at.filter((r) => keyOf(r) === keyOf({ locationId: row.drill!.locationId!, roNumber: row.drill!.roNumber! }));
      expect(row.cells.firstRedeemedOn).toBe(of.map((r) => r.redeemedOn).sort()[0]);
    }
    const totals = addFigures(Object.values(expected));
    expect(numbersOf(t.totals)).toEqual(Object.keys(totals).length ? totals : { redeemed: 0, allocated: 0, discount: 0, voided: 0, net: 0 });
    // The lines behind a few ROs.
    for (const row of t.rows.slice(0, 3)) {
      const lines = table((await definition.answer(sql, { ...q, drill: row.drill! })).tables, 'lines');
      expect(lines.rowCount).toBe(at.filter((r) => keyOf(r) === keyOf({ locationId: row.drill!.locationId!, roNumber: row.drill!.roNumber! })).length);
      expect(lines.totals).toMatchObject({ discount: row.cells.discount, allocated: row.cells.allocated });
    }
  },
  async payouts({ sql, q, folded }) {
    const movements = payoutMovements(folded, q);
    const pairs: Record<string, Figures> = {};
    for (const m of movements) {
      const p = (pairs[`${m.from}>${m.to}`] ??= { redeemed: 0, voids: 0, amount: 0 });
      p.redeemed! += m.redeemed;
      p.voids! += m.voids;
      p.amount! += m.amount;
    }
    const definition = REPORT_DEFINITIONS.payouts;
    const { tables } = await definition.answer(sql, q);
    const t = table(tables, 'payouts');
    expect(byKey(t.rows, (r) => `${r.drill!.fromLocationId}>${r.drill!.toLocationId}`)).toEqual(pairs);
    expect(numbersOf(t.totals)).toEqual({ redeemed: sum(movements, (m) => m.redeemed), voids: sum(movements, (m) => m.voids), amount: sum(movements, (m) => m.amount) });
    // Per location: owed to it less owed by it; across the group the nets are zero.
    const ids = [...new Set(movements.flatMap((m) => [m.from, m.to]))];
    const nets = Object.fromEntries(
      ids.map((id) => {
        const owedTo = sum(movements.filter((m) => m.to === id), (m) => m.amount);
        const owedBy = sum(movements.filter((m) => m.from === id), (m) => m.amount);
        return [locationLabel(id), { owedTo, owedBy, net: owedTo - owedBy }];
      }),
    );
    const n = table(tables, 'net');
    expect(byKey(n.rows, (r) => String(r.cells.location))).toEqual(nets);
    expect(sum(n.rows, (r) => Number(r.cells.net))).toBe(0);
    expect(n.totals).toMatchObject({ net: 0, owedTo: sum(movements, (m) => m.amount), owedBy: sum(movements, (m) => m.amount) });
    // The lines behind each pair add up to its amount.
    for (const row of t.rows) {
      const lines = table((await definition.answer(sql, { ...q, drill: row.drill! })).tables, 'lines');
      expect(lines.rowCount).toBe(Number(row.cells.redeemed) + Number(row.cells.voids));
      expect(lines.totals).toMatchObject({ amount: row.cells.amount });
    }
  },
  async 'invoice-summary'({ sql, q, folded }) {
    const { tables, charts } = await REPORT_DEFINITIONS['invoice-summary'].answer(sql, q);
    const t = table(tables, 'locations');
    const expected = q.locationIds.map((id) => invoiceFigures(folded, q, id));
    // Rows are by location name; the test's locations have none, so by id ("Location n").
    expect(t.rows.map((r) => numbersOf(r.cells))).toEqual(expected);
    expect(numbersOf(t.totals)).toEqual(addFigures(expected));
    const points = charts[0]!.points;
    expect(points.reduce((s, p) => s + Number(p.sold), 0)).toBe(addFigures(expected).soldNet);
    expect(points.reduce((s, p) => s + Number(p.redeemed), 0)).toBe(addFigures(expected).redeemedValue);
  },
  async 'invoice-summary-v2'({ sql, q, folded }) {
    const { tables } = await REPORT_DEFINITIONS['invoice-summary-v2'].answer(sql, q);
    const t = table(tables, 'days');
    for (const row of t.rows) expect(numbersOf(row.cells)).toEqual(invoiceFigures(folded, q, Number(row.drill!.locationId), row.drill!.day));
    expect(numbersOf(t.totals)).toEqual(addFigures(q.locationIds.map((id) => invoiceFigures(folded, q, id))));
    expect(t.rowCount).toBe(t.rows.length);
    expect(await streamed(REPORT_DEFINITIONS['invoice-summary-v2'].stream(sql, q, 'days'))).toEqual(t.rows);
    // The lines of a few days add up to the day's net figures.
    for (const row of t.rows.slice(0, 4)) {
      const lines = table((await REPORT_DEFINITIONS['invoice-summary-v2'].answer(sql, { ...q, drill: row.drill! })).tables, 'lines');
      const c = row.cells as Figures;
      expect(lines.totals).toMatchObject({
        net: c.soldNet! - c.voidedNet!,
        tax: c.soldTax! - c.voidedTax!,
        gross: c.netReceipts,
        allocatedValue: c.revenueRecognised,
      });
      expect(lines.rowCount).toBe(c.soldCount! + c.convertedCount! + c.voidedCount! + c.redeemedCount! + c.redemptionsVoidedCount!);
    }
  },
};

// ---------------------------------------------------------------------------------------------

let db: TestDatabase;
const checked = new Set<ReportName>();

beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql`create schema if not exists rm_reports`;
  await reports.createTables(db.sql, 'rm_reports');
  await reports.createIndexes?.(db.sql, 'rm_reports');
});
afterAll(async () => {
  await db?.drop();
});

/**
 * Which reports are built (their definition answers rather than saying it is not built yet);
 * 'expired' reads the liability read model and has its own roll-forward property test.
 */
async function builtReports(): Promise<ReportName[]> {
  const built: ReportName[] = [];
  const q: ReportQuery = { ...PERIOD, locationIds: LOCATION_IDS, options: {}, drill: {}, today: TODAY };
  for (const name of REPORT_NAMES.filter((n) => n !== 'expired')) {
    try {
      await REPORT_DEFINITIONS[name].answer(db.sql, q);
      built.push(name);
    } catch (error) {
      if (!/not built yet/.test(String(error))) throw error;
    }
  }
  return built;
}

describe('reports reconcile to the events', () => {
  it('should give, for any history, every built report the sums over its events', async () => {
    const built = await builtReports();
    for (const name of built) expect(CHECKS[name], `no reconciliation check for ${name}`).toBeDefined();

    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 10, maxLength: 80, size: 'max' }),
        fc.integer({ min: 1, max: 40 }),
        fc.subarray(LOCATION_IDS, { minLength: 1 }),
        async (actions, batchSize, locationIds) => {
          const events = recorded(interpret(actions));
          await db.sql`truncate rm_reports.sales, rm_reports.redemptions`;
          // As the runner: the events the projection handles, in batches, each in its transaction
          // (an event it cannot apply fails the property rather than being parked).
          const relevant = events.filter((e) => reports.handles.has(e.type));
          const apply = async () => {
            for (let i = 0; i < relevant.length; i += batchSize) {
              await db.sql.begin((tx) => reports.applyBatch(tx as never, 'rm_reports', relevant.slice(i, i + batchSize)));
            }
          };
          await apply();
          const folded = fold(events);
          const q: ReportQuery = { ...PERIOD, locationIds: [...locationIds].sort(), options: {}, drill: {}, today: TODAY };
          for (const name of built) {
            const check = CHECKS[name];
            if (!check) continue;
            await check({ sql: db.sql, q, folded, events });
            checked.add(name);
            // The CSV export streams exactly the rows shown (every table of the top level, default options).
            const { tables } = await REPORT_DEFINITIONS[name].answer(db.sql, q);
            for (const t of tables) expect(await streamed(REPORT_DEFINITIONS[name].stream(db.sql, q, t.key)), `${name} ${t.key}`).toEqual(t.rows);
          }
          // Re-applying the whole history changes nothing.
          const before = await snapshot();
          await apply();
          expect(await snapshot()).toEqual(before);
        },
      ),
      { numRuns: 30 },
    );
    expect([...checked].sort()).toEqual(built.filter((name) => CHECKS[name]).sort());
    expect(checked.has('invoice-summary')).toBe(true);
  }, 120_000);
});

async function snapshot() {
  const sales = await db.sql`select * from rm_reports.sales order by sale_id`;
  const redemptions = await db.sql`select * from rm_reports.redemptions order by redemption_id`;
  return { sales: [...sales], redemptions: [...redemptions] };
}
