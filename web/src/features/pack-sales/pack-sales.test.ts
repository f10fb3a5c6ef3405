// Unit tests of the pack-sales screens' rules: the money preview (tax half-up, exempt, unknown rate), local dates
// as month/day/year, the coupon wording, and reading again only while a sale is pending.
import { describe, expect, it } from 'vitest';
import { cents } from '@dealer/contracts';
import { whilePending } from './api/get-customer-purchases';
import { describeOffer, expiryLabel, formatLocalDate, locationList, sellerWords } from './components/pack-sale-texts';
import { saleMoney } from './components/price-summary';

describe('the sale money preview', () => {
  it('should add tax at the location rate, rounded half-up to the cent', () => {
    // $199.00 at 2.9 % = $5.771 -> $5.77; $0.50 at 2.5 % = 1.25 cents -> 1 cent; $0.60 at 2.5 % = 1.5 cents -> 2 cents
    expect(saleMoney(cents(19900), 290, false)).toEqual({ price: 19900, tax: 577, total: 20477 });
    expect(saleMoney(cents(50), 250, false)).toEqual({ price: 50, tax: 1, total: 51 });
    expect(saleMoney(cents(60), 250, false)).toEqual({ price: 60, tax: 2, total: 62 });
  });

  it('should charge a tax-exempt customer no tax, whatever the rate', () => {
    expect(saleMoney(cents(19900), 290, true)).toEqual({ price: 19900, tax: 0, total: 19900 });
    expect(saleMoney(cents(19900), undefined, true)).toEqual({ price: 19900, tax: 0, total: 19900 });
  });

  it('should leave tax and total open while the location has no known rate', () => {
    expect(saleMoney(cents(19900), undefined, false)).toEqual({ price: 19900, tax: null, total: null });
    expect(saleMoney(cents(19900), null, false)).toEqual({ price: 19900, tax: null, total: null });
  });
});

describe('dates and words', () => {
  it('should show a local date as month/day/year without moving it through a time zone', () => {
    expect(formatLocalDate('2027-12-31')).toBe('12/31/2027');
    expect(formatLocalDate('2028-02-29')).toBe('02/29/2028');
    expect(expiryLabel({ expiresOn: '2027-12-31', status: 'available' })).toBe('Expires 12/31/2027');
    expect(expiryLabel({ expiresOn: '2025-01-05', status: 'expired' })).toBe('Expired 01/05/2025');
  });

  it('should say what a coupon takes off', () => {
    expect(describeOffer({ kind: 'fixed', amount: cents(1000) })).toBe('$10.00 off');
    expect(describeOffer({ kind: 'percent', basisPoints: 1250, referencePrice: cents(8000) })).toBe('12.5% off');
    expect(describeOffer({ kind: 'operation', maximum: cents(4999), referencePrice: cents(4999) })).toBe('Covers the service, up to $49.99');
  });

  it('should name every honouring location, falling back to its id', () => {
    expect(locationList(['Front Range Toyota', null], [1, 7])).toBe('Front Range Toyota, Location 7');
    expect(locationList([], [])).toBe('-');
  });
});

describe('reading the purchase history again', () => {
  it('should poll only while a sale is pending', () => {
    expect(whilePending([{ status: 'final' }, { status: 'pending' }], 5000)).toBe(5000);
    expect(whilePending([{ status: 'final' }, { status: 'voided' }], 5000)).toBe(false);
    expect(whilePending(undefined, 5000)).toBe(false);
  });
});

describe('sellerWords', () => {
  it("should name the seller, or say how a sale without one came about, never '-' (issue 23)", () => {
    const sale = { customerId: 'c1', soldByName: null };
    expect(sellerWords({ ...sale, soldBy: 'user:u1', soldByName: 'Sam Advisor' })).toBe('Sam Advisor');
    expect(sellerWords({ ...sale, soldBy: 'customer:c1' })).toBe('Sold online (bought by the customer)');
    expect(sellerWords({ ...sale, soldBy: 'customer:c2' })).toBe('Sold online (a gift)');
    expect(sellerWords({ ...sale, soldBy: 'system:demo-seed' })).toBe('Demo data (no seller)');
    expect(sellerWords({ ...sale, soldBy: 'system:workers' })).toBe('Sold online');
    expect(sellerWords({ ...sale, soldBy: 'user:gone' })).toBe('A staff member no longer listed');
  });
});
