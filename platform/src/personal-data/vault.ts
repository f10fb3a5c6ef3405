/**
 * Crypto-shredding of personal data (DESIGN: Personal data; docs/decisions/0004-personal-data-crypto-shredding.md).
 *
 * Every data subject (a customer) has its own random AES-256-GCM key, stored wrapped by the
 * master key in `pii_keys`. Events keep their personal fields only inside an encrypted box;
 * erasing the subject's key makes every copy of those fields unreadable (event store,
 * replays, Kafka), while the non-personal facts stay readable.
 *
 * Backups: keys kept in the same database as the events are in the same backup, so restoring a
 * backup taken before an erasure brings the key back. PII_KEY_DATABASE_URL puts `pii_keys` in a
 * database of its own, which can be backed up on its own (shorter) schedule: an erased key is
 * then gone from every backup once the key database's oldest backup is newer than the erasure.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { createPool, ensureDatabase, type Sql } from '../db/postgres';
import { migrate } from '../db/migrate';
import { BoxOpener, type BoxOpenerOptions } from './box-opener';
import { KeyCache } from './key-cache';
import { openSealed } from './box-crypto.mjs';

export const PII_KEY_MIGRATIONS = [
  {
    id: '0003_pii_keys',
    sql: /* sql */ `
create table if not exists pii_keys (
  subject_id text primary key,
  wrapped_key bytea,
  created_at timestamptz not null default now(),
  erased_at timestamptz
);`,
  },
] as const;

/** What an event carries in place of its personal fields. */
export interface PersonalDataBox {
  /** Names of the boxed fields (not personal themselves), so an erased box still says what it held. */
  fields: string[];
  /** base64(iv 12 | tag 16 | ciphertext) of the JSON of the fields. */
  box: string;
}

function seal(key: Buffer, plaintext: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
}


type KeyState = Buffer | 'erased';

/** A subject waiting for its new key (PersonalDataVault.keyFor). */
interface KeyRequest {
  subjectId: string;
  resolve: (key: Buffer) => void;
  reject: (error: unknown) => void;
}

/** Key-creating statements on their way at once, and keys one of them carries at most. */
const MAX_KEY_WRITES_IN_FLIGHT = 4;
const MAX_KEYS_PER_WRITE = 1000;

/**
 * Keys are cached per process for at most `cacheTtlMs` (default 60 s): after an erasure in another
 * process, a cached key is used at most that long (this process forgets at once). See KeyCache.
 */
export class PersonalDataVault {
  private readonly cache: KeyCache<KeyState>;
  private readonly opener: BoxOpener;
  /** New keys not yet sent, and every subject whose new key is not known yet (queued or on its way). */
  private readonly keyQueue: KeyRequest[] = [];
  private readonly pendingKeys = new Map<string, Promise<Buffer>>();
  private keyWritesInFlight = 0;

  /** Ended by close(): the separate key database's pool (PersonalDataVault.open), if any. */
  private ownPool: Sql | null = null;

  /**
   * The vault of the configured key database: PII_KEY_DATABASE_URL when set (created and
   * migrated here, closed with the vault), else `sql`, the main database.
   */
  static async open(
    sql: Sql,
    env: { piiMasterKey: Buffer; PII_KEY_DATABASE_URL?: string | undefined },
    options: { maxCachedKeys?: number; cacheTtlMs?: number; opener?: BoxOpenerOptions } = {},
  ): Promise<PersonalDataVault> {
    if (!env.PII_KEY_DATABASE_URL) return new PersonalDataVault(sql, env.piiMasterKey, options);
    await ensureDatabase(env.PII_KEY_DATABASE_URL);
    const keySql = createPool(env.PII_KEY_DATABASE_URL, { max: 10, applicationName: 'pii-keys' });
    await migrate(keySql, PII_KEY_MIGRATIONS);
    const vault = new PersonalDataVault(keySql, env.piiMasterKey, options);
    vault.ownPool = keySql;
    return vault;
  }

  constructor(
    private readonly sql: Sql,
    private readonly masterKey: Buffer,
    options: { maxCachedKeys?: number; cacheTtlMs?: number; opener?: BoxOpenerOptions } = {},
  ) {
    this.cache = new KeyCache(Math.max(1, Math.floor((options.maxCachedKeys ?? 1_000_000) / 2)), options.cacheTtlMs ?? 60_000);
    this.opener = new BoxOpener(({ key, box }) => JSON.parse(openSealed(key, box).toString()) as Record<string, unknown>, options.opener);
  }

  /**
   * The subject's key, created on first use. Throws for an erased subject: nothing new is stored.
   *
   * New keys leave in shared statements, as appends do (issue 22): while one is on its way, the
   * keys asked for meanwhile queue up and go together in the next (at most four on their way): the
   * server's time per key about halves against one insert per key (ADR 0094). A subject asked for
   * twice before its key is known waits for the same key. See createKeys for one statement's outcomes.
   */
  keyFor(subjectId: string): Promise<Buffer> {
    const cached = this.cache.get(subjectId);
    if (cached === 'erased') return Promise.reject(new PersonalDataErasedError(subjectId));
    if (cached) return Promise.resolve(cached);
    let pending = this.pendingKeys.get(subjectId);
    if (!pending) {
      pending = new Promise<Buffer>((resolve, reject) => {
        this.keyQueue.push({ subjectId, resolve, reject });
        this.sendKeys();
      }).finally(() => this.pendingKeys.delete(subjectId));
      this.pendingKeys.set(subjectId, pending);
    }
    return pending;
  }

  private sendKeys(): void {
    while (this.keyWritesInFlight < MAX_KEY_WRITES_IN_FLIGHT && this.keyQueue.length > 0) {
      const batch = this.keyQueue.splice(0, MAX_KEYS_PER_WRITE);
      this.keyWritesInFlight += 1;
      void this.createKeys(batch).finally(() => {
        this.keyWritesInFlight -= 1;
        this.sendKeys();
      });
    }
  }

  /**
   * One statement for many new keys: a key whose insert returns its row is the one just made (no
   * read back); the others were made first by another process, or erased, and are loaded (an
   * erased one rejects, alone). In the main database the insert commits without waiting for the
   * WAL flush: whatever is sealed with a key is appended after it, in a transaction whose commit
   * flushes the WAL up to its own record, so past the key's (one WAL for both); a crash before
   * that loses only keys nothing used. A key database of its own (PII_KEY_DATABASE_URL) may be
   * another server: there it waits.
   */
  private async createKeys(batch: KeyRequest[]): Promise<void> {
    try {
      const keys = batch.map(() => randomBytes(32));
      const ids = batch.map((r) => r.subjectId);
      // The wrapped key is stored as the bytes of its base64 text (convert_to: ASCII in, the same bytes out).
      const wrapped = keys.map((key) => seal(this.masterKey, key));
      // Off in the main database; in a key database of its own the setting is left as it is.
      const commit = this.ownPool ? null : 'off';
      const inserted = await this.sql<{ subject_id: string }[]>`insert into pii_keys (subject_id, wrapped_key)
        select k.subject_id, convert_to(k.wrapped, 'UTF8')
          from (select set_config('synchronous_commit', coalesce(${commit}::text, current_setting('synchronous_commit')), true)) as commit_mode,
               unnest(${ids}::text[], ${wrapped}::text[]) as k(subject_id, wrapped)
        on conflict (subject_id) do nothing returning subject_id`;
      const made = new Set(inserted.map((r) => r.subject_id));
      const others: KeyRequest[] = [];
      batch.forEach((request, i) => {
        if (!made.has(request.subjectId)) return void others.push(request);
        this.cache.set(request.subjectId, keys[i]!);
        request.resolve(keys[i]!);
      });
      // Loaded outside the statement's slot: the next keys need not wait for this read.
      if (others.length > 0) void this.loadExisting(others);
    } catch (error) {
      // Settling an already settled request does nothing: only those still waiting get the error.
      for (const request of batch) request.reject(error);
    }
  }

  /** Keys another process made first, or erased (an erased one rejects, alone). */
  private async loadExisting(requests: KeyRequest[]): Promise<void> {
    try {
      const loaded = await this.loadKeys(requests.map((r) => r.subjectId));
      for (const request of requests) {
        const state = loaded.get(request.subjectId);
        if (state === 'erased' || !state) request.reject(new PersonalDataErasedError(request.subjectId));
        else request.resolve(state);
      }
    } catch (error) {
      for (const request of requests) request.reject(error);
    }
  }

  /** Loads many keys in one query (projections decrypt whole batches). */
  async loadKeys(subjectIds: string[]): Promise<Map<string, KeyState>> {
    const result = new Map<string, KeyState>();
    const missing: string[] = [];
    // One clock reading for the batch: a key loaded now is kept from this time on.
    const now = Date.now();
    for (const id of new Set(subjectIds)) {
      const cached = this.cache.get(id, now);
      if (cached) result.set(id, cached);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await this.sql<{ subject_id: string; wrapped_key: Buffer | null }[]>`
        select subject_id, wrapped_key from pii_keys where subject_id = any(${missing})`;
      for (const row of rows) {
        const state: KeyState = row.wrapped_key ? openSealed(this.masterKey, row.wrapped_key.toString()) : 'erased';
        this.cache.set(row.subject_id, state, now);
        result.set(row.subject_id, state);
      }
    }
    return result;
  }

  sealFields(key: Buffer, fields: Record<string, unknown>): PersonalDataBox {
    return { fields: Object.keys(fields), box: seal(key, Buffer.from(JSON.stringify(fields))) };
  }

  /**
   * Each box's fields, or null where the subject's key is erased (or unknown). Large batches are
   * opened on worker threads (see BoxOpener).
   */
  async openBoxes(items: { key: KeyState | undefined; box: PersonalDataBox }[]): Promise<(Record<string, unknown> | null)[]> {
    const sealed: { key: Buffer; box: string }[] = [];
    for (const { key, box } of items) if (key && key !== 'erased') sealed.push({ key, box: box.box });
    const opened = await this.opener.openAll(sealed);
    let next = 0;
    return items.map(({ key }) => (key && key !== 'erased' ? opened[next++]! : null));
  }

  /** Ends the worker threads that open boxes (they start again when needed), and an own key database pool. */
  async close(): Promise<void> {
    await this.opener.close();
    const pool = this.ownPool;
    this.ownPool = null;
    await pool?.end({ timeout: 5 });
  }

  /** Destroys the subject's key: every box sealed with it becomes unreadable for good. */
  async erase(subjectId: string): Promise<void> {
    await this.sql`insert into pii_keys (subject_id, wrapped_key, erased_at) values (${subjectId}, null, now())
      on conflict (subject_id) do update set wrapped_key = null, erased_at = now()`;
    this.cache.set(subjectId, 'erased');
  }

  /** Another process erased a key: forget any cached copy. */
  forget(subjectId: string): void {
    this.cache.delete(subjectId);
  }
}

export class PersonalDataErasedError extends Error {
  override readonly name = 'PersonalDataErasedError';
  constructor(readonly subjectId: string) {
    super('Personal data of this subject has been erased');
  }
}
