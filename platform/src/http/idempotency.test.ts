/**
 * The idempotency hooks on a bare fastify app against real PostgreSQL: a slow first request is
 * never run twice (the second waits for its answer, or gets 409 when it takes too long); a 5xx
 * is not kept, so the retry runs again; another caller's key is another key.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createPool } from '../db/postgres';
import type { RequestAuth } from '../auth/plugin';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAY_HEADER, registerIdempotency, requestKeyOf } from './idempotency';

let db: TestDatabase;
let app: FastifyInstance;
const runs = new Map<string, number>();
const count = (name: string) => runs.set(name, (runs.get(name) ?? 0) + 1).get(name)!;
/** Requests sent with `gate` wait for the test to open it; a wait that does not hang on the machine's speed. */
let openGate!: () => void;
const gate = new Promise<void>((resolve) => (openGate = resolve));
/** Long beside the 300 ms of the first test's request, however busy the machine is. */
const WAIT_MS = 3000;

beforeAll(async () => {
  db = await createTestDatabase();
  app = Fastify();
  app.decorateRequest('auth', null);
  // Stands in for the auth plugin: the caller is named by a test header.
  app.addHook('onRequest', async (request) => {
    const user = request.headers['x-test-user'];
    const auth = { userId: user, kind: 'employee', roles: [], locationIds: [], access: new Set<string>(), sessionId: `session-${String(user)}`, actor: `user:${String(user)}` };
    request.auth = typeof user === 'string' ? (auth as unknown as RequestAuth) : null;
  });
  registerIdempotency(app, { sql: db.sql, secret: 'test-secret-test-secret-test-secret', waitMs: WAIT_MS });
  app.post<{ Body: { ms: number; name: string; gate?: boolean } }>('/api/slow', async (request) => {
    const n = count(request.body.name);
    await new Promise((r) => setTimeout(r, request.body.ms));
    if (request.body.gate) await gate;
    return { dataSet: { run: n }, metaData: { position: String(n) } };
  });
  app.post<{ Body: { name: string } }>('/api/request-key', async (request) => ({ dataSet: { run: count(request.body.name), requestKey: requestKeyOf(request) ?? null } }));
  app.post<{ Body: { name: string } }>('/api/flaky', async (request, reply) => {
    const n = count(request.body.name);
    if (n === 1) return reply.status(503).send({ errors: ['Try again.'] });
    return { dataSet: { run: n } };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const send = (url: string, body: unknown, key: string, user = 'u1') =>
  app.inject({ method: 'POST', url, headers: { 'idempotency-key': key, 'x-test-user': user }, payload: body as Record<string, unknown> });

describe('registerIdempotency', () => {
  it('should make a second request with the key wait for the running first one and answer its result, running it once', async () => {
    const body = { ms: 300, name: 'wait' };
    const [a, b] = await Promise.all([send('/api/slow', body, 'k-wait'), new Promise((r) => setTimeout(r, 50)).then(() => send('/api/slow', body, 'k-wait'))]);
    expect(runs.get('wait')).toBe(1);
    expect(a.json()).toEqual({ dataSet: { run: 1 }, metaData: { position: '1' } });
    expect(b.json()).toEqual(a.json());
    // Whichever reached the store first ran; the other waited and answered its result as a replay
    // (on a busy machine the one sent 50 ms later can get there first).
    expect([a.headers[IDEMPOTENT_REPLAY_HEADER], b.headers[IDEMPOTENT_REPLAY_HEADER]].sort()).toEqual(['true', undefined]);
  });

  it('should answer 409 with a clear message when the first request runs longer than the wait, and still run once', async () => {
    // The first runs until the second has had its answer: longer than the wait, on any machine.
    const body = { ms: 0, name: 'long', gate: true };
    const first = send('/api/slow', body, 'k-long');
    await expect.poll(() => runs.get('long')).toBe(1);
    const second = await send('/api/slow', body, 'k-long');
    expect(second.statusCode).toBe(409);
    expect(second.json().errors).toEqual([IDEMPOTENCY_MESSAGES.inProgress]);
    openGate();
    expect((await first).statusCode).toBe(200);
    expect(runs.get('long')).toBe(1);
    // Once it has finished, the same key answers its result.
    const third = await send('/api/slow', body, 'k-long');
    expect(third.json().dataSet.run).toBe(1);
  });

  it('should not keep a 5xx: the retry with the same key runs the command again', async () => {
    const body = { name: 'flaky' };
    expect((await send('/api/flaky', body, 'k-flaky')).statusCode).toBe(503);
    const retry = await send('/api/flaky', body, 'k-flaky');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().dataSet.run).toBe(2);
    expect((await send('/api/flaky', body, 'k-flaky')).json().dataSet.run).toBe(2);
  });

  it("should scope keys to the caller: the same key of another user is theirs", async () => {
    const body = { ms: 0, name: 'scoped' };
    await send('/api/slow', body, 'k-scope', 'u1');
    const other = await send('/api/slow', body, 'k-scope', 'u2');
    expect(other.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(other.json().dataSet.run).toBe(2);
  });

  it('should run a request without a key every time', async () => {
    const body = { ms: 0, name: 'nokey' };
    await app.inject({ method: 'POST', url: '/api/slow', headers: { 'x-test-user': 'u1' }, payload: body });
    await app.inject({ method: 'POST', url: '/api/slow', headers: { 'x-test-user': 'u1' }, payload: body });
    expect(runs.get('nokey')).toBe(2);
  });

  it('should release a running key as soon as the process holding it is gone, not after the lease', async () => {
    // Another process's claim (its own pool and holder connection) still running: the holder's
    // backend ends as it would when that process is killed.
    const other = Fastify();
    other.decorateRequest('auth', null);
    other.addHook('onRequest', async (request) => {
      request.auth = { userId: 'u1', kind: 'employee', roles: [], locationIds: [], access: new Set<string>(), sessionId: 'session-u1', actor: 'user:u1' } as unknown as RequestAuth;
    });
    const otherSql = createPool(db.url, { max: 2 });
    registerIdempotency(other, { sql: otherSql, secret: 'test-secret-test-secret-test-secret', waitMs: 600, leaseSeconds: 60 });
    other.post('/api/slow', async () => new Promise(() => undefined)); // never answers: it "crashed"
    await other.ready();
    void other.inject({ method: 'POST', url: '/api/slow', headers: { 'idempotency-key': 'k-crash' }, payload: { ms: 0, name: 'crash' } });
    let holder: number | null = null;
    for (let i = 0; i < 100 && holder === null; i++) {
      const [row] = await db.sql<{ holder_pid: number | null }[]>`select holder_pid from idempotency_keys where status is null`;
      holder = row?.holder_pid ?? null;
      if (holder === null) await new Promise((r) => setTimeout(r, 20));
    }
    expect(holder).not.toBeNull();
    // While the holder lives, the retry waits and is told the request is still being processed.
    expect((await send('/api/slow', { ms: 0, name: 'crash' }, 'k-crash')).statusCode).toBe(409);
    await db.sql`select pg_terminate_backend(${holder!})`;
    const retry = await send('/api/slow', { ms: 0, name: 'crash' }, 'k-crash');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().dataSet.run).toBe(1);
    await otherSql.end({ timeout: 1 });
  });

  it('should hand the command a request key of caller and key (not the key itself), the same on every retry', async () => {
    const first = await send('/api/request-key', { name: 'rk' }, 'k-rk');
    const key = first.json().dataSet.requestKey as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain('k-rk');
    // Another caller with the same key gets another request key; no key, none.
    const other = await send('/api/request-key', { name: 'rk' }, 'k-rk', 'u2');
    expect(other.json().dataSet.requestKey).not.toBe(key);
    const none = await app.inject({ method: 'POST', url: '/api/request-key', headers: { 'x-test-user': 'u1' }, payload: { name: 'rk' } });
    expect(none.json().dataSet.requestKey).toBeNull();
  });
});
