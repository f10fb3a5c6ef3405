// The wizard's state lives in the address (SPEC 2.2's child routes plus `?book=` and `?customer=`), so a reload
// or the back button shows the same step. Pure helpers: which step needs what, where each step leads, and what
// the book allows.
import { PAPER_BOOK_MESSAGES, checkBookNumber, type PaperBookView, type PaperCouponRedemptionView, type PaperCouponView } from '@dealer/contracts';
import { PAPER_CONVERSION_STEPS, paths } from '../../../config/paths';
import { PAPER_TEXTS } from './paper-conversion-texts';

export type PaperStep = (typeof PAPER_CONVERSION_STEPS)[number][0];

export interface WizardState {
  /** The book number (checked and upper-cased), or null before one was entered. */
  book: string | null;
  /** The customer chosen in customer-info, for book-conversion. */
  customer: string | null;
}

const CUSTOMER_ID = /^[A-Za-z0-9-]{1,64}$/;

export function readWizardState(query: URLSearchParams): WizardState {
  const book = checkBookNumber(query.get('book') ?? '');
  const customer = query.get('customer')?.trim() ?? '';
  return { book: 'value' in book ? book.value : null, customer: CUSTOMER_ID.test(customer) ? customer : null };
}

/** The address of a step with the state it needs (book for every step after book-number, customer at the end). */
export function stepHref(step: PaperStep, state: WizardState): string {
  const query = new URLSearchParams();
  if (state.book) query.set('book', state.book);
  if (state.customer && (step === 'customer-info' || step === 'book-conversion')) query.set('customer', state.customer);
  const search = query.toString();
  return `${paths.employee.paperConversion}/${step}${search ? `?${search}` : ''}`;
}

/** A step can be opened once what it needs is known: a found book, and for book-conversion the customer. */
export function stepReachable(step: PaperStep, state: WizardState, bookFound: boolean): boolean {
  if (step === 'book-number') return true;
  if (!state.book || !bookFound) return false;
  return step !== 'book-conversion' || state.customer !== null;
}

export const STEP_TITLES = Object.fromEntries(PAPER_CONVERSION_STEPS) as Record<PaperStep, string>;
export const STEPS: readonly PaperStep[] = PAPER_CONVERSION_STEPS.map(([step]) => step);

/** Coupons the customer can hand over today (and that a conversion would move): unused and not expired. */
export const availableCoupons = (book: PaperBookView): PaperCouponView[] => book.coupons.filter((c) => c.status === 'available');

/** Why each action of the action step cannot be taken, or null when it can. */
export function actionBlockers(book: PaperBookView): { redeem: string | null; convert: string | null } {
  if (book.status === 'converted') return { redeem: PAPER_BOOK_MESSAGES.bookConverted, convert: PAPER_BOOK_MESSAGES.alreadyConverted };
  const none = availableCoupons(book).length === 0;
  return { redeem: none ? PAPER_TEXTS.noAvailable : null, convert: none ? PAPER_BOOK_MESSAGES.nothingToConvert : null };
}

export interface Voider {
  userId: string;
  isManager: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether to offer Void on a paper redemption: managers (and admins) any; staff their own on the day. The day is
 * the location's and the server decides (its 403 message shows), so the button errs on showing: within 24 hours.
 */
export function mayOfferVoid(redemption: PaperCouponRedemptionView, voider: Voider | null, now: Date): boolean {
  if (!voider) return false;
  if (voider.isManager) return true;
  return redemption.redeemedBy === voider.userId && now.getTime() - Date.parse(redemption.redeemedAt) < DAY_MS;
}
