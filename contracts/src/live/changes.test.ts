import { describe, expect, it } from 'vitest';
import { changeOfEvent, formatCursor, mayReceive, parseCursor, sseComment, sseFrame, sseRetry, type LiveChange, type LiveViewer } from './changes';
import { rolesAtLocation, type LocationRole } from '../auth/access';

const staff = (held: LocationRole[]): LiveViewer => ({ kind: 'employee', userId: 'u1', rolesAt: (l) => rolesAtLocation(held, l) });
const customer = (userId: string): LiveViewer => ({ kind: 'customer', userId, rolesAt: () => [] });
const change = (over: Partial<LiveChange> = {}): LiveChange => ({ topic: 'verification', id: 'v1', customerId: 'c1', locationIds: [1], position: 10, ...over });

describe('changeOfEvent', () => {
  it('should name a verification, its customer and the location a start names', () => {
    expect(changeOfEvent('RedemptionVerificationStarted', { redemptionVerificationId: 'v1', customerId: 'c1', locationId: 3 })).toEqual({ topic: 'verification', id: 'v1', customerId: 'c1', locationIds: [3], lookup: null });
    // An answer names no location: the server looks it up.
    expect(changeOfEvent('RedemptionVerificationAnswered', { redemptionVerificationId: 'v1', customerId: 'c1' })).toEqual({ topic: 'verification', id: 'v1', customerId: 'c1', locationIds: [], lookup: { by: 'verification', id: 'v1' } });
  });

  it('should name a sale and both locations of a location correction', () => {
    expect(changeOfEvent('PackSold', { saleId: 's1', customerId: 'c1', locationId: 2 })).toMatchObject({ topic: 'sale', id: 's1', locationIds: [2], lookup: null });
    expect(changeOfEvent('PackSaleLocationCorrected', { saleId: 's1', customerId: 'c1', fromLocationId: 1, toLocationId: 4 })).toMatchObject({ locationIds: [1, 4] });
    expect(changeOfEvent('PackSaleFinalised', { saleId: 's1', customerId: 'c1' })).toMatchObject({ locationIds: [], lookup: { by: 'sale', id: 's1' } });
  });

  it('should name a redemption by its issued coupon, with the redeeming and selling locations', () => {
    expect(changeOfEvent('CouponRedeemed', { issuedCouponId: 'i1', saleId: 's1', customerId: 'c1', locationId: 2, soldLocationId: 1 })).toEqual({ topic: 'redemption', id: 'i1', customerId: 'c1', locationIds: [2, 1], lookup: null });
    expect(changeOfEvent('CouponRedemptionRoChanged', { issuedCouponId: 'i1', saleId: 's1', customerId: 'c1', from: { locationId: 1 }, to: { locationId: 5 } })).toMatchObject({ locationIds: [1, 5] });
  });

  it("should name a paper book by its number, staff's only, with its location of sale added from the read model", () => {
    expect(changeOfEvent('PaperBookRegistered', { bookNumber: 'PB-1', locationId: 3 })).toEqual({ topic: 'paper-book', id: 'PB-1', customerId: null, locationIds: [3], lookup: null });
    expect(changeOfEvent('PaperCouponRedeemed', { bookNumber: 'PB-1', soldLocationId: 3, locationId: 4 })).toEqual({ topic: 'paper-book', id: 'PB-1', customerId: null, locationIds: [4, 3], lookup: { by: 'paper-book', id: 'PB-1' } });
    expect(changeOfEvent('PaperBookConverted', { bookNumber: 'PB-1', customerId: 'c1', saleId: 's1' })).toEqual({ topic: 'paper-book', id: 'PB-1', customerId: null, locationIds: [], lookup: { by: 'paper-book', id: 'PB-1' } });
  });

  it("should name an online order and its customer, and a gift with its buyer (the claim's customer is the recipient)", () => {
    expect(changeOfEvent('OnlineOrderPlaced', { orderId: 'o1', customerId: 'c1', locationId: 2 })).toEqual({ topic: 'online-order', id: 'o1', customerId: 'c1', locationIds: [2], lookup: null });
    expect(changeOfEvent('OnlineOrderPaid', { orderId: 'o1', customerId: 'c1' })).toEqual({ topic: 'online-order', id: 'o1', customerId: 'c1', locationIds: [], lookup: { by: 'order', id: 'o1' } });
    expect(changeOfEvent('GiftPurchased', { giftId: 'g1', orderId: 'o1', customerId: 'buyer', locationId: 2 })).toEqual({ topic: 'gift', id: 'g1', customerId: 'buyer', locationIds: [2], lookup: null });
    expect(changeOfEvent('GiftClaimed', { giftId: 'g1', orderId: 'o1', customerId: 'recipient', buyerCustomerId: 'buyer' })).toEqual({ topic: 'gift', id: 'g1', customerId: 'buyer', locationIds: [], lookup: { by: 'order', id: 'o1' } });
    expect(changeOfEvent('GiftExpired', { giftId: 'g1', orderId: 'o1', customerId: 'buyer' })).toMatchObject({ topic: 'gift', customerId: 'buyer' });
  });

  it('should ignore other types and data without the ids', () => {
    expect(changeOfEvent('CustomerCreated', { customerId: 'c1' })).toBeNull();
    expect(changeOfEvent('PackSold', { saleId: 's1' })).toBeNull();
    expect(changeOfEvent('RedemptionVerificationStarted', null)).toBeNull();
    expect(changeOfEvent('CouponRedeemed', { customerId: 'c1', issuedCouponId: '' })).toBeNull();
  });
});

describe('mayReceive', () => {
  it('should tell a customer about their own records only', () => {
    expect(mayReceive(customer('c1'), change())).toBe(true);
    expect(mayReceive(customer('c2'), change())).toBe(false);
  });

  it('should tell staff about a change at a location where they hold a role, not elsewhere', () => {
    expect(mayReceive(staff([{ role: 'employee', locationId: 1 }]), change())).toBe(true);
    expect(mayReceive(staff([{ role: 'employee', locationId: 2 }]), change())).toBe(false);
    expect(mayReceive(staff([{ role: 'employee', locationId: 2 }]), change({ locationIds: [1, 2] }))).toBe(true);
    expect(mayReceive(staff([{ role: 'manager', locationId: 2 }]), change({ topic: 'sale' }))).toBe(false);
  });

  it('should tell no customer about a paper book, and staff by the route each topic mirrors', () => {
    expect(mayReceive(customer('c1'), change({ topic: 'paper-book', customerId: null }))).toBe(false);
    expect(mayReceive(staff([{ role: 'employee', locationId: 1 }]), change({ topic: 'paper-book', customerId: null }))).toBe(true);
    // The list of online orders is the managers': an employee is not told about an order or a gift.
    expect(mayReceive(staff([{ role: 'employee', locationId: 1 }]), change({ topic: 'online-order' }))).toBe(false);
    expect(mayReceive(staff([{ role: 'manager', locationId: 1 }]), change({ topic: 'gift' }))).toBe(true);
    expect(mayReceive(customer('c1'), change({ topic: 'online-order' }))).toBe(true);
  });

  it('should tell admins everywhere, and nobody about a change whose location is unknown', () => {
    expect(mayReceive(staff([{ role: 'admin', locationId: 9 }]), change({ locationIds: [1] }))).toBe(true);
    expect(mayReceive(staff([{ role: 'admin', locationId: 9 }]), change({ locationIds: [] }))).toBe(false);
  });
});

describe('SSE frames and cursors', () => {
  it('should write id, event and one line of JSON data, ending in a blank line', () => {
    expect(sseFrame({ id: '5-7', event: 'change', data: { topic: 'sale', text: 'two\nlines' } })).toBe('id: 5-7\nevent: change\ndata: {"topic":"sale","text":"two\\nlines"}\n\n');
    expect(sseFrame({ id: 'a\nb', data: 1 })).toBe('id: ab\ndata: 1\n\n');
    expect(sseComment('heart\nbeat')).toBe(': heart beat\n\n');
    expect(sseRetry(3000.7)).toBe('retry: 3000\n\n');
  });

  it('should round-trip a cursor and refuse anything else', () => {
    expect(parseCursor(formatCursor({ verifications: 12, sales: 40, paperBooks: 7, orders: 3 }))).toEqual({ verifications: 12, sales: 40, paperBooks: 7, orders: 3 });
    // A cursor of the two sources followed before (verifications, sales) is not one: it resyncs.
    for (const bad of [undefined, null, '', '12', '1-2', '1-2-3', '1-2-3-4-5', '-1-2-3-4', 'a-b-c-d', '1e3-1-1-1', `${'9'.repeat(16)}-1-1-1`]) expect(parseCursor(bad)).toBeNull();
  });
});
