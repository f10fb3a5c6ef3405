import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '@dealer/contracts';
import { given as givenOn } from '../testing/given';
import { initialCustomerState, evolveCustomer } from '../customer/customer';
import { contactValuesOf, customerHoldsContactValue, reservationDecider, type ReservationEvent } from './decide';

const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';

const given = (events: ReservationEvent[]) => givenOn(reservationDecider, events);
const reserved = (holderId: string): ReservationEvent => ({ type: 'ContactValueReserved', data: { kind: 'email', holderId } });

describe('contact value reservations', () => {
  it('should reserve a free value, and answer nothing for its own holder', () => {
    expect(given([]).when({ type: 'ReserveContactValue', data: { kind: 'email', holderId: a } })()).toEqual([reserved(a)]);
    expect(given([reserved(a)]).when({ type: 'ReserveContactValue', data: { kind: 'email', holderId: a } })()).toEqual([]);
  });

  it("should refuse another customer's value with SPEC's message unless its holder no longer holds it", () => {
    expect(given([reserved(a)]).when({ type: 'ReserveContactValue', data: { kind: 'email', holderId: b } })).toThrow(CUSTOMER_MESSAGES.duplicate);
    expect(given([reserved(a)]).when({ type: 'ReserveContactValue', data: { kind: 'email', holderId: b, holderGone: true } })()).toEqual([reserved(b)]);
  });

  it('should release only for its holder, after which anyone may reserve it', () => {
    const released: ReservationEvent = { type: 'ContactValueReleased', data: { kind: 'email', holderId: a } };
    expect(given([reserved(a)]).when({ type: 'ReleaseContactValue', data: { kind: 'email', holderId: b } })()).toEqual([]);
    expect(given([reserved(a)]).when({ type: 'ReleaseContactValue', data: { kind: 'email', holderId: a } })()).toEqual([released]);
    expect(given([reserved(a), released]).when({ type: 'ReserveContactValue', data: { kind: 'email', holderId: b } })()).toEqual([reserved(b)]);
  });

  it('should normalise values (e-mail in any case, mobile in any format)', () => {
    expect(contactValuesOf({ emailAddress: ' Dana@Example.COM ', phoneMobile: '(303) 555-7001' })).toEqual([
      { kind: 'email', value: 'dana@example.com' },
      { kind: 'mobile', value: '3035557001' },
    ]);
    expect(contactValuesOf({ emailAddress: '', phoneMobile: null })).toEqual([]);
  });

  it('should count a holder while it has the value or a change to it waits, never once erased', () => {
    const created = { type: 'CustomerCreated', data: { customerId: a, firstName: 'Dana', emailAddress: 'Dana@Example.com', phoneMobile: '(303) 555-7001' } };
    const customer = [created].reduce(evolveCustomer, initialCustomerState());
    expect(customerHoldsContactValue(customer, { kind: 'email', value: 'dana@example.com' })).toBe(true);
    expect(customerHoldsContactValue(customer, { kind: 'mobile', value: '3035557001' })).toBe(true);
    expect(customerHoldsContactValue(customer, { kind: 'email', value: 'other@example.com' })).toBe(false);
    const requested = { type: 'CustomerContactChangeRequested', data: { customerId: a, changeId: 'ch-1', kind: 'email', pendingEmail: 'New@Example.com' } };
    expect(customerHoldsContactValue(evolveCustomer(customer, requested), { kind: 'email', value: 'new@example.com' })).toBe(true);
    const erased = evolveCustomer(customer, { type: 'CustomerPersonalDataErased', data: { customerId: a, reason: 'asked' } });
    expect(customerHoldsContactValue(erased, { kind: 'email', value: 'dana@example.com' })).toBe(false);
    expect(customerHoldsContactValue(initialCustomerState(), { kind: 'email', value: 'dana@example.com' })).toBe(false);
  });

});
