/** The customer contact form's stream (`contact-form-{customerId}`, issue 13): one message per accepted form. Pure. */
import type { CustomerContactFormSent } from '@dealer/contracts';
import type { Decider } from '../decider';

export type SendContactForm = { type: 'SendContactForm'; data: CustomerContactFormSent['data'] };

/**
 * Every accepted form is one message. The state is the message ids already sent, so a retry of
 * the same request after a crash (its derived message id) records nothing a second time.
 */
export const contactFormDecider: Decider<ReadonlySet<string>, SendContactForm, CustomerContactFormSent> = {
  initialState: () => new Set<string>(),
  evolve: (state, event) => {
    const id = (event.data as { messageId?: unknown }).messageId;
    return event.type === 'CustomerContactFormSent' && typeof id === 'string' ? new Set([...state, id]) : state;
  },
  decide: (command, sent) => (sent.has(command.data.messageId) ? [] : [{ type: 'CustomerContactFormSent', data: command.data }]),
};
