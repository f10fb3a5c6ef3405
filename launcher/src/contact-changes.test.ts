/**
 * Contact changes through HTTP against real PostgreSQL and Redis: request, the messages the
 * workers send (development outbox), confirmation by link and by code, re-authentication and
 * the limits on codes (fresh database per file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { CONTACT_CHANGE_MESSAGES, customerStreamId, emailVerificationTitle, phoneVerificationTitle, type Customer } from '@dealer/contracts';
import { hashPassword } from '@dealer/command-api';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs, xsrfHeaders } from './testing/auth';
import { DEMO_PASSWORD } from './demo/accounts';

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

async function createCustomer(emailAddress: string, phoneMobile: string): Promise<{ id: string; position: string }> {
  const res = await inject({ method: 'POST', url: '/api/customers', payload: { firstName: 'Robin', lastName: 'Changer', emailAddress, phoneMobile } });
  expect(res.statusCode).toBe(201);
  return { id: res.json().dataSet.customerId, position: res.json().metaData.position };
}

async function getCustomer(id: string, position: string, headers: Record<string, string> = staff): Promise<Customer> {
  const res = await inject({ method: 'GET', url: `/api/customers/${id}`, headers: { ...headers, 'x-min-position': position } });
  expect(res.statusCode).toBe(200);
  return res.json().dataSet as Customer;
}

/** A customer account (sign-in = e-mail) with the demo password. */
async function giveAccount(id: string, login: string, position: string): Promise<Record<string, string>> {
  await getCustomer(id, position);
  await server.product.sql`insert into auth_credentials (user_kind, user_id, login, password_hash)
    values ('customer', ${id}, ${login}, ${await hashPassword(DEMO_PASSWORD)})`;
  return signIn(login).then((r) => r.headers!);
}

async function signIn(username: string): Promise<{ status: number; headers?: Record<string, string> }> {
  const xsrf = await xsrfHeaders(server);
  const res = await server.product.app.inject({ method: 'POST', url: '/auth-api/login', headers: xsrf, payload: { username, password: DEMO_PASSWORD } });
  return res.statusCode === 200 ? { status: 200, headers: { ...xsrf, authorization: `Bearer ${res.json().dataSet.token}` } } : { status: res.statusCode };
}

const requestChange = (payload: Record<string, unknown>, headers: Record<string, string> = staff) =>
  inject({ method: 'POST', url: '/api/email-phone-verification', payload, headers });

const confirmCode = (customerId: string, code: string, headers: Record<string, string> = staff) =>
  inject({ method: 'POST', url: '/api/contact-change-confirmations', payload: { customerId, code }, headers });

/** The messages the dev outbox holds for an address, oldest first, once there are at least `count`. */
async function outbox(to: string, count: number): Promise<{ subject: string; body: string }[]> {
  const read = async () =>
    ((await inject({ method: 'GET', url: `/api/dev-outbox?to=${encodeURIComponent(to)}`, headers: admin })).json().dataSet as { subject: string; body: string }[]).reverse();
  const deadline = Date.now() + 15_000;
  let messages = await read();
  while (messages.length < count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    messages = await read();
  }
  expect(messages.length).toBeGreaterThanOrEqual(count);
  return messages;
}

const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/email-phone-verification', () => {
  it('should answer SPEC messages for a missing or invalid value and for the value the customer already has', async () => {
    const { id, position } = await createCustomer('rules@example.com', '7205550401');
    await getCustomer(id, position);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'email', info: '' }, 'Email is required.'],
      [{ type: 'email' }, 'Email is required.'],
      [{ type: 'email', info: 'not-an-email' }, 'Email is invalid.'],
      [{ type: 'phone', info: '' }, 'Mobile phone is required.'],
      [{ type: 'phone', info: '(720) 555-04' }, 'Mobile phone is invalid.'],
      [{ type: 'email', info: 'RULES@example.com' }, CONTACT_CHANGE_MESSAGES.sameEmail],
      [{ type: 'phone', info: '(720) 555-0401' }, CONTACT_CHANGE_MESSAGES.samePhone],
      [{ type: 'email', info: 'pat.customer@example.com' }, CONTACT_CHANGE_MESSAGES.emailInUse],
    ];
    for (const [payload, message] of cases) {
      const res = await requestChange({ ...payload, customerId: id });
      expect([400, 409], JSON.stringify(payload)).toContain(res.statusCode);
      expect(res.json().errors, JSON.stringify(payload)).toEqual([message]);
    }
    expect((await getCustomer(id, position)).pendingEmail).toBeNull();
  });

  it('should make a customer changing their own details re-enter their password, and refuse another customer', async () => {
    const { id, position } = await createCustomer('self.service@example.com', '7205550402');
    const customer = await giveAccount(id, 'self.service@example.com', position);
    const missing = await requestChange({ type: 'phone', info: '7205550499', customerId: id }, customer);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(['Please enter your password to confirm this change.']);
    const wrong = await requestChange({ type: 'phone', info: '7205550499', customerId: id, password: 'not-my-password-1' }, customer);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual(['Password is incorrect.']);
    const other = await createCustomer('someone.else@example.com', '7205550403');
    const foreign = await requestChange({ type: 'phone', info: '7205550499', customerId: other.id, password: DEMO_PASSWORD }, customer);
    expect(foreign.statusCode).toBe(403);
    expect((await getCustomer(id, position)).pendingPhone).toBeNull();
  });

  it('should check at most 5 of 25 parallel wrong passwords given to confirm a change, then refuse even the right one', async () => {
    const { id, position } = await createCustomer('parallel.guess@example.com', '7205550404');
    const customer = await giveAccount(id, 'parallel.guess@example.com', position);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => requestChange({ type: 'phone', info: '7205550498', customerId: id, password: `wrong-password-${i}` }, customer)),
    );
    const checked = answers.filter((a) => a.statusCode === 400);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(25 - checked.length);
    const right = await requestChange({ type: 'phone', info: '7205550498', customerId: id, password: DEMO_PASSWORD }, customer);
    expect(right.statusCode).toBe(429);
    expect((await getCustomer(id, position)).pendingPhone).toBeNull();
  });
});

describe('an e-mail change requested by an employee', () => {
  it('should keep the e-mail until the customer confirms from the link, then let them sign in with the new one', async () => {
    const { id, position } = await createCustomer('robin.old@example.com', '7205550410');
    await giveAccount(id, 'robin.old@example.com', position);

    const requested = await requestChange({ type: 'email', info: 'Robin.New@Example.com', customerId: id });
    expect(requested.statusCode).toBe(200);
    const { dataSet, metaData } = requested.json();
    expect(dataSet).toEqual({ customerId: id, changeId: expect.any(String) });
    const pending = await getCustomer(id, metaData.position);
    expect(pending).toMatchObject({ emailAddress: 'robin.old@example.com', pendingEmail: 'robin.new@example.com', isEmailValidated: false });
    expect(emailVerificationTitle(pending)).toBe('Pending an email change');
    const stored = await server.product.sql`select data::text as data from es_events where stream_id = ${customerStreamId(id)} and event_type = 'CustomerContactChangeRequested'`;
    expect(stored[0]!.data).not.toContain('robin.new@example.com');

    const [link] = await outbox('robin.new@example.com', 1);
    const token = /\/verify\/contact\/([\w-]+)/.exec(link!.body)![1]!;
    const [notice] = await outbox('robin.old@example.com', 1);
    expect(notice!.body).toMatch(/dealership/);
    expect(notice!.body).not.toContain(token);

    const anonymous = await xsrfHeaders(server);
    const confirmed = await server.product.app.inject({ method: 'POST', url: '/auth-api/contact-change/confirm', headers: anonymous, payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().dataSet).toEqual({ customerId: id, changeId: dataSet.changeId, kind: 'email' });
    const changed = await getCustomer(id, confirmed.json().metaData.position);
    expect(changed).toMatchObject({ emailAddress: 'robin.new@example.com', pendingEmail: null, isEmailValidated: true });
    expect(emailVerificationTitle(changed)).toBe('Verified');

    expect((await signIn('robin.new@example.com')).status).toBe(200);
    expect((await signIn('robin.old@example.com')).status).toBe(401);
    const again = await server.product.app.inject({ method: 'POST', url: '/auth-api/contact-change/confirm', headers: anonymous, payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([CONTACT_CHANGE_MESSAGES.linkInvalid]);
  });

  it('should refuse an expired link and leave the e-mail unchanged', async () => {
    const { id } = await createCustomer('late.old@example.com', '7205550411');
    const requested = await requestChange({ type: 'email', info: 'late.new@example.com', customerId: id });
    const [link] = await outbox('late.new@example.com', 1);
    const token = /\/verify\/contact\/([\w-]+)/.exec(link!.body)![1]!;
    await server.product.sql`update contact_verification_codes set expires_at = now() - interval '1 second' where customer_id = ${id}`;
    const res = await server.product.app.inject({ method: 'POST', url: '/auth-api/contact-change/confirm', headers: await xsrfHeaders(server), payload: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['The code has expired. Please request a new change.']);
    expect(await getCustomer(id, requested.json().metaData.position)).toMatchObject({ emailAddress: 'late.old@example.com', pendingEmail: 'late.new@example.com' });
  });
});

describe('a contact change the customer declines (issue 23, /verify)', () => {
  const decline = (customerId: string, type: string, headers: Record<string, string>) =>
    inject({ method: 'POST', url: '/api/contact-change-declines', payload: { customerId, type }, headers });

  it('should drop the pending e-mail, leave the e-mail as it was, and let its link confirm nothing', async () => {
    const { id, position } = await createCustomer('dana.old@example.com', '7205550460');
    const dana = await giveAccount(id, 'dana.old@example.com', position);
    const other = await createCustomer('lee.other@example.com', '7205550461');
    const lee = await giveAccount(other.id, 'lee.other@example.com', other.position);
    expect((await requestChange({ type: 'email', info: 'dana.new@example.com', customerId: id })).statusCode).toBe(200);
    const [link] = await outbox('dana.new@example.com', 1);
    const token = /\/verify\/contact\/([\w-]+)/.exec(link!.body)![1]!;

    // Another customer cannot decline it; a type that is not one is named.
    expect((await decline(id, 'email', lee)).statusCode).toBe(403);
    const odd = await decline(id, 'fax', dana);
    expect(odd.statusCode).toBe(400);
    expect(JSON.stringify(odd.json())).toContain('type');

    const declined = await decline(id, 'email', dana);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().dataSet).toEqual({ customerId: id, kind: 'email', declined: true });
    const after = await getCustomer(id, declined.json().metaData.position);
    expect(after).toMatchObject({ emailAddress: 'dana.old@example.com', pendingEmail: null });
    const [event] = await server.product.sql<{ data: { kind: string } }[]>`select data from es_events where stream_id = ${customerStreamId(id)} and event_type = 'CustomerContactChangeDeclined'`;
    expect(event!.data.kind).toBe('email');

    // Declined again: nothing to record. The link confirms nothing; Dana still signs in with the old e-mail.
    expect((await decline(id, 'email', dana)).json().dataSet.declined).toBe(false);
    const anonymous = await xsrfHeaders(server);
    const confirmed = await server.product.app.inject({ method: 'POST', url: '/auth-api/contact-change/confirm', headers: anonymous, payload: { token } });
    expect(confirmed.statusCode).toBe(400);
    expect((await getCustomer(id, declined.json().metaData.position)).emailAddress).toBe('dana.old@example.com');
    expect((await signIn('dana.old@example.com')).status).toBe(200);
  });
});

describe('a phone change confirmed with the SMS code', () => {
  it('should change the phone once the customer, re-authenticated, types the right code', async () => {
    const { id, position } = await createCustomer('phone.self@example.com', '7205550420');
    const customer = await giveAccount(id, 'phone.self@example.com', position);
    const requested = await requestChange({ type: 'phone', info: '(720) 555-0421', customerId: id, password: DEMO_PASSWORD }, customer);
    expect(requested.statusCode).toBe(200);
    const pending = await getCustomer(id, requested.json().metaData.position, customer);
    expect(pending).toMatchObject({ phoneMobile: '7205550420', pendingPhone: '7205550421' });
    expect(phoneVerificationTitle(pending)).toBe('Pending an phone number change');

    const [text] = await outbox('7205550421', 1);
    const [notice] = await outbox('7205550420', 1);
    expect(notice!.body).not.toContain(codeIn(text!.body));
    const wrong = await confirmCode(id, otherCode(codeIn(text!.body)), customer);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual(['The code is incorrect.']);
    const right = await confirmCode(id, codeIn(text!.body), customer);
    expect(right.statusCode).toBe(200);
    const changed = await getCustomer(id, right.json().metaData.position, customer);
    expect(changed).toMatchObject({ phoneMobile: '7205550421', pendingPhone: null, isPhoneValidated: true });
    expect(phoneVerificationTitle(changed)).toBe('Verified');
    // Single use: the same code again is no longer valid.
    const reused = await confirmCode(id, codeIn(text!.body), customer);
    expect(reused.json().errors).toEqual([CONTACT_CHANGE_MESSAGES.codeInvalid]);
  });

  it('should count wrong codes across new requests and refuse even the right code after 5', async () => {
    const { id } = await createCustomer('many.tries@example.com', '7205550430');
    await requestChange({ type: 'phone', info: '7205550431', customerId: id });
    const [first] = await outbox('7205550431', 1);
    for (let i = 0; i < 3; i++) {
      const res = await confirmCode(id, otherCode(codeIn(first!.body)));
      expect(res.json().errors).toEqual(['The code is incorrect.']);
    }
    // A new request sends a new code but does not reset the count.
    await requestChange({ type: 'phone', info: '7205550432', customerId: id });
    const [second] = await outbox('7205550432', 1);
    for (let i = 0; i < 2; i++) {
      const res = await confirmCode(id, otherCode(codeIn(second!.body)));
      expect(res.json().errors).toEqual(['The code is incorrect.']);
    }
    const right = await confirmCode(id, codeIn(second!.body));
    expect(right.statusCode).toBe(400);
    expect(right.json().errors).toEqual(['Too many incorrect codes. Please request a new change.']);
    const [row] = await server.product.sql`select failures from contact_verification_failures where customer_id = ${id} and kind = 'phone'`;
    expect(row!.failures).toBe(5);
  });

  it('should refuse an expired code, and the code of a change a new request replaced', async () => {
    const { id } = await createCustomer('slow.typer@example.com', '7205550440');
    await requestChange({ type: 'phone', info: '7205550441', customerId: id });
    const [text] = await outbox('7205550441', 1);
    await server.product.sql`update contact_verification_codes set expires_at = now() - interval '1 second' where customer_id = ${id}`;
    const expired = await confirmCode(id, codeIn(text!.body));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors).toEqual(['The code has expired. Please request a new change.']);

    await requestChange({ type: 'phone', info: '7205550442', customerId: id });
    const [next] = await outbox('7205550442', 1);
    const [again] = await outbox('7205550441', 1);
    if (codeIn(again!.body) !== codeIn(next!.body)) {
      const old = await confirmCode(id, codeIn(again!.body));
      expect(old.json().errors).toEqual(['The code is incorrect.']);
    }
    const ok = await confirmCode(id, codeIn(next!.body));
    expect(ok.statusCode).toBe(200);
    expect(await getCustomer(id, ok.json().metaData.position)).toMatchObject({ phoneMobile: '7205550442', pendingPhone: null });
    expect(await server.product.sql`select 1 from contact_verification_failures where customer_id = ${id}`).toHaveLength(0);
  });
});

describe('editing a customer after a contact change was requested', () => {
  it('should accept a save based on the revision the editor loaded, once the verification was sent', async () => {
    const { id } = await createCustomer('editor.old@example.com', '7205550450');
    const requested = await requestChange({ type: 'email', info: 'editor.new@example.com', customerId: id });
    await outbox('editor.new@example.com', 1);
    // Wait until the workers recorded the sending and the read model followed the stream.
    const streamRevision = async () =>
      Number((await server.product.sql`select max(revision) as r from es_events where stream_id = ${customerStreamId(id)}`)[0]!.r);
    let loaded = await getCustomer(id, requested.json().metaData.position);
    const deadline = Date.now() + 10_000;
    while (((loaded as Customer & { revision: number }).revision !== (await streamRevision()) || (await streamRevision()) < 2) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      loaded = await getCustomer(id, '0');
    }
    const revision = (loaded as Customer & { revision: number }).revision;
    expect(revision).toBe(2);
    const saved = await inject({
      method: 'PUT',
      url: `/api/customers/${id}`,
      payload: { firstName: 'Robin', lastName: 'Changer', emailAddress: 'editor.old@example.com', phoneMobile: '7205550450', city: 'Golden', expectedRevision: revision },
    });
    expect(saved.statusCode).toBe(200);
  });
});
