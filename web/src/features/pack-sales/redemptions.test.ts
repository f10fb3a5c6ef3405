// Unit tests of the Coupons panel's redemption rules: which coupon offers Redeem, how a redemption reads, and
// recognising the server's RO-not-found refusal (the one that links to the help page) whatever the RO number.
import { describe, expect, it } from 'vitest';
import { COUPON_REDEMPTION_MESSAGES as M, cents, type CustomerCouponRedemptionView, type CustomerCouponView } from '@dealer/contracts';
import { isRedeemable } from './components/coupon-redemption';
import { REDEMPTION_TEXTS, describeRedemption, isRoNotFound } from './components/redemption-texts';

const redemption = (overrides: Partial<CustomerCouponRedemptionView> = {}): CustomerCouponRedemptionView => ({
  redemptionId: 'r-1',
  state: 'redeemed',
  locationId: 1,
  locationName: 'Front Range Toyota',
  roNumber: '7410001',
  opCode: 'LOF',
  laborType: 'C',
  amount: cents(6995),
  redeemedAt: '2026-03-02T16:30:00.000Z',
  redeemedBy: 'u-1',
  redeemedByName: 'Evan Employee',
  ...overrides,
});
const coupon = (overrides: Partial<CustomerCouponView>) => ({ status: 'available', saleStatus: 'final', redemption: null, ...overrides }) as CustomerCouponView;

describe('which coupon offers Redeem', () => {
  it('should offer it on an available coupon of a pending or final sale, with no redemption holding it', () => {
    expect(isRedeemable(coupon({}))).toBe(true);
    expect(isRedeemable(coupon({ saleStatus: 'pending' }))).toBe(true);
  });

  it('should not offer it on a redeemed, expired or voided coupon, nor one held for a verification', () => {
    expect(isRedeemable(coupon({ status: 'redeemed', redemption: redemption() }))).toBe(false);
    expect(isRedeemable(coupon({ status: 'expired' }))).toBe(false);
    expect(isRedeemable(coupon({ status: 'voided', saleStatus: 'voided' }))).toBe(false);
    expect(isRedeemable(coupon({ redemption: redemption({ state: 'awaiting-verification', redeemedAt: null }) }))).toBe(false);
  });
});

describe('how a redemption reads', () => {
  it('should say where, on which RO, for how much, and when by whom', () => {
    const text = describeRedemption(redemption());
    expect(text.where).toBe('RO# 7410001 at Front Range Toyota, $69.95 off');
    expect(text.when).toMatch(/Evan Employee$/);
  });

  it('should give only the RO and location while it waits for the verification, and the location id when its name is unknown', () => {
    expect(describeRedemption(redemption({ state: 'awaiting-verification', redeemedAt: null, locationName: null }))).toEqual({ where: 'At Location 1', when: null });
    expect(REDEMPTION_TEXTS.awaiting('7410001')).toBe("Waiting for the customer's verification on RO# 7410001");
  });
});

describe('the RO-not-found refusal', () => {
  it('should be recognised for any RO number, and no other refusal should be', () => {
    expect(isRoNotFound(M.roNotFound('7419999'))).toBe(true);
    expect(isRoNotFound(M.roNotFound('ro 12'))).toBe(true);
    expect(isRoNotFound(M.roVoided('7419999'))).toBe(false);
    expect(isRoNotFound(M.verificationRequired('LOF'))).toBe(false);
    expect(isRoNotFound(M.alreadyUsed)).toBe(false);
  });
});
