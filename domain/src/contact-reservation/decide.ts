/**
 * Write-time uniqueness of a customer's e-mail and mobile phone (issue 10 item 12, SPEC 5): one
 * reservation stream per normalised value names the customer holding it. Pure: the command API
 * names the streams (an HMAC of the value) and reads the holder's customer stream.
 */
import { CUSTOMER_MESSAGES, digitsOnly } from '@dealer/contracts';
import { DomainError } from '../errors';
import type { Decider } from '../decider';
import type { CustomerState } from '../customer/customer';

export type ContactValueKind = 'email' | 'mobile';

export interface ContactValue {
  kind: ContactValueKind;
  /** Normalised: e-mail trimmed and lower case, mobile phone digits only. */
  value: string;
}

export type ReservationEvent =
  | { type: 'ContactValueReserved'; data: { kind: ContactValueKind; holderId: string } }
  | { type: 'ContactValueReleased'; data: { kind: ContactValueKind; holderId: string } };

export interface ReservationState {
  holderId: string | null;
  /** When the current holder reserved it (event metadata time). */
  since: string | null;
}

export interface ReservationCommand {
  type: 'ReserveContactValue' | 'ReleaseContactValue';
  data: { kind: ContactValueKind; holderId: string; /** For a reserve: the current holder no longer holds it (checked by the caller). */ holderGone?: boolean };
}

export const normaliseEmail = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();
export const normaliseMobile = (phone: string | null | undefined) => digitsOnly(phone ?? '');

/** The values of a profile that must be unique among customers (empty ones are not). */
export function contactValuesOf(profile: { emailAddress: string | null | undefined; phoneMobile: string | null | undefined }): ContactValue[] {
  const values: ContactValue[] = [];
  const email = normaliseEmail(profile.emailAddress);
  const mobile = normaliseMobile(profile.phoneMobile);
  if (email) values.push({ kind: 'email', value: email });
  if (mobile) values.push({ kind: 'mobile', value: mobile });
  return values;
}

/**
 * Does this customer (the holder's state) still have the value, or a change to it being
 * confirmed? False for an erased customer or a value it no longer has.
 */
export function customerHoldsContactValue(customer: CustomerState, v: ContactValue): boolean {
  if (customer.status !== 'active' || customer.personalDataErased) return false;
  const current = v.kind === 'email' ? normaliseEmail(customer.profile.emailAddress) : normaliseMobile(customer.profile.phoneMobile);
  if (current === v.value) return true;
  const pending = customer.contact.pending[v.kind === 'email' ? 'email' : 'phone']?.value;
  return pending !== undefined && (v.kind === 'email' ? normaliseEmail(pending) : normaliseMobile(pending)) === v.value;
}

/** The decider of one reservation stream. */
export const reservationDecider: Decider<ReservationState, ReservationCommand, ReservationEvent> = {
  initialState: () => ({ holderId: null, since: null }),
  evolve: (state, event) => {
    const e = event as ReservationEvent & { metadata?: { time?: string } };
    if (e.type === 'ContactValueReserved') return { holderId: e.data.holderId, since: e.metadata?.time ?? null };
    if (e.type === 'ContactValueReleased' && state.holderId === e.data.holderId) return { holderId: null, since: null };
    return state;
  },
  decide: (command, state) => {
    const { kind, holderId } = command.data;
    if (command.type === 'ReleaseContactValue') {
      return state.holderId === holderId ? [{ type: 'ContactValueReleased', data: { kind, holderId } }] : [];
    }
    if (state.holderId === holderId) return [];
    if (state.holderId !== null && !command.data.holderGone) throw new DomainError('conflict', [CUSTOMER_MESSAGES.duplicate]);
    return [{ type: 'ContactValueReserved', data: { kind, holderId } }];
  },
};
