/** Events of the customer aggregate (stream `customer-{customerId}`). Past tense, flat data. */
import type { CustomerProfile } from './profile-rules';

export const customerStreamId = (customerId: string) => `customer-${customerId}`;

export interface CustomerCreated {
  type: 'CustomerCreated';
  data: { customerId: string } & CustomerProfile;
}

export interface CustomerEdited {
  type: 'CustomerEdited';
  /** Only the fields whose value changed. */
  data: { customerId: string } & Partial<CustomerProfile>;
}

export type CustomerEvent = CustomerCreated | CustomerEdited;
export const CUSTOMER_EVENT_TYPES = ['CustomerCreated', 'CustomerEdited'] as const;
