import { describe, expect, it } from 'vitest';
import { cents } from '../money/index';
import { changedCouponTerms, checkCouponTerms, COUPON_MESSAGES, itemMessages, standAloneValue, type CouponTerms } from './definition';

const valid = {
  name: '  Oil and filter change ',
  description: 'Synthetic blend, up to 5 quarts.',
  opCodes: [' lof ', 'LOF', '01OILZ'],
  value: { kind: 'fixed', amount: 3995 },
  validity: { kind: 'monthsAfterSale', months: 12 },
  locationIds: [3, 1, 3],
};

const fieldsOf = (input: unknown) => {
  const r = checkCouponTerms(input);
  if (r.ok) throw new Error('expected a refusal');
  return r.fields;
};

describe('coupon terms', () => {
  it('should normalise a valid definition and default to customer pay, one per RO, no RO cap', () => {
    const r = checkCouponTerms(valid);
    expect(r).toEqual({
      ok: true,
      value: {
        name: 'Oil and filter change',
        description: 'Synthetic blend, up to 5 quarts.',
        opCodes: ['LOF', '01OILZ'],
        value: { kind: 'fixed', amount: 3995 },
        laborTypes: ['C'],
        validity: { kind: 'monthsAfterSale', months: 12 },
        maxPerRo: 1,
        maxAmountPerRo: null,
        locationIds: [1, 3],
      },
    });
  });

  it('should accept percent and whole-operation values with their reference price, warranty and a fixed date', () => {
    const r = checkCouponTerms({
      ...valid,
      value: { kind: 'percent', basisPoints: 2500, referencePrice: 12999 },
      laborTypes: ['w', 'C'],
      validity: { kind: 'fixedDate', date: '2027-12-31' },
      maxPerRo: 2,
      maxAmountPerRo: 5000,
    });
    expect(r.ok && r.value).toMatchObject({ laborTypes: ['C', 'W'], validity: { kind: 'fixedDate', date: '2027-12-31' }, maxPerRo: 2, maxAmountPerRo: 5000 });
    expect(checkCouponTerms({ ...valid, value: { kind: 'operation', maximum: 8999, referencePrice: 11000 } }).ok).toBe(true);
  });

  it('should answer each wrong field with its message', () => {
    expect(fieldsOf({})).toMatchObject({
      name: COUPON_MESSAGES.nameRequired,
      opCodes: COUPON_MESSAGES.opCodesRequired,
      value: COUPON_MESSAGES.valueKindRequired,
      validity: COUPON_MESSAGES.validityRequired,
      locationIds: COUPON_MESSAGES.locationsRequired,
    });
    expect(fieldsOf({ ...valid, name: 'x'.repeat(101) }).name).toBe('Only 100 characters are allowed.');
    expect(fieldsOf({ ...valid, name: 'a\u0000b' }).name).toBe('Text contains characters that are not allowed.');
    expect(fieldsOf({ ...valid, name: 'a\uD800b' }).name).toBe('Text contains characters that are not allowed.');
    expect(fieldsOf({ ...valid, description: 'x\uDC00' }).description).toBe('Text contains characters that are not allowed.');
    expect(checkCouponTerms({ ...valid, name: 'Oil \uD83D\uDE97 change' }).ok).toBe(true);
    expect(fieldsOf({ ...valid, description: 'x'.repeat(1001) }).description).toBe(COUPON_MESSAGES.descriptionMax);
    expect(fieldsOf({ ...valid, opCodes: ['LOF', 'A'.repeat(21)] }).opCodes).toBe(COUPON_MESSAGES.opCodeInvalid);
    expect(fieldsOf({ ...valid, opCodes: ['bad code'] }).opCodes).toBe(COUPON_MESSAGES.opCodeInvalid);
    expect(fieldsOf({ ...valid, opCodes: Array.from({ length: 51 }, (_, i) => `OP${i}`) }).opCodes).toBe(COUPON_MESSAGES.opCodesMax);
    expect(fieldsOf({ ...valid, value: { kind: 'fixed', amount: 0 } })['value.amount']).toBe(COUPON_MESSAGES.amountPositive);
    expect(fieldsOf({ ...valid, value: { kind: 'fixed', amount: 12.5 } })['value.amount']).toBe(COUPON_MESSAGES.amountWhole);
    expect(fieldsOf({ ...valid, value: { kind: 'fixed', amount: 1_000_001 } })['value.amount']).toBe('The amount can be at most $10,000.00.');
    expect(fieldsOf({ ...valid, value: { kind: 'fixed', amount: '39.95' } })['value.amount']).toBe(COUPON_MESSAGES.amountRequired);
    expect(fieldsOf({ ...valid, value: { kind: 'percent', basisPoints: 10001, referencePrice: 100 } })['value.basisPoints']).toBe(COUPON_MESSAGES.percentRange);
    expect(fieldsOf({ ...valid, value: { kind: 'percent', basisPoints: 1000 } })['value.referencePrice']).toBe(COUPON_MESSAGES.referencePriceRequired);
    expect(fieldsOf({ ...valid, value: { kind: 'operation', referencePrice: 100 } })['value.maximum']).toBe(COUPON_MESSAGES.maximumRequired);
    expect(fieldsOf({ ...valid, laborTypes: [] }).laborTypes).toBe(COUPON_MESSAGES.laborTypesRequired);
    expect(fieldsOf({ ...valid, laborTypes: ['X'] }).laborTypes).toBe(COUPON_MESSAGES.laborTypeInvalid);
    expect(fieldsOf({ ...valid, validity: { kind: 'monthsAfterSale', months: 121 } })['validity.months']).toBe(COUPON_MESSAGES.monthsRange);
    expect(fieldsOf({ ...valid, validity: { kind: 'fixedDate', date: '2027-02-30' } })['validity.date']).toBe(COUPON_MESSAGES.dateInvalid);
    expect(fieldsOf({ ...valid, maxPerRo: 0 }).maxPerRo).toBe(COUPON_MESSAGES.maxPerRoRange);
    expect(fieldsOf({ ...valid, locationIds: [0] }).locationIds).toBe(COUPON_MESSAGES.locationInvalid);
    expect(fieldsOf({ ...valid, locationIds: [2_147_483_648] }).locationIds).toBe(COUPON_MESSAGES.locationInvalid);
    expect(fieldsOf('not an object').name).toBe(COUPON_MESSAGES.nameRequired);
  });

  it('should use SPEC 8 generic messages for a catalogue item', () => {
    expect(itemMessages('Coupon')).toMatchObject({ added: 'Coupon successfully added.', updated: 'Coupon successfully updated.', removed: 'Coupon successfully removed.', unknownError: 'Unknown error submitting coupon.' });
    expect(COUPON_MESSAGES.removeConfirm).toBe('Are you sure you want to remove coupon?');
  });
});

describe('stand-alone value', () => {
  it('should be the amount, the percent of the reference price, or the reference price up to the maximum', () => {
    expect(standAloneValue({ kind: 'fixed', amount: cents(3995) })).toBe(3995);
    // 25 % of $129.99 = 32.4975 -> $32.50 (half-up).
    expect(standAloneValue({ kind: 'percent', basisPoints: 2500, referencePrice: cents(12999) })).toBe(3250);
    expect(standAloneValue({ kind: 'operation', maximum: cents(8999), referencePrice: cents(11000) })).toBe(8999);
    expect(standAloneValue({ kind: 'operation', maximum: cents(15000), referencePrice: cents(11000) })).toBe(11000);
  });
});

