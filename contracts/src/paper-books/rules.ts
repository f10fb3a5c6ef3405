/**
 * Paper coupon books (issue 12): the book number's form, the request bodies of the paper routes,
 * their messages and the help pages the not-found situations lead to. Pure.
 */
import { COUPON_REDEMPTION_MESSAGES } from '../coupon-redemptions/rules';
import { checkReason, checkRoNumber, PACK_SALE_LIMITS, PACK_SALE_MESSAGES } from '../packs/sale-rules';
import { isLocalDate, type LocalDate } from '../coupons/expiry';
import { parseMoney, type Money } from '../money/index';

/** SPEC 2.2's help pages for the not-found situations of the paper wizard. */
export const PAPER_HELP_PATHS = {
  notFoundInSystem: '/employee/help/not-found-in-system',
  bookRoNotFound: '/employee/help/book-ro-not-found',
  customerNoEmail: '/employee/help/customer-no-email',
  paperRedeem: '/employee/help/paper-redeem',
  paperConversions: '/employee/help/paper-conversions',
} as const;

export const PAPER_BOOK_LIMITS = {
  /** Book numbers as printed: 1 to 20 letters, digits or dashes (stored upper case). */
  bookNumberMax: 20,
  /** A book holds at most this many coupons (a pack's 50 items times quantities up to 99 would be absurd on paper). */
  couponsMax: 200,
  roNumberMax: PACK_SALE_LIMITS.roNumberMax,
  reasonMax: PACK_SALE_LIMITS.reasonMax,
  /** $100,000.00, as a pack's price. */
  priceMaxCents: 10_000_000,
} as const;

const BOOK_NUMBER = /^[A-Z0-9-]{1,20}$/;

export const PAPER_BOOK_MESSAGES = {
  bookNumberRequired: 'Book number is required.',
  bookNumberInvalid: 'A book number has 1 to 20 letters, digits or dashes.',
  bookNotFound: (bookNumber: string) =>
    `Book ${bookNumber} is not in the system. Check the number, or find the book by the RO it was sold on. See the help page "Not Found In System".`,
  bookRoNotFound: (roNumber: string) =>
    `RO# ${roNumber} was not found at this location in the DMS data. See the help page "Book RO Not Found" for what to do.`,
  bookExists: (bookNumber: string) => `Book ${bookNumber} is already in the system with another sale. Check the book number.`,
  packRequired: 'Choose the pack the book was printed from.',
  packNotFound: 'Coupon pack not found.',
  packEmpty: 'This pack has no coupons, so no book can be printed from it.',
  packNotSoldHere: 'This pack was not sold at that location.',
  tooManyCoupons: `A paper book holds at most ${PAPER_BOOK_LIMITS.couponsMax} coupons.`,
  locationRequired: PACK_SALE_MESSAGES.locationRequired,
  locationTimeZoneMissing: PACK_SALE_MESSAGES.locationTimeZoneMissing,
  saleRoRequired: 'Sale RO # is required.',
  roNumberInvalid: PACK_SALE_MESSAGES.roNumberInvalid,
  paperCouponRequired: 'Choose the paper coupon.',
  paperCouponNotInBook: 'This coupon number is not in the book.',
  paperCouponUsed: 'This paper coupon has already been used.',
  paperCouponExpired: COUPON_REDEMPTION_MESSAGES.expired,
  bookConverted: 'This book was converted to a digital pack, so its paper coupons can no longer be used. Use the customer’s digital coupons.',
  alreadyConverted: 'This book was already converted to a digital pack.',
  nothingToConvert: 'This book has no unused coupons left to convert.',
  customerRequired: COUPON_REDEMPTION_MESSAGES.customerRequired,
  customerNotFound: 'Customer not found.',
  redemptionNotFound: COUPON_REDEMPTION_MESSAGES.redemptionNotFound,
  voidReasonRequired: COUPON_REDEMPTION_MESSAGES.voidReasonRequired,
  reasonMax: PACK_SALE_MESSAGES.reasonMax,
  // Success texts (SPEC 8's where it has one).
  registered: 'Found the book and added it to the system.',
  redeemed: COUPON_REDEMPTION_MESSAGES.redeemed,
  voided: COUPON_REDEMPTION_MESSAGES.voided,
  converted: (count: number) => `Converted the book: ${count} coupon${count === 1 ? '' : 's'} added to the customer's digital pack.`,
} as const;

export function checkBookNumber(raw: unknown): { value: string } | { error: string } {
  const t = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (!t) return { error: PAPER_BOOK_MESSAGES.bookNumberRequired };
  if (!BOOK_NUMBER.test(t)) return { error: PAPER_BOOK_MESSAGES.bookNumberInvalid };
  return { value: t };
}

type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[]; fields: Record<string, string> };
const bodyOf = (input: unknown) => (typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {});
const done = <T>(fields: Record<string, string>, value: () => T): Checked<T> =>
  Object.keys(fields).length > 0 ? { ok: false, errors: Object.values(fields), fields } : { ok: true, value: value() };
const locationIdOf = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= 2_147_483_647 ? x : null);
const idOf = (x: unknown) => (typeof x === 'string' && x.trim().length > 0 && x.trim().length <= 64 ? x.trim() : null);

/** POST /api/paper-books: find a book by its sale RO in the DMS data and add it to the system. */
export interface PaperBookLookupRequest {
  bookNumber: string;
  locationId: number;
  saleRoNumber: string;
  packId: string;
}

export function checkPaperBookLookupRequest(input: unknown): Checked<PaperBookLookupRequest> {
  const body = bodyOf(input);
  const fields: Record<string, string> = {};
  const book = checkBookNumber(body.bookNumber);
  if ('error' in book) fields.bookNumber = book.error;
  const locationId = locationIdOf(body.locationId);
  if (locationId === null) fields.locationId = PAPER_BOOK_MESSAGES.locationRequired;
  const ro = checkRoNumber(body.saleRoNumber);
  if ('error' in ro) fields.saleRoNumber = ro.error === PACK_SALE_MESSAGES.roNumberRequired ? PAPER_BOOK_MESSAGES.saleRoRequired : ro.error;
  const packId = idOf(body.packId);
  if (!packId) fields.packId = PAPER_BOOK_MESSAGES.packRequired;
  return done(fields, () => ({ bookNumber: (book as { value: string }).value, locationId: locationId!, saleRoNumber: (ro as { value: string }).value, packId: packId! }));
}

/** POST /api/paper-books/{bookNumber}/redemptions: one paper coupon of the book against an RO. */
export interface PaperRedemptionRequest {
  paperCouponNumber: number;
  locationId: number;
  roNumber: string;
}

export function checkPaperRedemptionRequest(input: unknown): Checked<PaperRedemptionRequest> {
  const body = bodyOf(input);
  const fields: Record<string, string> = {};
  const n = body.paperCouponNumber;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > PAPER_BOOK_LIMITS.couponsMax) fields.paperCouponNumber = PAPER_BOOK_MESSAGES.paperCouponRequired;
  const locationId = locationIdOf(body.locationId);
  if (locationId === null) fields.locationId = PAPER_BOOK_MESSAGES.locationRequired;
  const ro = checkRoNumber(body.roNumber);
  if ('error' in ro) fields.roNumber = ro.error;
  return done(fields, () => ({ paperCouponNumber: n as number, locationId: locationId!, roNumber: (ro as { value: string }).value }));
}

/** POST /api/paper-books/{bookNumber}/redemptions/{redemptionId}/void: the Enter Void Reason dialog's text. */
export function checkPaperRedemptionVoidRequest(input: unknown): Checked<{ reason: string }> {
  const body = bodyOf(input);
  const fields: Record<string, string> = {};
  const reason = checkReason(body.reason, PAPER_BOOK_MESSAGES.voidReasonRequired);
  if ('error' in reason) fields.reason = reason.error;
  return done(fields, () => ({ reason: (reason as { value: string }).value }));
}

/** POST /api/paper-books/{bookNumber}/conversion: the customer found or created in the customer-info step. */
export function checkPaperConversionRequest(input: unknown): Checked<{ customerId: string }> {
  const body = bodyOf(input);
  const fields: Record<string, string> = {};
  const customerId = idOf(body.customerId);
  if (!customerId) fields.customerId = PAPER_BOOK_MESSAGES.customerRequired;
  return done(fields, () => ({ customerId: customerId! }));
}

// ---------------------------------------------------------------------------------------------
// The import of the dealership's records of sold books (`npm run import:paper-books -- FILE`)

/** The CSV header (JSON objects carry the same names). */
export const PAPER_BOOK_IMPORT_COLUMNS = ['bookNumber', 'packId', 'locationId', 'saleRoNumber', 'soldDate', 'price'] as const;

export const PAPER_BOOK_IMPORT_MESSAGES = {
  notAnObject: 'The row is not an object with the columns bookNumber, packId, locationId, saleRoNumber, soldDate and price.',
  packIdInvalid: 'packId is not a pack id (a UUID).',
  locationIdInvalid: 'locationId must be a whole number from 1.',
  soldDateInvalid: 'soldDate must be a calendar date written MM/DD/YYYY or YYYY-MM-DD.',
  priceInvalid: (detail: string) => `price: ${detail}`,
  duplicateInFile: (row: number) => `The same book number is on row ${row} of this file.`,
} as const;

export interface PaperBookImportRow {
  bookNumber: string;
  packId: string;
  locationId: number;
  saleRoNumber: string;
  soldOn: LocalDate;
  /** Null: the pack's list price. */
  price: Money | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** 'MM/DD/YYYY' (SPEC 5: dates use month/day/year) or 'YYYY-MM-DD' to a local date; null when neither or not a real date. */
export function parseSoldDate(raw: unknown): LocalDate | null {
  if (typeof raw !== 'string') return null;
  const t = raw.trim();
  const us = US_DATE.exec(t);
  const date = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : t;
  return isLocalDate(date) ? date : null;
}

/** One row of the import (its own shape only; the pack, the location and the book's stream are the importer's). */
export function checkPaperBookImportRow(input: unknown): Checked<PaperBookImportRow> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, errors: [PAPER_BOOK_IMPORT_MESSAGES.notAnObject], fields: {} };
  const body = input as Record<string, unknown>;
  const fields: Record<string, string> = {};
  const I = PAPER_BOOK_IMPORT_MESSAGES;
  const book = checkBookNumber(body.bookNumber);
  if ('error' in book) fields.bookNumber = book.error;
  const packId = typeof body.packId === 'string' && UUID.test(body.packId.trim()) ? body.packId.trim().toLowerCase() : null;
  if (!packId) fields.packId = typeof body.packId === 'string' && body.packId.trim() ? I.packIdInvalid : PAPER_BOOK_MESSAGES.packRequired;
  const rawLocation = typeof body.locationId === 'string' && /^\s*\d{1,10}\s*$/.test(body.locationId) ? Number(body.locationId) : body.locationId;
  const locationId = locationIdOf(rawLocation);
  if (locationId === null) fields.locationId = body.locationId === undefined || body.locationId === null || body.locationId === '' ? PAPER_BOOK_MESSAGES.locationRequired : I.locationIdInvalid;
  const ro = checkRoNumber(body.saleRoNumber);
  if ('error' in ro) fields.saleRoNumber = ro.error === PACK_SALE_MESSAGES.roNumberRequired ? PAPER_BOOK_MESSAGES.saleRoRequired : ro.error;
  const soldOn = parseSoldDate(body.soldDate);
  if (!soldOn) fields.soldDate = I.soldDateInvalid;
  let price: Money | null = null;
  const rawPrice = typeof body.price === 'number' && Number.isFinite(body.price) ? String(body.price) : body.price;
  if (rawPrice !== undefined && rawPrice !== null && !(typeof rawPrice === 'string' && rawPrice.trim() === '')) {
    const parsed = parseMoney(rawPrice, { maxCents: PAPER_BOOK_LIMITS.priceMaxCents });
    if (parsed.ok) price = parsed.value;
    else fields.price = I.priceInvalid(parsed.error);
  }
  return done(fields, () => ({ bookNumber: (book as { value: string }).value, packId: packId!, locationId: locationId!, saleRoNumber: (ro as { value: string }).value, soldOn: soldOn!, price }));
}
