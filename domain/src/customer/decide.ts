/** Commands of the customer aggregate and the decider that turns them into events. Pure. */
import { CUSTOMER_MESSAGES, MARKETING_CONSENT_MESSAGES, type ConsentSource, type CustomerProfile, type MarketingChannel } from '@dealer/contracts';
import { DomainError } from '../errors';
import type { CustomerAggregateEvent, CustomerState } from './customer';
import { decideContactChange, type ContactChangeCommand } from './contact-change';

export type CustomerCommand =
  | { type: 'CreateCustomer'; data: { customerId: string; profile: CustomerProfile } }
  /** `profile` holds the fields the request carried; absent switches keep their value. */
  | { type: 'EditCustomer'; data: { customerId: string; profile: Partial<CustomerProfile> } }
  | { type: 'RequestRegistrationMessage'; data: { customerId: string; channel: 'email' | 'sms' } }
  | { type: 'RegisterCustomer'; data: { customerId: string } }
  /** Records the customer's marketing consent on one channel; nothing when it already is so (a retry, a second STOP). */
  | { type: 'SetMarketingConsent'; data: { customerId: string; channel: MarketingChannel; granted: boolean; source: ConsentSource } }
  | ContactChangeCommand;

export const REGISTRATION_MESSAGES = {
  alreadyRegistered: 'Customer is already registered.',
  needsEmail: 'User MUST have email to register.',
  needsPhone: 'User MUST have a mobile phone to register by text.',
} as const;

export const CONTACT_EDIT_MESSAGES = {
  email: 'Please use the change email button below',
  phone: 'Please use the change phone button below',
} as const;

const notFound = () => new DomainError('not_found', [CUSTOMER_MESSAGES.notFound]);

function changedFields(before: CustomerProfile, after: Partial<CustomerProfile>): Partial<CustomerProfile> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof CustomerProfile)[]) {
    if (before[key] !== after[key]) changes[key] = after[key];
  }
  return changes as Partial<CustomerProfile>;
}

export function decideCustomer(command: CustomerCommand, state: CustomerState): CustomerAggregateEvent[] {
  switch (command.type) {
    case 'CreateCustomer': {
      if (state.status !== 'none') throw new DomainError('conflict', ['This customer already exists.']);
      return [{ type: 'CustomerCreated', data: { customerId: command.data.customerId, ...command.data.profile } }];
    }
    case 'EditCustomer': {
      if (state.status !== 'active') throw notFound();
      const changes = changedFields(state.profile, command.data.profile);
      // SPEC 6 and issue 5: e-mail and mobile phone change only through the confirmed change
      // flows (Change Email / Change Phone), for staff and customers alike.
      if ('emailAddress' in changes) {
        throw new DomainError('validation', [CONTACT_EDIT_MESSAGES.email], { emailAddress: CONTACT_EDIT_MESSAGES.email });
      }
      if ('phoneMobile' in changes) {
        throw new DomainError('validation', [CONTACT_EDIT_MESSAGES.phone], { phoneMobile: CONTACT_EDIT_MESSAGES.phone });
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'CustomerEdited', data: { customerId: command.data.customerId, ...changes } }];
    }
    case 'RequestRegistrationMessage': {
      if (state.status !== 'active') throw notFound();
      if (state.isRegistered) throw new DomainError('conflict', [REGISTRATION_MESSAGES.alreadyRegistered]);
      if (command.data.channel === 'email' && !state.profile.emailAddress) {
        throw new DomainError('validation', [REGISTRATION_MESSAGES.needsEmail]);
      }
      if (command.data.channel === 'sms' && !state.profile.phoneMobile) {
        throw new DomainError('validation', [REGISTRATION_MESSAGES.needsPhone]);
      }
      return [{ type: 'RegistrationMessageRequested', data: { customerId: command.data.customerId, channel: command.data.channel } }];
    }
    case 'RegisterCustomer': {
      if (state.status !== 'active') throw notFound();
      if (state.isRegistered) throw new DomainError('conflict', [REGISTRATION_MESSAGES.alreadyRegistered]);
      if (!state.profile.emailAddress) throw new DomainError('validation', [REGISTRATION_MESSAGES.needsEmail]);
      return [{ type: 'CustomerRegistered', data: { customerId: command.data.customerId, via: 'registration-link' } }];
    }
    case 'SetMarketingConsent': {
      if (state.status !== 'active') throw notFound();
      const { customerId, channel, granted, source } = command.data;
      if (state.marketingConsent[channel] === granted) return [];
      // Texts go to the mobile phone: no number, nothing to agree to (an erased customer has none either).
      if (channel === 'sms' && granted && !state.profile.phoneMobile) {
        throw new DomainError('validation', [MARKETING_CONSENT_MESSAGES.smsNeedsMobile], { channel: MARKETING_CONSENT_MESSAGES.smsNeedsMobile });
      }
      return [{ type: 'CustomerMarketingConsentChanged', data: { customerId, channel, granted, source } }];
    }
    case 'RequestContactChange':
    case 'ConfirmContactChange':
    case 'DeclineContactChange':
      return decideContactChange(command, state);
  }
}
