/** The customer aggregate (stream `customer-{id}`): state, evolve, commands, decide; the contact-change flow on it. */
import { foldEvents } from '../decider';
import { customerDecider } from './decider';
import type { CustomerState } from './customer';

export * from './customer';
export * from './decide';
export * from './decider';
export * from './contact-change';
export * from './erasure';

/** The customer as its stream's events fold (the one customer fold of the product). */
export const foldCustomer = (events: readonly { type: string; data: unknown }[]): CustomerState => foldEvents(customerDecider, events);
