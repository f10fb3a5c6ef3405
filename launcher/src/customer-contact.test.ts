/**
 * The customer contact form (issue 13) through HTTP against real PostgreSQL and Redis: a
 * customer writes to a location about themselves only, the form's 400s with their messages,
 * one e-mail in the development outbox to the location per message (a retried submit with the
 * same Idempotency-Key makes one), and the message unreadable after the customer's erasure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { CONTACT_FORM_MESSAGES, CONTACT_FORM_MESSAGE_MAX, contactFormStreamId } from '@dealer/contracts';
import { demoLocationContactEmail } from '@dealer/dms/demo';
import { importDmsRecords } from '@dealer/dms/importer';
import { startTestServer, type TestServer } from './testing/test-server';
import { createCustomerWithAccount, loginAs } from './testing/auth';

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

const inject = (o: InjectOptions) => server.product.app.inject(o);
const LOCATION_1_EMAIL = demoLocationContactEmail('FRT');

/** A new customer with an account (sign-in = e-mail); answers their id and signed-in headers. */
const customerWithAccount = (profile: { firstName: string; lastName: string; emailAddress: string; phoneMobile?: string | null }) => createCustomerWithAccount(server, staff, profile);

const send = (headers: Record<string, string>, payload: Record<string, unknown>, extra: Record<string, string> = {}) =>
  inject({ method: 'POST', url: '/api/customer-contact-form', headers: { ...headers, ...extra }, payload });

/** The outbox messages to an address whose body contains `needle`, once there are `count` (or the wait is over). */
async function outboxWith(to: string, needle: string, count: number): Promise<{ subject: string; body: string }[]> {
  const read = async () =>
    ((await inject({ method: 'GET', url: `/api/dev-outbox?to=${encodeURIComponent(to)}`, headers: admin })).json().dataSet as { subject: string; body: string }[]).filter((m) =>
      m.body.includes(needle),
    );
  const deadline = Date.now() + 15_000;
  let messages = await read();
  while (messages.length < count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    messages = await read();
  }
  return messages;
}

describe('POST /api/customer-contact-form', () => {
  it('should take a customer message for their own record only, answer the confirmation and e-mail the location once', async () => {
    const a = await customerWithAccount({ firstName: 'Casey', lastName: 'Writer', emailAddress: 'casey.writer@contact.example', phoneMobile: '7205550611' });
    const b = await customerWithAccount({ firstName: 'Blair', lastName: 'Other', emailAddress: 'blair.other@contact.example', phoneMobile: '7205550612' });
    const form = { customerId: a.id, locationId: 1, topic: 'service', message: 'Can I book an oil change next Tuesday? ref-acc-7731', preferredReply: 'phone' };

    expect((await send(b.headers, form)).statusCode).toBe(403);
    expect((await send(staff, form)).statusCode).toBe(403);

    const key = { 'idempotency-key': 'contact-form-test-1' };
    const sent = await send(a.headers, form, key);
    expect(sent.statusCode).toBe(200);
    const dataSet = sent.json().dataSet;
    expect(dataSet).toMatchObject({ locationId: 1, locationName: 'Front Range Toyota', topic: 'service', preferredReply: 'phone' });
    expect(dataSet.confirmation).toContain('Front Range Toyota');
    expect(dataSet.confirmation).toContain('by phone');
    // A retried submit (same key) answers the same message and sends nothing new.
    const retried = await send(a.headers, form, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().dataSet.messageId).toBe(dataSet.messageId);

    const mails = await outboxWith(LOCATION_1_EMAIL, 'ref-acc-7731', 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await outboxWith(LOCATION_1_EMAIL, 'ref-acc-7731', 1)).toHaveLength(1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Booking service');
    expect(mails[0]!.body).toContain('Casey Writer');
    expect(mails[0]!.body).toContain('casey.writer@contact.example');
    expect(mails[0]!.body).toContain('(720) 555-0611');
    expect(mails[0]!.body).toContain('Please reply by phone');
    const events = await server.product.sql`select count(*)::int as n from es_events where stream_id = ${contactFormStreamId(a.id)}`;
    expect(events[0]!.n).toBe(1);
  }, 60_000);

  it('should answer 400 with the form messages for a missing, too long or unsendable message and other bad fields', async () => {
    const c = await customerWithAccount({ firstName: 'Dana', lastName: 'Checks', emailAddress: 'dana.checks@contact.example', phoneMobile: '7205550613' });
    const base = { customerId: c.id, locationId: 1, topic: 'coupons', message: 'Hello', preferredReply: 'email' };
    const fieldOf = async (payload: Record<string, unknown>, field: string) => {
      const res = await send(c.headers, payload);
      expect(res.statusCode).toBe(400);
      return res.json().fields?.[field] as string | undefined;
    };
    expect(await fieldOf({ ...base, message: '   ' }, 'message')).toBe(CONTACT_FORM_MESSAGES.messageRequired);
    expect(await fieldOf({ ...base, message: undefined }, 'message')).toBe(CONTACT_FORM_MESSAGES.messageRequired);
    expect(await fieldOf({ ...base, message: 'x'.repeat(CONTACT_FORM_MESSAGE_MAX + 1) }, 'message')).toBe(CONTACT_FORM_MESSAGES.messageTooLong);
    expect(await fieldOf({ ...base, message: 'bad \u0000 text' }, 'message')).toBeTruthy();
    expect(await fieldOf({ ...base, message: 'bad \ud800 text' }, 'message')).toBeTruthy();
    expect(await fieldOf({ ...base, topic: 'lottery' }, 'topic')).toBe(CONTACT_FORM_MESSAGES.topicRequired);
    expect(await fieldOf({ ...base, locationId: undefined }, 'locationId')).toBe(CONTACT_FORM_MESSAGES.locationRequired);
    // Location 4 of the demo does not use the CRM.
    expect(await fieldOf({ ...base, locationId: 4 }, 'locationId')).toBe(CONTACT_FORM_MESSAGES.locationUnknown);
    expect(await fieldOf({ ...base, preferredReply: 'fax' }, 'preferredReply')).toBe(CONTACT_FORM_MESSAGES.replyRequired);
    // Exactly the maximum (emoji count once) is accepted.
    const atMax = await send(c.headers, { ...base, message: '🚗'.repeat(10) + 'y'.repeat(CONTACT_FORM_MESSAGE_MAX - 10) });
    expect(atMax.statusCode).toBe(200);
  }, 60_000);

  it('should leave the message unreadable after the customer is erased', async () => {
    const e = await customerWithAccount({ firstName: 'Eli', lastName: 'Forgotten', emailAddress: 'eli.forgotten@contact.example', phoneMobile: '7205550614' });
    const phrase = 'secret-phrase-q9z4 please call about my warranty';
    const sent = await send(e.headers, { customerId: e.id, locationId: 2, topic: 'purchase', message: phrase, preferredReply: 'email' });
    expect(sent.statusCode).toBe(200);
    expect(await outboxWith(demoLocationContactEmail('FLH'), 'secret-phrase-q9z4', 1)).toHaveLength(1);
    // Sealed in the event store: the phrase is not stored in clear.
    const clear = await server.product.sql`select count(*)::int as n from es_events where data::text like ${'%secret-phrase-q9z4%'}`;
    expect(clear[0]!.n).toBe(0);
    const before = await server.product.store.readStream(contactFormStreamId(e.id));
    expect((before[0]!.data as { contactMessage: string }).contactMessage).toBe(phrase);

    const erased = await inject({ method: 'POST', url: '/api/customer-erasure', headers: admin, payload: { customerId: e.id, reason: 'Customer asked' } });
    expect(erased.statusCode).toBe(200);
    const after = await server.product.store.readStream(contactFormStreamId(e.id));
    expect(after[0]!.data).toMatchObject({ contactMessage: null, personalDataErased: true, locationId: 2, topic: 'purchase' });
    // The outbox copy is scrubbed asynchronously.
    let left = 1;
    for (let i = 0; i < 50 && left > 0; i++) {
      left = (await server.product.sql`select count(*)::int as n from dev_outbox where body like ${'%secret-phrase-q9z4%'}`)[0]!.n;
      if (left > 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(left).toBe(0);
  }, 60_000);
  it("should send to the address the DMS import gives a location, keep it when the import leaves it blank, and refuse a location without one", async () => {
    const f = await customerWithAccount({ firstName: 'Frankie', lastName: 'Imports', emailAddress: 'frankie.imports@contact.example', phoneMobile: '7205550615' });
    const form = { customerId: f.id, locationId: 3, topic: 'account', message: 'Where do I see my coupons? imp-88k2', preferredReply: 'email' };
    await server.product.sql`update ref.locations set contact_email = null where location_id = 3`;
    const refused = await send(f.headers, form);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.locationId).toBe(CONTACT_FORM_MESSAGES.locationNoAddress);

    const location = { locationId: 3, locationName: 'Cherry Creek Ford', locId: 'CCF', isUsingCrm: true };
    await importDmsRecords(server.product.sql, [{ ...location, contactEmail: 'Service.Desk@CCF.example' }]);
    await importDmsRecords(server.product.sql, [{ ...location, contactEmail: '' }]);
    const [row] = await server.product.sql<{ contact_email: string | null }[]>`select contact_email from ref.locations where location_id = 3`;
    expect(row!.contact_email).toBe('service.desk@ccf.example');
    expect((await send(f.headers, form)).statusCode).toBe(200);
    expect(await outboxWith('service.desk@ccf.example', 'imp-88k2', 1)).toHaveLength(1);
  }, 60_000);
});
