/**
 * Erasure of a customer's personal data (issue 5, crypto-shredding): the decider records the
 * request once on the customer's stream; the route destroys the key and removes the sign-in.
 */
import { CUSTOMER_MESSAGES, ERASURE_MESSAGES, erasureReasonError } from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';
import { evolveCustomer, initialCustomerState, type CustomerState } from './customer';

export type CustomerPersonalDataErased = {
  type: 'CustomerPersonalDataErased';
  data: { customerId: string; reason: string };
};
export type EraseCustomerPersonalData = { type: 'EraseCustomerPersonalData'; data: { customerId: string; reason: string } };

export { ERASURE_MESSAGES };

/** Erasure decides on the customer as the one customer fold sees it (exists, already erased). */
export const erasureDecider: Decider<CustomerState, EraseCustomerPersonalData, CustomerPersonalDataErased> = {
  initialState: initialCustomerState,
  evolve: evolveCustomer,
  decide: (command, state) => {
    if (state.status !== 'active') throw new DomainError('not_found', [CUSTOMER_MESSAGES.notFound]);
    const reasonError = erasureReasonError(command.data.reason);
    if (reasonError) throw new DomainError('validation', [reasonError], { reason: reasonError });
    if (state.personalDataErased) return [];
    return [{ type: 'CustomerPersonalDataErased', data: { customerId: command.data.customerId, reason: command.data.reason.trim() } }];
  },
};
