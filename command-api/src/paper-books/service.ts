/**
 * Paper coupon books (issue 12), as functions the routes, the import and the demo seed call:
 * register a book (found by its sale RO in the DMS data, or imported), redeem one of its paper
 * coupons against an RO, void such a redemption, convert the book into the customer's digital
 * pack.
 *
 * A paper redemption follows the digital one's order (coupon-redemptions/service.ts): read the
 * book with its revision, the location, the RO in cents and the RO's coupon ledger (stale
 * claims released); decide (pure, the digital rules); claim the line and amount on the RO
 * ledger pinned to the revision read, under the paper coupon's id with `paperBookNumber` set
 * (so the RO's caps count paper and digital coupons alike); append to the book's stream with
 * the revision read. Losing either race reads and decides again: the decider then refuses.
 * Paper coupons skip the customer's redemption verification: the paper coupon in hand is the
 * proof, and its holder may not be in the system.
 */
import { actorAt, deciderAt, type ActorAt } from '../authorization/actor-at';
import {
  PAPER_BOOK_MESSAGES as M,
  RO_CLAIM_GRACE_MS,
  ZERO_MONEY,
  checkBookNumber,
  checkPaperBookLookupRequest,
  checkPaperConversionRequest,
  checkPaperRedemptionRequest,
  checkPaperRedemptionVoidRequest,
  customerStreamId,
  packSaleStreamId,
  paperBookStreamId,
  roCouponLedgerStreamId,
  type IssuedCoupon,
  type LocalDate,
  type Money,
  type PackSaleEvent,
  type PackSold,
  type PaperBookEvent,
  type PaperBookRegistered,
  type PaperBookSource,
  type PaperConversionAnswer,
  type PaperCouponRedeemed,
  type PaperCouponRedemptionVoided,
  type RoRedemption,
} from '@dealer/contracts';
import { DomainError, WrongExpectedRevisionError, appendDecided, decideOn, deterministicUuid, handle, positionOfRequest, type CommandContext, type Decider, type EventStore, type Loaded, type Sql } from '@dealer/platform';
import type { RedemptionActor } from '@dealer/domain/coupon-redemption/decide';
import { liveLedger, release } from '../coupon-redemptions/service';
import { loadPaperBook, loadRedemptionLocation, loadRedemptionRo } from '../coupon-redemptions/lookups';
import { roCouponLedgerDecider } from '@dealer/domain/coupon-redemption/ro-ledger-decide';
import { loadPackWithCoupons, loadSaleLocation } from '../pack-sales/lookups';
import { customerDecider } from '@dealer/domain/customer/decider';
import { paperBookDecider, type PaperBookCommand, decidePaperBook } from '@dealer/domain/paper-book/decide';
import { loadBookSaleRo, loadConvertingCustomer } from './lookups';
import { evolvePackSale, initialPackSaleState, type PackSaleState } from '@dealer/domain/pack-sale/state';
import { type PaperBookState, paperClaimIsLive } from '@dealer/domain/paper-book/state';
import type { RoCouponLedgerState } from '@dealer/domain/coupon-redemption/ro-ledger';

export interface PaperBookDeps {
  store: EventStore;
  sql: Sql;
}

/** The global position of the last event a command appended; null when it changed nothing. */
type Position = number | null;

export interface PaperBookRegistration {
  bookNumber: string;
  revision: number;
  created: boolean;
  position: Position;
}

export interface PaperRedemptionResult {
  redemptionId: string;
  bookNumber: string;
  paperCouponNumber: number;
  status: 'redeemed' | 'voided';
  amount: Money;
  revision: number;
  position: Position;
}

export interface PaperConversionResult extends Omit<PaperConversionAnswer, 'id' | 'message'> {
  position: Position;
}

/** How often a redemption reads and decides again after losing a race on the RO ledger or the book. */
const MAX_ATTEMPTS = 8;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const asUuid = (id: string) => (UUID.test(id) ? id.toLowerCase() : null);
const validation = (checked: { errors: string[]; fields: Record<string, string> }) => new DomainError('validation', checked.errors, checked.fields);
const laterOf = (a: Position, b: Position): Position => (a === null ? b : b === null ? a : Math.max(a, b));

/** The paper coupon ids are derived from the book number and the coupon's number: the same book always gets the same ids. */
export const paperCouponIdOf = (bookNumber: string, number: number) => deterministicUuid(`paper-coupon:${bookNumber}:${number}`);
/** The conversion's pack sale (one per book) and its issued coupons. */
export const conversionSaleIdOf = (bookNumber: string) => deterministicUuid(`paper-conversion:${bookNumber}`);
const conversionCouponIdOf = (bookNumber: string, number: number) => deterministicUuid(`paper-conversion:${bookNumber}:${number}`);

/** A book number from a path: the printed number's form, upper case. */
function bookNumberOf(raw: string): string {
  const checked = checkBookNumber(raw);
  if ('error' in checked) throw new DomainError('validation', [checked.error], { bookNumber: checked.error });
  return checked.value;
}

function bookNotFound(bookNumber: string) {
  return new DomainError('not_found', [M.bookNotFound(bookNumber)], { bookNumber: M.bookNotFound(bookNumber) });
}

// ---------------------------------------------------------------------------------------------
// Registering a book

export interface PaperBookRegistrationInput {
  bookNumber: string;
  packId: string;
  locationId: number;
  saleRoNumber: string;
  soldOn: LocalDate;
  /** Null: the pack's list price. */
  price: Money | null;
  source: PaperBookSource;
  registeredBy: string;
}

/** The decision on one registration: what the book's stream would get (the import's dry run stops here). */
async function registrationCommand(deps: PaperBookDeps, input: PaperBookRegistrationInput, ctx: CommandContext): Promise<PaperBookCommand> {
  const location = await loadSaleLocation(deps.sql, input.locationId);
  const packId = asUuid(input.packId);
  const { pack, coupons } = packId === null ? { pack: null, coupons: {} } : await loadPackWithCoupons(deps.store, packId);
  return {
    type: 'RegisterPaperBook',
    data: {
      bookNumber: input.bookNumber,
      pack,
      coupons,
      location: { locationId: location.locationId, timeZone: location.timeZone },
      saleRoNumber: input.saleRoNumber,
      soldOn: input.soldOn,
      price: input.price,
      source: input.source,
      registeredBy: input.registeredBy,
      paperCouponId: (n) => paperCouponIdOf(input.bookNumber, n),
      now: ctx.now(),
    },
  };
}

/** Registers a book (or answers the one already there alike; another sale is 409 bookExists). `dryRun`: decides without appending. */
export async function registerPaperBook(deps: PaperBookDeps, input: PaperBookRegistrationInput, ctx: CommandContext, options: { dryRun?: boolean } = {}): Promise<PaperBookRegistration> {
  const command = await registrationCommand(deps, input, ctx);
  const stream = paperBookStreamId(input.bookNumber);
  if (options.dryRun) {
    const book = await loadPaperBook(deps.store, input.bookNumber);
    const events = decidePaperBook(command, book.state, input.bookNumber);
    return { bookNumber: input.bookNumber, revision: book.revision, created: events.length > 0, position: null };
  }
  const result = await handle(deps.store, stream, paperBookDecider(input.bookNumber), command, ctx);
  return { bookNumber: input.bookNumber, revision: result.revision, created: result.position !== null, position: result.position };
}

/**
 * POST /api/paper-books: finds the book by its sale RO in the DMS data (404 bookRoNotFound when
 * the RO is not there at that location) and registers it, sold on the RO's open date at the
 * pack's list price. A book already in the system is answered without the RO lookup: alike
 * 200 (created false), with another sale 409.
 */
export async function registerPaperBookByRo(deps: PaperBookDeps, body: unknown, located: ActorAt, ctx: CommandContext): Promise<PaperBookRegistration> {
  const checked = checkPaperBookLookupRequest(body);
  if (!checked.ok) throw validation(checked);
  const r = checked.value;
  // Registered by staff of the location that sold it (issue 20).
  const actor = actorAt(located, r.locationId);
  const existing = await loadPaperBook(deps.store, r.bookNumber);
  let soldOn: LocalDate;
  if (existing.state.book) soldOn = existing.state.book.soldOn;
  else {
    const ro = await loadBookSaleRo(deps.sql, r.locationId, r.saleRoNumber);
    if (!ro) throw new DomainError('not_found', [M.bookRoNotFound(r.saleRoNumber)], { saleRoNumber: M.bookRoNotFound(r.saleRoNumber) });
    soldOn = ro.openedOn;
  }
  return registerPaperBook(
    deps,
    { bookNumber: r.bookNumber, packId: r.packId, locationId: r.locationId, saleRoNumber: r.saleRoNumber, soldOn, price: null, source: 'dms-ro', registeredBy: actor.userId },
    ctx,
  );
}

// ---------------------------------------------------------------------------------------------
// Redeeming a paper coupon

function claimPaperCoupon(
  deps: PaperBookDeps,
  ctx: CommandContext,
  redeemed: PaperCouponRedeemed['data'],
  maxima: { maxPerRo: number; maxAmountPerRo: Money | null },
  ledger: Loaded<RoCouponLedgerState>,
) {
  const { locationId, roNumber } = redeemed;
  const claim: RoRedemption = {
    redemptionId: redeemed.redemptionId,
    issuedCouponId: redeemed.paperCouponId,
    couponId: redeemed.couponId,
    jobId: redeemed.line.jobId,
    amount: redeemed.amount,
    paperBookNumber: redeemed.bookNumber,
  };
  // Decided on the ledger as read, appended with its revision (a claim in between: read and plan again).
  return decideOn(
    deps.store,
    roCouponLedgerStreamId(locationId, roNumber),
    roCouponLedgerDecider,
    ledger,
    { type: 'ClaimRoCoupon', data: { locationId, roNumber, claim, limits: { ...maxima, lineTotal: redeemed.line.lineTotal }, now: ctx.now() } },
    ctx,
  );
}

/** Another redemption of this paper coupon already claimed on this RO and is still live: this one lost the race. */
function assertNoRivalClaim(ledger: RoCouponLedgerState, at: { locationId: number; roNumber: string }, book: PaperBookState, paperCouponId: string, redemptionId: string, now: Date) {
  const rival = ledger.claims.find((c) => c.issuedCouponId === paperCouponId && c.redemptionId !== redemptionId && paperClaimIsLive(c, at, book, now, RO_CLAIM_GRACE_MS));
  if (rival) throw new DomainError('conflict', [M.paperCouponUsed], { paperCouponNumber: M.paperCouponUsed });
}

/** POST /api/paper-books/{bookNumber}/redemptions: one paper coupon of the book against an RO, exactly once. */
export async function redeemPaperCoupon(
  deps: PaperBookDeps,
  rawBookNumber: string,
  body: unknown,
  located: ActorAt,
  ctx: CommandContext,
  options: { redemptionId?: string } = {},
): Promise<PaperRedemptionResult> {
  const bookNumber = bookNumberOf(rawBookNumber);
  const checked = checkPaperRedemptionRequest(body);
  if (!checked.ok) throw validation(checked);
  const r = checked.value;
  // Redeemed at the RO's location by staff holding a role there (issue 20).
  const actor: RedemptionActor = actorAt(located, r.locationId);
  const redemptionId = options.redemptionId ?? ctx.newId();
  const stream = paperBookStreamId(bookNumber);

  for (let attempt = 1; ; attempt++) {
    const book = await loadPaperBook(deps.store, bookNumber);
    if (!book.state.book) throw bookNotFound(bookNumber);
    const known = Object.values(book.state.redemptions).find((x) => x.redemptionId === redemptionId);
    if (known) {
      // Already recorded: a retry of this request after a crash (its derived redemption id) answers it.
      const position = positionOfRequest(book.history, ctx);
      return { redemptionId, bookNumber, paperCouponNumber: known.paperCouponNumber, status: 'redeemed', amount: known.amount, revision: book.revision, position };
    }
    const location = await loadRedemptionLocation(deps.sql, r.locationId);
    const ro = await loadRedemptionRo(deps.sql, r.locationId, r.roNumber);
    const ledger = await liveLedger(deps, ctx, r.locationId, r.roNumber);
    const roRedemptions: RoRedemption[] = ledger.state.claims.map(({ redemptionId: id, issuedCouponId, couponId, jobId, amount }) => ({ redemptionId: id, issuedCouponId, couponId, jobId, amount }));
    const command: PaperBookCommand = {
      type: 'RedeemPaperCoupon',
      data: { redemptionId, paperCouponNumber: r.paperCouponNumber, location, roNumber: r.roNumber, ro, roRedemptions, actor, now: ctx.now() },
    };
    // Pure: refusals (contracts' messages) are thrown here, before anything is claimed.
    const events = decidePaperBook(command, book.state, bookNumber);
    const [event] = events;
    if (event?.type !== 'PaperCouponRedeemed') throw new DomainError('conflict', [M.paperCouponUsed], { paperCouponNumber: M.paperCouponUsed });
    const redeemed = event.data;
    const at = { locationId: r.locationId, roNumber: r.roNumber };
    assertNoRivalClaim(ledger.state, at, book.state, redeemed.paperCouponId, redemptionId, ctx.now());
    const terms = book.state.book.pack.items.find((i) => i.couponId === redeemed.couponId)!.coupon;

    try {
      await claimPaperCoupon(deps, ctx, redeemed, { maxPerRo: terms.maxPerRo, maxAmountPerRo: terms.maxAmountPerRo }, ledger);
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    let appended;
    try {
      // The events decided above, on the book as read, with the revision read.
      appended = await appendDecided(deps.store, stream, paperBookDecider(bookNumber), book, events, ctx);
    } catch (error) {
      await release(deps, ctx, at, redemptionId, 'not-redeemed');
      // Lost the book to another command (a redemption or the conversion): read again; the decider refuses.
      if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    return { redemptionId, bookNumber, paperCouponNumber: r.paperCouponNumber, status: 'redeemed', amount: redeemed.amount, revision: appended.revision, position: appended.position };
  }
}

/**
 * POST /api/paper-books/{bookNumber}/redemptions/{redemptionId}/void: the redemption is voided
 * (the redeeming employee on that local day, managers any) and its RO claim released; the paper
 * coupon is usable again unless the book was converted since. A retry answers the same.
 */
export async function voidPaperRedemption(
  deps: PaperBookDeps,
  rawBookNumber: string,
  rawRedemptionId: string,
  body: unknown,
  located: ActorAt,
  ctx: CommandContext,
): Promise<PaperRedemptionResult> {
  const bookNumber = bookNumberOf(rawBookNumber);
  const checked = checkPaperRedemptionVoidRequest(body);
  if (!checked.ok) throw validation(checked);
  const redemptionId = asUuid(rawRedemptionId);
  if (!redemptionId) throw new DomainError('not_found', [M.redemptionNotFound]);
  const stream = paperBookStreamId(bookNumber);
  // Voided by staff with a role where the redemption was made (managers' rights: the manager role there).
  const decider = deciderAt(paperBookDecider(bookNumber), located, (state) =>
    Object.values(state.redemptions).filter((x) => x.redemptionId === redemptionId).map((x) => x.locationId),
  );
  const actor = { userId: located.userId, isManager: false };
  const result = await handle(deps.store, stream, decider, { type: 'VoidPaperRedemption', data: { redemptionId, reason: checked.value.reason, actor, now: ctx.now() } }, ctx);
  // Released also when this void recorded nothing (a retry after a crash between the two appends).
  const voided = (await deps.store.readStream(stream))
    .map((e) => e as unknown as PaperBookEvent)
    .find((e): e is PaperCouponRedemptionVoided => e.type === 'PaperCouponRedemptionVoided' && e.data.redemptionId === redemptionId);
  if (!voided) throw new DomainError('not_found', [M.redemptionNotFound]);
  await release(deps, ctx, voided.data, redemptionId, 'voided');
  return { redemptionId, bookNumber, paperCouponNumber: voided.data.paperCouponNumber, status: 'voided', amount: ZERO_MONEY, revision: result.revision, position: result.position };
}

// ---------------------------------------------------------------------------------------------
// Converting a book into the customer's digital pack

/** The conversion's pack sale: final, priced at the converted coupons' allocated value, no tax (the money was taken on paper). */
export function conversionSale(book: PaperBookRegistered['data'], conversion: NonNullable<PaperBookState['conversion']>, taxExempt: boolean): PackSold {
  const coupons: IssuedCoupon[] = conversion.convertedCouponNumbers.map((n) => {
    const c = book.coupons.find((x) => x.number === n)!;
    return { issuedCouponId: conversionCouponIdOf(book.bookNumber, n), couponId: c.couponId, expiresOn: c.expiresOn, expiresAt: c.expiresAt, allocatedValue: c.allocatedValue };
  });
  return {
    type: 'PackSold',
    data: {
      saleId: conversion.saleId,
      customerId: conversion.customerId,
      pack: book.pack,
      locationId: book.locationId,
      timeZone: book.timeZone,
      saleRoNumber: book.saleRoNumber,
      soldAt: conversion.convertedAt,
      soldOn: book.soldOn,
      soldBy: conversion.by,
      listPrice: conversion.convertedValue,
      price: conversion.convertedValue,
      priceOverride: null,
      taxExempt,
      taxRateBasisPoints: 0,
      tax: ZERO_MONEY,
      total: conversion.convertedValue,
      status: 'final',
      mileageAtSale: null,
      mileageLimit: null,
      coupons,
      paperBookNumber: book.bookNumber,
    },
  };
}

/** Appends the conversion's PackSold unless its stream has it (a retry after a crash completes the sale). */
const conversionSaleDecider = (sold: PackSold): Decider<PackSaleState | null, null, PackSaleEvent> => ({
  initialState: initialPackSaleState,
  evolve: evolvePackSale,
  decide: (_command, state) => (state ? [] : [sold]),
});

/**
 * The registration message, as POST /api/customer-resend-registration sends it (the customer
 * stream's RegistrationMessageRequested; the workers send it): 'registered' when they already
 * have an account, 'no-email' without an e-mail, else 'sent' (once per conversion: a retry finds
 * the request caused by this conversion and sends nothing again).
 */
async function sendRegistration(deps: PaperBookDeps, customerId: string, saleId: string, ctx: CommandContext): Promise<{ registration: PaperConversionAnswer['registration']; position: Position }> {
  const customer = await loadConvertingCustomer(deps.store, customerId);
  if (!customer || customer.isRegistered) return { registration: 'registered', position: null };
  if (!customer.hasEmail) return { registration: 'no-email', position: null };
  const history = await deps.store.readStream(customerStreamId(customerId));
  if (history.some((e) => e.type === 'RegistrationMessageRequested' && e.metadata.causationId === saleId)) return { registration: 'sent', position: null };
  const result = await handle(deps.store, customerStreamId(customerId), customerDecider, { type: 'RequestRegistrationMessage', data: { customerId, channel: 'email' } }, { ...ctx, causationId: saleId });
  return { registration: 'sent', position: result.position };
}

/**
 * POST /api/paper-books/{bookNumber}/conversion: the book's unused, unexpired coupons become the
 * customer's digital pack. PaperBookConverted is appended with the book stream's revision (so a
 * paper redemption racing it either lands first and is not converted, or finds the book
 * converted), then the pack sale `pack-sale-{saleId}`; a retry for the same customer completes
 * whatever is missing and answers the same.
 */
export async function convertPaperBook(deps: PaperBookDeps, rawBookNumber: string, body: unknown, located: ActorAt, ctx: CommandContext): Promise<PaperConversionResult> {
  const bookNumber = bookNumberOf(rawBookNumber);
  const checked = checkPaperConversionRequest(body);
  if (!checked.ok) throw validation(checked);
  const customerId = asUuid(checked.value.customerId);
  const customer = customerId === null ? null : await loadConvertingCustomer(deps.store, customerId);
  if (!customer || customerId === null) throw new DomainError('not_found', [M.customerNotFound], { customerId: M.customerNotFound });
  const book = await loadPaperBook(deps.store, bookNumber);
  if (!book.state.book) throw bookNotFound(bookNumber);
  // Converted by staff of the book's location (a book's location never changes).
  const actor = actorAt(located, book.state.book.locationId);

  const saleId = conversionSaleIdOf(bookNumber);
  const converted = await handle(deps.store, paperBookStreamId(bookNumber), paperBookDecider(bookNumber), { type: 'ConvertPaperBook', data: { customerId, saleId, by: actor.userId, now: ctx.now() } }, ctx);
  const conversion = converted.state.conversion!;
  const sold = conversionSale(converted.state.book!, conversion, customer.taxExempt);
  const sale = await handle(deps.store, packSaleStreamId(conversion.saleId), conversionSaleDecider(sold), null, ctx);
  const registration = await sendRegistration(deps, customerId, conversion.saleId, ctx);
  return {
    bookNumber,
    saleId: conversion.saleId,
    customerId,
    convertedCount: conversion.convertedCouponNumbers.length,
    convertedValue: conversion.convertedValue,
    registration: registration.registration,
    revision: converted.revision,
    position: laterOf(laterOf(converted.position, sale.position), registration.position),
  };
}
