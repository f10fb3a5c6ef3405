/**
 * POST /auth-api/registration/gift (issue 13 "Gifts"): the recipient of a gift registers from
 * the link `/registration/gift/{email}/{giftToken}`. The link was e-mailed to that address, so
 * its token proves the address is theirs: the account is created with the password chosen here
 * and the gift is claimed for it, then the route signs them in.
 *
 * - The link's e-mail must be the gift's, the token valid, unclaimed and not expired (checked
 *   before anything is created).
 * - An e-mail with an account: 409 "An account with this e-mail already exists. Please sign in."
 *   (the sign-in page with the gift token claims it).
 * - An e-mail of a customer staff created without an account: that customer gets the account
 *   and the gift (no second customer; the names and mobile typed here are not applied).
 * - Otherwise a new customer (names, mobile; the e-mail and mobile reserved like every create).
 */
import * as v from 'valibot';
import { customerStreamId, registrationPasswordsSchema, validateProfile, type GiftClaimView } from '@dealer/contracts';
import { DomainError, createdByRequest, handle, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { ContactValueTakenError, contactValuesOf, normaliseEmail, type ContactReservations } from '../customers/contact-reservations';
import { customerDecider } from '@dealer/domain/customer/decider';
import { hashPassword } from '../identity/passwords';
import { claimGift, openGift, refuseUnsellableGift } from './service';
import type { PaymentProvider } from '@dealer/platform/payments/port';

export const ACCOUNT_EXISTS_FOR_GIFT = 'An account with this e-mail already exists. Please sign in to claim your gift.';
export const GIFT_MOBILE_TAKEN = 'This mobile number belongs to another customer. Please enter your own mobile number.';

export interface GiftRegistrationInput {
  email?: unknown;
  giftToken?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  phoneMobile?: unknown;
  password?: unknown;
  passwordConfirm?: unknown;
}

function fieldsOf(result: v.SafeParseResult<v.GenericSchema>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of result.issues ?? []) fields[v.getDotPath(issue) ?? '_'] ??= issue.message;
  return fields;
}

export async function registerFromGift(
  deps: { store: EventStore; sql: Sql; giftKey: Buffer; reservations: ContactReservations; provider?: PaymentProvider | null },
  input: GiftRegistrationInput,
  ctx: CommandContext,
): Promise<{ customerId: string; view: GiftClaimView; position: number }> {
  const { store, sql, reservations } = deps;
  const passwords = v.safeParse(registrationPasswordsSchema, { password: input.password, passwordConfirm: input.passwordConfirm });
  const email = normaliseEmail(typeof input.email === 'string' ? input.email : '');
  const profile = validateProfile({ firstName: input.firstName, lastName: input.lastName, emailAddress: email, phoneMobile: input.phoneMobile });
  const fields = { ...(passwords.success ? {} : fieldsOf(passwords)), ...(profile.ok ? {} : profile.fields) };
  if (!passwords.success || !profile.ok) throw new DomainError('validation', [...new Set(Object.values(fields))], fields);
  // The gift first: nothing is created for a link that cannot be used.
  const opened = await openGift(store, input.giftToken, email, ctx.now());
  // A pack that can no longer be issued: refused (and the buyer refunded) before anything is created.
  // (The recipient's id is not known yet: the decision does not depend on it.)
  await refuseUnsellableGift(deps, opened.giftId, opened.state.gift, '00000000-0000-0000-0000-000000000000', ctx);
  const [account] = await sql`select 1 from auth_credentials where login = ${email}`;
  if (account) throw new DomainError('conflict', [ACCOUNT_EXISTS_FOR_GIFT]);

  const values = contactValuesOf(profile.value);
  let customerId = ctx.newId();
  let isNew = true;
  try {
    await reservations.reserve(customerId, values, ctx);
  } catch (error) {
    if (!(error instanceof ContactValueTakenError)) throw error;
    if (error.contactKind === 'mobile') throw new DomainError('conflict', [GIFT_MOBILE_TAKEN], { phoneMobile: GIFT_MOBILE_TAKEN });
    const holder = await reservations.holderOf({ kind: 'email', value: email });
    if (!holder) throw error;
    customerId = holder;
    isNew = false;
  }
  // A retry of this very request after a crash (its derived id) finds the customer and account it created.
  const retried = isNew && (await createdByRequest(store, customerStreamId(customerId), ctx)) !== null;
  if (isNew && !retried) {
    const newProfile = { ...profile.value, isTaxExempt: false, verifyRedemptions: false };
    try {
      await handle(store, customerStreamId(customerId), customerDecider, { type: 'CreateCustomer', data: { customerId, profile: newProfile } }, ctx);
    } catch (error) {
      await reservations.release(customerId, values, ctx).catch(() => undefined);
      throw error;
    }
  }
  const inserted = await sql`insert into auth_credentials (user_kind, user_id, login, password_hash)
    values ('customer', ${customerId}, ${email}, ${await hashPassword(passwords.output.password)}) on conflict do nothing returning user_id`;
  if (inserted.length === 0 && !retried) throw new DomainError('conflict', [ACCOUNT_EXISTS_FOR_GIFT]);
  if (!retried || !(await createdByRequest(store, customerStreamId(customerId), ctx))!.history.some((e) => e.type === 'CustomerRegistered')) {
    try {
      await handle(store, customerStreamId(customerId), customerDecider, { type: 'RegisterCustomer', data: { customerId } }, ctx);
    } catch (error) {
      if (!retried) await sql`delete from auth_credentials where user_kind = 'customer' and user_id = ${customerId}`;
      throw error;
    }
  }
  const claimed = await claimGift(deps, { giftToken: input.giftToken, customerId, via: 'registration' }, ctx);
  return { customerId, ...claimed };
}
