/** The customer slice through HTTP against a real PostgreSQL and Redis (fresh database per file). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { customerStreamId } from '@dealer/contracts';
import { PostgresEventStore, PersonalDataVault, ProtectedEventStore, dropDatabase, loadSettings } from '@dealer/platform';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';
import { startProduct } from './product';

let server: TestServer;
let staff: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  staff = (await loginAs(server, 'employee')).headers;
  admin = (await loginAs(server, 'admin')).headers;
});
afterAll(async () => {
  await server?.stop();
});

/** Requests as the signed-in service advisor unless the options say otherwise. */
const inject = (options: InjectOptions) => server.product.app.inject({ ...options, headers: { ...staff, ...(options.headers ?? {}) } });

async function createCustomer(body: Record<string, unknown>) {
  const res = await inject({ method: 'POST', url: '/api/customers', payload: body });
  return { status: res.statusCode, body: res.json() as { dataSet: { customerId: string }; metaData: { position: string }; errors?: string[] } };
}

const pat = { firstName: 'Pat', lastName: 'Quill', emailAddress: 'Pat.Quill@Example.com', phoneMobile: '(303) 555-0142', zip: '80202' };

describe('POST /api/customers then GET /api/customers/{id}', () => {
  it('should show the saved customer right away when the read asks for the written position', async () => {
    const created = await createCustomer(pat);
    expect(created.status).toBe(201);
    const position = created.body.metaData.position;
    expect(Number(position)).toBeGreaterThan(0);
    const res = await inject({ method: 'GET', url: `/api/customers/${created.body.dataSet.customerId}`, headers: { 'x-min-position': position } });
    expect(res.statusCode).toBe(200);
    expect(res.json().dataSet).toMatchObject({ firstName: 'Pat', lastName: 'Quill', emailAddress: 'pat.quill@example.com', phoneMobile: '3035550142', zip: '80202' });
  });

  it('should answer SPEC messages for an invalid profile and store nothing', async () => {
    const before = await server.product.sql`select count(*)::int as n from es_events`;
    const res = await createCustomer({ firstName: '', lastName: 'x'.repeat(101), emailAddress: 'nope', phoneMobile: '303', zip: '12' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining(['First Name is required.', 'Only 100 characters are allowed.', 'Email is invalid.', 'Please enter at least 10 characters.', 'Zip must be at least 5 characters long.']),
    );
    const after = await server.product.sql`select count(*)::int as n from es_events`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('should answer 404 with the not-found message for an unknown customer', async () => {
    const res = await inject({ method: 'GET', url: '/api/customers/00000000-0000-4000-8000-00000000abcd' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual(['Customer not found.']);
  });
});

describe('PUT /api/customers/{id}', () => {
  it('should save an edit and refuse one based on a stale revision with a conflict message', async () => {
    const created = await createCustomer({ ...pat, emailAddress: 'edit@example.com', phoneMobile: '3035550199' });
    const id = created.body.dataSet.customerId;
    const edit = await inject({ method: 'PUT', url: `/api/customers/${id}`, payload: { ...pat, emailAddress: 'edit@example.com', phoneMobile: '3035550199', city: 'Golden', expectedRevision: 0 } });
    expect(edit.statusCode).toBe(200);
    const stale = await inject({ method: 'PUT', url: `/api/customers/${id}`, payload: { ...pat, emailAddress: 'edit@example.com', phoneMobile: '3035550199', city: 'Aurora', expectedRevision: 0 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0]).toMatch(/changed by someone else/);
    const res = await inject({ method: 'GET', url: `/api/customers/${id}`, headers: { 'x-min-position': edit.json().metaData.position } });
    expect(res.json().dataSet.city).toBe('Golden');
  });
});

describe('GET /api/customer-search', () => {
  it('should find a customer by phone in any format, by e-mail and by name', async () => {
    const created = await createCustomer({ firstName: 'Marisol', lastName: 'Vantongeren', emailAddress: 'marisol.v@example.net', phoneMobile: '720-555-0177' });
    const headers = { 'x-min-position': created.body.metaData.position };
    for (const term of ['(720) 555-0177', '720.555.0177', '+1 720 555 0177', '7205550177', 'MARISOL.V@example.net', 'vantong', 'marisol vant']) {
      const res = await inject({ method: 'GET', url: `/api/customer-search?searchTerm=${encodeURIComponent(term)}`, headers });
      const ids = (res.json().dataSet as { customerId: string }[]).map((r) => r.customerId);
      expect(ids, term).toContain(created.body.dataSet.customerId);
    }
    const byPhone = await inject({ method: 'GET', url: `/api/customer-search?searchTerm=${encodeURIComponent('(720) 555-0177')}`, headers });
    expect(byPhone.json().dataSet[0].searchType).toBe('Phone');
  });

  it('should list last-name matches first, then first and full-name matches, each in name order', async () => {
    const people = [
      { firstName: 'Zed', lastName: 'Quenneville', phoneMobile: '7205550181' },
      { firstName: 'Abe', lastName: 'Quenneville', phoneMobile: '7205550182' },
      { firstName: 'Quennie', lastName: 'Adams', phoneMobile: '7205550183' },
      { firstName: 'Quenby', lastName: 'Zu', phoneMobile: '7205550184' },
    ];
    let position = '0';
    for (const p of people) position = (await createCustomer(p)).body.metaData.position;
    const res = await inject({ method: 'GET', url: '/api/customer-search?searchTerm=QUEN', headers: { 'x-min-position': position } });
    const names = (res.json().dataSet as { firstName: string; lastName: string; searchType: string }[]).map((r) => `${r.firstName} ${r.lastName}`);
    expect(names).toEqual(['Abe Quenneville', 'Zed Quenneville', 'Quenby Zu', 'Quennie Adams']);
    // A term with a space reads as 'first last'; a wildcard typed by a person matches only itself.
    const full = await inject({ method: 'GET', url: `/api/customer-search?searchTerm=${encodeURIComponent('zed quen')}`, headers: { 'x-min-position': position } });
    expect((full.json().dataSet as { lastName: string }[]).map((r) => r.lastName)).toEqual(['Quenneville']);
    const wildcard = await inject({ method: 'GET', url: `/api/customer-search?searchTerm=${encodeURIComponent('q%n')}`, headers: { 'x-min-position': position } });
    expect(wildcard.json().dataSet ?? []).toEqual([]);
  });

  it('should refuse a term shorter than 2 characters', async () => {
    const res = await inject({ method: 'GET', url: '/api/customer-search?searchTerm=a' });
    expect(res.statusCode).toBe(400);
  });
});

describe('personal data in the event store', () => {
  it('should store names, e-mail and phones only sealed, and make them unreadable once the key is erased', async () => {
    const created = await createCustomer({ firstName: 'Ondine', lastName: 'Sealwright', emailAddress: 'ondine@example.org', phoneMobile: '3035550111' });
    const id = created.body.dataSet.customerId;
    const rows = await server.product.sql`select data::text as data from es_events where stream_id = ${customerStreamId(id)}`;
    expect(rows[0]!.data).not.toMatch(/Ondine|Sealwright|ondine@example.org|3035550111/);
    expect(rows[0]!.data).toContain('__pii');

    const vault = new PersonalDataVault(server.product.sql, server.env.piiMasterKey);
    const store = new ProtectedEventStore(new PostgresEventStore(server.product.sql), vault);
    expect((await store.readStream(customerStreamId(id)))[0]!.data).toMatchObject({ firstName: 'Ondine' });
    await vault.erase(id);
    const erased = (await store.readStream(customerStreamId(id)))[0]!.data as Record<string, unknown>;
    expect(erased).toMatchObject({ customerId: id, firstName: null, emailAddress: null, phoneMobile: null, personalDataErased: true });
  });
});

describe('registration message through the reactor, workers and dev outbox', () => {
  it('should deliver one message per request, and enqueue nothing again when the reactor replays', async () => {
    const created = await createCustomer({ firstName: 'Reg', lastName: 'Istrant', emailAddress: 'reg.istrant@example.com', phoneMobile: '3035550123' });
    const id = created.body.dataSet.customerId;
    const sent = await inject({ method: 'POST', url: '/api/customer-resend-registration', payload: { customerId: id, isEmail: true } });
    expect(sent.statusCode).toBe(200);
    const outbox = async () => (await inject({ method: 'GET', url: '/api/dev-outbox?to=reg.istrant@example.com', headers: admin })).json().dataSet as { body: string; channel: string }[];
    const deadline = Date.now() + 10_000;
    while ((await outbox()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const messages = await outbox();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.channel).toBe('email');
    expect(messages[0]!.body).toMatch(/\/registration\/[\w-]{20,}/);

    // Replay: move the reactor's checkpoint back to the start; job ids derived from event ids dedupe.
    await server.product.sql`update checkpoints set position = 0 where name = 'reactor'`;
    const { startReactor, createMessagesQueue } = await import('@dealer/workers');
    const { createRedis } = await import('@dealer/platform');
    const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const queue = createMessagesQueue(redis, server.redisPrefix);
    // The outbox shows the message a moment before its job is marked completed: count once the queue is idle.
    const counts = () => queue.getJobCounts('completed', 'waiting', 'active', 'delayed', 'failed');
    let countsBefore = await counts();
    const idleBy = Date.now() + 10_000;
    while ((countsBefore.active ?? 0) + (countsBefore.waiting ?? 0) + (countsBefore.delayed ?? 0) > 0 && Date.now() < idleBy) {
      await new Promise((r) => setTimeout(r, 50));
      countsBefore = await counts();
    }
    const vault = new PersonalDataVault(server.product.sql, server.env.piiMasterKey);
    const replay = await startReactor({ sql: server.product.sql, store: new ProtectedEventStore(new PostgresEventStore(server.product.sql), vault), queue });
    const head = Number((await server.product.sql`select max(global_position) as h from es_events`)[0]!.h);
    while (replay.position() < head) await new Promise((r) => setTimeout(r, 50));
    await replay.stop();
    await new Promise((r) => setTimeout(r, 500));
    expect(await counts()).toEqual(countsBefore);
    expect(await outbox()).toHaveLength(1);
    await queue.close();
    redis.disconnect();
  });

  it('should refuse a registration message by e-mail for a customer without one', async () => {
    const created = await createCustomer({ firstName: 'No', lastName: 'Mail', phoneMobile: '3035550124' });
    const res = await inject({ method: 'POST', url: '/api/customer-resend-registration', payload: { customerId: created.body.dataSet.customerId, isEmail: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['User MUST have email to register.']);
  });
});

describe('a restart in demo mode (issue 20, item 4)', () => {
  it("should find the install's own secrets again: a session and sealed personal data survive it", async () => {
    const first = await startTestServer({ webDist: null });
    let restarted: Awaited<ReturnType<typeof startProduct>> | null = null;
    try {
      const { headers } = await loginAs(first, 'employee');
      const created = await first.product.app.inject({ method: 'POST', url: '/api/customers', headers, payload: { firstName: 'Rhea', lastName: 'Start', phoneMobile: '3035550177' } });
      expect(created.statusCode).toBe(201);
      const { customerId } = created.json().dataSet as { customerId: string };
      const position = (created.json().metaData as { position: string }).position;
      await first.product.stop();

      // The same install started again, with nothing configured: the secrets come from its database.
      const settings = await loadSettings({ APP_MODE: 'demo', LOG_LEVEL: 'warn', DATABASE_URL: first.databaseUrl, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: first.redisPrefix });
      expect(settings.authSecret).toBe(first.env.authSecret);
      expect(settings.piiMasterKey.equals(first.env.piiMasterKey)).toBe(true);
      restarted = await startProduct(settings, { webDist: null });
      const read = await restarted.app.inject({ method: 'GET', url: `/api/customers/${customerId}`, headers: { ...headers, 'x-min-position': position } });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().dataSet).toMatchObject({ firstName: 'Rhea', lastName: 'Start' });
      const [row] = await restarted.sql<{ data: string }[]>`select data::text as data from es_events where stream_id = ${customerStreamId(customerId)}`;
      expect(row!.data).not.toContain('Rhea');
      expect((await restarted.store.readStream(customerStreamId(customerId)))[0]!.data).toMatchObject({ firstName: 'Rhea' });
    } finally {
      await restarted?.stop();
      await first.product.stop();
      await dropDatabase(first.databaseUrl);
    }
  }, 120_000);
});

describe('production mode without real providers', () => {
  it('should refuse to start, naming what is missing', async () => {
    await expect(
      startTestServer({ webDist: null, env: { APP_MODE: 'production', PII_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'), AUTH_SECRET: 'x'.repeat(40) } }),
    ).rejects.toThrow(/SMTP_URL is required in production mode.*SMS_PROVIDER_URL is required.*PUBLIC_URL is required/);
  });
});

describe('the development outbox outside demo mode', () => {
  it('should not exist in production mode', async () => {
    const prod = await startTestServer({
      webDist: null,
      env: {
        APP_MODE: 'production', PII_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'), AUTH_SECRET: 'x'.repeat(40),
        // Production mode needs a real e-mail transport, SMS provider and public address (never used here).
        SMTP_URL: 'smtp://127.0.0.1:9', SMS_PROVIDER_URL: 'http://127.0.0.1:9/sms', PUBLIC_URL: 'https://service.dealer.example',
      },
    });
    try {
      const res = await prod.product.app.inject({ method: 'GET', url: '/api/dev-outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.stop();
    }
  });
});

describe('POST /api/customer-validate and the duplicate rule', () => {
  it('should list possible matches by e-mail, phone or name, and refuse a new customer reusing an e-mail or mobile phone', async () => {
    const first = await createCustomer({ firstName: 'Dana', lastName: 'Duplicate', emailAddress: 'dana.dup@example.com', phoneMobile: '3035550600' });
    const headers = { 'x-min-position': first.body.metaData.position };
    const clean = await inject({ method: 'POST', url: '/api/customer-validate', headers, payload: { firstName: 'Nobody', lastName: 'Else', phoneMobile: '3035550601' } });
    expect(clean.json().dataSet).toEqual({ passed: true, customers: [] });
    const byName = await inject({ method: 'POST', url: '/api/customer-validate', headers, payload: { firstName: 'dana', lastName: 'DUPLICATE', phoneMobile: '3035550602' } });
    expect(byName.json().dataSet.passed).toBe(false);
    expect(byName.json().dataSet.customers[0]).toMatchObject({ customerId: first.body.dataSet.customerId, emailAddress: 'dana.dup@example.com' });

    // Wait for the read model so the server-side rule sees the first customer.
    await inject({ method: 'GET', url: `/api/customers/${first.body.dataSet.customerId}`, headers });
    const sameEmail = await createCustomer({ firstName: 'Other', lastName: 'Person', emailAddress: 'DANA.DUP@example.com', phoneMobile: '3035550603' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.errors).toEqual(['You cannot save new customers with an existing email or phone.']);
    const samePhone = await createCustomer({ firstName: 'Other', lastName: 'Person', phoneMobile: '(303) 555-0600' });
    expect(samePhone.status).toBe(409);
    const sameNameOnly = await createCustomer({ firstName: 'Dana', lastName: 'Duplicate', phoneMobile: '3035550604' });
    expect(sameNameOnly.status).toBe(201);
  });
});

describe('GET /api/customers/{id}/history', () => {
  it('should replay the timeline with actors and changes for a manager, hide personal data from a controller, and answer a past state', async () => {
    const created = await createCustomer({ firstName: 'Hattie', lastName: 'History', emailAddress: 'hattie@example.com', phoneMobile: '3035550700', city: 'Denver' });
    const id = created.body.dataSet.customerId;
    await new Promise((r) => setTimeout(r, 20));
    const between = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const edited = await inject({ method: 'PUT', url: `/api/customers/${id}`, payload: { firstName: 'Hattie', lastName: 'History', emailAddress: 'hattie@example.com', phoneMobile: '3035550700', city: 'Golden', expectedRevision: 0 } });
    expect(edited.statusCode).toBe(200);

    const manager = (await loginAs(server, 'manager')).headers;
    const res = await inject({ method: 'GET', url: `/api/customers/${id}/history`, headers: manager });
    expect(res.statusCode).toBe(200);
    const { entries, state } = res.json().dataSet;
    expect(entries.map((e: { type: string }) => e.type)).toEqual(['CustomerCreated', 'CustomerEdited']);
    expect(entries[1].actor).toBe(`user:${(await loginAs(server, 'employee')).payload.user.userId}`);
    expect(entries[1].actorName).toBe('Evan Employee');
    expect(entries[1].changes).toEqual([{ field: 'city', before: 'Denver', after: 'Golden' }]);
    expect(state).toMatchObject({ firstName: 'Hattie', city: 'Golden' });

    const past = await inject({ method: 'GET', url: `/api/customers/${id}/history?asOf=${encodeURIComponent(between)}`, headers: manager });
    expect(past.json().dataSet.state.city).toBe('Denver');

    const controller = (await loginAs(server, 'controller')).headers;
    const masked = await inject({ method: 'GET', url: `/api/customers/${id}/history`, headers: controller });
    expect(masked.json().dataSet.personalDataShown).toBe(false);
    expect(masked.json().dataSet.state.firstName).toBe('[personal data]');
    expect(JSON.stringify(masked.json())).not.toContain('hattie@example.com');

    expect((await inject({ method: 'GET', url: `/api/customers/${id}/history` })).statusCode).toBe(403);
  });
});
