/**
 * A visitor's own registration (POST /auth-api/self-registration, issue 13) against real
 * PostgreSQL and Redis: the customer is created and the registration link e-mailed; the link
 * sets the password and signs them in. One customer per e-mail at write time: an e-mail with an
 * account is refused ('Customer is already registered.'), an e-mail of a customer without one
 * gets that customer's link (no second customer), and two racing registrations make one customer.
 * Age confirmation, a mobile on another profile and the per-address limit are refused clearly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { SELF_REGISTRATION_MESSAGES } from '@dealer/contracts/customers/self-registration';
import { SELF_REGISTRATIONS_PER_ADDRESS } from '@dealer/command-api/routes/self-registration';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs, xsrfHeaders } from './testing/auth';

let server: TestServer;
let admin: Record<string, string>;
let staff: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  admin = (await loginAs(server, 'admin')).headers;
  staff = (await loginAs(server, 'employee')).headers;
});
afterAll(async () => {
  await server?.stop();
});
const inject = (options: InjectOptions) => server.product.app.inject(options);

let phones = 0;
const nextPhone = () => `(720) 555-${String(3100 + phones++)}`;

async function selfRegister(payload: Record<string, unknown>, remoteAddress?: string) {
  const headers = await xsrfHeaders(server);
  return inject({ method: 'POST', url: '/auth-api/self-registration', headers, payload, ...(remoteAddress ? { remoteAddress } : {}) });
}

/** The registration links e-mailed to the address so far, newest first. */
async function links(to: string, atLeast: number): Promise<string[]> {
  for (let i = 0; i < 150; i++) {
    const messages = (await inject({ method: 'GET', url: `/api/dev-outbox?to=${encodeURIComponent(to)}`, headers: admin })).json().dataSet as { body: string }[];
    const found = messages.map((m) => m.body.match(/\/registration\/([\w-]+)/)?.[1]).filter((l): l is string => !!l);
    if (found.length >= atLeast) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${atLeast} registration link(s) for ${to}`);
}

async function customersWithEmail(email: string): Promise<string[]> {
  await waitForProjections(server.product);
  const rows = await server.product.sql<{ customer_id: string }[]>`
    select customer_id from rm_customer_details.customers where lower(email_address) = ${email.toLowerCase()}`;
  return rows.map((r) => r.customer_id);
}

describe('POST /auth-api/self-registration', () => {
  it('should create the customer, e-mail the link, and sign them in from it with the password they choose', async () => {
    const email = 'Sam.Self@Register.example';
    const res = await selfRegister({ firstName: ' Sam ', lastName: 'Self', emailAddress: email, phoneMobile: nextPhone(), isAdult: true });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().dataSet).toEqual({ emailAddress: 'sam.self@register.example' });
    const [link] = await links('sam.self@register.example', 1);
    const greet = await inject({ method: 'GET', url: `/auth-api/registration/${link}` });
    expect(greet.json().dataSet).toMatchObject({ firstName: 'Sam', lastName: 'Self', emailAddress: 'sam.self@register.example' });

    const xsrf = await xsrfHeaders(server);
    const done = await inject({ method: 'POST', url: '/auth-api/registration', headers: xsrf, payload: { securityToken: link, password: 'sams-own-long-pass', passwordConfirm: 'sams-own-long-pass' } });
    expect(done.statusCode, done.body).toBe(200);
    const [customerId] = await customersWithEmail(email);
    const created = await server.product.store.readStream(`customer-${customerId}`);
    expect(created.map((e) => [e.type, e.metadata.actor])).toContainEqual(['CustomerCreated', 'system:self-registration']);
    expect(done.json().dataSet.user).toMatchObject({ customerId, isEmployee: false });
    const login = await inject({ method: 'POST', url: '/auth-api/login', headers: xsrf, payload: { username: email, password: 'sams-own-long-pass' } });
    expect(login.statusCode).toBe(200);

    // The e-mail has an account now: registering again is refused and changes nothing.
    const again = await selfRegister({ firstName: 'Other', lastName: 'Person', emailAddress: 'sam.self@register.example', phoneMobile: nextPhone(), isAdult: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([SELF_REGISTRATION_MESSAGES.alreadyRegistered]);
    expect(await customersWithEmail(email)).toEqual([customerId]);
  }, 60_000);

  it("should send a staff-created customer's own link instead of making a second customer with their e-mail", async () => {
    const email = 'kim.counter@register.example';
    const created = await inject({ method: 'POST', url: '/api/customers', headers: staff, payload: { firstName: 'Kim', lastName: 'Counter', emailAddress: email, phoneMobile: nextPhone() } });
    expect(created.statusCode, created.body).toBe(201);
    const kimId = created.json().dataSet.customerId as string;

    const res = await selfRegister({ firstName: 'Kimberly', lastName: 'Counter', emailAddress: email.toUpperCase(), phoneMobile: nextPhone(), isAdult: true });
    expect(res.statusCode, res.body).toBe(202);
    const [link] = await links(email, 1);
    const greet = await inject({ method: 'GET', url: `/auth-api/registration/${link}` });
    // The link is the existing customer's (the name staff entered); the visitor's entry made no customer.
    expect(greet.json().dataSet).toMatchObject({ firstName: 'Kim', emailAddress: email });
    expect(await customersWithEmail(email)).toEqual([kimId]);
  }, 60_000);

  it('should make one customer of two registrations racing with one e-mail', async () => {
    const email = 'twin.race@register.example';
    const results = await Promise.all([
      selfRegister({ firstName: 'Twin', lastName: 'One', emailAddress: email, phoneMobile: nextPhone(), isAdult: true }),
      selfRegister({ firstName: 'Twin', lastName: 'Two', emailAddress: email, phoneMobile: nextPhone(), isAdult: true }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([202, 202]);
    await links(email, 1);
    expect(await customersWithEmail(email)).toHaveLength(1);
  }, 60_000);

  it('should refuse a visitor who is not 18, a missing e-mail and a mobile on another profile, each on its field', async () => {
    const minor = await selfRegister({ firstName: 'Young', lastName: 'Visitor', emailAddress: 'young@register.example', phoneMobile: nextPhone(), isAdult: false });
    expect(minor.statusCode).toBe(400);
    expect(minor.json().errors).toEqual([SELF_REGISTRATION_MESSAGES.adultRequired]);
    const unconfirmed = await selfRegister({ firstName: 'Young', lastName: 'Visitor', emailAddress: 'young@register.example', phoneMobile: nextPhone() });
    expect(unconfirmed.statusCode).toBe(400);
    const noEmail = await selfRegister({ firstName: 'No', lastName: 'Mail', emailAddress: '', phoneMobile: nextPhone(), isAdult: true });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors).toEqual([SELF_REGISTRATION_MESSAGES.emailRequired]);
    const tooLong = await selfRegister({ firstName: 'x'.repeat(101), lastName: 'Long', emailAddress: 'long@register.example', phoneMobile: nextPhone(), isAdult: true });
    expect(tooLong.statusCode).toBe(400);

    const phone = nextPhone();
    const first = await selfRegister({ firstName: 'Phone', lastName: 'Owner', emailAddress: 'phone.owner@register.example', phoneMobile: phone, isAdult: true });
    expect(first.statusCode, first.body).toBe(202);
    const second = await selfRegister({ firstName: 'Phone', lastName: 'Borrower', emailAddress: 'phone.borrower@register.example', phoneMobile: phone, isAdult: true });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors).toEqual([SELF_REGISTRATION_MESSAGES.mobileTaken]);
    expect(await customersWithEmail('phone.borrower@register.example')).toEqual([]);
    // The borrower's e-mail was released again: with their own mobile they register.
    const own = await selfRegister({ firstName: 'Phone', lastName: 'Borrower', emailAddress: 'phone.borrower@register.example', phoneMobile: nextPhone(), isAdult: true });
    expect(own.statusCode, own.body).toBe(202);
  }, 60_000);

  it('should limit the registrations one address starts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SELF_REGISTRATIONS_PER_ADDRESS; i++) {
      // Invalid input is not counted; each valid attempt is (this one an e-mail with an account).
      await selfRegister({ firstName: '', lastName: 'Flood' }, '10.20.30.40');
      const res = await selfRegister({ firstName: 'Flood', lastName: 'Visitor', emailAddress: 'pat.customer@example.com', phoneMobile: nextPhone(), isAdult: true }, '10.20.30.40');
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, SELF_REGISTRATIONS_PER_ADDRESS).every((s) => s === 409)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held up.
    const other = await selfRegister({ firstName: 'Calm', lastName: 'Visitor', emailAddress: 'calm@register.example', phoneMobile: nextPhone(), isAdult: true }, '10.20.30.41');
    expect(other.statusCode, other.body).toBe(202);
  }, 60_000);
});
