/**
 * Uniqueness that holds under races (issue 10 item 12): concurrent creates with one e-mail or
 * one mobile phone save exactly one customer; a confirmed contact change to a value another
 * customer holds is refused; erasure frees the values; concurrent starts of a redemption
 * verification for one RO and customer open exactly one. Real PostgreSQL and Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { CONTACT_CHANGE_MESSAGES, CUSTOMER_MESSAGES } from '@dealer/contracts';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';

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

const inject = (options: InjectOptions) => server.product.app.inject({ ...options, headers: { ...staff, ...(options.headers ?? {}) } });
const create = (payload: Record<string, unknown>) => inject({ method: 'POST', url: '/api/customers', payload: { firstName: 'Una', lastName: 'Nique', ...payload } });

async function customersWith(column: 'email' | 'mobile', value: string): Promise<number> {
  await waitForProjections(server.product);
  const rows =
    column === 'email'
      ? await server.product.sql`select 1 from rm_customer_search.customers where email_norm = ${value}`
      : await server.product.sql`select 1 from rm_customer_search.customers where phone_digits = ${value}`;
  return rows.length;
}

describe('concurrent creates of customers with one e-mail or mobile phone', () => {
  it('should save exactly one of ten creates with one e-mail and refuse nine with the SPEC message', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create({ firstName: `Una${i}`, emailAddress: i % 2 ? 'Race.Mail@Example.com' : 'race.mail@example.com', phoneMobile: `30355509${String(i).padStart(2, '0')}` })),
    );
    const created = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.json().errors).toEqual([CUSTOMER_MESSAGES.duplicate]);
    expect(await customersWith('email', 'race.mail@example.com')).toBe(1);
  });

  it('should save exactly one of ten creates with one mobile phone (in any format)', async () => {
    const formats = ['3035550977', '(303) 555-0977', '303.555.0977', '303-555-0977'];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create({ firstName: `Mo${i}`, emailAddress: `mobile.race${i}@example.com`, phoneMobile: formats[i % formats.length] })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.json().errors).toEqual([CUSTOMER_MESSAGES.duplicate]);
    expect(await customersWith('mobile', '3035550977')).toBe(1);
  });

  it('should free the e-mail and mobile of an erased customer for a new customer', async () => {
    const first = await create({ emailAddress: 'erased.holder@example.com', phoneMobile: '3035550966' });
    expect(first.statusCode).toBe(201);
    const id = first.json().dataSet.customerId as string;
    expect((await create({ emailAddress: 'erased.holder@example.com', phoneMobile: '3035550965' })).statusCode).toBe(409);
    const erased = await inject({ method: 'POST', url: '/api/customer-erasure', headers: admin, payload: { customerId: id, reason: 'Customer asked to be forgotten.' } });
    expect(erased.statusCode).toBe(200);
    await waitForProjections(server.product);
    const again = await create({ emailAddress: 'erased.holder@example.com', phoneMobile: '3035550966' });
    expect(again.statusCode).toBe(201);
  });

  it('should keep no e-mail or phone in clear in the reservation streams', async () => {
    const res = await create({ emailAddress: 'clear.text@example.com', phoneMobile: '3035550955' });
    expect(res.statusCode).toBe(201);
    const rows = await server.product.sql<{ stream_id: string; data: unknown }[]>`select stream_id, data from es_events where stream_id like 'contact-reservation-%'`;
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('clear.text');
    expect(text).not.toContain('3035550955');
  });
});

describe('a confirmed contact change to a value another customer holds', () => {
  it('should refuse the confirmation with a clear message and keep the old mobile', async () => {
    const a = await create({ emailAddress: 'mover.a@example.com', phoneMobile: '3035550944' });
    expect(a.statusCode).toBe(201);
    const aId = a.json().dataSet.customerId as string;
    await waitForProjections(server.product);
    // A asks for a mobile nobody has yet...
    const requested = await inject({ method: 'POST', url: '/api/email-phone-verification', payload: { type: 'phone', info: '3035550933', customerId: aId } });
    expect(requested.statusCode).toBe(200);
    // ...then B is saved with it before A confirms.
    const b = await create({ emailAddress: 'holder.b@example.com', phoneMobile: '(303) 555-0933' });
    expect(b.statusCode).toBe(201);
    const code = await codeSentTo('3035550933');
    const confirmed = await inject({ method: 'POST', url: '/api/contact-change-confirmations', payload: { customerId: aId, code } });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().errors).toEqual([CONTACT_CHANGE_MESSAGES.phoneInUse]);
    await waitForProjections(server.product);
    expect(await customersWith('mobile', '3035550933')).toBe(1);
    expect(await customersWith('mobile', '3035550944')).toBe(1);
  });

  it('should move the reservation on a confirmed change: the old value is free, the new one held', async () => {
    const a = await create({ emailAddress: 'mover.c@example.com', phoneMobile: '3035550922' });
    const aId = a.json().dataSet.customerId as string;
    await waitForProjections(server.product);
    expect((await inject({ method: 'POST', url: '/api/email-phone-verification', payload: { type: 'phone', info: '3035550911', customerId: aId } })).statusCode).toBe(200);
    const confirmed = await inject({ method: 'POST', url: '/api/contact-change-confirmations', payload: { customerId: aId, code: await codeSentTo('3035550911') } });
    expect(confirmed.statusCode).toBe(200);
    expect((await create({ emailAddress: 'taker.d@example.com', phoneMobile: '3035550911' })).statusCode).toBe(409);
    await waitForProjections(server.product);
    expect((await create({ emailAddress: 'taker.e@example.com', phoneMobile: '3035550922' })).statusCode).toBe(201);
  });
});

/** The six-digit code of the last text the development outbox holds for a mobile. */
async function codeSentTo(mobile: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await inject({ method: 'GET', url: `/api/dev-outbox?to=${encodeURIComponent(mobile)}`, headers: admin });
    const messages = res.json().dataSet as { body: string }[];
    const match = messages.map((m) => /\b(\d{6})\b/.exec(m.body)).find(Boolean);
    if (match) return match[1]!;
    if (Date.now() > deadline) throw new Error(`no code was sent to ${mobile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('concurrent starts of a redemption verification for one RO and customer', () => {
  it('should open exactly one verification; the other starts send that one again or wait for its rate limit', async () => {
    const manager = (await loginAs(server, 'manager')).headers;
    const [ro] = await server.product.sql<{ ro_number: string; customer_id: string; op_codes: string[] }[]>`
      select r.ro_number, c.customer_id::text, array_agg(distinct j.op_code) as op_codes
      from ref.repair_orders r
      join rm_customer_details.customers c on c.email_address = r.customer_email and not c.verify_redemptions
      join ref.ro_jobs j on j.location_id = r.location_id and j.ro_number = r.ro_number
      where r.location_id = 1
      group by r.ro_number, c.customer_id
      having count(distinct j.op_code) >= 1
      order by r.ro_number desc limit 1`;
    expect(ro).toBeDefined();
    let position = '0';
    for (const opCode of ro!.op_codes) {
      const res = await inject({ method: 'POST', url: '/api/opcode-verification-rules', headers: manager, payload: { locationId: 1, opCode } });
      if (res.statusCode === 201) position = res.json().metaData.position;
    }
    const start = { type: 'email', roNumber: ro!.ro_number, locationId: 1, customerId: ro!.customer_id };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => inject({ method: 'POST', url: '/api/redemption-verifications', headers: { 'x-min-position': position }, payload: start })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results) expect([200, 201, 429]).toContain(r.statusCode);
    const id = results.find((r) => r.statusCode === 201)!.json().dataSet.id as string;
    for (const r of results.filter((x) => x.statusCode === 200)) expect(r.json().dataSet.id).toBe(id);
    const started = await server.product.sql`
      select 1 from es_events where event_type = 'RedemptionVerificationStarted' and data->>'roNumber' = ${ro!.ro_number} and data->>'customerId' = ${ro!.customer_id}`;
    expect(started).toHaveLength(1);
  });
});
