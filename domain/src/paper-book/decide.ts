/**
 * Commands of one paper coupon book (stream `paper-book-{bookNumber}`) and the decider (issue 12):
 * register the book (found by its sale RO in the DMS data, or imported from the dealership's
 * records), redeem one of its paper coupons against an RO, void such a redemption, convert the
 * book's unused coupons into the customer's digital pack. Pure: the pack and its coupons'
 * definitions, the location, the RO, what the RO already took, the actor, the clock and the
 * paper coupon ids all arrive in the command; the redemption rules are the digital coupon's
 * (contracts planRedemption), the messages contracts'.
 *
 * Exactly once: the service appends with the book stream's expected revision, so of two
 * racing redemptions of one paper coupon the second re-decides against the first's event and
 * is refused 'This paper coupon has already been used.'; a conversion racing a redemption
 * likewise sees the redemption (or the redemption sees the book converted).
 */
import {
  COUPON_REDEMPTION_MESSAGES,
  MONEY_MESSAGES,
  PACK_SALE_MESSAGES,
  PAPER_BOOK_LIMITS,
  PAPER_BOOK_MESSAGES as M,
  isValidTimeZone,
  issueCoupons,
  localDateOf,
  mayChangeRedemption,
  planRedemption,
  standAloneValue,
  sumMoney,
  type LocalDate,
  type Money,
  type PackSnapshot,
  type PaperBookEvent,
  type PaperBookRegistered,
  type PaperBookSource,
  type PaperCoupon,
} from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';
import { refused, type RedemptionActor, type RedemptionTarget } from '../coupon-redemption/decide';
import { evolvePaperBook, initialPaperBookState, type PaperBookState, paperRedemptionById, soldPaperCoupon } from './state';
import type { CouponDefinitionState } from '../coupon/state';
import type { PackState } from '../pack/state';

export interface RegisterPaperBookData {
  bookNumber: string;
  /** The pack the book was printed from, as the catalogue holds it now (disabled ones too: old books), and its coupons' definitions. */
  pack: PackState | null;
  coupons: Record<string, CouponDefinitionState | null>;
  location: { locationId: number; timeZone: string | null };
  saleRoNumber: string;
  soldOn: LocalDate;
  /** Null: the pack's list price. */
  price: Money | null;
  source: PaperBookSource;
  registeredBy: string;
  /** The id of paper coupon `number` of this book (deterministic, so a retry gives the same ids). */
  paperCouponId: (number: number) => string;
  now: Date;
}

/** The paper redemption's target is the digital one's, without the customer's verification (the paper coupon in hand is the proof). */
export type PaperRedemptionTarget = Omit<RedemptionTarget, 'verification'>;

export interface RedeemPaperCouponData extends PaperRedemptionTarget {
  redemptionId: string;
  paperCouponNumber: number;
  actor: RedemptionActor;
  now: Date;
}

export interface ConvertPaperBookData {
  customerId: string;
  saleId: string;
  by: string;
  now: Date;
}

export type PaperBookCommand =
  | { type: 'RegisterPaperBook'; data: RegisterPaperBookData }
  | { type: 'RedeemPaperCoupon'; data: RedeemPaperCouponData }
  | { type: 'VoidPaperRedemption'; data: { redemptionId: string; reason: string; actor: RedemptionActor; now: Date } }
  | { type: 'ConvertPaperBook'; data: ConvertPaperBookData };

const bookNotFound = (bookNumber: string) => new DomainError('not_found', [M.bookNotFound(bookNumber)], { bookNumber: M.bookNotFound(bookNumber) });

/** The pack and its coupons' terms as printed: disabled packs and coupons too (old books were printed from them). */
function snapshotOf(pack: PackState, coupons: Record<string, CouponDefinitionState | null>): PackSnapshot {
  const items = pack.items.map((item) => {
    const coupon = coupons[item.couponId];
    if (!coupon || coupon.couponId !== item.couponId) throw new DomainError('conflict', [PACK_SALE_MESSAGES.couponUnavailable(item.couponId)]);
    return { couponId: item.couponId, quantity: item.quantity, coupon: coupon.terms, standAloneValue: standAloneValue(coupon.terms.value) };
  });
  const { name, description, price, termMonths, termMileage, locationIds } = pack.terms;
  return { packId: pack.packId, name, description, listPrice: price, termMonths, termMileage, locationIds, items };
}

function register(d: RegisterPaperBookData, state: PaperBookState): PaperBookEvent[] {
  if (state.book) {
    // The same book found again (or imported again) alike records nothing; another sale is a mistake.
    const b = state.book;
    if (b.locationId === d.location.locationId && b.saleRoNumber === d.saleRoNumber && b.pack.packId === d.pack?.packId) return [];
    throw new DomainError('conflict', [M.bookExists(d.bookNumber)], { bookNumber: M.bookExists(d.bookNumber) });
  }
  const pack = d.pack;
  if (!pack) throw new DomainError('not_found', [M.packNotFound], { packId: M.packNotFound });
  if (pack.items.length === 0) throw new DomainError('conflict', [M.packEmpty], { packId: M.packEmpty });
  const count = pack.items.reduce((n, i) => n + i.quantity, 0);
  if (count > PAPER_BOOK_LIMITS.couponsMax) throw new DomainError('validation', [M.tooManyCoupons], { packId: M.tooManyCoupons });
  if (!pack.terms.locationIds.includes(d.location.locationId)) throw new DomainError('validation', [M.packNotSoldHere], { locationId: M.packNotSoldHere });
  const timeZone = d.location.timeZone;
  if (!isValidTimeZone(timeZone)) throw new DomainError('validation', [M.locationTimeZoneMissing], { locationId: M.locationTimeZoneMissing });
  const snapshot = snapshotOf(pack, d.coupons);
  const price = d.price ?? snapshot.listPrice;
  if (!Number.isSafeInteger(price) || price < 0 || price > PAPER_BOOK_LIMITS.priceMaxCents) throw new DomainError('validation', [MONEY_MESSAGES.tooLarge(PAPER_BOOK_LIMITS.priceMaxCents)], { price: MONEY_MESSAGES.tooLarge(PAPER_BOOK_LIMITS.priceMaxCents) });
  let n = 0;
  const issued = issueCoupons({ pack: snapshot, price, soldOn: d.soldOn, timeZone, newId: () => d.paperCouponId(++n) });
  const coupons: PaperCoupon[] = issued.map((c, i) => ({
    number: i + 1,
    paperCouponId: c.issuedCouponId,
    couponId: c.couponId,
    expiresOn: c.expiresOn,
    expiresAt: c.expiresAt,
    allocatedValue: c.allocatedValue,
  }));
  const data: PaperBookRegistered['data'] = {
    bookNumber: d.bookNumber,
    pack: snapshot,
    locationId: d.location.locationId,
    timeZone,
    saleRoNumber: d.saleRoNumber,
    soldOn: d.soldOn,
    price,
    source: d.source,
    registeredBy: d.registeredBy,
    registeredAt: d.now.toISOString(),
    coupons,
  };
  return [{ type: 'PaperBookRegistered', data }];
}

function redeem(d: RedeemPaperCouponData, state: PaperBookState, bookNumber: string): PaperBookEvent[] {
  const book = state.book;
  if (!book) throw bookNotFound(bookNumber);
  // A retry of this very redemption records nothing.
  if (paperRedemptionById(state, d.redemptionId) || state.voidedRedemptionIds.includes(d.redemptionId)) return [];
  if (state.conversion) throw new DomainError('conflict', [M.bookConverted], { paperCouponNumber: M.bookConverted });
  const coupon = soldPaperCoupon(book, d.paperCouponNumber);
  if (!coupon) throw new DomainError('not_found', [M.paperCouponNotInBook], { paperCouponNumber: M.paperCouponNotInBook });
  if (state.redemptions[d.paperCouponNumber]) throw new DomainError('conflict', [M.paperCouponUsed], { paperCouponNumber: M.paperCouponUsed });
  // Good all of its last local day in the selling location's zone.
  if (d.now.getTime() > Date.parse(coupon.expiresAt)) throw new DomainError('conflict', [M.paperCouponExpired(coupon.expiresOn)], { paperCouponNumber: M.paperCouponExpired(coupon.expiresOn) });
  const plan = planRedemption({ coupon, location: d.location, roNumber: d.roNumber, ro: d.ro, roRedemptions: d.roRedemptions });
  if (!plan.ok) throw refused(plan.refusal);
  return [
    {
      type: 'PaperCouponRedeemed',
      data: {
        bookNumber: book.bookNumber,
        redemptionId: d.redemptionId,
        paperCouponNumber: d.paperCouponNumber,
        paperCouponId: coupon.issuedCouponId,
        couponId: coupon.couponId,
        couponName: coupon.terms.name,
        soldLocationId: book.locationId,
        locationId: d.location.locationId,
        timeZone: plan.timeZone,
        roNumber: d.roNumber,
        line: plan.line,
        amount: plan.amount,
        allocatedValue: coupon.allocatedValue,
        redeemedBy: d.actor.userId,
        redeemedAt: d.now.toISOString(),
        redeemedOn: localDateOf(d.now, plan.timeZone),
      },
    },
  ];
}

function voidRedemption(d: { redemptionId: string; reason: string; actor: RedemptionActor; now: Date }, state: PaperBookState, bookNumber: string): PaperBookEvent[] {
  if (!state.book) throw bookNotFound(bookNumber);
  if (state.voidedRedemptionIds.includes(d.redemptionId)) return [];
  const current = paperRedemptionById(state, d.redemptionId);
  if (!current) throw new DomainError('not_found', [M.redemptionNotFound]);
  if (!mayChangeRedemption(d.actor, current, d.now)) throw new DomainError('forbidden', [COUPON_REDEMPTION_MESSAGES.changeNotAllowed]);
  return [
    {
      type: 'PaperCouponRedemptionVoided',
      data: {
        bookNumber: current.bookNumber,
        redemptionId: current.redemptionId,
        paperCouponNumber: current.paperCouponNumber,
        paperCouponId: current.paperCouponId,
        couponId: current.couponId,
        locationId: current.locationId,
        roNumber: current.roNumber,
        amount: current.amount,
        allocatedValue: current.allocatedValue,
        reason: d.reason,
        by: d.actor.userId,
        voidedAt: d.now.toISOString(),
      },
    },
  ];
}

/** The paper coupons a conversion moves: not redeemed, not past their last day. */
export function convertibleCoupons(state: PaperBookState, now: Date): PaperCoupon[] {
  return (state.book?.coupons ?? []).filter((c) => !state.redemptions[c.number] && now.getTime() <= Date.parse(c.expiresAt));
}

function convert(d: ConvertPaperBookData, state: PaperBookState, bookNumber: string): PaperBookEvent[] {
  if (!state.book) throw bookNotFound(bookNumber);
  if (state.conversion) {
    // A retry for the same customer answers the same conversion.
    if (state.conversion.customerId === d.customerId) return [];
    throw new DomainError('conflict', [M.alreadyConverted]);
  }
  const coupons = convertibleCoupons(state, d.now);
  if (coupons.length === 0) throw new DomainError('conflict', [M.nothingToConvert]);
  return [
    {
      type: 'PaperBookConverted',
      data: {
        bookNumber: state.book.bookNumber,
        customerId: d.customerId,
        saleId: d.saleId,
        convertedCouponNumbers: coupons.map((c) => c.number),
        convertedValue: sumMoney(coupons.map((c) => c.allocatedValue)),
        by: d.by,
        convertedAt: d.now.toISOString(),
      },
    },
  ];
}

export function decidePaperBook(command: PaperBookCommand, state: PaperBookState, bookNumber: string): PaperBookEvent[] {
  switch (command.type) {
    case 'RegisterPaperBook':
      return register(command.data, state);
    case 'RedeemPaperCoupon':
      return redeem(command.data, state, bookNumber);
    case 'VoidPaperRedemption':
      return voidRedemption(command.data, state, bookNumber);
    case 'ConvertPaperBook':
      return convert(command.data, state, bookNumber);
  }
}

/** The decider of one book's stream for handle() (the book number names the stream, for the not-found message). */
export const paperBookDecider = (bookNumber: string): Decider<PaperBookState, PaperBookCommand, PaperBookEvent> => ({
  initialState: initialPaperBookState,
  evolve: evolvePaperBook,
  decide: (command, state) => decidePaperBook(command, state, bookNumber),
});
