/** The customer aggregate's state and evolve (stream `customer-{id}`); pure, no I/O. */
import { DEFAULT_MARKETING_CONSENT, type ContactChangeEvent, type ContactKind, type CustomerMarketingConsentChanged, type CustomerProfile, type MarketingConsent } from '@dealer/contracts';

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
  | CustomerRegistered
  | CustomerMarketingConsentChanged
  | ContactChangeEvent;

/** A requested contact change waiting for the customer's confirmation (SPEC 4). */
export interface PendingContactChange {
  changeId: string;
  value: string;
}

export interface ContactChanges {
  pending: Record<ContactKind, PendingContactChange | null>;
  /** The last confirmed change per kind, so a retried confirmation is recognised. */
  lastConfirmed: Record<ContactKind, string | null>;
}

/**
 * A new customer's contact changes: one frozen value shared by every state that has none (the
 * fold only ever replaces it, never changes it), so a rebuild holding every customer's state does
 * not keep three empty objects per customer.
 */
const NO_CONTACT_CHANGES: Readonly<ContactChanges> = Object.freeze({
  pending: Object.freeze({ email: null, phone: null }),
  lastConfirmed: Object.freeze({ email: null, phone: null }),
});

export type CustomerState =
  | { status: 'none' }
  | {
      status: 'active';
      customerId: string;
      profile: CustomerProfile;
      isRegistered: boolean;
      contact: ContactChanges;
      /** Erased (issue 5): the personal-data key is gone, so every personal field reads null. */
      personalDataErased: boolean;
      /** Marketing consent per channel (issue 24): e-mail on, texts off until agreed. */
      marketingConsent: MarketingConsent;
    };

export const initialCustomerState = (): CustomerState => ({ status: 'none' });

/** The profile fields the stream last recorded and whether they were erased: what messages and reads need of a customer. */
export interface CustomerContact {
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  phoneMobile: string | null;
  phoneOther: string | null;
  personalDataErased: boolean;
}

export function contactOf(state: CustomerState): CustomerContact {
  if (state.status !== 'active') return { firstName: null, lastName: null, emailAddress: null, phoneMobile: null, phoneOther: null, personalDataErased: false };
  const p = state.profile;
  return {
    firstName: p.firstName ?? null,
    lastName: p.lastName ?? null,
    emailAddress: p.emailAddress ?? null,
    phoneMobile: p.phoneMobile ?? null,
    phoneOther: p.phoneOther ?? null,
    personalDataErased: state.personalDataErased,
  };
}

/**
 * Copies an event's profile fields onto `into`: every field but the stream's id and the erasure
 * marker. A plain loop, not rest and delete: a projection folds a million of these in a rebuild,
 * and a deleted property turns the object into a slow dictionary.
 */
function profileFields(into: Record<string, unknown>, data: object): Record<string, unknown> {
  for (const key in data) if (key !== 'customerId' && key !== 'personalDataErased') into[key] = (data as Record<string, unknown>)[key];
  return into;
}

export function evolveCustomer(state: CustomerState, event: { type: string; data: unknown }): CustomerState {
  const e = event as CustomerAggregateEvent;
  // An event opened after erasure carries personalDataErased (the protected store's marker).
  if (state.status === 'active' && !state.personalDataErased && (event.type === 'CustomerPersonalDataErased' || (event.data as { personalDataErased?: unknown } | null)?.personalDataErased === true)) {
    state = { ...state, personalDataErased: true };
  }
  switch (e.type) {
    case 'CustomerCreated': {
      const erased = (e.data as { personalDataErased?: unknown }).personalDataErased === true;
      return { status: 'active', customerId: e.data.customerId, profile: profileFields({}, e.data) as CustomerProfile, isRegistered: false, contact: NO_CONTACT_CHANGES, personalDataErased: erased, marketingConsent: DEFAULT_MARKETING_CONSENT };
    }
    case 'CustomerEdited': {
      if (state.status !== 'active') return state;
      return { ...state, profile: profileFields({ ...state.profile }, e.data) as CustomerProfile };
    }
    case 'CustomerRegistered':
      return state.status === 'active' ? { ...state, isRegistered: true } : state;
    case 'CustomerMarketingConsentChanged':
      return state.status === 'active' ? { ...state, marketingConsent: { ...state.marketingConsent, [e.data.channel]: e.data.granted } } : state;
    case 'CustomerContactChangeRequested': {
      if (state.status !== 'active') return state;
      const { kind, changeId } = e.data;
      const value = (kind === 'email' ? e.data.pendingEmail : e.data.pendingPhone) ?? '';
      return { ...state, contact: { ...state.contact, pending: { ...state.contact.pending, [kind]: { changeId, value } } } };
    }
    // Recorded only for the change pending at that moment (decideContactChange), so, applied in order, it
    // drops that one, as a confirmation does (the read model's rows keep pending values, not their ids).
    case 'CustomerContactChangeDeclined': {
      if (state.status !== 'active') return state;
      return { ...state, contact: { ...state.contact, pending: { ...state.contact.pending, [e.data.kind]: null } } };
    }
    case 'CustomerContactChangeConfirmed': {
      if (state.status !== 'active') return state;
      const { kind, changeId } = e.data;
      const profile = kind === 'email' ? { ...state.profile, emailAddress: e.data.emailAddress ?? null } : { ...state.profile, phoneMobile: e.data.phoneMobile ?? '' };
      return {
        ...state,
        profile,
        contact: { pending: { ...state.contact.pending, [kind]: null }, lastConfirmed: { ...state.contact.lastConfirmed, [kind]: changeId } },
      };
    }
    default:
      return state;
  }
}
