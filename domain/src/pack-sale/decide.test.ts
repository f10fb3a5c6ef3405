import { describe, expect, it } from 'vitest';
import {
  PACK_SALE_MESSAGES,
  cents,
  type CouponTerms,
  type PackSaleEvent,
  type PackSold,
} from '@dealer/contracts';
import { couponTerms } from '@dealer/contracts/coupons/test-fixtures';
import { packSaleDecider, decidePackSale, type PackSaleCommand, type SaleActor, type SaleLocation, type SellPackData } from './decide';
import { given as givenEvents } from '../testing/given';
import { evolvePackSale, issuedCouponStatus, type PackSaleState, soldCouponTerms } from './state';
import type { CouponDefinitionState } from '../coupon/state';
import type { PackState } from '../pack/state';

const saleId = '00000000-0000-4000-8000-0000000005a1';
const customerId = '00000000-0000-4000-8000-0000000000c1';
const employee: SaleActor = { userId: 'u-employee', isManager: false };
const manager: SaleActor = { userId: 'u-manager', isManager: true };
// 9:30 PM on Jan 31 2026 in Denver (MST, UTC-7) is already Feb 1 in UTC.
const now = new Date('2026-02-01T04:30:00.000Z');
const denver: SaleLocation = { locationId: 1, isUsingCrm: true, timeZone: 'America/Denver' };
const boise: SaleLocation = { locationId: 2, isUsingCrm: true, timeZone: 'America/Boise' };
const honolulu: SaleLocation = { locationId: 3, isUsingCrm: true, timeZone: 'Pacific/Honolulu' };

const terms = (name: string, overrides: Partial<CouponTerms> = {}): CouponTerms =>
  couponTerms({ name, opCodes: [name.slice(0, 3).toUpperCase()], locationIds: [1, 2, 3], ...overrides });
const oil: CouponDefinitionState = { couponId: 'oil', status: 'active', terms: terms('Oil and filter') };
// 25 % of a $100.00 rotation: stand-alone value $25.00.
const rotation: CouponDefinitionState = {
  couponId: 'rot',
  status: 'active',
  terms: terms('Tire rotation', { value: { kind: 'percent', basisPoints: 2500, referencePrice: cents(10000) }, validity: { kind: 'monthsAfterSale', months: 1 } }),
};
const pack: PackState = {
  packId: 'pk1',
  status: 'active',
  terms: { name: 'Maintenance pack', description: '4 oil changes, 2 rotations', price: cents(19900), locationIds: [1, 2], termMonths: 24, termMileage: 30000 },
  items: [
    { couponId: 'oil', quantity: 4 },
    { couponId: 'rot', quantity: 2 },
  ],
};

function sellData(overrides: Partial<SellPackData> = {}): SellPackData {
  let n = 0;
  return {
    saleId,
    customerId,
    customerTaxExempt: false,
    pack,
    coupons: { oil, rot: rotation },
    location: denver,
    saleRoNumber: 'RO1001',
    roStatus: 'open',
    price: null,
    priceOverrideReason: null,
    taxRateBasisPoints: 0,
    mileageAtSale: 42000,
    actor: employee,
    now,
    newId: () => `coupon-${++n}`,
    ...overrides,
  };
}
const sell = (overrides: Partial<SellPackData> = {}): PackSaleCommand => ({ type: 'SellPack', data: sellData(overrides) });

/** given(events).when(command) -> () => events (throws a DomainError when refused): the shared helper on the packSaleDecider. */
const given = (events: PackSaleEvent[]) => givenEvents(packSaleDecider, events);
const sold = (overrides: Partial<SellPackData> = {}) => given([]).when(sell(overrides))()[0] as PackSold;

describe('selling a pack', () => {
  it("should record the online order an online sale fulfils (a gift's claim or the buyer's order), and nothing for a sale at the counter", () => {
    expect(sold().data).not.toHaveProperty('onlineOrderId');
    const online = sold({ onlineOrderId: 'order-1', saleRoNumber: 'ONLINE', roStatus: 'closed' });
    expect(online.data).toMatchObject({ onlineOrderId: 'order-1', saleRoNumber: 'ONLINE', status: 'final' });
    // The claim's retry finds its sale and records nothing.
    expect(given([online]).when(sell({ onlineOrderId: 'order-1', saleRoNumber: 'ONLINE', roStatus: 'closed' }))()).toEqual([]);
  });

  it('should sell pending on an open RO, with the terms, the location zone and the coupons it issues', () => {
    const event = sold();
    expect(event.type).toBe('PackSold');
    expect(event.data).toMatchObject({
      saleId,
      customerId,
      locationId: 1,
      timeZone: 'America/Denver',
      saleRoNumber: 'RO1001',
      soldAt: '2026-02-01T04:30:00.000Z',
      // The local date of the sale, not UTC's.
      soldOn: '2026-01-31',
      soldBy: 'u-employee',
      listPrice: 19900,
      price: 19900,
      priceOverride: null,
      taxExempt: false,
      tax: 0,
      total: 19900,
      status: 'pending',
      mileageAtSale: 42000,
      mileageLimit: 72000,
    });
    expect(event.data.pack).toEqual({
      packId: 'pk1',
      name: 'Maintenance pack',
      description: '4 oil changes, 2 rotations',
      listPrice: 19900,
      termMonths: 24,
      termMileage: 30000,
      locationIds: [1, 2],
      items: [
        { couponId: 'oil', quantity: 4, coupon: oil.terms, standAloneValue: 4000 },
        { couponId: 'rot', quantity: 2, coupon: rotation.terms, standAloneValue: 2500 },
      ],
    });
    // $199 over $210 of stand-alone value; Jan 31 + 12 months and + 1 month (clamped to Feb 28),
    // each at the end of the day in Denver.
    expect(event.data.coupons).toEqual([
      { issuedCouponId: 'coupon-1', couponId: 'oil', expiresOn: '2027-01-31', expiresAt: '2027-02-01T06:59:59.999Z', allocatedValue: 3791 },
      { issuedCouponId: 'coupon-2', couponId: 'oil', expiresOn: '2027-01-31', expiresAt: '2027-02-01T06:59:59.999Z', allocatedValue: 3791 },
      { issuedCouponId: 'coupon-3', couponId: 'oil', expiresOn: '2027-01-31', expiresAt: '2027-02-01T06:59:59.999Z', allocatedValue: 3790 },
      { issuedCouponId: 'coupon-4', couponId: 'oil', expiresOn: '2027-01-31', expiresAt: '2027-02-01T06:59:59.999Z', allocatedValue: 3790 },
      { issuedCouponId: 'coupon-5', couponId: 'rot', expiresOn: '2026-02-28', expiresAt: '2026-03-01T06:59:59.999Z', allocatedValue: 2369 },
      { issuedCouponId: 'coupon-6', couponId: 'rot', expiresOn: '2026-02-28', expiresAt: '2026-03-01T06:59:59.999Z', allocatedValue: 2369 },
    ]);
    expect(event.data.coupons.reduce((a, c) => a + c.allocatedValue, 0)).toBe(19900);
  });

  it('should sell final on a closed RO and pending on one not imported yet', () => {
    expect(sold({ roStatus: 'closed' }).data.status).toBe('final');
    expect(sold({ roStatus: 'unknown' }).data.status).toBe('pending');
  });

  it('should keep the sold terms when the catalogue changes afterwards', () => {
    const event = sold();
    const cheaper: PackState = { ...pack, terms: { ...pack.terms, price: cents(9900), termMonths: 6 }, items: [{ couponId: 'oil', quantity: 1 }] };
    const later = sold({ pack: cheaper, coupons: { oil: { ...oil, terms: { ...oil.terms, name: 'Renamed' } } } });
    const state = [event].reduce<PackSaleState | null>(evolvePackSale, null)!;
    expect(state.pack.listPrice).toBe(19900);
    expect(state.pack.items[0]!.coupon.name).toBe('Oil and filter');
    expect(state.coupons).toHaveLength(6);
    expect(later.data.pack.items[0]!.coupon.name).toBe('Renamed');
  });

  it('should charge tax at the location rate, none for a tax-exempt customer', () => {
    // 8.25 % of $199.00 = $16.4175 -> $16.42 (half-up).
    expect(sold({ taxRateBasisPoints: 825 }).data).toMatchObject({ tax: 1642, total: 21542, taxRateBasisPoints: 825 });
    expect(sold({ taxRateBasisPoints: 825, customerTaxExempt: true }).data).toMatchObject({ tax: 0, total: 19900, taxRateBasisPoints: 0, taxExempt: true });
  });

  it("should let only a manager change the price, with a reason, and allocate the new price", () => {
    expect(given([]).when(sell({ price: cents(15000), priceOverrideReason: 'Loyal customer' }))).toThrow(PACK_SALE_MESSAGES.priceOverrideManagersOnly);
    expect(given([]).when(sell({ price: cents(15000), actor: manager }))).toThrow(PACK_SALE_MESSAGES.priceOverrideReasonRequired);
    const event = sold({ price: cents(15000), priceOverrideReason: '  Loyal customer ', actor: manager });
    expect(event.data).toMatchObject({ listPrice: 19900, price: 15000, priceOverride: { reason: 'Loyal customer' }, soldBy: 'u-manager' });
    expect(event.data.coupons.reduce((a, c) => a + c.allocatedValue, 0)).toBe(15000);
    // The list price is not an override, whoever sells.
    expect(sold({ price: cents(19900), priceOverrideReason: 'ignored' }).data.priceOverride).toBeNull();
  });

  it('should refuse a disabled or empty pack, a disabled coupon and a coupon already past its fixed date', () => {
    expect(given([]).when(sell({ pack: null }))).toThrow(expect.objectContaining({ kind: 'not_found' }));
    expect(given([]).when(sell({ pack: { ...pack, status: 'disabled' } }))).toThrow(PACK_SALE_MESSAGES.packDisabled);
    expect(given([]).when(sell({ pack: { ...pack, items: [] } }))).toThrow(PACK_SALE_MESSAGES.packEmpty);
    expect(given([]).when(sell({ coupons: { oil, rot: { ...rotation, status: 'disabled' } } }))).toThrow(PACK_SALE_MESSAGES.couponUnavailable('Tire rotation'));
    expect(given([]).when(sell({ coupons: { oil } }))).toThrow(PACK_SALE_MESSAGES.couponUnavailable('rot'));
    const past = { ...rotation, terms: { ...rotation.terms, validity: { kind: 'fixedDate' as const, date: '2026-01-30' } } };
    expect(given([]).when(sell({ coupons: { oil, rot: past } }))).toThrow(PACK_SALE_MESSAGES.couponAlreadyExpired('Tire rotation', '2026-01-30'));
    // Good through Jan 31 in Denver, where it still is Jan 31.
    const today = { ...rotation, terms: { ...rotation.terms, validity: { kind: 'fixedDate' as const, date: '2026-01-31' } } };
    expect(sold({ coupons: { oil, rot: today } }).data.coupons[5]).toMatchObject({ expiresOn: '2026-01-31', expiresAt: '2026-02-01T06:59:59.999Z' });
  });

  it('should sell only at a CRM location that sells the pack and has a time zone', () => {
    expect(given([]).when(sell({ location: honolulu }))).toThrow(PACK_SALE_MESSAGES.locationNotSelling);
    expect(given([]).when(sell({ location: { ...denver, isUsingCrm: false } }))).toThrow(PACK_SALE_MESSAGES.locationNotUsingCrm);
    expect(given([]).when(sell({ location: { ...denver, timeZone: null } }))).toThrow(PACK_SALE_MESSAGES.locationTimeZoneMissing);
    expect(given([]).when(sell({ location: { ...denver, timeZone: 'Not/AZone' } }))).toThrow(PACK_SALE_MESSAGES.locationTimeZoneMissing);
  });

  it('should record nothing for a retried sale and refuse another sale under the same id', () => {
    const first = sold();
    expect(given([first]).when(sell())()).toEqual([]);
    expect(given([first]).when(sell({ saleRoNumber: 'RO2002' }))).toThrow(PACK_SALE_MESSAGES.alreadySold);
  });
});

describe('finalising a pending sale', () => {
  const later = new Date('2026-02-03T17:00:00.000Z');

  it('should finalise when an import sees the sale RO closed, once', () => {
    const pending = sold();
    const events = given([pending]).when({ type: 'FinalisePackSale', data: { via: 'ro-closed', actor: { userId: 'importer', isManager: false }, now: later } })();
    expect(events).toEqual([{ type: 'PackSaleFinalised', data: { saleId, customerId, via: 'ro-closed', finalisedAt: later.toISOString(), by: 'importer' } }]);
    expect(given([pending, ...events]).when({ type: 'FinalisePackSale', data: { via: 'ro-closed', actor: employee, now: later } })()).toEqual([]);
    expect(given([sold({ roStatus: 'closed' })]).when({ type: 'FinalisePackSale', data: { via: 'ro-closed', actor: employee, now: later } })()).toEqual([]);
  });

  it('should let a manager finalise, and nobody else', () => {
    const pending = sold();
    expect(given([pending]).when({ type: 'FinalisePackSale', data: { via: 'manager', actor: manager, now: later } })()).toMatchObject([
      { type: 'PackSaleFinalised', data: { via: 'manager', by: 'u-manager' } },
    ]);
    expect(given([pending]).when({ type: 'FinalisePackSale', data: { via: 'manager', actor: employee, now: later } })).toThrow(PACK_SALE_MESSAGES.finaliseManagersOnly);
  });

  it('should leave a voided sale voided', () => {
    const voided: PackSaleEvent = given([sold()]).when({ type: 'VoidPackSale', data: { reason: 'Sold by mistake', usedCouponIds: [], actor: manager, now: later } })()[0]!;
    expect(given([sold(), voided]).when({ type: 'FinalisePackSale', data: { via: 'ro-closed', actor: employee, now: later } })()).toEqual([]);
    expect(given([sold(), voided]).when({ type: 'FinalisePackSale', data: { via: 'manager', actor: manager, now: later } })).toThrow(PACK_SALE_MESSAGES.voided);
  });
});

describe('correcting the sold location', () => {
  const later = new Date('2026-02-03T17:00:00.000Z');
  const correct = (location: SaleLocation, reason: string | null = 'Sold at Boise, entered as Denver'): PackSaleCommand => ({
    type: 'CorrectPackSaleLocation',
    data: { location, reason, actor: employee, now: later },
  });

  it('should record the correction with who and why, keeping the expiry dates in the new zone', () => {
    const [event] = given([sold()]).when(correct(boise))();
    expect(event).toMatchObject({
      type: 'PackSaleLocationCorrected',
      data: { fromLocationId: 1, toLocationId: 2, timeZone: 'America/Boise', reason: 'Sold at Boise, entered as Denver', by: 'u-employee', correctedAt: later.toISOString() },
    });
    const state = [sold(), event!].reduce<PackSaleState | null>(evolvePackSale, null)!;
    expect(state.locationId).toBe(2);
    // Boise keeps Mountain time: the same instants.
    expect(state.coupons[0]).toMatchObject({ expiresOn: '2027-01-31', expiresAt: '2027-02-01T06:59:59.999Z' });
  });

  it('should move the expiry instants to a location in another zone', () => {
    const wide: PackState = { ...pack, terms: { ...pack.terms, locationIds: [1, 3] } };
    const [event] = given([sold({ pack: wide })]).when(correct(honolulu, 'Wrong store'))();
    const state = [sold({ pack: wide }), event!].reduce<PackSaleState | null>(evolvePackSale, null)!;
    // Honolulu is UTC-10 all year.
    expect(state.coupons[0]).toMatchObject({ expiresOn: '2027-01-31', expiresAt: '2027-02-01T09:59:59.999Z' });
  });

  it('should be allowed while pending, refused without a reason, for a location that does not sell the pack, and when voided', () => {
    expect(given([sold()]).when(correct(boise, '  '))).toThrow(PACK_SALE_MESSAGES.correctionReasonRequired);
    expect(given([sold()]).when(correct(honolulu))).toThrow(PACK_SALE_MESSAGES.locationNotSelling);
    expect(given([sold()]).when(correct(denver))()).toEqual([]);
    const voided = given([sold()]).when({ type: 'VoidPackSale', data: { reason: 'x', usedCouponIds: [], actor: manager, now: later } })();
    expect(given([sold(), ...voided]).when(correct(boise))).toThrow(PACK_SALE_MESSAGES.voided);
  });
});

describe('voiding a sale', () => {
  const later = new Date('2026-02-03T17:00:00.000Z');
  const voidBy = (actor: SaleActor, usedCouponIds: string[] = [], reason: string | null = 'Customer changed their mind'): PackSaleCommand => ({
    type: 'VoidPackSale',
    data: { reason, usedCouponIds, actor, now: later },
  });

  it('should let a manager void with a reason while no coupon is used, refunding the total', () => {
    const sale = sold({ taxRateBasisPoints: 825 });
    expect(given([sale]).when(voidBy(manager, ['some-other-coupon']))()).toEqual([
      {
        type: 'PackSaleVoided',
        data: {
          saleId,
          customerId,
          locationId: 1,
          reason: 'Customer changed their mind',
          by: 'u-manager',
          voidedAt: later.toISOString(),
          refund: 21542,
          refundTax: 1642,
          voidedCouponIds: ['coupon-1', 'coupon-2', 'coupon-3', 'coupon-4', 'coupon-5', 'coupon-6'],
          wasStatus: 'pending',
        },
      },
    ]);
  });

  it('should refuse staff, a missing reason and a sale with a used coupon', () => {
    expect(given([sold()]).when(voidBy(employee))).toThrow(PACK_SALE_MESSAGES.voidManagersOnly);
    expect(given([sold()]).when(voidBy(manager, [], ''))).toThrow('Void reason is required');
    expect(given([sold()]).when(voidBy(manager, [], 'x'.repeat(501)))).toThrow('Only 500 characters are allowed.');
    expect(given([sold()]).when(voidBy(manager, ['coupon-3']))).toThrow(PACK_SALE_MESSAGES.voidCouponUsed);
    expect(given([]).when(voidBy(manager))).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('should record a void once', () => {
    const voided = given([sold()]).when(voidBy(manager))();
    const state = [sold(), ...voided].reduce<PackSaleState | null>(evolvePackSale, null)!;
    expect(state.status).toBe('voided');
    expect(given([sold(), ...voided]).when(voidBy(manager))()).toEqual([]);
  });
});

describe("the customer's coupons", () => {
  it('should be available until the end of their last local day, then expired; voided with the sale', () => {
    const state = [sold()].reduce<PackSaleState | null>(evolvePackSale, null)!;
    const rot = soldCouponTerms(state, 'coupon-5')!;
    expect(rot).toMatchObject({ couponId: 'rot', expiresOn: '2026-02-28', terms: { name: 'Tire rotation', opCodes: ['TIR'] } });
    expect(soldCouponTerms(state, 'not-ours')).toBeNull();
    // 11:59 PM Feb 28 in Denver is 06:59 UTC Mar 1: still good; a minute later, expired.
    expect(issuedCouponStatus({ saleStatus: state.status, expiresAt: rot.expiresAt, redeemed: false }, new Date('2026-03-01T06:59:00Z'))).toBe('available');
    expect(issuedCouponStatus({ saleStatus: state.status, expiresAt: rot.expiresAt, redeemed: false }, new Date('2026-03-01T07:00:00Z'))).toBe('expired');
    expect(issuedCouponStatus({ saleStatus: state.status, expiresAt: rot.expiresAt, redeemed: true }, new Date('2026-03-01T07:00:00Z'))).toBe('redeemed');
    expect(issuedCouponStatus({ saleStatus: 'voided', expiresAt: rot.expiresAt, redeemed: false }, new Date('2026-02-10T00:00:00Z'))).toBe('voided');
  });
});
