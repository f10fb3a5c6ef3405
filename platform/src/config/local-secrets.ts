/**
 * Demo mode's own secrets (issue 20, item 4): no secret is written in the source. A setting left
 * unset in demo mode (AUTH_SECRET, PII_MASTER_KEY) is generated at random on the install's first
 * start and kept in its database (`local_secrets`), so every install has its own and a restart
 * (or another process of the same install) finds the same one: sessions, idempotency keys and
 * sealed personal data survive restarts. Production mode never gets here without its secrets
 * (loadEnv refuses to start). Why the database and not a file: docs/decisions.md, Hardening.
 */
import { randomBytes } from 'node:crypto';
import { createPool, ensureDatabase, type Sql } from '../db/postgres';
import { migrate } from '../db/migrate';
import { loadEnv, type Env } from './env';

export const LOCAL_SECRET_MIGRATIONS = [
  {
    id: '0500_local_secrets',
    sql: /* sql */ `
create table if not exists local_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);`,
  },
] as const;

/** The secrets every part of the product is given once they are resolved. */
export interface Secrets {
  /** 32 bytes wrapping every customer's personal-data key (PII_MASTER_KEY). */
  piiMasterKey: Buffer;
  /** Signs access and anti-forgery tokens; keys the hashes of codes at rest (AUTH_SECRET). */
  authSecret: string;
}

/** What each generated secret is: its name in `local_secrets` and how a fresh one is made. */
const GENERATED = {
  AUTH_SECRET: () => randomBytes(48).toString('base64url'),
  PII_MASTER_KEY: () => randomBytes(32).toString('base64'),
} as const;

/** loadEnv, then resolveSecrets: what every process starts from. */
export async function loadSettings(source: Record<string, string | undefined> = process.env): Promise<Env & Secrets> {
  return resolveSecrets(loadEnv(source));
}

/** The configured secrets, else (demo mode only) this install's generated ones. */
export async function resolveSecrets<E extends Env>(env: E): Promise<E & Secrets> {
  const missing = (Object.keys(GENERATED) as (keyof typeof GENERATED)[]).filter((name) => !env[name]);
  const values: Partial<Record<keyof typeof GENERATED, string>> = { AUTH_SECRET: env.AUTH_SECRET, PII_MASTER_KEY: env.PII_MASTER_KEY };
  if (missing.length > 0) {
    // loadEnv already refuses production mode without them; this is a second lock on the door.
    if (env.APP_MODE !== 'demo') throw new Error(`Invalid configuration: ${missing.join(', ')} required in production mode`);
    await ensureDatabase(env.DATABASE_URL);
    const sql = createPool(env.DATABASE_URL, { max: 1, applicationName: 'local-secrets' });
    try {
      Object.assign(values, await localSecrets(sql, missing));
    } finally {
      await sql.end({ timeout: 5 });
    }
  }
  const { AUTH_SECRET: authSecret, PII_MASTER_KEY: masterKey } = values;
  if (!authSecret || !masterKey) throw new Error('Invalid configuration: no AUTH_SECRET or PII_MASTER_KEY was found or generated');
  const piiMasterKey = Buffer.from(masterKey, 'base64');
  if (piiMasterKey.length !== 32) throw new Error('Invalid configuration: PII_MASTER_KEY must be base64 of 32 bytes');
  return { ...env, piiMasterKey, authSecret };
}

/**
 * This install's generated secrets of the given names, made on first use. Concurrent first starts
 * (docker-compose starts every part at once) agree: the first insert wins, every one reads it back.
 */
export async function localSecrets<N extends keyof typeof GENERATED>(sql: Sql, names: readonly N[]): Promise<Record<N, string>> {
  await migrate(sql, LOCAL_SECRET_MIGRATIONS);
  if (names.includes('PII_MASTER_KEY' as N)) await refuseFormerDemoKey(sql);
  for (const name of names) {
    await sql`insert into local_secrets (name, value) values (${name}, ${GENERATED[name]()}) on conflict (name) do nothing`;
  }
  const rows = await sql<{ name: N; value: string }[]>`select name, value from local_secrets where name = any(${names as readonly string[]})`;
  return Object.fromEntries(rows.map((row) => [row.name, row.value])) as Record<N, string>;
}

/**
 * A demo database from before generated secrets holds personal-data keys wrapped by the former
 * built-in key and no generated key: a new random key could open none of them. Refuse with what
 * to do rather than start and fail on every customer.
 */
async function refuseFormerDemoKey(sql: Sql): Promise<void> {
  const [known] = await sql`select 1 from local_secrets where name = 'PII_MASTER_KEY'`;
  if (known) return;
  const [table] = await sql`select to_regclass('pii_keys') as found`;
  if (!table?.found) return;
  const [wrapped] = await sql`select 1 from pii_keys where wrapped_key is not null limit 1`;
  if (!wrapped) return;
  throw new Error(
    'This demo database holds personal data sealed under the former built-in demo key, which is no longer in the product. ' +
      'Demo data is fake: drop the database (e.g. dropdb dealer) and start again to load fresh demo data under a key of its own.',
  );
}
