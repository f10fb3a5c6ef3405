// Unit tests of the pack form's translation into terms: typed dollars, whole numbers, and the contract's
// messages on the form's fields.
import { describe, expect, it } from 'vitest';
import { cents, MONEY_MESSAGES, PACK_MESSAGES, type PackView } from '@dealer/contracts';
import { EMPTY_PACK_FORM, packFormValues, packTermsFrom } from './pack-form-values';

describe('packTermsFrom', () => {
  it('should read the price as whole cents, a mileage with commas, and the locations as numbers', () => {
    const result = packTermsFrom({ ...EMPTY_PACK_FORM, name: ' Care plan ', price: '$1,199.5', termMonths: '24', termMileage: '30,000', locationIds: ['2', '1'] });
    expect(result).toEqual({
      ok: true,
      terms: { name: 'Care plan', description: null, price: 119950, termMonths: 24, termMileage: 30000, locationIds: [1, 2] },
    });
  });

  it('should allow a free pack and no mileage limit', () => {
    const result = packTermsFrom({ ...EMPTY_PACK_FORM, name: 'Gift', price: '0', locationIds: ['1'] });
    expect(result.ok && result.terms).toMatchObject({ price: 0, termMileage: null });
  });

  it('should put each message on its field', () => {
    expect(packTermsFrom({ ...EMPTY_PACK_FORM, termMonths: '121', termMileage: 'lots', price: '12.345' })).toEqual({
      ok: false,
      fields: {
        price: MONEY_MESSAGES.decimals,
        name: PACK_MESSAGES.nameRequired,
        termMonths: PACK_MESSAGES.termMonthsRange,
        termMileage: PACK_MESSAGES.termMileageRange,
        locationIds: PACK_MESSAGES.locationsRequired,
      },
    });
    expect(packTermsFrom({ ...EMPTY_PACK_FORM, name: 'x', locationIds: ['1'] })).toEqual({ ok: false, fields: { price: PACK_MESSAGES.priceRequired } });
    expect(packTermsFrom({ ...EMPTY_PACK_FORM, name: 'x', price: '100,000.01', locationIds: ['1'] })).toEqual({ ok: false, fields: { price: PACK_MESSAGES.priceMax } });
  });

  it('should give back the terms a pack was saved with', () => {
    const view = { name: 'P', description: 'D', price: cents(123456), termMonths: 6, termMileage: 5000, locationIds: [3] } as unknown as PackView;
    const again = packTermsFrom(packFormValues(view));
    expect(again).toEqual({ ok: true, terms: { name: 'P', description: 'D', price: 123456, termMonths: 6, termMileage: 5000, locationIds: [3] } });
  });
});
