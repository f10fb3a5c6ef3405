/**
 * Re-authentication of a customer changing their own contact details: the password is
 * checked against auth_credentials. Wrong passwords count against the same throttle as
 * sign-in (per account), so this route cannot be used to guess a password.
 */
import { AUTH_MESSAGES, CONTACT_CHANGE_MESSAGES } from '@dealer/contracts';
import { DomainError, type Sql } from '@dealer/platform';
import { verifyPassword } from '../identity/passwords';
import { clearFailures, isLocked, recordFailure, THROTTLE } from '../identity/throttle';

export async function reauthenticateCustomer(sql: Sql, customerId: string, password: string | undefined): Promise<void> {
  if (!password) {
    throw new DomainError('validation', [CONTACT_CHANGE_MESSAGES.passwordRequired], { password: CONTACT_CHANGE_MESSAGES.passwordRequired });
  }
  const [credential] = await sql<{ login: string; password_hash: string }[]>`
    select login, password_hash from auth_credentials where user_kind = 'customer' and user_id = ${customerId}`;
  const accountKey = credential ? `account:${credential.login}` : null;
  if (accountKey && (await isLocked(sql, [accountKey]))) throw new DomainError('rate_limited', [AUTH_MESSAGES.throttled]);
  // A missing credential costs the same argon2 verification as a wrong password.
  if (!(await verifyPassword(credential?.password_hash ?? null, password)) || !accountKey) {
    if (accountKey) await recordFailure(sql, accountKey, THROTTLE.accountFailures);
    throw new DomainError('validation', [CONTACT_CHANGE_MESSAGES.passwordIncorrect], { password: CONTACT_CHANGE_MESSAGES.passwordIncorrect });
  }
  await clearFailures(sql, accountKey);
}
