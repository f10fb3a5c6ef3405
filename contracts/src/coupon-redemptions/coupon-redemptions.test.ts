import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COUPON_REDEMPTION_MESSAGES as M,
  checkCouponAvailable,
  checkCouponRedemptionRequest,
  checkRedemptionRoChangeRequest,
  checkRedemptionVoidRequest,
  couponAmountForLine,
  dollarsToCents,
  formatLocalDate,
  lineTotalOf,
  mayChangeRedemption,
  opCodeNeedsVerification,
  planRedemption,
  verificationVerdict,
  type RedemptionLocation,
  type RedemptionPlanInput,
  type RedemptionRo,
  type RedemptionRoJob,
  type SoldCoupon,
} from './index';
import { cents, type Money } from '../money/index';
import { couponTerms } from '../coupons/test-fixtures';
import { soldCoupon } from './test-fixtures';
import type { RedemptionVerificationState } from '../redemptions/state';

const terms = couponTerms;
const coupon = soldCoupon;
const la: RedemptionLocation = { locationId: 1, isUsingCrm: true, timeZone: 'America/Los_Angeles' };
const job = (jobId: number, opCode: string, laborType: 'C' | 'W' | 'I', total: number, lineNo: number | null = jobId): RedemptionRoJob => ({
  jobId,
  lineNo,
  opCode,
  laborType,
  partsSale: cents(total - 1000 > 0 ? total - 1000 : 0),
  laborSale: cents(total - 1000 > 0 ? 1000 : total),
  miscSale: cents(0),
});
const ro = (jobs: RedemptionRoJob[], overrides: Partial<RedemptionRo> = {}): RedemptionRo => ({ roNumber: 'RO100', locationId: 1, voidDate: null, jobs, ...overrides });
const plan = (overrides: Partial<RedemptionPlanInput> = {}) =>
  planRedemption({ coupon: coupon(), location: la, roNumber: 'RO100', ro: ro([job(1, 'LOF', 'C', 5995)]), roRedemptions: [], ...overrides });

describe('the amount a coupon takes off a line', () => {
  it('should take a fixed amount up to the line total', () => {
    expect(couponAmountForLine({ kind: 'fixed', amount: cents(4000) }, cents(5995))).toBe(4000);
    expect(couponAmountForLine({ kind: 'fixed', amount: cents(4000) }, cents(2500))).toBe(2500);
  });

  it('should take a percent of the line, rounding half a cent up', () => {
    // 50 % of $10.05 = 502.5 cents -> $5.03; 12.5 % of $1.00 = 12.5 cents -> $0.13.
    expect(couponAmountForLine({ kind: 'percent', basisPoints: 5000, referencePrice: cents(1000) }, cents(1005))).toBe(503);
    expect(couponAmountForLine({ kind: 'percent', basisPoints: 1250, referencePrice: cents(1000) }, cents(100))).toBe(13);
    expect(couponAmountForLine({ kind: 'percent', basisPoints: 10000, referencePrice: cents(1000) }, cents(4567))).toBe(4567);
  });

  it('should take the whole operation up to its maximum', () => {
    expect(couponAmountForLine({ kind: 'operation', maximum: cents(8000), referencePrice: cents(9000) }, cents(7500))).toBe(7500);
    expect(couponAmountForLine({ kind: 'operation', maximum: cents(8000), referencePrice: cents(9000) }, cents(12000))).toBe(8000);
  });

  it('should take nothing off a line of zero or less', () => {
    expect(couponAmountForLine({ kind: 'fixed', amount: cents(4000) }, cents(0))).toBe(0);
    expect(couponAmountForLine({ kind: 'operation', maximum: cents(8000), referencePrice: cents(9000) }, cents(-500))).toBe(0);
  });

  it('should never take more than the line nor less than zero, in whole cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 1_000_000 }), (line, bp, amount) => {
        for (const value of [
          { kind: 'fixed' as const, amount: cents(amount) },
          { kind: 'percent' as const, basisPoints: bp, referencePrice: cents(1) },
          { kind: 'operation' as const, maximum: cents(amount), referencePrice: cents(1) },
        ]) {
          const taken = couponAmountForLine(value, cents(line));
          expect(Number.isInteger(taken)).toBe(true);
          expect(taken).toBeGreaterThanOrEqual(0);
          expect(taken).toBeLessThanOrEqual(Math.max(line, 0));
        }
        // Half-up: the exact share rounded, ties up (integer arithmetic).
        if (line > 0) expect(couponAmountForLine({ kind: 'percent', basisPoints: bp, referencePrice: cents(1) }, cents(line))).toBe(Math.floor((line * bp + 5000) / 10000));
      }),
    );
  });
});

describe('RO line totals', () => {
  it('should add parts, labour and misc sales in cents, from the dollars the query API answers', () => {
    expect(lineTotalOf({ partsSale: cents(4210), laborSale: cents(4470), miscSale: cents(495) })).toBe(9175);
    expect(dollarsToCents(42.1)).toBe(4210);
    expect(dollarsToCents(0.3)).toBe(30);
    expect(dollarsToCents(1234.57)).toBe(123457);
  });
});

describe('where a coupon applies on an RO', () => {
  it('should pick the first matching customer-pay line in RO order and take the coupon value', () => {
    const r = plan({ ro: ro([job(7, 'TIR', 'C', 2000, 1), job(9, 'LOF', 'C', 5995, 3), job(8, 'lof', 'C', 6995, 2)]) });
    expect(r).toEqual({ ok: true, line: { jobId: 8, lineNo: 2, opCode: 'LOF', laborType: 'C', lineTotal: 6995 }, amount: 4000, timeZone: 'America/Los_Angeles' });
  });

  it("should refuse a warranty line for a customer-pay coupon, and accept it when the coupon allows warranty", () => {
    const warrantyOnly = ro([job(1, 'LOF', 'W', 5995)]);
    expect(plan({ ro: warrantyOnly })).toEqual({ ok: false, refusal: { kind: 'validation', message: M.laborTypeNotEligible(['C'], ['W']), field: 'roNumber' } });
    expect(M.laborTypeNotEligible(['C'], ['W'])).toBe('This coupon applies only to customer pay lines; the matching line on this RO is warranty.');
    expect(plan({ ro: warrantyOnly, coupon: coupon({}, { laborTypes: ['C', 'W'] }) })).toMatchObject({ ok: true, line: { laborType: 'W' } });
    // A W line before a C line: the C line is taken.
    expect(plan({ ro: ro([job(1, 'LOF', 'W', 5995), job(2, 'LOF', 'C', 3000)]) })).toMatchObject({ ok: true, line: { jobId: 2 }, amount: 3000 });
  });

  it("should refuse an RO without the coupon's op code, a missing RO and a voided RO, with the help page named", () => {
    expect(plan({ ro: ro([job(1, 'TIR', 'C', 2000)]) })).toMatchObject({ ok: false, refusal: { message: "This RO has no line with the coupon's op code (LOF)." } });
    // The DMS's spelling of the RO number does not matter.
    expect(plan({ ro: ro([job(1, 'LOF', 'C', 5995)], { roNumber: 'ro100 ' }) })).toMatchObject({ ok: true });
    expect(plan({ ro: null })).toMatchObject({ ok: false, refusal: { kind: 'validation', field: 'roNumber', message: M.roNotFound('RO100') } });
    expect(M.roNotFound('RO100')).toContain('Coupon RO Not Found');
    // The RO of another location is not this location's RO.
    expect(plan({ ro: ro([job(1, 'LOF', 'C', 5995)], { locationId: 2 }) })).toMatchObject({ ok: false, refusal: { message: M.roNotFound('RO100') } });
    expect(plan({ ro: ro([job(1, 'LOF', 'C', 5995)], { voidDate: '2026-03-02T10:00:00' }) })).toMatchObject({ ok: false, refusal: { message: M.roVoided('RO100') } });
  });

  it('should redeem only where the coupon is honoured, at a CRM location with a time zone, and a pending pack only where it was sold', () => {
    expect(plan({ location: { ...la, locationId: 3 }, ro: ro([job(1, 'LOF', 'C', 5995)], { locationId: 3 }) })).toMatchObject({ ok: false, refusal: { message: M.locationNotHonoured, field: 'locationId' } });
    expect(plan({ location: { ...la, isUsingCrm: false } })).toMatchObject({ ok: false, refusal: { message: M.locationNotUsingCrm } });
    expect(plan({ location: { ...la, timeZone: null } })).toMatchObject({ ok: false, refusal: { message: M.locationTimeZoneMissing } });
    const atTwo = { location: { ...la, locationId: 2 }, ro: ro([job(1, 'LOF', 'C', 5995)], { locationId: 2 }) };
    expect(plan({ ...atTwo, coupon: coupon({ saleStatus: 'pending' }) })).toMatchObject({ ok: false, refusal: { message: M.pendingOtherLocation } });
    expect(plan({ ...atTwo, coupon: coupon({ saleStatus: 'final' }) })).toMatchObject({ ok: true });
    expect(plan({ coupon: coupon({ saleStatus: 'pending' }) })).toMatchObject({ ok: true });
  });

  it('should hold the RO caps: maxPerRo coupons of one definition, and maxAmountPerRo in total', () => {
    const two = ro([job(1, 'LOF', 'C', 5995), job(2, 'LOF', 'C', 5995)]);
    const taken = [{ redemptionId: 'r0', issuedCouponId: 'ic-0', couponId: 'oil', jobId: 1, amount: cents(4000) }];
    expect(plan({ ro: two, roRedemptions: taken })).toEqual({ ok: false, refusal: { kind: 'conflict', message: M.maxPerRoReached(1), field: 'roNumber' } });
    // maxPerRo 2: the second takes the next line, capped at what is left of $50.00.
    const capped = coupon({}, { maxPerRo: 2, maxAmountPerRo: cents(5000) });
    expect(plan({ ro: two, roRedemptions: taken, coupon: capped })).toMatchObject({ ok: true, line: { jobId: 2 }, amount: 1000 });
    expect(plan({ ro: two, roRedemptions: [...taken, { ...taken[0]!, redemptionId: 'r1', issuedCouponId: 'ic-9', jobId: 2, amount: cents(1000) }], coupon: coupon({}, { maxPerRo: 3, maxAmountPerRo: cents(5000) }) })).toMatchObject({
      ok: false,
      refusal: { message: 'This RO has already taken $50.00 with coupons of this kind, the most one RO can take.' },
    });
    // The first coupon of a definition is capped too.
    expect(plan({ coupon: coupon({}, { maxAmountPerRo: cents(2500) }) })).toMatchObject({ ok: true, amount: 2500 });
    // Another definition's redemption does not count against this one's caps.
    expect(plan({ ro: two, roRedemptions: [{ ...taken[0]!, couponId: 'other' }] })).toMatchObject({ ok: true });
    // The coupon's own redemption (when its RO is being changed) is not counted.
    expect(plan({ ro: two, roRedemptions: [{ ...taken[0]!, issuedCouponId: 'ic-1' }] })).toMatchObject({ ok: true, line: { jobId: 1 } });
  });

  it('should not put two coupons of one definition on one line, nor take a line below zero', () => {
    const one = ro([job(1, 'LOF', 'C', 5995)]);
    const taken = { redemptionId: 'r0', issuedCouponId: 'ic-0', couponId: 'oil', jobId: 1, amount: cents(4000) };
    expect(plan({ ro: one, roRedemptions: [taken], coupon: coupon({}, { maxPerRo: 2 }) })).toMatchObject({ ok: false, refusal: { message: M.linesAllUsed } });
    // Another definition already took $40.00 of the $59.95 line: $19.95 is left for this one.
    expect(plan({ ro: one, roRedemptions: [{ ...taken, couponId: 'other' }] })).toMatchObject({ ok: true, amount: 1995 });
    expect(plan({ ro: one, roRedemptions: [{ ...taken, couponId: 'other', amount: cents(5995) }] })).toMatchObject({ ok: false, refusal: { message: M.lineNothingLeft } });
    expect(plan({ ro: ro([job(1, 'LOF', 'C', 0)]) })).toMatchObject({ ok: false, refusal: { message: M.lineNothingLeft } });
  });
});

describe('is the coupon available', () => {
  const lastDay = coupon();
  const check = (now: string, overrides: Partial<Parameters<typeof checkCouponAvailable>[0]> = {}) =>
    checkCouponAvailable({ coupon: lastDay, customerId: 'cust-1', stream: 'available', heldOnRoNumber: null, now: new Date(now), ...overrides });

  it('should expire at the end of the last local day in Los Angeles, not at midnight UTC', () => {
    // Good through Mar 31 in Los Angeles (PDT, UTC-7): 11:30 PM local is Apr 1 06:30 UTC.
    expect(check('2026-04-01T06:30:00.000Z')).toBeNull();
    expect(check('2026-04-01T06:59:59.999Z')).toBeNull();
    // 12:00 AM Apr 1 local.
    expect(check('2026-04-01T07:00:00.000Z')).toEqual({ kind: 'conflict', message: 'This coupon expired on 03/31/2026.', field: 'issuedCouponId' });
  });

  it("should refuse another customer's, a voided sale's, a used and a held coupon", () => {
    const now = '2026-03-01T12:00:00.000Z';
    expect(check(now, { customerId: 'cust-2' })?.message).toBe(M.notThisCustomers);
    expect(check(now, { coupon: coupon({ saleStatus: 'voided' }) })?.message).toBe(M.saleVoided);
    expect(check(now, { stream: 'withdrawn' })?.message).toBe(M.saleVoided);
    expect(check(now, { stream: 'redeemed' })?.message).toBe('This coupon has already been used.');
    expect(check(now, { stream: 'awaiting-verification', heldOnRoNumber: 'RO7' })?.message).toBe("This coupon is waiting for the customer's verification on RO# RO7.");
  });

});

describe('verification', () => {
  const v = (overrides: Partial<RedemptionVerificationState> = {}): RedemptionVerificationState =>
    ({
      redemptionVerificationId: 'rv-1',
      customerId: 'cust-1',
      locationId: 1,
      roNumber: 'RO100',
      opCodes: ['LOF', 'BRK'],
      preApprovedOpCodes: ['TIR'],
      approvedOpCodes: [],
      declinedOpCodes: [],
      outcome: null,
      expires: '2026-03-01T12:30:00.000Z',
      ...overrides,
    }) as RedemptionVerificationState;
  const at = { customerId: 'cust-1', locationId: 1, roNumber: 'RO100', opCode: 'lof' };
  const now = new Date('2026-03-01T12:10:00.000Z');

  it('should need verification for a rule op code or every op code of a customer who verifies', () => {
    expect(opCodeNeedsVerification('LOF', { ruleOpCodes: ['lof '], customerVerifiesRedemptions: false })).toBe(true);
    expect(opCodeNeedsVerification('TIR', { ruleOpCodes: ['LOF'], customerVerifiesRedemptions: false })).toBe(false);
    expect(opCodeNeedsVerification('TIR', { ruleOpCodes: [], customerVerifiesRedemptions: true })).toBe(true);
  });

  it('should read where the verification stands for the line op code', () => {
    expect(verificationVerdict(v(), at, now)).toBe('open');
    expect(verificationVerdict(v(), { ...at, opCode: 'TIR' }, now)).toBe('approved');
    expect(verificationVerdict(v(), { ...at, opCode: 'ALN' }, now)).toBe('missing');
    expect(verificationVerdict(v(), { ...at, roNumber: 'RO200' }, now)).toBe('missing');
    expect(verificationVerdict(null, at, now)).toBe('missing');
    expect(verificationVerdict(v({ outcome: 'accepted', approvedOpCodes: ['LOF', 'BRK'] }), at, now)).toBe('approved');
    expect(verificationVerdict(v({ outcome: 'overridden' }), at, now)).toBe('approved');
    // A partial answer: LOF approved, BRK declined.
    expect(verificationVerdict(v({ outcome: 'declined', approvedOpCodes: ['LOF'], declinedOpCodes: ['BRK'] }), at, now)).toBe('approved');
    expect(verificationVerdict(v({ outcome: 'declined', approvedOpCodes: ['BRK'], declinedOpCodes: ['LOF'] }), at, now)).toBe('declined');
    // Past its expiry, recorded or not.
    expect(verificationVerdict(v(), at, new Date('2026-03-01T12:30:00.000Z'))).toBe('expired');
  });
});

describe('who may void or correct a redemption', () => {
  const r = { redeemedBy: 'u-staff', redeemedOn: '2026-03-31', timeZone: 'America/Los_Angeles' };
  const staff = { userId: 'u-staff', isManager: false };

  it("should let staff change their own on the same local day, and managers any", () => {
    // 11:59 PM Mar 31 in Los Angeles.
    expect(mayChangeRedemption(staff, r, new Date('2026-04-01T06:59:00.000Z'))).toBe(true);
    // 12:00 AM Apr 1 there.
    expect(mayChangeRedemption(staff, r, new Date('2026-04-01T07:00:00.000Z'))).toBe(false);
    expect(mayChangeRedemption({ userId: 'u-other', isManager: false }, r, new Date('2026-03-31T20:00:00.000Z'))).toBe(false);
    expect(mayChangeRedemption({ userId: 'u-manager', isManager: true }, r, new Date('2027-01-01T00:00:00.000Z'))).toBe(true);
  });
});

describe('request bodies', () => {
  it('should check a redemption request and name each missing field', () => {
    expect(checkCouponRedemptionRequest({ issuedCouponId: ' ic-1 ', customerId: 'cust-1', locationId: 1, roNumber: ' ro100 ' })).toEqual({
      ok: true,
      value: { issuedCouponId: 'ic-1', customerId: 'cust-1', locationId: 1, roNumber: 'RO100' },
    });
    expect(checkCouponRedemptionRequest({ locationId: 0, roNumber: '' })).toEqual({
      ok: false,
      errors: [M.couponRequired, M.customerRequired, 'Location is required', 'RO Number is required'],
      fields: { issuedCouponId: M.couponRequired, customerId: M.customerRequired, locationId: 'Location is required', roNumber: 'RO Number is required' },
    });
    expect(checkCouponRedemptionRequest({ issuedCouponId: 'x'.repeat(65), customerId: 'c', locationId: 1.5, roNumber: 'RO 1' })).toMatchObject({
      ok: false,
      fields: { issuedCouponId: M.couponRequired, locationId: 'Location is required', roNumber: M.roNumberInvalid },
    });
  });

  it("should require a void reason with SPEC's text, and bound it", () => {
    expect(checkRedemptionVoidRequest({ redemptionId: 'r1', reason: '  wrong RO  ' })).toEqual({ ok: true, value: { redemptionId: 'r1', reason: 'wrong RO' } });
    expect(checkRedemptionVoidRequest({ redemptionId: 'r1', reason: '   ' })).toMatchObject({ ok: false, fields: { reason: 'Void reason is required' } });
    expect(checkRedemptionVoidRequest({ redemptionId: 'r1', reason: 'x'.repeat(501) })).toMatchObject({ ok: false, fields: { reason: 'Only 500 characters are allowed.' } });
    expect(checkRedemptionVoidRequest({ redemptionId: 'r1', reason: 'a\u0000b' })).toMatchObject({ ok: false });
  });

  it('should check an RO change', () => {
    expect(checkRedemptionRoChangeRequest({ redemptionId: 'r1', locationId: 2, roNumber: 'ro-9' })).toEqual({ ok: true, value: { redemptionId: 'r1', locationId: 2, roNumber: 'RO-9' } });
    expect(checkRedemptionRoChangeRequest({})).toMatchObject({ ok: false, fields: { redemptionId: M.redemptionRequired } });
  });

  it('should format a local date as month/day/year', () => {
    expect(formatLocalDate('2026-03-31')).toBe('03/31/2026');
  });
});

