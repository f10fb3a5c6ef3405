/**
 * Checking and consuming the secret of a contact change (tables owned by the workers, which
 * issue the secrets). An SMS code is checked against the customer's current code: at most
 * 5 wrong codes per customer and kind within the failure window, counted across new codes,
 * reset only by a success; after that even the right code is refused. A link token is 256
 * random bits and is looked up by its hash. Secrets are stored as keyed hashes (HMAC under a key
 * derived from AUTH_SECRET): a code is found through its customer's current change, then its
 * hash is compared in constant time.
 */
import { CONTACT_CHANGE_LIMITS, CONTACT_CHANGE_MESSAGES, type ContactKind } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { hashVerificationSecret, sameVerificationHash } from '@dealer/platform/auth/verification-secret';

export type SecretCheck = { ok: true; changeId: string; customerId: string; kind: ContactKind } | { ok: false; error: string };

interface SecretRow {
  change_id: string;
  customer_id: string;
  kind: ContactKind;
  secret_hash: string;
  expires_at: Date;
  used_at: Date | null;
  superseded_at: Date | null;
}

const windowStart = (now: Date) => new Date(now.getTime() - CONTACT_CHANGE_LIMITS.failureWindowMs);

async function failuresOf(tx: Sql, customerId: string, kind: ContactKind, now: Date): Promise<number> {
  const [row] = await tx<{ failures: number }[]>`
    select failures from contact_verification_failures
    where customer_id = ${customerId} and kind = ${kind} and window_started_at > ${windowStart(now)}`;
  return row?.failures ?? 0;
}

async function recordWrongCode(tx: Sql, customerId: string, kind: ContactKind, now: Date): Promise<void> {
  await tx`
    insert into contact_verification_failures as f (customer_id, kind, failures, window_started_at)
    values (${customerId}, ${kind}, 1, ${now})
    on conflict (customer_id, kind) do update set
      failures = case when f.window_started_at <= ${windowStart(now)} then 1 else f.failures + 1 end,
      window_started_at = case when f.window_started_at <= ${windowStart(now)} then ${now} else f.window_started_at end`;
}

/** The code a customer typed, against their current code of that kind. Wrong codes are counted. */
export function checkCode(sql: Sql, hashKey: Buffer, customerId: string, kind: ContactKind, code: string, now: Date): Promise<SecretCheck> {
  return sql.begin(async (tx) => {
    // One check at a time per customer and kind, so parallel guesses cannot pass the limit.
    await tx`select pg_advisory_xact_lock(hashtext(${`contact-failures:${customerId}:${kind}`}))`;
    if ((await failuresOf(tx as unknown as Sql, customerId, kind, now)) >= CONTACT_CHANGE_LIMITS.maxFailures) {
      return { ok: false, error: CONTACT_CHANGE_MESSAGES.tooManyAttempts } as const;
    }
    const [row] = await tx<SecretRow[]>`
      select change_id, customer_id, kind, secret_hash, expires_at, used_at, superseded_at from contact_verification_codes
      where customer_id = ${customerId} and kind = ${kind} and superseded_at is null
      order by requested_at desc limit 1`;
    if (!row || row.used_at) return { ok: false, error: CONTACT_CHANGE_MESSAGES.codeInvalid } as const;
    if (row.expires_at.getTime() <= now.getTime()) return { ok: false, error: CONTACT_CHANGE_MESSAGES.codeExpired } as const;
    const expected = hashVerificationSecret(hashKey, row.kind === 'phone' ? { kind: 'phone', changeId: row.change_id } : { kind: 'email' }, code);
    if (!sameVerificationHash(expected, row.secret_hash)) {
      await recordWrongCode(tx as unknown as Sql, customerId, kind, now);
      return { ok: false, error: CONTACT_CHANGE_MESSAGES.codeIncorrect } as const;
    }
    return { ok: true, changeId: row.change_id, customerId: row.customer_id, kind: row.kind } as const;
  });
}

/** The token of an e-mail link: unguessable, so an unknown one is simply not valid. */
export async function checkLinkToken(sql: Sql, hashKey: Buffer, token: string, now: Date): Promise<SecretCheck> {
  const [row] = await sql<SecretRow[]>`
    select change_id, customer_id, kind, secret_hash, expires_at, used_at, superseded_at from contact_verification_codes
    where secret_hash = ${hashVerificationSecret(hashKey, { kind: 'email' }, token)} and kind = 'email'
    order by created_at desc limit 1`;
  if (!row || row.used_at || row.superseded_at) return { ok: false, error: CONTACT_CHANGE_MESSAGES.linkInvalid };
  if ((await failuresOf(sql, row.customer_id, row.kind, now)) >= CONTACT_CHANGE_LIMITS.maxFailures) {
    return { ok: false, error: CONTACT_CHANGE_MESSAGES.tooManyAttempts };
  }
  if (row.expires_at.getTime() <= now.getTime()) return { ok: false, error: CONTACT_CHANGE_MESSAGES.codeExpired };
  return { ok: true, changeId: row.change_id, customerId: row.customer_id, kind: row.kind };
}

/**
 * After the confirmation event is stored: the secret is used, the failures are reset, and a
 * new e-mail becomes the customer's sign-in (unless another account holds it). Answers
 * what happened to the sign-in ('unchanged' also for a customer without an account).
 */
export async function completeConfirmation(
  sql: Sql,
  c: { changeId: string; customerId: string; kind: ContactKind; newLogin: string | null },
): Promise<{ login: 'moved' | 'unchanged' | 'taken' }> {
  return sql.begin(async (tx) => {
    await tx`update contact_verification_codes set used_at = now() where change_id = ${c.changeId} and used_at is null`;
    await tx`delete from contact_verification_failures where customer_id = ${c.customerId} and kind = ${c.kind}`;
    if (!c.newLogin) return { login: 'unchanged' } as const;
    const moved = await tx`
      update auth_credentials set login = ${c.newLogin}
      where user_kind = 'customer' and user_id = ${c.customerId}
        and not exists (select 1 from auth_credentials o where o.login = ${c.newLogin} and not (o.user_kind = 'customer' and o.user_id = ${c.customerId}))`;
    if (moved.count > 0) return { login: 'moved' } as const;
    const own = await tx`select 1 from auth_credentials where user_kind = 'customer' and user_id = ${c.customerId}`;
    return { login: own.length > 0 ? 'taken' : 'unchanged' } as const;
  });
}

/** Whether another account signs in with this e-mail. */
export async function loginTakenByOther(sql: Sql, customerId: string, email: string): Promise<boolean> {
  const rows = await sql`select 1 from auth_credentials where login = ${email} and not (user_kind = 'customer' and user_id = ${customerId})`;
  return rows.length > 0;
}
