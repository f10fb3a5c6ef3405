// Unit tests of buying a pack online: the location filter's choices and what it narrows, expiry in plain words
// (month ends clamped as the server does), and where "Buy" leads a customer or a visitor (sign in, then back).
import { describe, expect, it } from 'vitest';
import { cents, type PackOfferView } from '@dealer/contracts';
import { checkoutStateOf, confirmStateOf } from './components/checkout-flow';
import { buyHref, chosenFrom, EXPIRY_RULES, expiryDateWords, expiryWords, offerLocations, offersAt, purchasePath, sellersOf } from './components/purchase-texts';

const offer = (packId: string, locationIds: number[], locationNames: (string | null)[]): PackOfferView => ({
  packId, name: `Pack ${packId}`, description: null, price: cents(19995), standAloneTotal: cents(0), termMonths: 12, termMileage: null,
  items: [{ couponId: 'oil', couponName: 'Oil change', quantity: 4 }], locationIds, locationNames,
});

const offers = [offer('a', [2, 1], ['West', 'East']), offer('b', [3], [null]), offer('c', [1], ['East'])];

describe('the location filter', () => {
  it('should list each selling location once, by name, an unknown one by its number', () => {
    expect(offerLocations(offers)).toEqual([
      { locationId: 1, name: 'East' },
      { locationId: 3, name: 'Location 3' },
      { locationId: 2, name: 'West' },
    ]);
  });

  it('should show the packs a location sells, and all of them when none is chosen', () => {
    expect(offersAt(offers, 1).map((o) => o.packId)).toEqual(['a', 'c']);
    expect(offersAt(offers, 3).map((o) => o.packId)).toEqual(['b']);
    expect(offersAt(offers, 9)).toEqual([]);
    expect(offersAt(offers, null)).toHaveLength(3);
  });

  it('should offer to buy a pack only at the chosen location once one is chosen', () => {
    expect(sellersOf(offers[0]!, null).map((l) => l.name)).toEqual(['West', 'East']);
    expect(sellersOf(offers[0]!, 1)).toEqual([{ locationId: 1, name: 'East' }]);
  });
});

describe('expiry in plain words', () => {
  it('should name the last day a pack bought today is good for, clamped to the month end', () => {
    expect(expiryWords(12, '2026-11-24')).toContain('12 months after the day you buy (bought today: through 11/24/2027)');
    expect(expiryWords(1, '2026-01-31')).toContain('1 month after the day you buy (bought today: through 02/28/2026)');
    expect(expiryWords(12, '2026-11-24')).toContain("end of the day, in the selling store's local time");
  });

  it("should give each card of the list only its own date, the rule being said once above the list", () => {
    expect(expiryDateWords(12, '2026-11-24')).toBe('Bought today: good through 11/24/2027.');
    expect(expiryDateWords(1, '2026-01-31')).toBe('Bought today: good through 02/28/2026.');
    expect(EXPIRY_RULES).toContain("end of the day, in the selling store's local time");
  });
});

describe('where Buy leads', () => {
  it('should take a signed-in customer straight to the chosen pack at the chosen location', () => {
    expect(purchasePath('p-1', 7)).toBe('/customer/purchase?packId=p-1&locationId=7');
    expect(buyHref('p-1', 7, true)).toBe('/customer/purchase?packId=p-1&locationId=7');
  });

  it('should send a visitor to sign in with the chosen pack as the way back', () => {
    const href = buyHref('p-1', 7, false);
    expect(href.startsWith('/auth/login?')).toBe(true);
    expect(new URLSearchParams(href.split('?')[1]).get('destination')).toBe('/customer/purchase?packId=p-1&locationId=7');
  });
});

describe('the chosen pack in the address', () => {
  it('should read the pack and a whole positive location, and nothing from a malformed one', () => {
    expect(chosenFrom(new URLSearchParams('packId=p-1&locationId=7'))).toEqual({ packId: 'p-1', locationId: 7 });
    expect(chosenFrom(new URLSearchParams('packId=p-1&locationId=7.5'))).toEqual({ packId: 'p-1', locationId: null });
    expect(chosenFrom(new URLSearchParams('locationId=0'))).toEqual({ packId: null, locationId: null });
    expect(chosenFrom(new URLSearchParams('packId=%20&locationId=1e3'))).toEqual({ packId: null, locationId: null });
  });
});

describe('the checkout handed on through history state', () => {
  const order = { orderId: 'o-1', price: cents(10000), tax: cents(725), total: cents(10725), provider: 'demo', notice: 'Demo payment: no money moves', clientSecret: null, publishableKey: null };

  it('should take a placed order with its words, and nothing else (a reload or a pasted address has none)', () => {
    const state = { order, packName: 'Oil 4-Pack', locationName: 'East', choosePath: '/customer/purchase?packId=p&locationId=1' };
    expect(checkoutStateOf(state)).toEqual(state);
    expect(checkoutStateOf(null)).toBeNull();
    expect(checkoutStateOf({ order: {}, packName: 'x', locationName: 'y', choosePath: '/' })).toBeNull();
    expect(checkoutStateOf({ order, packName: 'x' })).toBeNull();
  });

  it('should take a confirmation with what was paid, and nothing else', () => {
    const done = { packName: 'Oil 4-Pack', locationName: 'East', total: cents(10725), message: 'Thank you', saleId: 's-1' };
    expect(confirmStateOf(done)).toEqual(done);
    expect(confirmStateOf({ ...done, total: '107.25' })).toBeNull();
    expect(confirmStateOf(undefined)).toBeNull();
  });
});
