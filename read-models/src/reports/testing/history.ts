/**
 * Random histories of the reports' events (issue 14), for the reconciliation tests: a sequence
 * of actions (sell over the counter or online, finalise, correct the location, void a sale, register
 * and convert a paper book, redeem digital coupons (directly, or held for the customer's
 * verification: approved, declined or pending) and paper coupons, void a redemption, change its RO,
 * buy a gift pack online, claim a gift (the recipient's pack sale) or end it unclaimed (expired
 * after its link's lifetime, or not sellable at claim time: refunded to the buyer))
 * interpreted as the deciders would allow them (a sale with a coupon in use is not voided, a
 * coupon is redeemed once until its redemption is voided, a converted book's coupons are not
 * redeemed on paper, a gift is claimed or ended once, claimed before its link expires) into real
 * events typed with the contracts, across three locations in three time zones over three weeks of
 * March 2026. Test code only.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  GIFT_LIFETIME_DAYS,
  allocatePackPrice,
  cents,
  endOfLocalDay,
  giftStreamId,
  issueCoupons,
  issuedCouponStreamId,
  localDateOf,
  onlineOrderStreamId,
  packSaleStreamId,
  paperBookStreamId,
  standAloneValue,
  type CouponRedeemed,
  type CouponRedemptionAwaitingVerification,
  type CouponRedemptionReleased,
  type CouponRedemptionRoChanged,
  type CouponRedemptionVoided,
  type GiftClaimed,
  type GiftExpired,
  type GiftPurchased,
  type IssuedCouponWithdrawn,
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
  type RedemptionFacts,
} from '@dealer/contracts';
import { couponTerms } from '@dealer/contracts/coupons/test-fixtures';
import { deterministicUuid, type RecordedEvent } from '@dealer/platform';

// ---------------------------------------------------------------------------------------------
// The world: three locations in three zones, a pack of three coupons, three weeks of March 2026

export const ZONES: Record<number, string> = { 1: 'America/Denver', 2: 'America/New_York', 3: 'America/Los_Angeles' };
const TAX_BP: Record<number, number> = { 1: 881, 2: 725, 3: 0 };
export const LOCATION_IDS = [1, 2, 3];
const START = Date.parse('2026-03-01T00:00:00.000Z');
const DAYS = 21;
const MINUTE = 60_000;
/** The period asked: inside the history, so events fall before, in and after it. */
export const PERIOD = { from: '2026-03-04', to: '2026-03-17' } as const;
export const TODAY = '2026-04-15';

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

export const action = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('sell' as const), channel: fc.constantFrom('lane', 'lane', 'online'), location, at, price: fc.integer({ min: 500, max: 40000 }), final: fc.boolean(), ro }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('finalise' as const), sale: pick, at }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('correct' as const), sale: pick, location, at }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('voidSale' as const), sale: pick, at }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('register' as const), location, at, price: fc.integer({ min: 0, max: 20000 }), ro }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('convert' as const), book: pick, at }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('redeem' as const),
      sale: pick,
      coupon: pick,
      location,
      at,
      amount: fc.integer({ min: 0, max: 9900 }),
      ro,
      // Direct, or held for the customer's verification: approved (redeemed later), declined (released) or still pending.
      verification: fc.constantFrom('direct', 'direct', 'direct', 'approved', 'declined', 'pending'),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('redeemPaper' as const), book: pick, coupon: pick, location, at, amount: fc.integer({ min: 0, max: 9900 }), ro }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('voidRedemption' as const), redemption: pick, at }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('changeRo' as const), redemption: pick, location, ro, amount: fc.integer({ min: 0, max: 9900 }), at }) },
  // Gifts (issue 13): bought online (paid), claimed by the recipient, or ended unclaimed and refunded.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('gift' as const), location, at, price: fc.integer({ min: 500, max: 40000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('claimGift' as const), gift: pick, at }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('endGift' as const), gift: pick, at, reason: fc.constantFrom('expired', 'expired', 'not-sellable') }) },
);
export type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

// ---------------------------------------------------------------------------------------------
// Interpreting the actions into events, as the deciders allow

export type AnyEvent = { type: string; data: unknown };

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
interface GiftModel {
  purchased: GiftPurchased['data'];
  state: 'pending' | 'claimed' | 'ended';
  lastAt: number;
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

export function interpret(actions: Action[]): { stream: string; event: AnyEvent; time: string }[] {
  const out: { stream: string; event: AnyEvent; time: string }[] = [];
  const sales: SaleModel[] = [];
  const books: BookModel[] = [];
  const redemptions: RedemptionModel[] = [];
  const gifts: GiftModel[] = [];
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
        const stream = issuedCouponStreamId(coupon.issuedCouponId);
        const facts: RedemptionFacts = {
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
        };
        sale.held.set(coupon.issuedCouponId, redemptionId);
        sale.lastAt = Math.max(sale.lastAt, ms);
        const verificationId = a.verification === 'direct' ? null : `rv-${n}`;
        if (verificationId !== null) {
          // Held: not a redemption (not in any report) until the customer's answer redeems it.
          const held: CouponRedemptionAwaitingVerification = { type: 'CouponRedemptionAwaitingVerification', data: { ...facts, redemptionVerificationId: verificationId } };
          emit(stream, held, ms);
          if (a.verification === 'pending') break;
          if (a.verification === 'declined') {
            const released: CouponRedemptionReleased = {
              type: 'CouponRedemptionReleased',
              data: {
                redemptionId,
                issuedCouponId: coupon.issuedCouponId,
                couponId: coupon.couponId,
                saleId: sale.sold.saleId,
                customerId: sale.sold.customerId,
                locationId: a.location,
                roNumber: a.ro,
                redemptionVerificationId: verificationId,
                outcome: 'declined',
                releasedAt: iso(ms + 30 * MINUTE),
              },
            };
            sale.held.delete(coupon.issuedCouponId);
            emit(stream, released, ms + 30 * MINUTE);
            break;
          }
        }
        // Redeemed at once, or when the customer approved (half an hour later: maybe the next local day).
        const redeemedMs = verificationId === null ? ms : ms + 30 * MINUTE;
        sale.lastAt = Math.max(sale.lastAt, redeemedMs);
        const e: CouponRedeemed = {
          type: 'CouponRedeemed',
          data: {
            ...facts,
            redeemedAt: iso(redeemedMs),
            redeemedOn: localDateOf(redeemedMs, timeZone),
            via: verificationId === null ? 'direct' : 'verification',
            redemptionVerificationId: verificationId,
          },
        };
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
          lastAt: redeemedMs,
          active: true,
        });
        emit(stream, e, redeemedMs);
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
      case 'gift': {
        // Paid online for someone else: GiftPurchased (the order's own events are in no report).
        const ms = when(a.at, 0);
        const timeZone = ZONES[a.location]!;
        const orderId = randomUUID();
        const giftId = deterministicUuid(`online-order:${orderId}:gift`);
        const price = cents(a.price);
        const tax = cents(Math.round((a.price * TAX_BP[a.location]!) / 10000));
        const purchased: GiftPurchased['data'] = {
          giftId,
          customerId: randomUUID(),
          orderId,
          packId: PACK.packId,
          locationId: a.location,
          price,
          tax,
          total: cents(price + tax),
          recipientEmail: null,
          giftMessage: null,
          tokenHash: 'ab'.repeat(32),
          purchasedAt: iso(ms),
          expiresAt: iso(ms + GIFT_LIFETIME_DAYS * 24 * 60 * MINUTE),
          packName: PACK.name,
          couponCount: PACK.items.reduce((k, i) => k + i.quantity, 0),
          timeZone,
        };
        gifts.push({ purchased, state: 'pending', lastAt: ms });
        emit(giftStreamId(giftId), { type: 'GiftPurchased', data: purchased } satisfies GiftPurchased, ms);
        break;
      }
      case 'claimGift': {
        // The recipient claims before the link expires: GiftClaimed, then the pack sale of deterministicUuid('gift:{giftId}').
        const pending = gifts.filter((g) => g.state === 'pending');
        const gift = pending[a.gift % Math.max(pending.length, 1)];
        if (!gift) break;
        const g = gift.purchased;
        const ms = when(a.at, gift.lastAt);
        if (ms >= Date.parse(g.expiresAt)) break;
        const timeZone = ZONES[g.locationId]!;
        const saleId = deterministicUuid(`gift:${g.giftId}`);
        const recipientId = randomUUID();
        const soldOn = localDateOf(ms, timeZone);
        const claimed: GiftClaimed = {
          type: 'GiftClaimed',
          data: { giftId: g.giftId, orderId: g.orderId, customerId: recipientId, buyerCustomerId: g.customerId, saleId, via: 'sign-in', claimedAt: iso(ms) },
        };
        emit(giftStreamId(g.giftId), claimed, ms);
        let k = 0;
        const sold: PackSold['data'] = {
          saleId,
          customerId: recipientId,
          pack: PACK,
          locationId: g.locationId,
          timeZone,
          saleRoNumber: 'ONLINE',
          soldAt: iso(ms),
          soldOn,
          soldBy: g.customerId,
          listPrice: PACK.listPrice,
          price: g.price,
          priceOverride: null,
          taxExempt: false,
          taxRateBasisPoints: TAX_BP[g.locationId]!,
          tax: g.tax,
          total: g.total,
          status: 'final',
          mileageAtSale: null,
          mileageLimit: null,
          coupons: issueCoupons({ pack: PACK, price: g.price, soldOn, timeZone, newId: () => deterministicUuid(`gift:${g.giftId}:coupon:${k++}`) }),
          onlineOrderId: g.orderId,
        };
        gift.state = 'claimed';
        gift.lastAt = ms;
        // From here on the recipient's sale is a sale like any other (redeemed, corrected, voided and refunded).
        sales.push({ sold, locationId: g.locationId, status: 'final', lastAt: ms, held: new Map() });
        emit(packSaleStreamId(saleId), { type: 'PackSold', data: sold } satisfies PackSold, ms);
        break;
      }
      case 'endGift': {
        // Ended unclaimed: by the expiry sweep after the link's lifetime (up to three days late), or at a
        // claim when the pack can no longer be issued; then the buyer's refund of the whole payment.
        const pending = gifts.filter((g) => g.state === 'pending');
        const gift = pending[a.gift % Math.max(pending.length, 1)];
        if (!gift) break;
        const g = gift.purchased;
        const expiresAt = Date.parse(g.expiresAt);
        const ms = a.reason === 'expired' ? expiresAt + (a.at % (3 * 24 * 60)) * MINUTE : when(a.at, gift.lastAt);
        if (a.reason === 'not-sellable' && ms >= expiresAt) break;
        const saleId = deterministicUuid(`gift:${g.giftId}`);
        const expired: GiftExpired = {
          type: 'GiftExpired',
          data: { giftId: g.giftId, orderId: g.orderId, customerId: g.customerId, saleId, reason: a.reason, refund: g.total, refundTax: g.tax, expiredAt: iso(ms) },
        };
        gift.state = 'ended';
        gift.lastAt = ms;
        emit(giftStreamId(g.giftId), expired, ms);
        const refund: OnlineOrderRefunded = {
          type: 'OnlineOrderRefunded',
          data: { orderId: g.orderId, customerId: g.customerId, paymentId: `pay-${n}`, saleId, refundId: `re-${n}`, amount: g.total, status: 'succeeded', refundedAt: iso(ms + MINUTE) },
        };
        emit(onlineOrderStreamId(g.orderId), refund, ms + MINUTE);
        break;
      }
    }
  }
  return out;
}

/** The events as the store would deliver them: stream revisions from 0, global positions from 1, metadata of their time. */
export function recorded(events: { stream: string; event: AnyEvent; time: string }[]): RecordedEvent[] {
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

