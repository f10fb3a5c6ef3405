/**
 * Confirming a contact change with a checked secret: ConfirmContactChange on the customer
 * stream (the value changes only now), then the secret is used up, the failures reset, and
 * a new e-mail becomes the sign-in. A retry after a lost answer is recognised by the
 * aggregate and completes the same way, so the steps after the event are never skipped.
 */
import { CONTACT_CHANGE_MESSAGES, customerStreamId, type ContactKind } from '@dealer/contracts';
import { DomainError, handle, type CommandContext, type EventStore, type Logger, type Sql } from '@dealer/platform';
import { customerDecider } from '../customers/decider';
import { completeConfirmation, loginTakenByOther, type SecretCheck } from './verification-secrets';

export interface ConfirmedChange {
  customerId: string;
  changeId: string;
  kind: ContactKind;
  position: number | null;
}

/** The pending e-mail of a change, read from the stream (the value is sealed in the event). */
async function pendingValue(store: EventStore, customerId: string, kind: ContactKind): Promise<string | null> {
  const history = await store.readStream(customerStreamId(customerId));
  const state = history.reduce(customerDecider.evolve, customerDecider.initialState());
  return state.status === 'active' ? (state.contact.pending[kind]?.value ?? null) : null;
}

export async function confirmContactChange(
  deps: { store: EventStore; sql: Sql; log?: Pick<Logger, 'warn'> },
  check: SecretCheck,
  field: 'code' | 'token',
  ctx: CommandContext,
): Promise<ConfirmedChange> {
  if (!check.ok) throw new DomainError('validation', [check.error], { [field]: check.error });
  const { customerId, changeId, kind } = check;
  if (kind === 'email') {
    const email = await pendingValue(deps.store, customerId, kind);
    if (email && (await loginTakenByOther(deps.sql, customerId, email))) {
      throw new DomainError('conflict', [CONTACT_CHANGE_MESSAGES.emailInUse]);
    }
  }
  const result = await handle(deps.store, customerStreamId(customerId), customerDecider, { type: 'ConfirmContactChange', data: { customerId, changeId, kind } }, ctx);
  const newLogin = kind === 'email' && result.state.status === 'active' ? result.state.profile.emailAddress : null;
  const { login } = await completeConfirmation(deps.sql, { changeId, customerId, kind, newLogin });
  // Ids only: never the address.
  if (login === 'taken') deps.log?.warn({ customerId, changeId }, 'confirmed e-mail change could not move the sign-in: another account holds it');
  return { customerId, changeId, kind, position: result.position };
}
