/**
 * Re-authentication of a customer changing their own contact details: the password is
 * checked against auth_credentials. Each attempt is counted on the same per-account throttle
 * as sign-in, atomically and before the password is checked (as sign-in does), so parallel
 * guesses cannot all slip under the limit and this route cannot be used to guess a password.
 */
import { AUTH_MESSAGES, CONTACT_CHANGE_MESSAGES } from '@dealer/contracts';
import { DomainError, type Sql } from '@dealer/platform';
import { verifyPassword } from '../identity/passwords';
import { clearFailures, countAttempt, THROTTLE } from '@dealer/platform/auth/throttle';

export async function reauthenticateCustomer(sql: Sql, customerId: string, password: string | undefined): Promise<void> {
  if (!password) {
    throw new DomainError('validation', [CONTACT_CHANGE_MESSAGES.passwordRequired], { password: CONTACT_CHANGE_MESSAGES.passwordRequired });
  }
  const [credential] = await sql<{ login: string; password_hash: string }[]>`
    select login, password_hash from auth_credentials where user_kind = 'customer' and user_id = ${customerId}`;
  const accountKey = credential ? `account:${credential.login}` : null;
  // Counted before anything is checked; a success clears the count below.
  if (accountKey && !(await countAttempt(sql, accountKey, THROTTLE.accountFailures))) throw new DomainError('rate_limited', [AUTH_MESSAGES.throttled]);
  // A missing credential costs the same argon2 verification as a wrong password.
  if (!(await verifyPassword(credential?.password_hash ?? null, password)) || !accountKey) {
    throw new DomainError('validation', [CONTACT_CHANGE_MESSAGES.passwordIncorrect], { password: CONTACT_CHANGE_MESSAGES.passwordIncorrect });
  }
  await clearFailures(sql, accountKey);
}
