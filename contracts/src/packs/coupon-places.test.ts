import { describe, expect, it } from 'vitest';
import { couponPlaces, couponPlacesWords } from './coupon-places';

const coupon = {
  locationIds: [1, 2, 3],
  locationNames: ['Front Range Toyota', 'Flatirons Honda', 'Cherry Creek Ford'],
  soldLocationId: 1,
  soldLocationName: 'Front Range Toyota',
};

describe('couponPlaces', () => {
  it('should say the sale location only while the pack is pending, and every listed location once final', () => {
    expect(couponPlaces({ ...coupon, saleStatus: 'pending' })).toEqual({ now: ['Front Range Toyota'], onceFinal: ['Flatirons Honda', 'Cherry Creek Ford'] });
    expect(couponPlacesWords({ ...coupon, saleStatus: 'pending' })).toBe('Front Range Toyota only for now; Flatirons Honda and Cherry Creek Ford too once the pack is final');
    expect(couponPlacesWords({ ...coupon, saleStatus: 'final' })).toBe('Front Range Toyota, Flatirons Honda, Cherry Creek Ford');
    expect(couponPlacesWords({ ...coupon, locationIds: [1], locationNames: [null], saleStatus: 'pending' })).toBe('Front Range Toyota');
  });
});
