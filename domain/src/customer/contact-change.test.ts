import { describe, expect, it } from 'vitest';
import { CONTACT_CHANGE_MESSAGES, type CustomerProfile } from '@dealer/contracts';
import { evolveCustomer, initialCustomerState, type CustomerAggregateEvent } from './customer';
import { decideCustomer, type CustomerCommand } from './decide';
import { given as givenEvents } from '../testing/given';
import { customerDecider } from './decider';

const id = '00000000-0000-4000-8000-000000000005';
const change1 = '00000000-0000-4000-8000-0000000000c1';
const change2 = '00000000-0000-4000-8000-0000000000c2';
const profile: CustomerProfile = {
  firstName: 'Pat',
  lastName: 'Customer',
  emailAddress: 'pat@example.com',
  phoneMobile: '3035550142',
  phoneOther: null,
  address: null,
  address2: null,
  city: null,
  state: null,
  zip: null,
  isTaxExempt: false,
  verifyRedemptions: false,
};
const created: CustomerAggregateEvent = { type: 'CustomerCreated', data: { customerId: id, ...profile } };
const emailRequested = (changeId: string, pendingEmail: string): CustomerAggregateEvent => ({
  type: 'CustomerContactChangeRequested',
  data: { customerId: id, changeId, kind: 'email', pendingEmail },
});
const phoneRequested: CustomerAggregateEvent = {
  type: 'CustomerContactChangeRequested',
  data: { customerId: id, changeId: change1, kind: 'phone', pendingPhone: '7205550100' },
};

/** given(events).when(command): the shared helper (domain/src/testing/given.ts) on the customerDecider. */
const given = (events: CustomerAggregateEvent[]) => givenEvents(customerDecider, events);
const request = (kind: 'email' | 'phone', value: string, changeId = change1): CustomerCommand => ({
  type: 'RequestContactChange',
  data: { customerId: id, changeId, kind, value },
});
const confirm = (kind: 'email' | 'phone', changeId = change1): CustomerCommand => ({ type: 'ConfirmContactChange', data: { customerId: id, changeId, kind } });

describe('contact change decider: request', () => {
  it('should record the new e-mail as pending without changing the e-mail', () => {
    expect(given([created]).when(request('email', 'new@example.com'))()).toEqual([emailRequested(change1, 'new@example.com')]);
  });

  it('should record the new mobile phone as pending', () => {
    expect(given([created]).when(request('phone', '7205550100'))()).toEqual([phoneRequested]);
  });

  it('should refuse the value the customer already has, with a clear message', () => {
    expect(given([created]).when(request('email', 'pat@example.com'))).toThrow(CONTACT_CHANGE_MESSAGES.sameEmail);
    expect(given([created]).when(request('phone', '3035550142'))).toThrow(CONTACT_CHANGE_MESSAGES.samePhone);
  });

  it('should let a new request replace a pending one', () => {
    const events = given([created, emailRequested(change1, 'first@example.com')]).when(request('email', 'second@example.com', change2))();
    expect(events).toEqual([emailRequested(change2, 'second@example.com')]);
  });

  it('should refuse a customer that does not exist', () => {
    expect(given([]).when(request('email', 'new@example.com'))).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });
});

describe('contact change decider: confirm', () => {
  it('should change the e-mail only on confirmation, and clear the pending change', () => {
    const history = [created, emailRequested(change1, 'new@example.com')];
    const events = given(history).when(confirm('email'))();
    expect(events).toEqual([{ type: 'CustomerContactChangeConfirmed', data: { customerId: id, changeId: change1, kind: 'email', emailAddress: 'new@example.com' } }]);
    const state = [...history, ...events].reduce(evolveCustomer, initialCustomerState());
    expect(state).toMatchObject({ profile: { emailAddress: 'new@example.com' }, contact: { pending: { email: null } } });
  });

  it('should change the mobile phone on confirmation and leave the e-mail alone', () => {
    const events = given([created, phoneRequested]).when(confirm('phone'))();
    expect(events).toEqual([{ type: 'CustomerContactChangeConfirmed', data: { customerId: id, changeId: change1, kind: 'phone', phoneMobile: '7205550100' } }]);
  });

  it('should refuse a confirmation of a superseded change', () => {
    const run = given([created, emailRequested(change1, 'first@example.com'), emailRequested(change2, 'second@example.com')]).when(confirm('email', change1));
    expect(run).toThrow(CONTACT_CHANGE_MESSAGES.codeInvalid);
  });

  it('should refuse a confirmation without a pending change', () => {
    expect(given([created]).when(confirm('phone'))).toThrow(CONTACT_CHANGE_MESSAGES.codeInvalid);
  });

  it('should record nothing when the same confirmation is repeated (a retry)', () => {
    const confirmed: CustomerAggregateEvent = { type: 'CustomerContactChangeConfirmed', data: { customerId: id, changeId: change1, kind: 'phone', phoneMobile: '7205550100' } };
    expect(given([created, phoneRequested, confirmed]).when(confirm('phone'))()).toEqual([]);
  });

  it('should keep a pending change of the other kind when one kind is confirmed', () => {
    const history = [created, phoneRequested, emailRequested(change2, 'new@example.com')];
    const events = given(history).when(confirm('phone'))();
    const state = [...history, ...events].reduce(evolveCustomer, initialCustomerState());
    expect(state).toMatchObject({ contact: { pending: { phone: null, email: { changeId: change2, value: 'new@example.com' } } } });
  });
});

describe('contact change decider: decline', () => {
  const decline = (kind: 'email' | 'phone'): CustomerCommand => ({ type: 'DeclineContactChange', data: { customerId: id, kind } });
  const declined = (kind: 'email' | 'phone', changeId = change1): CustomerAggregateEvent => ({ type: 'CustomerContactChangeDeclined', data: { customerId: id, changeId, kind } });

  it('should drop the pending change of that kind, keeping the e-mail as it was', () => {
    const history = [created, emailRequested(change1, 'new@example.com')];
    const events = given(history).when(decline('email'))();
    expect(events).toEqual([declined('email')]);
    const state = [...history, ...events].reduce(evolveCustomer, initialCustomerState());
    expect(state).toMatchObject({ profile: { emailAddress: 'pat@example.com' }, contact: { pending: { email: null } } });
  });

  it('should leave a confirmation of the declined change nothing to confirm', () => {
    expect(given([created, phoneRequested, declined('phone')]).when(confirm('phone'))).toThrow(CONTACT_CHANGE_MESSAGES.codeInvalid);
  });

  it('should record nothing when nothing is pending (declined already, or a retry)', () => {
    expect(given([created, phoneRequested, declined('phone')]).when(decline('phone'))()).toEqual([]);
    expect(given([created]).when(decline('email'))()).toEqual([]);
  });

  it("should keep the pending change of the other kind, and take a new request of the declined kind", () => {
    const history = [created, phoneRequested, emailRequested(change2, 'new@example.com'), declined('phone')];
    expect(history.reduce(evolveCustomer, initialCustomerState())).toMatchObject({ contact: { pending: { phone: null, email: { changeId: change2 } } } });
    const again: CustomerCommand = { type: 'RequestContactChange', data: { customerId: id, changeId: change2, kind: 'phone', value: '7205550199' } };
    expect(given(history).when(again)()).toEqual([{ type: 'CustomerContactChangeRequested', data: { customerId: id, changeId: change2, kind: 'phone', pendingPhone: '7205550199' } }]);
  });
});

describe('contact changes in the customer state', () => {
  it("should leave a new customer's shared empty contact changes untouched when another customer's change is requested, confirmed or declined", () => {
    const fold = (events: CustomerAggregateEvent[]) => events.reduce(evolveCustomer, initialCustomerState());
    const none = { pending: { email: null, phone: null }, lastConfirmed: { email: null, phone: null } };
    const untouched = fold([created]);
    fold([created, emailRequested(change1, 'pat@example.org'), phoneRequested]);
    fold([created, emailRequested(change1, 'pat@example.org'), { type: 'CustomerContactChangeConfirmed', data: { customerId: id, changeId: change1, kind: 'email', emailAddress: 'pat@example.org' } }]);
    fold([created, phoneRequested, { type: 'CustomerContactChangeDeclined', data: { customerId: id, changeId: change1, kind: 'phone' } }]);
    expect(untouched).toMatchObject({ contact: none, marketingConsent: { email: true, sms: false } });
    expect(fold([created])).toMatchObject({ contact: none });
  });
});
