/** The customer decider as one value for handle(). */
import type { Decider } from '../decider';
import { evolveCustomer, initialCustomerState, type CustomerAggregateEvent, type CustomerState } from './customer';
import { decideCustomer, type CustomerCommand } from './decide';

export const customerDecider: Decider<CustomerState, CustomerCommand, CustomerAggregateEvent> = {
  initialState: initialCustomerState,
  evolve: evolveCustomer,
  decide: decideCustomer,
};
