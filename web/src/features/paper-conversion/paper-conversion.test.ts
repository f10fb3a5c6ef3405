// Unit tests of the paper conversion wizard's rules: the state read from the address, where each step leads and
// when it can be opened, what the book allows (and why not), and who is offered Void on a paper redemption.
import { describe, expect, it } from 'vitest';
import { PAPER_BOOK_MESSAGES, cents, type PaperBookView, type PaperCouponRedemptionView, type PaperCouponView } from '@dealer/contracts';
import { PAPER_TEXTS } from './components/paper-conversion-texts';
import { actionBlockers, availableCoupons, mayOfferVoid, readWizardState, stepHref, stepReachable } from './components/wizard-state';

const redemption = (overrides: Partial<PaperCouponRedemptionView> = {}): PaperCouponRedemptionView => ({
  redemptionId: 'r-1',
  locationId: 1,
  locationName: 'Front Range Toyota',
  roNumber: '7410001',
  opCode: 'LOF',
  laborType: 'C',
  amount: cents(4995),
  redeemedAt: '2026-03-02T16:30:00.000Z',
  redeemedBy: 'u-staff',
  redeemedByName: 'Evan Employee',
  ...overrides,
});
const coupon = (number: number, status: PaperCouponView['status']) => ({ number, status, redemption: status === 'redeemed' ? redemption() : null }) as PaperCouponView;
const book = (status: PaperBookView['status'], coupons: PaperCouponView[]) => ({ bookNumber: 'PB-10001', status, coupons }) as PaperBookView;

describe('the wizard state in the address', () => {
  it('should read the book number upper-cased and trimmed, and a customer id', () => {
    expect(readWizardState(new URLSearchParams('book=%20pb-10001%20&customer=0b7c-11'))).toEqual({ book: 'PB-10001', customer: '0b7c-11' });
  });

  it('should ignore a book number or customer id that is not one', () => {
    expect(readWizardState(new URLSearchParams('book=PB 1&customer=<x>'))).toEqual({ book: null, customer: null });
    expect(readWizardState(new URLSearchParams(''))).toEqual({ book: null, customer: null });
  });

  it('should carry the book to every step and the customer only to the customer steps', () => {
    const state = { book: 'PB-10001', customer: 'c-1' };
    expect(stepHref('action', state)).toBe('/employee/paper-conversion/action?book=PB-10001');
    expect(stepHref('paper-redeem', state)).toBe('/employee/paper-conversion/paper-redeem?book=PB-10001');
    expect(stepHref('book-conversion', state)).toBe('/employee/paper-conversion/book-conversion?book=PB-10001&customer=c-1');
    expect(stepHref('book-number', { book: null, customer: null })).toBe('/employee/paper-conversion/book-number');
  });

  it('should open the steps after book-number only for a found book, and the conversion only with a customer', () => {
    expect(stepReachable('book-number', { book: null, customer: null }, false)).toBe(true);
    expect(stepReachable('action', { book: 'PB-1', customer: null }, false)).toBe(false);
    expect(stepReachable('action', { book: 'PB-1', customer: null }, true)).toBe(true);
    expect(stepReachable('book-conversion', { book: 'PB-1', customer: null }, true)).toBe(false);
    expect(stepReachable('book-conversion', { book: 'PB-1', customer: 'c-1' }, true)).toBe(true);
  });
});

describe('what a book allows', () => {
  it('should offer both actions while a coupon is available, and list only the available ones', () => {
    const open = book('open', [coupon(1, 'redeemed'), coupon(2, 'available'), coupon(3, 'expired')]);
    expect(actionBlockers(open)).toEqual({ redeem: null, convert: null });
    expect(availableCoupons(open).map((c) => c.number)).toEqual([2]);
  });

  it('should say why when nothing is left to redeem or convert', () => {
    expect(actionBlockers(book('open', [coupon(1, 'redeemed'), coupon(2, 'expired')]))).toEqual({
      redeem: PAPER_TEXTS.noAvailable,
      convert: PAPER_BOOK_MESSAGES.nothingToConvert,
    });
  });

  it('should refuse both on a converted book', () => {
    expect(actionBlockers(book('converted', [coupon(1, 'converted')]))).toEqual({
      redeem: PAPER_BOOK_MESSAGES.bookConverted,
      convert: PAPER_BOOK_MESSAGES.alreadyConverted,
    });
  });
});

describe('who is offered Void on a paper redemption', () => {
  const at = new Date('2026-03-02T20:00:00.000Z');
  it('should offer it to a manager on any redemption', () => {
    expect(mayOfferVoid(redemption({ redeemedBy: 'someone-else', redeemedAt: '2025-01-01T00:00:00.000Z' }), { userId: 'u-mgr', isManager: true }, at)).toBe(true);
  });

  it('should offer it to staff on their own redemption of the day, not on another’s or an old one', () => {
    expect(mayOfferVoid(redemption(), { userId: 'u-staff', isManager: false }, at)).toBe(true);
    expect(mayOfferVoid(redemption({ redeemedBy: 'u-other' }), { userId: 'u-staff', isManager: false }, at)).toBe(false);
    expect(mayOfferVoid(redemption({ redeemedAt: '2026-02-28T16:30:00.000Z' }), { userId: 'u-staff', isManager: false }, at)).toBe(false);
  });

  it('should not offer it without the void permission', () => {
    expect(mayOfferVoid(redemption(), null, at)).toBe(false);
  });
});
