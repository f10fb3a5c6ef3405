/** No known secret in any mode (issue 20, item 4): demo mode generates its own per install and keeps them. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool, dropDatabase, ensureDatabase } from '../db/postgres';
import { TEST_SERVER_URL } from '../testing/database';
import { loadEnv } from './env';
import { loadSettings } from './local-secrets';

const created: string[] = [];
/** A fresh install's database (not created yet: the first start creates it). */
function freshInstall(): string {
  const url = `${TEST_SERVER_URL}/dealer_test_secrets_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  created.push(url);
  return url;
}
afterAll(async () => {
  for (const url of created) await dropDatabase(url);
});

describe('secrets in demo mode', () => {
  it('should give two fresh installs different secrets, and a restart the same ones', async () => {
    const [first, second] = [freshInstall(), freshInstall()];
    const a = await loadSettings({ APP_MODE: 'demo', DATABASE_URL: first });
    const b = await loadSettings({ APP_MODE: 'demo', DATABASE_URL: second });
    expect(a.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(a.piiMasterKey).toHaveLength(32);
    expect(a.authSecret).not.toBe(b.authSecret);
    expect(a.piiMasterKey.equals(b.piiMasterKey)).toBe(false);

    const restarted = await loadSettings({ APP_MODE: 'demo', DATABASE_URL: first });
    expect(restarted.authSecret).toBe(a.authSecret);
    expect(restarted.piiMasterKey.equals(a.piiMasterKey)).toBe(true);
  });

  it('should agree on one secret when the parts of an install start at once', async () => {
    const url = freshInstall();
    const starts = await Promise.all(Array.from({ length: 4 }, () => loadSettings({ APP_MODE: 'demo', DATABASE_URL: url })));
    expect(new Set(starts.map((s) => s.authSecret)).size).toBe(1);
    expect(new Set(starts.map((s) => s.piiMasterKey.toString('base64'))).size).toBe(1);
  });

  it('should take the configured secrets as they are, and keep none of them in the database', async () => {
    const url = freshInstall();
    const AUTH_SECRET = 'an-operator-chosen-secret-of-enough-length';
    const PII_MASTER_KEY = randomBytes(32).toString('base64');
    const settings = await loadSettings({ APP_MODE: 'demo', DATABASE_URL: url, AUTH_SECRET, PII_MASTER_KEY });
    expect(settings.authSecret).toBe(AUTH_SECRET);
    expect(settings.piiMasterKey.toString('base64')).toBe(PII_MASTER_KEY);

    // Only the unset one is generated.
    const half = await loadSettings({ APP_MODE: 'demo', DATABASE_URL: url, AUTH_SECRET });
    expect(half.authSecret).toBe(AUTH_SECRET);
    expect(half.piiMasterKey.toString('base64')).not.toBe(PII_MASTER_KEY);
    const sql = createPool(url, { max: 1 });
    try {
      expect((await sql<{ name: string }[]>`select name from local_secrets order by name`).map((r) => r.name)).toEqual(['PII_MASTER_KEY']);
    } finally {
      await sql.end();
    }
  });

  it('should refuse to start a demo database whose personal data was sealed under the former built-in key', async () => {
    const url = freshInstall();
    await ensureDatabase(url);
    const sql = createPool(url, { max: 1 });
    try {
      await sql`create table pii_keys (subject_id text primary key, wrapped_key bytea, created_at timestamptz not null default now(), erased_at timestamptz)`;
      await sql`insert into pii_keys (subject_id, wrapped_key) values ('c-1', ${Buffer.from('sealed')})`;
    } finally {
      await sql.end();
    }
    await expect(loadSettings({ APP_MODE: 'demo', DATABASE_URL: url })).rejects.toThrow(/former built-in demo key.*drop the database/);
  });

  it('should still refuse production mode without them', async () => {
    await expect(loadSettings({ APP_MODE: 'production', DATABASE_URL: freshInstall() })).rejects.toThrow(/PII_MASTER_KEY is required in production mode.*AUTH_SECRET is required/);
    expect(() => loadEnv({ APP_MODE: 'demo', PII_MASTER_KEY: 'c2hvcnQ=' })).toThrow(/PII_MASTER_KEY must be base64 of 32 bytes/);
  });
});

describe('no secret in the source', () => {
  /** The product's own source: every workspace's src (test files and test helpers aside). */
  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (name === 'node_modules' || name === 'dist' || name === 'testing') return [];
      if (statSync(full).isDirectory()) return sourceFiles(full);
      return /\.(ts|tsx|mjs|js)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
    });
  }

  it('should hold neither the former demo constants nor any default for AUTH_SECRET or PII_MASTER_KEY', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const workspaces = ['contracts', 'platform', 'command-api', 'query-api', 'projector', 'workers', 'web', 'launcher'];
    const files = workspaces.flatMap((w) => sourceFiles(path.join(root, w, 'src')));
    expect(files.length).toBeGreaterThan(100);
    const offending = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return /demo-only-auth-secret|demo-only-master-key|AUTH_SECRET\s*\?\?|PII_MASTER_KEY\s*\?\?/.test(text);
    });
    expect(offending).toEqual([]);
  });
});
