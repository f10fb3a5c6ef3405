/**
 * Requesting a contact change (POST /api/email-phone-verification): SPEC 5 rules on the new
 * value, re-authentication of a customer changing their own details, no value another
 * customer uses, then RequestContactChange on the customer stream. The workers send the
 * link or code when they see the event.
 */
import { CONTACT_CHANGE_MESSAGES, contactKindOf, customerStreamId, validateContactValue, type ContactKind } from '@dealer/contracts';
import { DomainError, handle, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { customerDecider } from '@dealer/domain/customer/decider';
import { reauthenticateCustomer } from './reauthenticate';
import { loginTakenByOther } from './verification-secrets';
import { emailUsedByOtherCustomer, phoneUsedByOtherCustomer } from '@dealer/read-models/customer-search/queries';

export interface ContactChangeInput {
  type: string;
  info?: unknown;
  customerId: string;
  password?: string | undefined;
}

async function assertNotUsedByOthers(sql: Sql, customerId: string, kind: ContactKind, value: string): Promise<void> {
  if (kind === 'email') {
    const taken =
      (await loginTakenByOther(sql, customerId, value)) ||
      (await emailUsedByOtherCustomer(sql, customerId, value));
    if (taken) throw new DomainError('conflict', [CONTACT_CHANGE_MESSAGES.emailInUse], { info: CONTACT_CHANGE_MESSAGES.emailInUse });
    return;
  }
  if (await phoneUsedByOtherCustomer(sql, customerId, value)) throw new DomainError('conflict', [CONTACT_CHANGE_MESSAGES.phoneInUse], { info: CONTACT_CHANGE_MESSAGES.phoneInUse });
}

export async function requestContactChange(
  deps: { store: EventStore; sql: Sql },
  input: ContactChangeInput,
  by: { kind: 'employee' | 'customer' },
  ctx: CommandContext,
): Promise<{ changeId: string; position: number | null }> {
  const kind = contactKindOf(input.type);
  if (!kind) throw new DomainError('validation', ['Type must be email or phone.'], { type: 'Type must be email or phone.' });
  const checked = validateContactValue(kind, input.info);
  if (!checked.ok) throw new DomainError('validation', [checked.error], { info: checked.error });
  // SPEC 6 / issue 5: a customer confirms it is them; staff act on the customer's behalf.
  if (by.kind === 'customer') await reauthenticateCustomer(deps.sql, input.customerId, input.password);
  await assertNotUsedByOthers(deps.sql, input.customerId, kind, checked.value);
  const changeId = ctx.newId();
  const result = await handle(
    deps.store,
    customerStreamId(input.customerId),
    customerDecider,
    { type: 'RequestContactChange', data: { customerId: input.customerId, changeId, kind, value: checked.value } },
    ctx,
  );
  return { changeId, position: result.position };
}
