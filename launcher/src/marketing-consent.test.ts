/**
 * Consent to coupon reminders (issue 24 part 2, ADR 0089) over HTTP against the whole product:
 * the customer's own settings and staff's, the one-click unsubscribe link (RFC 8058: a form body,
 * no cookies), and the SMS provider's inbound webhook (signed; STOP, START, HELP) with the answers
 * received by a local server that speaks the SMS provider's protocol (JSON {to, body} out).
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerStreamId } from '@dealer/contracts';
import { systemContext, toNewEvents } from '@dealer/platform';
import { unsubscribeTokenFor, unsubscribeTokenKey } from '@dealer/platform/auth/unsubscribe-token';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { createCustomerWithAccount, loginAs } from './testing/auth';

const SECRET = 'sms-webhook-secret-for-tests-0123456789';

/** The local SMS provider: what the product sent, as {to, body}. */
const texts: { to: string; body: string; key: string | undefined }[] = [];
let smsServer: Server;
let smsUrl: string;
let server: TestServer;
let staff: Record<string, string>;
let manager: Record<string, string>;
let dana: { id: string; headers: Record<string, string> };
let erin: { id: string; headers: Record<string, string> };

const DANA_MOBILE = '3035550741';
const ERIN_MOBILE = '3035550742';

beforeAll(async () => {
  smsServer = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const json = JSON.parse(body) as { to: string; body: string };
      texts.push({ ...json, key: req.headers['idempotency-key'] as string | undefined });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `sms-${texts.length}` }));
    });
  });
  await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve));
  const address = smsServer.address();
  smsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/send`;
  server = await startTestServer({ webDist: null, env: { SMS_PROVIDER_URL: smsUrl, SMS_WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://service.dealer.example' } });
  staff = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
  dana = await createCustomerWithAccount(server, staff, { firstName: 'Dana', lastName: 'Consent', emailAddress: 'dana.consent@example.com', phoneMobile: DANA_MOBILE });
  erin = await createCustomerWithAccount(server, staff, { firstName: 'Erin', lastName: 'Consent', emailAddress: 'erin.consent@example.com', phoneMobile: ERIN_MOBILE });
});

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (smsServer ? smsServer.close(() => resolve()) : resolve()));
});

const inject = (options: { method: 'GET' | 'PUT'; url: string; headers: Record<string, string>; payload?: Record<string, unknown> }) => server.product.app.inject(options);
const consentOf = async (customerId: string, headers: Record<string, string>) => {
  await waitForProjections(server.product);
  const res = await inject({ method: 'GET', url: `/api/customers/${customerId}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().dataSet.marketingConsent as { email: boolean; sms: boolean };
};
const consentEvents = async (customerId: string) =>
  (await server.product.store.readStream(customerStreamId(customerId))).filter((e) => e.type === 'CustomerMarketingConsentChanged').map((e) => ({ ...(e.data as { source: string; channel: string }), actor: e.metadata.actor }));
const setConsent = (customerId: string, headers: Record<string, string>, body: unknown) =>
  inject({ method: 'PUT', url: `/api/customers/${customerId}/marketing-consent`, headers, payload: body as Record<string, unknown> });

describe('PUT /api/customers/{id}/marketing-consent', () => {
  it('should start with e-mail on and texts off, and let a customer turn their own texts on (source profile)', async () => {
    expect(await consentOf(dana.id, dana.headers)).toEqual({ email: true, sms: false });
    const on = await setConsent(dana.id, dana.headers, { channel: 'sms', granted: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().dataSet).toMatchObject({ customerId: dana.id, channel: 'sms', granted: true, changed: true });
    expect(await consentOf(dana.id, dana.headers)).toEqual({ email: true, sms: true });
    // Already so: nothing recorded.
    const again = await setConsent(dana.id, dana.headers, { channel: 'sms', granted: true });
    expect(again.json().dataSet.changed).toBe(false);
    expect(await consentEvents(dana.id)).toEqual([{ customerId: dana.id, channel: 'sms', granted: true, source: 'profile', actor: `customer:${dana.id}` }]);
  });

  it('should run a retried request with the same Idempotency-Key once, answering the first result', async () => {
    const headers = { ...erin.headers, 'idempotency-key': 'consent-retry-1' };
    const first = await setConsent(erin.id, headers, { channel: 'sms', granted: true });
    const retry = await setConsent(erin.id, headers, { channel: 'sms', granted: true });
    expect(first.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBeDefined();
    expect((await consentEvents(erin.id)).filter((e) => e.channel === 'sms')).toHaveLength(1);
    expect((await setConsent(erin.id, erin.headers, { channel: 'sms', granted: false })).json().dataSet.changed).toBe(true);
  });

  it("should refuse another customer's consent (403) and change nothing", async () => {
    const res = await setConsent(dana.id, erin.headers, { channel: 'email', granted: false });
    expect(res.statusCode).toBe(403);
    expect(await consentOf(dana.id, dana.headers)).toEqual({ email: true, sms: true });
  });

  it('should let staff record it for a customer (source staff)', async () => {
    const res = await setConsent(erin.id, manager, { channel: 'email', granted: false });
    expect(res.statusCode).toBe(200);
    expect(await consentOf(erin.id, staff)).toEqual({ email: false, sms: false });
    const event = (await consentEvents(erin.id)).find((e) => e.source === 'staff');
    expect(event).toMatchObject({ channel: 'email', granted: false, source: 'staff' });
    expect(event!.actor).toMatch(/^user:/);
    // Back on for the tests below.
    expect((await setConsent(erin.id, staff, { channel: 'email', granted: true })).statusCode).toBe(200);
  });

  it('should refuse texts for a customer without a mobile phone, naming channel', async () => {
    // A customer recorded without a mobile phone (before the rule, or from another system).
    const customerId = '5c1d6c55-9f2b-4d8e-a3a1-4b7c9d2e1f00';
    await server.product.store.appendToStream(
      customerStreamId(customerId),
      toNewEvents([{ type: 'CustomerCreated', data: { customerId, firstName: 'Nomo', lastName: 'Bile', emailAddress: 'nomo.bile@example.com', phoneMobile: null, phoneOther: null, address: null, address2: null, city: null, state: null, zip: null, isTaxExempt: false, verifyRedemptions: false } }], systemContext('system:test')),
    );
    const res = await setConsent(customerId, staff, { channel: 'sms', granted: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: ['Add a mobile phone number before turning on reminder texts.'], fields: { channel: 'Add a mobile phone number before turning on reminder texts.' } });
    expect(await consentEvents(customerId)).toEqual([]);
  });

  it('should refuse a body that is not {channel, granted}, naming the field', async () => {
    const wrongChannel = await setConsent(dana.id, dana.headers, { channel: 'fax', granted: true });
    expect(wrongChannel.statusCode).toBe(400);
    expect(Object.keys(wrongChannel.json().fields)).toEqual(['channel']);
    const granted = await setConsent(dana.id, dana.headers, { channel: 'sms', granted: 'yes' });
    expect(granted.statusCode).toBe(400);
    expect(Object.keys(granted.json().fields)).toEqual(['granted']);
    const missing = await setConsent(dana.id, dana.headers, { channel: 'sms' });
    expect(missing.json().fields).toHaveProperty('granted');
  });
});

describe('POST /api/unsubscribe/{token} (RFC 8058 one-click)', () => {
  const tokenFor = (customerId: string, channel: 'email' | 'sms') => unsubscribeTokenFor(unsubscribeTokenKey(verificationHashKey(server.env.authSecret)), customerId, channel);
  const oneClick = (token: string) =>
    fetch(`${server.url}/api/unsubscribe/${token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

  it('should turn e-mails off from a form body with no cookies and no anti-forgery pair, and answer a repeat the same', async () => {
    const token = tokenFor(erin.id, 'email');
    const first = await oneClick(token);
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { dataSet: unknown };
    expect(answer.dataSet).toEqual({ channel: 'email', granted: false });
    expect(await consentOf(erin.id, staff)).toEqual({ email: false, sms: false });
    const repeat = await oneClick(token);
    expect(repeat.status).toBe(200);
    expect(((await repeat.json()) as { dataSet: unknown }).dataSet).toEqual(answer.dataSet);
    const events = await consentEvents(erin.id);
    expect(events.at(-1)).toEqual({ customerId: erin.id, channel: 'email', granted: false, source: 'unsubscribe-link', actor: `customer-link:${erin.id}` });
    expect(events.filter((e) => e.source === 'unsubscribe-link')).toHaveLength(1);
  });

  it("should take our own page's JSON body too", async () => {
    const res = await fetch(`${server.url}/api/unsubscribe/${tokenFor(dana.id, 'sms')}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(await consentOf(dana.id, dana.headers)).toEqual({ email: true, sms: false });
    // Back on for the texts below.
    expect((await setConsent(dana.id, dana.headers, { channel: 'sms', granted: true })).statusCode).toBe(200);
  });

  it('should answer 404 for a token that does not verify, revealing nothing', async () => {
    const genuine = tokenFor(dana.id, 'email');
    const forged = `${genuine.slice(0, 30)}${genuine[30] === 'A' ? 'B' : 'A'}${genuine.slice(31)}`;
    for (const token of [forged, 'not-a-token']) {
      const res = await oneClick(token);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { errors: string[] };
      expect(body.errors).toEqual(['This unsubscribe link is not valid. You can turn reminders off in My profile after signing in.']);
    }
    expect(await consentOf(dana.id, dana.headers)).toEqual({ email: true, sms: true });
  });
});

describe('POST /api/sms/inbound (the SMS provider\'s signed webhook)', () => {
  let sequence = 0;
  const inbound = (from: string, text: string, options: { messageId?: string; timestamp?: number; secret?: string } = {}) => {
    const body = JSON.stringify({ messageId: options.messageId ?? `in-${++sequence}-${Date.now()}`, from, to: '+17205550000', body: text, receivedAt: new Date().toISOString() });
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const signature = `sha256=${createHmac('sha256', options.secret ?? SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
    return fetch(`${server.url}/api/sms/inbound`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sms-timestamp': timestamp, 'x-sms-signature': signature }, body });
  };
  /** Waits until the local SMS server has `count` texts to `to`. */
  const textsTo = async (to: string, count: number) => {
    const deadline = Date.now() + 20_000;
    while (texts.filter((t) => t.to === to).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} texts to ${to}, got ${texts.filter((t) => t.to === to).length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return texts.filter((t) => t.to === to);
  };

  it('should refuse a bad signature and an old timestamp (401), recording nothing', async () => {
    const before = (await consentEvents(dana.id)).length;
    const forged = await inbound(`+1${DANA_MOBILE}`, 'STOP', { secret: 'another-secret-0123456789abcdef' });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { errors: string[] }).errors).toEqual(['The webhook signature is missing or invalid.']);
    const old = await inbound(`+1${DANA_MOBILE}`, 'STOP', { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(old.status).toBe(401);
    const unsigned = await fetch(`${server.url}/api/sms/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"messageId":"x","from":"+13035550741","body":"STOP"}' });
    expect(unsigned.status).toBe(401);
    expect((await consentEvents(dana.id)).length).toBe(before);
    expect(await consentOf(dana.id, dana.headers)).toEqual({ email: true, sms: true });
  });

  it('should turn texts off on STOP and answer it; a retried delivery answers once and records once', async () => {
    const messageId = 'provider-msg-stop-1';
    const first = await inbound(`+1 (303) 555-0741`, '  stop ', { messageId });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const retried = await inbound(`+1${DANA_MOBILE}`, 'stop', { messageId });
    expect(retried.status).toBe(200);
    const [answer] = await textsTo(DANA_MOBILE, 1);
    expect(answer!.body).toBe('Dealer Coupons: you will not get any more coupon reminder texts from us. Reply START to turn them back on, HELP for help.');
    expect(await consentOf(dana.id, dana.headers)).toEqual({ email: true, sms: false });
    const stops = (await consentEvents(dana.id)).filter((e) => e.source === 'sms-keyword');
    expect(stops).toEqual([{ customerId: dana.id, channel: 'sms', granted: false, source: 'sms-keyword', actor: 'system:sms-inbound' }]);
    // Give a second answer time to arrive, were there one.
    await new Promise((r) => setTimeout(r, 1000));
    expect(texts.filter((t) => t.to === DANA_MOBILE)).toHaveLength(1);
  });

  it('should turn texts on on START, and answer HELP without changing anything', async () => {
    expect((await inbound(DANA_MOBILE, 'Start')).status).toBe(200);
    const afterStart = await textsTo(DANA_MOBILE, 2);
    expect(afterStart[1]!.body).toContain('coupon reminder texts are on');
    expect(afterStart[1]!.body).toContain('Msg & data rates may apply. Reply STOP to opt out, HELP for help.');
    expect(await consentOf(dana.id, dana.headers)).toEqual({ email: true, sms: true });
    const before = (await consentEvents(dana.id)).length;
    expect((await inbound(`+1${DANA_MOBILE}`, 'HELP')).status).toBe(200);
    const afterHelp = await textsTo(DANA_MOBILE, 3);
    expect(afterHelp[2]!.body).toBe('Dealer Coupons: reminders before your coupons expire, at most 2 msgs per coupon. Msg & data rates may apply. Reply STOP to opt out. Manage reminders in My profile: https://service.dealer.example/customer/profile');
    expect((await consentEvents(dana.id)).length).toBe(before);
  });

  it("should answer STOP from a number that is no customer's and record no consent; other texts are acknowledged only", async () => {
    const stranger = '7205550999';
    expect((await inbound(`+1${stranger}`, 'STOP')).status).toBe(200);
    const [answer] = await textsTo(stranger, 1);
    expect(answer!.body).toContain('you will not get any more coupon reminder texts');
    const chat = await inbound(`+1${ERIN_MOBILE}`, 'Thanks, see you Tuesday!');
    expect(chat.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(texts.filter((t) => t.to === ERIN_MOBILE)).toEqual([]);
    expect((await consentEvents(erin.id)).filter((e) => e.source === 'sms-keyword')).toEqual([]);
  });
});
