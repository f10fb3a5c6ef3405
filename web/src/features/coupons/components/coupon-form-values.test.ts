// Unit tests of the coupon form's translation into terms: typed dollars and percent, op code lists, and the
// contract's messages landing on the form's own fields.
import { describe, expect, it } from 'vitest';
import { cents, COUPON_MESSAGES, MONEY_MESSAGES, PERCENT_MESSAGES, type CouponView } from '@dealer/contracts';
import { couponFormValues, couponTermsFrom, EMPTY_COUPON_FORM, formFieldOf, type CouponFormValues } from './coupon-form-values';

const filled = (over: Partial<CouponFormValues> = {}): CouponFormValues => ({
  ...EMPTY_COUPON_FORM,
  name: 'Oil and filter',
  opCodes: 'lof, 01LOF  z-1',
  amount: '$29.99',
  locationIds: ['3', '1'],
  ...over,
});

describe('couponTermsFrom', () => {
  it('should read dollars as whole cents, op codes split on commas and spaces, and locations as numbers', () => {
    const result = couponTermsFrom(filled());
    expect(result).toEqual({
      ok: true,
      terms: {
        name: 'Oil and filter',
        description: null,
        opCodes: ['LOF', '01LOF', 'Z-1'],
        value: { kind: 'fixed', amount: 2999 },
        laborTypes: ['C'],
        validity: { kind: 'monthsAfterSale', months: 12 },
        maxPerRo: 1,
        maxAmountPerRo: null,
        locationIds: [1, 3],
      },
    });
  });

  it('should read a percent as basis points with its reference price, and a fixed date', () => {
    const result = couponTermsFrom(filled({ valueKind: 'percent', percent: '12.5', referencePrice: '1,200', validityKind: 'fixedDate', date: '2027-03-31', maxAmountPerRo: '50' }));
    expect(result.ok && result.terms.value).toEqual({ kind: 'percent', basisPoints: 1250, referencePrice: 120000 });
    expect(result.ok && result.terms.validity).toEqual({ kind: 'fixedDate', date: '2027-03-31' });
    expect(result.ok && result.terms.maxAmountPerRo).toBe(5000);
  });

  it('should put each message on its field: parse messages first, then the contract check', () => {
    const result = couponTermsFrom(
      filled({ name: ' ', opCodes: '', valueKind: 'operation', maximum: '12.345', referencePrice: '', laborTypes: [], months: '0', maxPerRo: 'x', locationIds: [] }),
    );
    expect(result).toEqual({
      ok: false,
      fields: {
        maximum: MONEY_MESSAGES.decimals,
        name: COUPON_MESSAGES.nameRequired,
        opCodes: COUPON_MESSAGES.opCodesRequired,
        referencePrice: COUPON_MESSAGES.referencePriceRequired,
        laborTypes: COUPON_MESSAGES.laborTypesRequired,
        months: COUPON_MESSAGES.monthsRange,
        maxPerRo: COUPON_MESSAGES.maxPerRoRange,
        locationIds: COUPON_MESSAGES.locationsRequired,
      },
    });
  });

  it('should refuse a zero amount, an amount past the maximum and an empty percent', () => {
    expect(couponTermsFrom(filled({ amount: '0' }))).toEqual({ ok: false, fields: { amount: COUPON_MESSAGES.amountPositive } });
    expect(couponTermsFrom(filled({ amount: '10,000.01' }))).toEqual({ ok: false, fields: { amount: COUPON_MESSAGES.amountMax } });
    const percent = couponTermsFrom(filled({ valueKind: 'percent', referencePrice: '100' }));
    expect(percent).toEqual({ ok: false, fields: { percent: PERCENT_MESSAGES.required } });
  });
});

describe('couponFormValues', () => {
  it('should give back the terms a coupon was saved with', () => {
    const view = {
      name: 'Brakes',
      description: 'Pads',
      opCodes: ['BRK', 'BRK2'],
      value: { kind: 'operation', maximum: cents(123456), referencePrice: cents(9900) },
      laborTypes: ['C', 'W'],
      validity: { kind: 'monthsAfterSale', months: 6 },
      maxPerRo: 2,
      maxAmountPerRo: null,
      locationIds: [2, 5],
    } as unknown as CouponView;
    const values = couponFormValues(view);
    expect(values.maximum).toBe('1,234.56');
    const again = couponTermsFrom(values);
    expect(again.ok && again.terms).toEqual({ ...view });
  });

  it('should map nested field names of the check and the server onto the form', () => {
    expect(formFieldOf('value.basisPoints')).toBe('percent');
    expect(formFieldOf('validity.date')).toBe('date');
    expect(formFieldOf('name')).toBe('name');
    expect(formFieldOf('expectedRevision')).toBeNull();
  });
});
