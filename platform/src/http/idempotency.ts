/**
 * Idempotent commands (issue 10 item 11): a command that carries an `Idempotency-Key` header
 * runs once per caller and key. The same key with the same request answers the first result
 * again (status, headers such as Retry-After, and the body with its metaData.position) without
 * running the command; the same key with another request is refused with 422; a second request
 * while the first still runs waits for it (bounded), then gets a clear 409. Never run twice.
 *
 * Exactly once across crashes (issue 20): the command itself is keyed by the request. The claim's
 * row key (a keyed hash of caller and key, `requestKeyOf`) goes into the command context: every
 * event the command records carries it and the ids the command creates are derived from it, so a
 * retry after the process died between the effect and the answer names the same sale, customer or
 * redemption, finds it recorded by this request and answers it, never a second one. A running
 * claim is leased to the PostgreSQL connection its process holds open for that (`holder`): when
 * the process dies, PostgreSQL ends that backend and the retry takes the key over at once; the
 * fixed lease (`leaseSeconds`) remains only as the bound when a holder cannot be told.
 *
 * Keys belong to the caller: a signed-in user (their kind and id), or for public routes the
 * browser's anti-forgery cookie, so one caller can never read another's answer. Results live
 * in PostgreSQL (`idempotency_keys`) for a day and are deleted after that. Answers of 5xx, 408
 * and 429 are not kept (a retry runs the command again: nothing was decided), nor answers that
 * set cookies (sign-in secrets never rest in this table). The sign-in routes take no key at all.
 *
 * An answer may hold personal data (a verification names its customer): the table keeps neither
 * the key nor the answer in clear. Rows are found by an HMAC of caller and key, and the answer
 * is sealed (AES-256-GCM) under a key derived from the server secret and the client's key, which
 * only the client holds. A dump of the database reads no answer.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { XSRF_COOKIE } from '@dealer/contracts';
import type { Sql } from '../db/postgres';
import type { Migration } from '../db/migrate';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is a stored first result, not a new run. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX = 128;
const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters (a UUID is recommended).`,
  reused: 'This Idempotency-Key was already used for a different request. Send a new key for a new action.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Please wait a moment and try again.',
} as const;

export const IDEMPOTENCY_MIGRATIONS: readonly Migration[] = [
  {
    id: '0400_idempotency_keys',
    sql: `
      create table if not exists idempotency_keys (
        scope text not null,
        -- an HMAC of caller and the client's key, never the key
        key text not null,
        fingerprint bytea not null,
        -- null while the first request runs
        status integer,
        headers jsonb,
        -- the answer, sealed under a key only the client's key derives
        body text,
        created_at timestamptz not null default now(),
        -- a running request whose process died frees the key after this
        locked_until timestamptz not null,
        expires_at timestamptz not null,
        primary key (scope, key)
      );
      create index if not exists idempotency_keys_expires on idempotency_keys (expires_at);
    `,
  },
  {
    id: '0401_idempotency_holder',
    sql: `
      -- the backend (pid and start) of the connection the claiming process holds open: the claim
      -- is abandoned as soon as that backend is gone (the process died)
      alter table idempotency_keys add column if not exists holder_pid integer;
      alter table idempotency_keys add column if not exists holder_started timestamptz;
    `,
  },
];

/** The request key of a claimed request: what the command records on its events and derives its ids from. */
const requestKeys = new WeakMap<FastifyRequest, string>();
export function requestKeyOf(request: FastifyRequest): string | undefined {
  return requestKeys.get(request);
}

/** Routes that take no key: they hand out or end sign-in secrets (cookies, tokens) and have their own rules. */
export const ROUTES_WITHOUT_IDEMPOTENCY: ReadonlySet<string> = new Set([
  'POST /auth-api/login',
  'DELETE /auth-api/login',
  'POST /auth-api/refresh',
  'POST /auth-api/app-refresh',
  // A stream ticket is single-use (ADR 0087): a replay would answer a spent one; a retry asks for a new one.
  'POST /api/event-stream-tickets',
]);

export interface IdempotencyOptions {
  sql: Sql;
  /** Server secret: request fingerprints are keyed hashes (bodies hold personal data). */
  secret: string;
  /** How long a first result is kept (default a day). */
  ttlSeconds?: number;
  /** How long a second request waits for a running first one before 409 (default 10 s). */
  waitMs?: number;
  /** A running request older than this is taken as abandoned even when its holder seems alive (default 60 s). */
  leaseSeconds?: number;
  /** How often expired results are deleted (default 10 minutes). */
  cleanupIntervalMs?: number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PREFIXES = ['/api/', '/auth-api/'];
/** Answers that decided nothing: a retry with the same key runs again. */
const NOT_KEPT = new Set([408, 429]);
/** Headers a replay does not repeat (the transport sets its own). */
const SKIPPED_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie']);

interface Claim {
  scope: string;
  /** rowKey(): the client's key never rests in the table. */
  key: string;
  sealing: Buffer;
}

interface StoredRow {
  fingerprint: Buffer;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  abandoned: boolean;
  expired: boolean;
}

function problem(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).type('application/problem+json').send({ type: 'about:blank', title: String(status), status, errors: [message] });
}

/** The caller a key belongs to; null when there is none to scope it to (the key is then ignored). */
export function idempotencyScope(request: FastifyRequest): string | null {
  if (request.auth) return `${request.auth.kind}:${request.auth.userId}`;
  const cookie = request.cookies?.[XSRF_COOKIE];
  return cookie ? `browser:${createHash('sha256').update(cookie).digest('base64url')}` : null;
}

function fingerprintOf(secret: string, request: FastifyRequest): Buffer {
  const what = JSON.stringify([request.method, request.routeOptions.url, request.params ?? null, request.query ?? null, request.body ?? null]);
  return createHmac('sha256', secret).update(what).digest();
}

const sameFingerprint = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** The row's key: never the client's key itself (it also opens the stored answer). */
const rowKey = (secret: string, scope: string, key: string) => createHmac('sha256', secret).update(`row\0${scope}\0${key}`).digest('base64url');
const sealingKey = (secret: string, scope: string, key: string) => createHmac('sha256', secret).update(`answer\0${scope}\0${key}`).digest();

function sealAnswer(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function openAnswer(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Deletes the results whose day is over; answers how many. */
export async function deleteExpiredIdempotencyKeys(sql: Sql): Promise<number> {
  return (await sql`delete from idempotency_keys where expires_at < now()`).count;
}

/** Registers the hooks on a plugin's routes (the command API). */
export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const { sql, secret } = options;
  const ttl = options.ttlSeconds ?? 86_400;
  const lease = options.leaseSeconds ?? 60;
  const waitMs = options.waitMs ?? 10_000;
  const claims = new WeakMap<FastifyRequest, Claim>();
  /** A running claim is abandoned when its lease ran out or the backend of its holder is gone. */
  const abandoned = () => sql`(k.locked_until < now() or (k.holder_pid is not null and not exists (
    select 1 from pg_stat_activity a where a.pid = k.holder_pid and date_trunc('milliseconds', a.backend_start) = k.holder_started)))`;

  const cleanup = () => deleteExpiredIdempotencyKeys(sql).then(() => undefined, () => undefined);
  const timer = setInterval(cleanup, options.cleanupIntervalMs ?? 600_000);
  timer.unref();
  app.addHook('onReady', async () => {
    await cleanup();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });

  // The lease: a connection this process keeps open and idle, named by its backend. PostgreSQL
  // ends the backend when the process dies (the socket closes), and a claim whose backend is
  // gone is abandoned. Opened on the first claim and kept for the process's life; when it could
  // not be opened, claims go without a holder (bounded by the fixed lease). Not yet handled: the
  // connection lost while the process lives (a database restart) leaves claims naming a gone
  // backend, so a concurrent request with the same key may take a running claim over; the ids
  // derived from the key still keep the effect single.
  type Holder = { pid: number; started: Date; release: () => void };
  let holder: Promise<Holder | null> | null = null;
  const openHolder = async (): Promise<Holder | null> => {
    try {
      const reserved = await sql.reserve();
      const [row] = await reserved<{ pid: number; started: Date }[]>`
        select pid, date_trunc('milliseconds', backend_start) as started from pg_stat_activity where pid = pg_backend_pid()`;
      if (!row) {
        reserved.release();
        return null;
      }
      return { pid: row.pid, started: row.started, release: () => reserved.release() };
    } catch {
      return null;
    }
  };
  const currentHolder = async (): Promise<Holder | null> => {
    holder ??= openHolder();
    const h = await holder;
    if (h === null) holder = null; // try again on the next claim
    return h;
  };
  app.addHook('onClose', async () => {
    const h = await holder;
    holder = null;
    h?.release();
  });

  // The claim and the stored answer commit without waiting for the WAL flush (ADR 0103): the
  // command's own effect commits after the claim and flushes the WAL past it, and a crash of the
  // database that loses a claim or an answer leaves what a crash of this process leaves (no claim,
  // or a running one whose holder is gone): a retry runs the command again, which finds its effect
  // by the request key and answers it (issue 20). One statement each, so one round trip.
  const asynchronousCommit = () => sql`(select set_config('synchronous_commit', 'off', true)) as commit_mode`;
  const insert = async (claim: Claim, fingerprint: Buffer, h: Holder | null) =>
    (
      await sql`
        insert into idempotency_keys (scope, key, fingerprint, locked_until, expires_at, holder_pid, holder_started)
        select ${claim.scope}, ${claim.key}, ${fingerprint}, now() + make_interval(secs => ${lease}), now() + make_interval(secs => ${ttl}), ${h?.pid ?? null}, ${h?.started ?? null}
          from ${asynchronousCommit()}
        on conflict (scope, key) do nothing returning 1`
    ).length > 0;

  app.addHook('preHandler', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const route = request.routeOptions.url ?? '';
    if (!PREFIXES.some((p) => route.startsWith(p)) || ROUTES_WITHOUT_IDEMPOTENCY.has(`${request.method} ${route}`)) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) return problem(reply, 400, IDEMPOTENCY_MESSAGES.invalidKey);
    const scope = idempotencyScope(request);
    if (scope === null) return;
    const claim: Claim = { scope, key: rowKey(secret, scope, header), sealing: sealingKey(secret, scope, header) };
    const fingerprint = fingerprintOf(secret, request);
    const deadline = Date.now() + waitMs;
    const h = await currentHolder();
    for (;;) {
      if (await insert(claim, fingerprint, h)) {
        claims.set(request, claim);
        requestKeys.set(request, claim.key);
        return;
      }
      const [row] = await sql<StoredRow[]>`
        select fingerprint, status, headers, body, ${abandoned()} as abandoned, expires_at < now() as expired
        from idempotency_keys k where scope = ${scope} and key = ${claim.key}`;
      if (!row) continue; // deleted in between (a first run that failed): try to claim it again
      if (row.expired) {
        await sql`delete from idempotency_keys where scope = ${scope} and key = ${claim.key} and expires_at < now()`;
        continue;
      }
      if (!sameFingerprint(row.fingerprint, fingerprint)) return problem(reply, 422, IDEMPOTENCY_MESSAGES.reused);
      if (row.status !== null) {
        for (const [name, value] of Object.entries(row.headers ?? {})) reply.header(name, value);
        reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
        return reply.status(row.status).send(row.body ? openAnswer(claim.sealing, row.body) : '');
      }
      if (row.abandoned) {
        const taken = await sql`
          update idempotency_keys k set locked_until = now() + make_interval(secs => ${lease}), holder_pid = ${h?.pid ?? null}, holder_started = ${h?.started ?? null}
          where scope = ${scope} and key = ${claim.key} and status is null and ${abandoned()} returning 1`;
        if (taken.length > 0) {
          claims.set(request, claim);
          requestKeys.set(request, claim.key);
          return;
        }
        continue;
      }
      if (Date.now() >= deadline) return problem(reply, 409, IDEMPOTENCY_MESSAGES.inProgress);
      await sleep(50);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const status = reply.statusCode;
    const keep = status < 500 && !NOT_KEPT.has(status) && reply.getHeader('set-cookie') === undefined && (typeof payload === 'string' || Buffer.isBuffer(payload) || payload == null);
    if (!keep) {
      await sql`delete from idempotency_keys where scope = ${claim.scope} and key = ${claim.key} and status is null`;
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || SKIPPED_HEADERS.has(name.toLowerCase())) continue;
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    const body = payload == null ? '' : Buffer.isBuffer(payload) ? payload.toString('utf8') : (payload as string);
    await sql`
      update idempotency_keys set status = ${status}, headers = ${sql.json(headers)}, body = ${body === '' ? null : sealAnswer(claim.sealing, body)}
        from ${asynchronousCommit()}
      where scope = ${claim.scope} and key = ${claim.key}`;
    return payload;
  });
}
