/**
 * Decisions of the contact-change flow on the customer aggregate (SPEC 4 'Pending contact
 * change'): a request records the new value as pending; only a confirmation changes the
 * e-mail or mobile phone. Pure; the customer decider delegates these commands here.
 */
import { CONTACT_CHANGE_MESSAGES, CUSTOMER_MESSAGES, type ContactChangeConfirmed, type ContactChangeDeclined, type ContactChangeRequested, type ContactKind } from '@dealer/contracts';
import { DomainError } from '../errors';
import type { CustomerState } from './customer';

export type ContactChangeCommand =
  /** `value` is already validated and normalised (lower-case e-mail, 10-digit phone). */
  | { type: 'RequestContactChange'; data: { customerId: string; changeId: string; kind: ContactKind; value: string } }
  | { type: 'ConfirmContactChange'; data: { customerId: string; changeId: string; kind: ContactKind } }
  /** The pending change of `kind`, whichever it is (the customer sees a pending value, not its id). */
  | { type: 'DeclineContactChange'; data: { customerId: string; kind: ContactKind } };


const notFound = () => new DomainError('not_found', [CUSTOMER_MESSAGES.notFound]);

export function decideContactChange(command: ContactChangeCommand, state: CustomerState): (ContactChangeRequested | ContactChangeConfirmed | ContactChangeDeclined)[] {
  if (state.status !== 'active') throw notFound();
  if (command.type === 'DeclineContactChange') {
    // Nothing pending (declined already, confirmed, or never asked): nothing to record, so a retry is harmless.
    const pending = state.contact.pending[command.data.kind];
    if (!pending) return [];
    return [{ type: 'CustomerContactChangeDeclined', data: { customerId: command.data.customerId, changeId: pending.changeId, kind: command.data.kind } }];
  }
  const { customerId, changeId, kind } = command.data;

  if (command.type === 'RequestContactChange') {
    // The same request again (a retry after a crash: its derived change id) records nothing, so no second code is sent.
    if (state.contact.pending[kind]?.changeId === changeId || state.contact.lastConfirmed[kind] === changeId) return [];
    const current = kind === 'email' ? state.profile.emailAddress : state.profile.phoneMobile;
    if (current === command.data.value) {
      const message = kind === 'email' ? CONTACT_CHANGE_MESSAGES.sameEmail : CONTACT_CHANGE_MESSAGES.samePhone;
      throw new DomainError('validation', [message], { info: message });
    }
    // A new request replaces a pending one: its code or link supersedes the earlier one.
    const pending = kind === 'email' ? { pendingEmail: command.data.value } : { pendingPhone: command.data.value };
    return [{ type: 'CustomerContactChangeRequested', data: { customerId, changeId, kind, ...pending } }];
  }

  // A confirmation that already happened (a retry after a lost answer) changes nothing.
  if (state.contact.lastConfirmed[kind] === changeId) return [];
  const pending = state.contact.pending[kind];
  if (!pending || pending.changeId !== changeId || !pending.value) {
    throw new DomainError('validation', [CONTACT_CHANGE_MESSAGES.codeInvalid]);
  }
  const value = kind === 'email' ? { emailAddress: pending.value } : { phoneMobile: pending.value };
  return [{ type: 'CustomerContactChangeConfirmed', data: { customerId, changeId, kind, ...value } }];
}
