/**
 * Write-side identity tables. Secrets never go into events: password hashes, sessions, refresh
 * tokens and throttling counters live here, owned by the auth host (every API process reads
 * auth_sessions).
 */
export const IDENTITY_MIGRATIONS = [
  {
    id: '0010_identity',
    sql: /* sql */ `
create table if not exists auth_credentials (
  user_kind text not null check (user_kind in ('employee', 'customer')),
  user_id uuid not null,
  login text not null unique,
  password_hash text not null,
  last_failed_login_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (user_kind, user_id)
);
create table if not exists auth_refresh_tokens (
  token_hash text primary key,
  family_id uuid not null,
  user_kind text not null,
  user_id uuid not null,
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  family_expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);
create index if not exists auth_refresh_tokens_family on auth_refresh_tokens (family_id);
create table if not exists auth_throttle (
  key text primary key,
  failures int not null,
  window_started_at timestamptz not null,
  locked_until timestamptz
);`,
  },
  {
    id: '0011_identity_sessions',
    sql: /* sql */ `
-- A session is one sign-in: its refresh-token family (family_id = session_id), the access
-- tokens issued in it (their sid claim), an absolute end, and the anti-forgery binding of the
-- browser it started in. Every API process checks it on each request with a Bearer token.
create table if not exists auth_sessions (
  session_id uuid primary key,
  user_kind text not null check (user_kind in ('employee', 'customer')),
  user_id uuid not null,
  binding text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index if not exists auth_sessions_user on auth_sessions (user_kind, user_id);
-- Families issued before sessions existed become sessions (without a binding: their browser binds at the next refresh).
insert into auth_sessions (session_id, user_kind, user_id, created_at, expires_at, revoked_at, revoked_reason)
select family_id, (array_agg(user_kind))[1], (array_agg(user_id))[1], min(issued_at), max(family_expires_at),
       case when bool_and(revoked_at is not null) then max(revoked_at) end,
       case when bool_and(revoked_at is not null) then 'revoked before sessions' end
from auth_refresh_tokens group by family_id
on conflict (session_id) do nothing;
-- Revoking a refresh family (sign-out, reuse, erasure) revokes its session.
create or replace function auth_revoke_session_of_family() returns trigger language plpgsql as $$
begin
  update auth_sessions set revoked_at = new.revoked_at, revoked_reason = 'refresh tokens revoked'
  where session_id = new.family_id and revoked_at is null;
  return null;
end $$;
drop trigger if exists auth_refresh_tokens_revoke_session on auth_refresh_tokens;
create trigger auth_refresh_tokens_revoke_session after update of revoked_at on auth_refresh_tokens
  for each row when (old.revoked_at is null and new.revoked_at is not null)
  execute function auth_revoke_session_of_family();
-- The token a rotation replaced this one with (its hash), for the grace window of two tabs.
alter table auth_refresh_tokens add column if not exists replaced_by text;
-- Throttling counts attempts before the password is checked; an address over its limit is
-- given one password check per slot.
alter table auth_throttle rename column failures to attempts;
alter table auth_throttle add column if not exists next_slot_at timestamptz;`,
  },
] as const;
