/** The customer aggregate's state and evolve (stream `customer-{id}`); pure, no I/O. */
import type { CustomerProfile } from '@dealer/contracts';

export interface RegistrationMessageRequested {
  type: 'RegistrationMessageRequested';
  data: { customerId: string; channel: 'email' | 'sms' };
}

export interface RegistrationMessageSent {
  type: 'RegistrationMessageSent';
  data: { customerId: string; channel: 'email' | 'sms'; messageId: string };
}

export interface CustomerRegistered {
  type: 'CustomerRegistered';
  data: { customerId: string; via: 'registration-link' };
}

export type CustomerAggregateEvent =
  | { type: 'CustomerCreated'; data: { customerId: string } & CustomerProfile }
  | { type: 'CustomerEdited'; data: { customerId: string } & Partial<CustomerProfile> }
  | RegistrationMessageRequested
  | RegistrationMessageSent
  | CustomerRegistered;

export type CustomerState =
  | { status: 'none' }
  | { status: 'active'; customerId: string; profile: CustomerProfile; isRegistered: boolean };

export const initialCustomerState = (): CustomerState => ({ status: 'none' });

export function evolveCustomer(state: CustomerState, event: { type: string; data: unknown }): CustomerState {
  const e = event as CustomerAggregateEvent;
  switch (e.type) {
    case 'CustomerCreated': {
      const { customerId, ...profile } = e.data;
      return { status: 'active', customerId, profile, isRegistered: false };
    }
    case 'CustomerEdited': {
      if (state.status !== 'active') return state;
      const { customerId: _id, ...changes } = e.data;
      return { ...state, profile: { ...state.profile, ...changes } };
    }
    case 'CustomerRegistered':
      return state.status === 'active' ? { ...state, isRegistered: true } : state;
    default:
      return state;
  }
}
