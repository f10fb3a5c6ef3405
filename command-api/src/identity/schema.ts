/**
 * Write-side identity tables. Secrets never go into events: password hashes, refresh tokens
 * and throttling counters live here, owned by the auth host.
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
] as const;
