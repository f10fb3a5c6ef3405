/**
 * Secrets of contact changes: a link token (e-mail) or a 6-digit code (SMS) per pending
 * change, from a CSPRNG, stored only as a keyed hash (HMAC under a key derived from
 * AUTH_SECRET, see @dealer/platform/auth/verification-secret), with its expiry and single use.
 * Hashes are not unique: two changes may draw the same code.
 * Wrong-code failures are kept per customer and kind, so a new change does not reset them.
 * The workers own these tables; the command API checks and consumes the secrets.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { CONTACT_CHANGE_LIMITS, type ContactKind } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { hashVerificationSecret } from '@dealer/platform/auth/verification-secret';

export const CONTACT_VERIFICATION_MIGRATIONS = [
  {
    id: '0030_contact_verification',
    sql: /* sql */ `
create table if not exists contact_verification_codes (
  change_id uuid primary key,
  customer_id uuid not null,
  kind text not null check (kind in ('email', 'phone')),
  secret_hash text not null unique,
  generation int not null default 1,
  requested_at timestamptz not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  superseded_at timestamptz
);
create index if not exists contact_verification_codes_customer on contact_verification_codes (customer_id, kind, created_at desc);
create table if not exists contact_verification_failures (
  customer_id uuid not null,
  kind text not null check (kind in ('email', 'phone')),
  failures int not null,
  window_started_at timestamptz not null,
  primary key (customer_id, kind)
);`,
  },
  {
    // Keyed hashes (issue 10): codes are no longer unique, and the old unsalted SHA-256 hashes
    // (a 6-digit code is found from one in well under a second) are retired: every secret
    // issued before this migration expires now and its hash is replaced by a marker that
    // matches no secret, so the customer asks for a new code or link.
    id: '0031_contact_verification_keyed_hash',
    sql: /* sql */ `
alter table contact_verification_codes drop constraint if exists contact_verification_codes_secret_hash_key;
update contact_verification_codes set secret_hash = 'retired:' || change_id::text, expires_at = least(expires_at, now())
  where secret_hash not like 'retired:%';
create index if not exists contact_verification_codes_link on contact_verification_codes (secret_hash) where kind = 'email';`,
  },
] as const;

/** The stored form of a change's secret (see hashVerificationSecret). */
export const hashSecret = (key: Buffer, changeId: string, kind: ContactKind, secret: string) =>
  hashVerificationSecret(key, kind === 'phone' ? { kind, changeId } : { kind }, secret);

/** E-mail: a 256-bit link token. SMS: 6 digits, uniformly drawn. */
export function newSecret(kind: ContactKind): string {
  if (kind === 'email') return randomBytes(32).toString('base64url');
  return String(randomInt(0, 10 ** CONTACT_CHANGE_LIMITS.codeDigits)).padStart(CONTACT_CHANGE_LIMITS.codeDigits, '0');
}

export const secretLifetimeMs = (kind: ContactKind) =>
  kind === 'email' ? CONTACT_CHANGE_LIMITS.emailLinkLifetimeMs : CONTACT_CHANGE_LIMITS.smsCodeLifetimeMs;

/** The change's current secret generation, or null before the first; `used` once confirmed. */
export async function currentSecret(sql: Sql, changeId: string): Promise<{ generation: number; used: boolean } | null> {
  const [row] = await sql<{ generation: number; used_at: Date | null }[]>`
    select generation, used_at from contact_verification_codes where change_id = ${changeId}`;
  return row ? { generation: row.generation, used: row.used_at !== null } : null;
}

/**
 * Stores a new secret for the change (a retry replaces one that was never delivered) and
 * supersedes the customer's secrets of the same kind for earlier requests. Answers the new
 * generation, or null when the change was confirmed meanwhile or a later request exists
 * (a late retry of an old job must not supersede the newer change).
 */
export async function storeSecret(
  sql: Sql,
  s: { changeId: string; customerId: string; kind: ContactKind; secret: string; requestedAt: Date; now: Date; hashKey: Buffer },
): Promise<number | null> {
  const expires = new Date(s.now.getTime() + secretLifetimeMs(s.kind));
  return sql.begin(async (tx) => {
    // Serialises the secrets of one customer and kind (two jobs of one customer at once).
    await tx`select pg_advisory_xact_lock(hashtext(${`contact-secret:${s.customerId}:${s.kind}`}))`;
    const newer = await tx`select 1 from contact_verification_codes
      where customer_id = ${s.customerId} and kind = ${s.kind} and requested_at > ${s.requestedAt}`;
    if (newer.length > 0) return null;
    await tx`update contact_verification_codes set superseded_at = ${s.now}
      where customer_id = ${s.customerId} and kind = ${s.kind} and change_id <> ${s.changeId}
        and used_at is null and superseded_at is null`;
    const [row] = await tx<{ generation: number }[]>`
      insert into contact_verification_codes (change_id, customer_id, kind, secret_hash, requested_at, created_at, expires_at)
      values (${s.changeId}, ${s.customerId}, ${s.kind}, ${hashSecret(s.hashKey, s.changeId, s.kind, s.secret)}, ${s.requestedAt}, ${s.now}, ${expires})
      on conflict (change_id) do update set secret_hash = excluded.secret_hash, created_at = excluded.created_at,
        expires_at = excluded.expires_at, generation = contact_verification_codes.generation + 1
      where contact_verification_codes.used_at is null
      returning generation`;
    return row?.generation ?? null;
  });
}
