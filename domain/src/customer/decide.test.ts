import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import type { CustomerProfile } from '@dealer/contracts';
import { evolveCustomer, initialCustomerState, type CustomerAggregateEvent } from './customer';
import { decideCustomer, REGISTRATION_MESSAGES, type CustomerCommand } from './decide';
import { given as givenEvents } from '../testing/given';
import { customerDecider } from './decider';

const profile: CustomerProfile = {
  firstName: 'Pat',
  lastName: 'Customer',
  emailAddress: 'pat@example.com',
  phoneMobile: '3035550142',
  phoneOther: null,
  address: '100 Main St',
  address2: null,
  city: 'Denver',
  state: 'CO',
  zip: '80202',
  isTaxExempt: false,
  verifyRedemptions: false,
};
const id = '00000000-0000-4000-8000-000000000001';

/** given(events).when(command): the shared helper (domain/src/testing/given.ts) on the customerDecider. */
const given = (events: CustomerAggregateEvent[]) => givenEvents(customerDecider, events);
const created: CustomerAggregateEvent = { type: 'CustomerCreated', data: { customerId: id, ...profile } };

describe('customer decider', () => {
  it('should create a customer that does not exist yet', () => {
    expect(given([]).when({ type: 'CreateCustomer', data: { customerId: id, profile } })()).toEqual([created]);
  });

  it('should refuse to create a customer twice', () => {
    expect(given([created]).when({ type: 'CreateCustomer', data: { customerId: id, profile } })).toThrow(DomainError);
  });

  it('should record only the fields an edit changed', () => {
    const events = given([created]).when({
      type: 'EditCustomer',
      data: { customerId: id, profile: { ...profile, city: 'Boulder', zip: '80301' }},
    })();
    expect(events).toEqual([{ type: 'CustomerEdited', data: { customerId: id, city: 'Boulder', zip: '80301' } }]);
  });

  it('should record nothing for an edit that changes nothing', () => {
    expect(given([created]).when({ type: 'EditCustomer', data: { customerId: id, profile} })()).toEqual([]);
  });

  it('should refuse to edit a customer that does not exist', () => {
    const run = given([]).when({ type: 'EditCustomer', data: { customerId: id, profile} });
    expect(run).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('should refuse changing e-mail or mobile directly, for staff and customers alike', () => {
    const email = given([created]).when({
      type: 'EditCustomer',
      data: { customerId: id, profile: { ...profile, emailAddress: 'x@example.com' }},
    });
    expect(email).toThrow('Please use the change email button below');
    const phone = given([created]).when({
      type: 'EditCustomer',
      data: { customerId: id, profile: { ...profile, phoneMobile: '3035550000' }},
    });
    expect(phone).toThrow('Please use the change phone button below');
  });

  it('should request a registration message only with an e-mail for the e-mail channel', () => {
    const noEmail: CustomerAggregateEvent = { type: 'CustomerCreated', data: { customerId: id, ...profile, emailAddress: null } };
    expect(given([noEmail]).when({ type: 'RequestRegistrationMessage', data: { customerId: id, channel: 'email' } })).toThrow(
      REGISTRATION_MESSAGES.needsEmail,
    );
    expect(given([created]).when({ type: 'RequestRegistrationMessage', data: { customerId: id, channel: 'email' } })()).toEqual([
      { type: 'RegistrationMessageRequested', data: { customerId: id, channel: 'email' } },
    ]);
  });
});

describe('customer decider: partial edits', () => {
  it('should keep a switch the edit did not carry', () => {
    const on: CustomerAggregateEvent = { type: 'CustomerCreated', data: { customerId: id, ...profile, verifyRedemptions: true } };
    const { verifyRedemptions: _omitted, ...withoutSwitch } = profile;
    const events = given([on]).when({ type: 'EditCustomer', data: { customerId: id, profile: { ...withoutSwitch, city: 'Golden' }} })();
    expect(events).toEqual([{ type: 'CustomerEdited', data: { customerId: id, city: 'Golden' } }]);
  });
});

describe('customer decider: marketing consent', () => {
  const smsOn: CustomerAggregateEvent = { type: 'CustomerMarketingConsentChanged', data: { customerId: id, channel: 'sms', granted: true, source: 'profile' } };

  it('should start with e-mail on and texts off', () => {
    const state = [created].reduce(evolveCustomer, initialCustomerState());
    expect(state.status === 'active' && state.marketingConsent).toEqual({ email: true, sms: false });
  });

  it('should record a change of consent on one channel', () => {
    expect(given([created]).when({ type: 'SetMarketingConsent', data: { customerId: id, channel: 'sms', granted: true, source: 'profile' } })()).toEqual([smsOn]);
  });

  it('should record nothing when the consent already is so (a retried or second STOP)', () => {
    expect(given([created, smsOn]).when({ type: 'SetMarketingConsent', data: { customerId: id, channel: 'sms', granted: true, source: 'sms-keyword' } })()).toEqual([]);
    expect(given([created]).when({ type: 'SetMarketingConsent', data: { customerId: id, channel: 'email', granted: true, source: 'profile' } })()).toEqual([]);
  });

  it('should fold a withdrawal after a grant', () => {
    const off: CustomerAggregateEvent = { type: 'CustomerMarketingConsentChanged', data: { customerId: id, channel: 'sms', granted: false, source: 'sms-keyword' } };
    const state = [created, smsOn, off].reduce(evolveCustomer, initialCustomerState());
    expect(state.status === 'active' && state.marketingConsent).toEqual({ email: true, sms: false });
  });

  it('should refuse texts for a customer without a mobile phone, naming the channel, but let them withdraw', () => {
    const noMobile: CustomerAggregateEvent = { type: 'CustomerCreated', data: { customerId: id, ...profile, phoneMobile: '' } };
    const refusal = (() => {
      try {
        given([noMobile]).when({ type: 'SetMarketingConsent', data: { customerId: id, channel: 'sms', granted: true, source: 'profile' } })();
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).fields).toEqual({ channel: 'Add a mobile phone number before turning on reminder texts.' });
    expect(given([noMobile]).when({ type: 'SetMarketingConsent', data: { customerId: id, channel: 'email', granted: false, source: 'profile' } })()).toHaveLength(1);
  });

  it('should refuse consent for a customer that does not exist', () => {
    expect(given([]).when({ type: 'SetMarketingConsent', data: { customerId: id, channel: 'email', granted: false, source: 'unsubscribe-link' } })).toThrow(DomainError);
  });
});
