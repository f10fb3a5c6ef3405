/**
 * Confirming a contact change with a checked secret: the new value is reserved for the customer
 * (issue 10 item 12: a value another customer holds is refused here, however the requests
 * raced), ConfirmContactChange on the customer stream (the value changes only now), the old
 * value's reservation is released, then the secret is used up, the failures reset, and a new
 * e-mail becomes the sign-in. A retry after a lost answer is recognised by the aggregate and
 * completes the same way, so the steps after the event are never skipped.
 */
import { CONTACT_CHANGE_MESSAGES, customerStreamId, type ContactKind } from '@dealer/contracts';
import { load, DomainError, handle, type CommandContext, type EventStore, type Logger, type Sql } from '@dealer/platform';
import { customerDecider } from '@dealer/domain/customer/decider';
import { ContactValueTakenError, contactValuesOf, type ContactReservations, type ContactValue } from '../customers/contact-reservations';
import { completeConfirmation, loginTakenByOther, type SecretCheck } from './verification-secrets';

export interface ConfirmedChange {
  customerId: string;
  changeId: string;
  kind: ContactKind;
  position: number | null;
}

/** The customer's current and pending value of one kind, read from the stream (the values are sealed in the events). */
async function contactValues(store: EventStore, customerId: string, kind: ContactKind): Promise<{ current: string | null; pending: string | null }> {
  const { state } = await load(store, customerStreamId(customerId), customerDecider);
  if (state.status !== 'active') return { current: null, pending: null };
  return {
    current: (kind === 'email' ? state.profile.emailAddress : state.profile.phoneMobile) || null,
    pending: state.contact.pending[kind]?.value ?? null,
  };
}

/** The reservation key of one value of a kind ('phone' changes the mobile phone). */
function reservable(kind: ContactKind, value: string | null): ContactValue[] {
  return contactValuesOf(kind === 'email' ? { emailAddress: value, phoneMobile: null } : { emailAddress: null, phoneMobile: value });
}

const inUse = (kind: ContactKind) => (kind === 'email' ? CONTACT_CHANGE_MESSAGES.emailInUse : CONTACT_CHANGE_MESSAGES.phoneInUse);

export async function confirmContactChange(
  deps: { store: EventStore; sql: Sql; reservations: ContactReservations; log?: Pick<Logger, 'warn'> },
  check: SecretCheck,
  field: 'code' | 'token',
  ctx: CommandContext,
): Promise<ConfirmedChange> {
  if (!check.ok) throw new DomainError('validation', [check.error], { [field]: check.error });
  const { customerId, changeId, kind } = check;
  const { current, pending } = await contactValues(deps.store, customerId, kind);
  if (kind === 'email' && pending && (await loginTakenByOther(deps.sql, customerId, pending))) {
    throw new DomainError('conflict', [inUse(kind)]);
  }
  // The new value is this customer's before the change is recorded; the loser of a race is told who won.
  const incoming = reservable(kind, pending);
  try {
    await deps.reservations.reserve(customerId, incoming, ctx);
  } catch (error) {
    if (error instanceof ContactValueTakenError) throw new DomainError('conflict', [inUse(kind)], { [field]: inUse(kind) });
    throw error;
  }
  let result;
  try {
    result = await handle(deps.store, customerStreamId(customerId), customerDecider, { type: 'ConfirmContactChange', data: { customerId, changeId, kind } }, ctx);
  } catch (error) {
    await deps.reservations.release(customerId, incoming, ctx).catch(() => undefined);
    throw error;
  }
  // The old value is free again (a release lost here is healed: a reservation counts only while its holder has the value).
  if (pending && current && reservable(kind, current)[0]?.value !== incoming[0]?.value) {
    await deps.reservations.release(customerId, reservable(kind, current), ctx).catch(() => undefined);
  }
  const newLogin = kind === 'email' && result.state.status === 'active' ? result.state.profile.emailAddress : null;
  const { login } = await completeConfirmation(deps.sql, { changeId, customerId, kind, newLogin });
  // Ids only: never the address.
  if (login === 'taken') deps.log?.warn({ customerId, changeId }, 'confirmed e-mail change could not move the sign-in: another account holds it');
  return { customerId, changeId, kind, position: result.position };
}
