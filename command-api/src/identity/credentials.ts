/**
 * The auth host's own tables behind sign-in and registration (not read models): auth_credentials
 * (one login per account, the write side of accounts), registration_tokens, and on erasure the
 * customer's refresh tokens and throttle counters. The routes (routes/auth.ts,
 * self-registration.ts, erasure.ts) call these; they hold no SQL.
 */
import type { Sql } from '@dealer/platform';

export interface Credential {
  userKind: 'employee' | 'customer';
  userId: string;
  passwordHash: string;
}

/** The credential signed in with `login` (lower case), or null. */
export async function credentialOf(sql: Sql, login: string): Promise<Credential | null> {
  const [row] = await sql<Credential[]>`
    select user_kind as "userKind", user_id as "userId", password_hash as "passwordHash" from auth_credentials where login = ${login}`;
  return row ?? null;
}

/** Whether an account signs in with this login (lower case). */
export async function loginExists(sql: Sql, login: string): Promise<boolean> {
  const [account] = await sql`select 1 from auth_credentials where login = ${login}`;
  return Boolean(account);
}

/** Remembers a failed sign-in (the token payload's lastFailedLoginDate). */
export async function recordFailedLogin(sql: Sql, login: string): Promise<void> {
  await sql`update auth_credentials set last_failed_login_at = now() where login = ${login}`;
}

/** When the user last failed to sign in, as ISO text, or null. */
export async function lastFailedLoginOf(sql: Sql, userKind: 'employee' | 'customer', userId: string): Promise<string | null> {
  const [credential] = await sql<{ last_failed_login_at: Date | null }[]>`
    select last_failed_login_at from auth_credentials where user_kind = ${userKind} and user_id = ${userId}`;
  return credential?.last_failed_login_at?.toISOString() ?? null;
}

/** The customer whose unused, unexpired registration link has this token hash, or null. */
export async function customerOfRegistrationToken(sql: Sql, tokenHash: string): Promise<string | null> {
  const [row] = await sql<{ customer_id: string }[]>`
    select customer_id from registration_tokens
    where token_hash = ${tokenHash} and used_at is null and expires_at > now()`;
  return row?.customer_id ?? null;
}

/** Creates the customer's credential; false when the login or the customer already has one. */
export async function createCustomerCredential(sql: Sql, customerId: string, login: string, passwordHash: string): Promise<boolean> {
  const inserted = await sql`insert into auth_credentials (user_kind, user_id, login, password_hash)
    values ('customer', ${customerId}, ${login}, ${passwordHash}) on conflict do nothing returning user_id`;
  return inserted.length > 0;
}

/** Removes the customer's credential (a registration whose command failed). */
export async function deleteCustomerCredential(sql: Sql, customerId: string): Promise<void> {
  await sql`delete from auth_credentials where user_kind = 'customer' and user_id = ${customerId}`;
}

/** Marks the customer's open registration links used. */
export async function useRegistrationTokens(sql: Sql, customerId: string): Promise<void> {
  await sql`update registration_tokens set used_at = now() where customer_id = ${customerId} and used_at is null`;
}

/**
 * An erased customer can no longer sign in: their credential goes, their refresh tokens are
 * revoked, and the throttle counters keyed by their logins and by `emails` are dropped.
 */
export async function removeCustomerSignIn(sql: Sql, customerId: string, emails: readonly string[]): Promise<void> {
  const logins = await sql<{ login: string }[]>`delete from auth_credentials where user_kind = 'customer' and user_id = ${customerId} returning login`;
  await sql`update auth_refresh_tokens set revoked_at = now() where user_kind = 'customer' and user_id = ${customerId} and revoked_at is null`;
  const keys = [...new Set([...logins.map((l) => l.login), ...emails])].map((login) => `account:${login}`);
  await sql`delete from auth_throttle where key = any(${keys})`;
}
