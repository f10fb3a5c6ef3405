import { describe, expect, it } from 'vitest';
import {
  COUPON_REDEMPTION_MESSAGES as CM,
  PAPER_BOOK_MESSAGES as M,
  cents,
  type PaperBookEvent,
  type RedemptionRo,
} from '@dealer/contracts';
import { couponTerms } from '@dealer/contracts/coupons/test-fixtures';
import { convertibleCoupons, decidePaperBook, type PaperBookCommand, type RegisterPaperBookData } from './decide';
import { evolvePaperBook, initialPaperBookState, type PaperBookState, paperCouponStatus } from './state';
import type { CouponDefinitionState } from '../coupon/state';
import type { PackState } from '../pack/state';

const LA = 'America/Los_Angeles';
// 10:00 AM Mar 1 2026 in Los Angeles.
const now = new Date('2026-03-01T18:00:00.000Z');
const staff = { userId: 'u-staff', isManager: false };
const manager = { userId: 'u-manager', isManager: true };

const oil: CouponDefinitionState = { couponId: 'oil', terms: couponTerms(), status: 'disabled' };
const rotation: CouponDefinitionState = { couponId: 'rot', terms: couponTerms({ name: 'Rotation', opCodes: ['ROT'], value: { kind: 'fixed', amount: cents(2000) } }), status: 'active' };
const pack: PackState = {
  packId: 'pack-1',
  terms: { name: 'Book', description: null, price: cents(10_000), locationIds: [1, 2], termMonths: 12, termMileage: null },
  items: [{ couponId: 'oil', quantity: 2 }, { couponId: 'rot', quantity: 1 }],
  status: 'disabled',
};

function registration(overrides: Partial<RegisterPaperBookData> = {}): PaperBookCommand {
  return {
    type: 'RegisterPaperBook',
    data: {
      bookNumber: 'B-1',
      pack,
      coupons: { oil, rot: rotation },
      location: { locationId: 1, timeZone: LA },
      saleRoNumber: 'RO1',
      soldOn: '2025-06-01',
      price: null,
      source: 'import',
      registeredBy: 'import',
      paperCouponId: (n) => `pc-${n}`,
      now,
      ...overrides,
    },
  };
}

const fold = (events: PaperBookEvent[], state = initialPaperBookState()): PaperBookState => events.reduce(evolvePaperBook, state);
/** The book after these commands, each decided on the state the previous ones left (not a given/when: that is testing/given). */
const stateAfter = (...commands: PaperBookCommand[]) => commands.reduce((s, c) => fold(decidePaperBook(c, s, 'B-1'), s), initialPaperBookState());
const ro: RedemptionRo = { roNumber: 'RO9', locationId: 1, voidDate: null, jobs: [{ jobId: 1, lineNo: 1, opCode: 'LOF', laborType: 'C', partsSale: cents(2000), laborSale: cents(4995), miscSale: cents(0) }] };
const redeem = (paperCouponNumber: number, redemptionId = `r-${paperCouponNumber}`, at = now): PaperBookCommand => ({
  type: 'RedeemPaperCoupon',
  data: { redemptionId, paperCouponNumber, location: { locationId: 1, isUsingCrm: true, timeZone: LA }, roNumber: 'RO9', ro, roRedemptions: [], actor: staff, now: at },
});

describe('registering a paper book', () => {
  it('should snapshot a disabled pack and coupon, number the coupons in pack order and spread the list price', () => {
    const [event] = decidePaperBook(registration(), initialPaperBookState(), 'B-1');
    expect(event?.type).toBe('PaperBookRegistered');
    const data = event!.type === 'PaperBookRegistered' ? event!.data : null;
    expect(data!.coupons.map((c) => [c.number, c.paperCouponId, c.couponId, c.expiresOn])).toEqual([
      [1, 'pc-1', 'oil', '2026-06-01'],
      [2, 'pc-2', 'oil', '2026-06-01'],
      [3, 'pc-3', 'rot', '2026-06-01'],
    ]);
    expect(data!.price).toBe(10_000);
    expect(data!.coupons.reduce((s, c) => s + c.allocatedValue, 0)).toBe(10_000);
  });

  it('should record nothing for the same book alike and refuse another sale', () => {
    const state = stateAfter(registration());
    expect(decidePaperBook(registration({ soldOn: '2025-07-01' }), state, 'B-1')).toEqual([]);
    expect(() => decidePaperBook(registration({ saleRoNumber: 'RO2' }), state, 'B-1')).toThrow(M.bookExists('B-1'));
  });

  it('should refuse a missing pack, a location the pack was not sold at and a location without a zone', () => {
    expect(() => decidePaperBook(registration({ pack: null }), initialPaperBookState(), 'B-1')).toThrow(M.packNotFound);
    expect(() => decidePaperBook(registration({ location: { locationId: 3, timeZone: LA } }), initialPaperBookState(), 'B-1')).toThrow(M.packNotSoldHere);
    expect(() => decidePaperBook(registration({ location: { locationId: 1, timeZone: null } }), initialPaperBookState(), 'B-1')).toThrow(M.locationTimeZoneMissing);
  });
});

describe('redeeming, voiding and converting', () => {
  it('should redeem a paper coupon once, on the matching line, and refuse it used, not in the book or expired', () => {
    const state = stateAfter(registration());
    const [event] = decidePaperBook(redeem(1), state, 'B-1');
    expect(event).toMatchObject({ type: 'PaperCouponRedeemed', data: { paperCouponNumber: 1, paperCouponId: 'pc-1', amount: 4_000, soldLocationId: 1, redeemedOn: '2026-03-01' } });
    const after = fold([event!], state);
    expect(decidePaperBook(redeem(1), after, 'B-1')).toEqual([]);
    expect(() => decidePaperBook(redeem(1, 'r-other'), after, 'B-1')).toThrow(M.paperCouponUsed);
    expect(() => decidePaperBook(redeem(4), after, 'B-1')).toThrow(M.paperCouponNotInBook);
    expect(() => decidePaperBook(redeem(3), after, 'B-1')).toThrow(CM.noMatchingLine(['ROT']));
    expect(() => decidePaperBook(redeem(2, 'r-late', new Date('2026-06-02T08:00:00Z')), after, 'B-1')).toThrow(M.paperCouponExpired('2026-06-01'));
    expect(() => decidePaperBook(redeem(1), initialPaperBookState(), 'B-1')).toThrow(M.bookNotFound('B-1'));
  });

  it("should let a manager void anyone's redemption but not other staff, and the coupon is available again", () => {
    const state = stateAfter(registration(), redeem(1));
    const voidBy = (actor: typeof staff): PaperBookCommand => ({ type: 'VoidPaperRedemption', data: { redemptionId: 'r-1', reason: 'Wrong RO', actor, now } });
    expect(() => decidePaperBook(voidBy({ userId: 'u-other', isManager: false }), state, 'B-1')).toThrow(CM.changeNotAllowed);
    const voided = fold(decidePaperBook(voidBy(manager), state, 'B-1'), state);
    expect(paperCouponStatus(voided, 1, now)).toBe('available');
    expect(decidePaperBook(voidBy(manager), voided, 'B-1')).toEqual([]);
  });

  it('should convert the unused, unexpired coupons once, and refuse redemptions after', () => {
    const state = stateAfter(registration(), redeem(1));
    expect(convertibleCoupons(state, now).map((c) => c.number)).toEqual([2, 3]);
    const convert = (customerId: string): PaperBookCommand => ({ type: 'ConvertPaperBook', data: { customerId, saleId: 'sale-b1', by: 'u-staff', now } });
    const [event] = decidePaperBook(convert('cust-1'), state, 'B-1');
    expect(event).toMatchObject({ type: 'PaperBookConverted', data: { convertedCouponNumbers: [2, 3], saleId: 'sale-b1' } });
    const converted = fold([event!], state);
    expect(decidePaperBook(convert('cust-1'), converted, 'B-1')).toEqual([]);
    expect(() => decidePaperBook(convert('cust-2'), converted, 'B-1')).toThrow(M.alreadyConverted);
    expect(() => decidePaperBook(redeem(2), converted, 'B-1')).toThrow(M.bookConverted);
    // Everything expired: nothing to convert.
    expect(() => decidePaperBook({ type: 'ConvertPaperBook', data: { customerId: 'c', saleId: 's', by: 'u', now: new Date('2026-07-01T00:00:00Z') } }, state, 'B-1')).toThrow(M.nothingToConvert);
  });
});
