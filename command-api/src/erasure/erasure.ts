/**
 * Erasure of a customer's personal data (issue 5, crypto-shredding): the decider records the
 * request once on the customer's stream; the route destroys the key and removes the sign-in.
 */
import { CUSTOMER_MESSAGES, ERASURE_MESSAGES, erasureReasonError } from '@dealer/contracts';
import { DomainError, type Decider } from '@dealer/platform';

export type CustomerPersonalDataErased = {
  type: 'CustomerPersonalDataErased';
  data: { customerId: string; reason: string };
};
export type EraseCustomerPersonalData = { type: 'EraseCustomerPersonalData'; data: { customerId: string; reason: string } };
type ErasureState = { exists: boolean; erased: boolean };

export { ERASURE_MESSAGES };

export const erasureDecider: Decider<ErasureState, EraseCustomerPersonalData, CustomerPersonalDataErased> = {
  initialState: () => ({ exists: false, erased: false }),
  evolve: (state, event) => {
    if (event.type === 'CustomerCreated') return { ...state, exists: true };
    if (event.type === 'CustomerPersonalDataErased') return { ...state, erased: true };
    return state;
  },
  decide: (command, state) => {
    if (!state.exists) throw new DomainError('not_found', [CUSTOMER_MESSAGES.notFound]);
    const reasonError = erasureReasonError(command.data.reason);
    if (reasonError) throw new DomainError('validation', [reasonError], { reason: reasonError });
    if (state.erased) return [];
    return [{ type: 'CustomerPersonalDataErased', data: { customerId: command.data.customerId, reason: command.data.reason.trim() } }];
  },
};
