/**
 * Idempotent commands (issue 10 item 11) through HTTP against real PostgreSQL: a create whose
 * first answer was lost, sent again with the same Idempotency-Key, creates one customer and
 * answers the first result; another body under the key is refused with 422; two requests with
 * one key at once run once; keys belong to their caller; results expire.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAY_HEADER, deleteExpiredIdempotencyKeys } from '@dealer/platform';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs, xsrfHeaders } from './testing/auth';
import { DEMO_PASSWORD } from './demo/accounts';

let server: TestServer;
let staff: Record<string, string>;
let manager: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  staff = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
});
afterAll(async () => {
  await server?.stop();
});

const profile = (n: string) => ({ firstName: 'Ida', lastName: `Empotent${n}`, emailAddress: `ida.${n}@example.com`, phoneMobile: `30355507${n.padStart(2, '0')}` });
const post = (payload: unknown, key: string | null, headers = staff) =>
  server.product.app.inject({ method: 'POST', url: '/api/customers', headers: key === null ? headers : { ...headers, 'idempotency-key': key }, payload: payload as Record<string, unknown> });

/** How many customers hold this e-mail once the read side has every event. */
async function countCreates(email: string): Promise<number> {
  await waitForProjections(server.product);
  return (await server.product.sql`select 1 from rm_customer_search.customers where email_norm = ${email}`).length;
}

describe('Idempotency-Key on POST /api/customers', () => {
  it('should create one customer when a create whose answer was lost is sent again with the same key, and answer the first result', async () => {
    const key = randomUUID();
    const body = profile('01');
    const first = await post(body, key);
    expect(first.statusCode).toBe(201);
    // The client never saw `first` (a gateway timeout) and retries with the same key.
    const retry = await post(body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.json().metaData.position).toBe(first.json().metaData.position);
    expect(retry.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(await countCreates(body.emailAddress)).toBe(1);
  });

  it('should refuse the same key with another body with 422 and a clear message, and run nothing', async () => {
    const key = randomUUID();
    expect((await post(profile('02'), key)).statusCode).toBe(201);
    const other = await post(profile('03'), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual([IDEMPOTENCY_MESSAGES.reused]);
    expect(await countCreates(profile('03').emailAddress)).toBe(0);
  });

  it('should run two requests with one key at once only once, both answering the one result', async () => {
    const key = randomUUID();
    const body = profile('04');
    const [a, b] = await Promise.all([post(body, key), post(body, key)]);
    expect(a!.statusCode).toBe(201);
    expect(b!.statusCode).toBe(201);
    expect(a!.json().dataSet.customerId).toBe(b!.json().dataSet.customerId);
    expect(await countCreates(body.emailAddress)).toBe(1);
  });

  it("should keep keys to their caller: another user's same key runs their own command", async () => {
    const key = randomUUID();
    const body = profile('05');
    const mine = await post(body, key);
    expect(mine.statusCode).toBe(201);
    const theirs = await post(body, key, manager);
    expect(theirs.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(theirs.statusCode).toBe(409); // their own run: the e-mail is taken
    expect(theirs.body).not.toContain(mine.json().dataSet.customerId);
  });

  it('should refuse a key that is too long or not visible ASCII with 400', async () => {
    expect((await post(profile('06'), 'k'.repeat(129))).statusCode).toBe(400);
    expect((await post(profile('06'), 'clé')).statusCode).toBe(400);
    expect(await countCreates(profile('06').emailAddress)).toBe(0);
  });

  it('should answer a stored refusal again too (PUT without a revision: 428 twice, one run)', async () => {
    const created = await post(profile('07'), null);
    const id = created.json().dataSet.customerId as string;
    const key = randomUUID();
    const put = () => server.product.app.inject({ method: 'PUT', url: `/api/customers/${id}`, headers: { ...staff, 'idempotency-key': key }, payload: { ...profile('07'), city: 'Golden' } });
    const first = await put();
    expect(first.statusCode).toBe(428);
    const again = await put();
    expect(again.statusCode).toBe(428);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
  });

  it('should forget a result after it expires and delete expired results', async () => {
    const key = randomUUID();
    expect((await post(profile('08'), key)).statusCode).toBe(201);
    // The table keeps no client key: the newest row is this one.
    await server.product.sql`update idempotency_keys set expires_at = now() - interval '1 second' where created_at = (select max(created_at) from idempotency_keys)`;
    // An expired key is free: another body under it is a new command, not a 422.
    const next = await post(profile('09'), key);
    expect(next.statusCode).toBe(201);
    expect(next.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    const old = randomUUID();
    expect((await post(profile('10'), old)).statusCode).toBe(201);
    const before = (await server.product.sql<{ n: number }[]>`select count(*)::int as n from idempotency_keys`)[0]!.n;
    await server.product.sql`update idempotency_keys set expires_at = now() - interval '1 second' where created_at = (select max(created_at) from idempotency_keys)`;
    expect(await deleteExpiredIdempotencyKeys(server.product.sql)).toBe(1);
    expect((await server.product.sql<{ n: number }[]>`select count(*)::int as n from idempotency_keys`)[0]!.n).toBe(before - 1);
    // The result of `key` (run again after it expired) is still there.
    expect((await post(profile('09'), key)).headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
  });

  it('should keep neither the key nor the answer in clear', async () => {
    const key = randomUUID();
    const res = await post(profile('11'), key);
    expect(res.statusCode).toBe(201);
    const dump = JSON.stringify(await server.product.sql`select * from idempotency_keys`);
    expect(dump).not.toContain(key);
    expect(dump).not.toContain(res.json().dataSet.customerId);
    expect(dump).not.toContain('ida.11@example.com');
  });

  it('should ignore the key on sign-in (tokens are never stored as answers)', async () => {
    const xsrf = await xsrfHeaders(server);
    const key = randomUUID();
    const login = () => server.product.app.inject({ method: 'POST', url: '/auth-api/login', headers: { ...xsrf, 'idempotency-key': key }, payload: { username: 'employee', password: DEMO_PASSWORD } });
    const rows = async () => (await server.product.sql<{ n: number }[]>`select count(*)::int as n from idempotency_keys`)[0]!.n;
    const before = await rows();
    const [a, b] = [await login(), await login()];
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(await rows()).toBe(before);
  });
});

/**
 * The process died after the command's effect and before its answer was kept (issue 20 item 1):
 * the effect is recorded, the key's row is gone (a dead holder's claim is released). The retry
 * with the same key must answer the first result, recording nothing twice.
 */
describe('a retry with the same key after the answer was lost with its process', () => {
  type Sent = { statusCode: number; json: () => { dataSet: Record<string, unknown> } };
  async function effectThenCrashThenRetry(send: (key: string) => Promise<Sent>): Promise<[Sent, Sent]> {
    const key = randomUUID();
    const first = await send(key);
    expect(first.statusCode).toBeLessThan(300);
    await server.product.sql`delete from idempotency_keys`;
    const retry = await send(key);
    return [first, retry];
  }
  const count = async (type: string, where: (data: Record<string, unknown>) => boolean) =>
    (await server.product.sql<{ data: Record<string, unknown> }[]>`select data from es_events where event_type = ${type}`).map((r) => r.data).filter(where).length;

  it('should create the customer once and answer its id', async () => {
    const body = profile('41');
    const [first, retry] = await effectThenCrashThenRetry((key) => post(body, key));
    expect(retry.statusCode).toBe(201);
    expect(retry.json().dataSet).toEqual(first.json().dataSet);
    expect(await countCreates(body.emailAddress)).toBe(1);
  });

  it('should sell the pack once and answer the same sale', async () => {
    const { demoPackId } = await import('./demo/catalogue');
    const customer = (await post(profile('42'), null)).json().dataSet.customerId as string;
    const sell = (key: string) =>
      server.product.app.inject({ method: 'POST', url: '/api/pack-sales', headers: { ...staff, 'idempotency-key': key }, payload: { customerId: customer, packId: demoPackId('essential'), locationId: 1, roNumber: '419901' } });
    const [first, retry] = await effectThenCrashThenRetry(sell);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().dataSet.saleId).toBe(first.json().dataSet.saleId);
    expect(await count('PackSold', (d) => d.customerId === customer)).toBe(1);
  });

  it("should send the customer's contact form once", async () => {
    const pat = (await loginAs(server, 'customer')).payload.user.customerId!;
    const customer = (await loginAs(server, 'customer')).headers;
    const send = (key: string) =>
      server.product.app.inject({
        method: 'POST',
        url: '/api/customer-contact-form',
        headers: { ...customer, 'idempotency-key': key },
        payload: { customerId: pat, locationId: 1, topic: 'coupons', message: 'Lost answer, same message', preferredReply: 'email' },
      });
    const [first, retry] = await effectThenCrashThenRetry(send);
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.json().dataSet.messageId).toBe(first.json().dataSet.messageId);
    expect(await count('CustomerContactFormSent', (d) => d.messageId === first.json().dataSet.messageId)).toBe(1);
  });

  it("should place the customer's online order once", async () => {
    const { demoPackId } = await import('./demo/catalogue');
    const customer = (await loginAs(server, 'customer')).headers;
    const place = (key: string) =>
      server.product.app.inject({ method: 'POST', url: '/api/online-orders', headers: { ...customer, 'idempotency-key': key }, payload: { packId: demoPackId('essential'), locationId: 1 } });
    const [first, retry] = await effectThenCrashThenRetry(place);
    expect(retry.statusCode).toBe(first.statusCode);
    const orderId = first.json().dataSet.orderId;
    expect(retry.json().dataSet.orderId).toBe(orderId);
    expect(await count('OnlineOrderPlaced', (d) => d.orderId === orderId)).toBe(1);
  });

  it('should ask for a contact change once (one code sent)', async () => {
    const customer = (await post(profile('43'), null)).json().dataSet.customerId as string;
    await waitForProjections(server.product);
    const ask = (key: string) =>
      server.product.app.inject({ method: 'POST', url: '/api/email-phone-verification', headers: { ...staff, 'idempotency-key': key }, payload: { customerId: customer, type: 'email', info: 'ida.changed.43@example.com' } });
    const [first, retry] = await effectThenCrashThenRetry(ask);
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.json().dataSet.changeId).toBe(first.json().dataSet.changeId);
    expect(await count('CustomerContactChangeRequested', (d) => d.customerId === customer)).toBe(1);
  });
});

