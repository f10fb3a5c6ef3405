/**
 * Gift packs (issue 13 "Gifts") through HTTP with the demo payment provider, against real
 * PostgreSQL and Redis: a paid gift order issues nothing to the buyer and records the gift; the
 * recipient is e-mailed the links (development outbox); a new customer registers from the link
 * and sees the coupons at once; an existing customer claims through the sign-in link; a second
 * use, an expired link, a forged token and another customer's e-mail are refused with their
 * messages; two claims racing make one claim and one sale; a webhook-paid gift order records one gift;
 * a manager's void of the recipient's sale refunds the buyer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildProjection } from '@dealer/projector/rebuild';
import { onlineOrders } from '@dealer/read-models/online-orders/projection';
import type { InjectOptions } from 'fastify';
import { GIFT_MESSAGES, giftStreamId, onlineOrderStreamId, packSaleStreamId } from '@dealer/contracts';
import { systemContext, toNewEvents } from '@dealer/platform';
import { hashPassword } from '@dealer/command-api';
import { giftIdOf, giftSaleIdOf } from '@dealer/command-api/gifts/service';
import { ACCOUNT_EXISTS_FOR_GIFT } from '@dealer/command-api/gifts/register';
import { createPaymentProvider, type DemoPaymentProvider, type WebhookRequest } from '@dealer/platform/payments/index';
import { giftTokenFor, giftTokenHash, giftTokenKey } from '@dealer/platform/auth/gift-token';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs, xsrfHeaders } from './testing/auth';
import { DEMO_PASSWORD } from './demo/accounts';
import { demoPackId } from './demo/catalogue';

let server: TestServer;
const AUTH_SECRET = 'gifts-test-secret-of-a-sufficient-length';
let staff: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ webDist: null, env: { AUTH_SECRET } });
  staff = (await loginAs(server, 'employee')).headers;
  admin = (await loginAs(server, 'admin')).headers;
});
afterAll(async () => {
  await server?.stop();
});

const inject = (o: InjectOptions) => server.product.app.inject(o);
const VISA = '4242 4242 4242 4242';
type Who = { id: string; headers: Record<string, string> };

let phones = 0;
const nextPhone = () => `72055508${String(10 + phones++)}`;

async function signIn(emailAddress: string): Promise<Record<string, string>> {
  const xsrf = await xsrfHeaders(server);
  const login = await inject({ method: 'POST', url: '/auth-api/login', headers: xsrf, payload: { username: emailAddress, password: DEMO_PASSWORD } });
  expect(login.statusCode, login.body).toBe(200);
  return { ...xsrf, authorization: `Bearer ${login.json().dataSet.token}` };
}

async function customerWithAccount(firstName: string, emailAddress: string): Promise<Who> {
  const created = await inject({ method: 'POST', url: '/api/customers', headers: staff, payload: { firstName, lastName: 'Gifted', emailAddress, phoneMobile: nextPhone() } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().dataSet.customerId as string;
  await server.product.sql`insert into auth_credentials (user_kind, user_id, login, password_hash)
    values ('customer', ${id}, ${emailAddress}, ${await hashPassword(DEMO_PASSWORD)})`;
  return { id, headers: await signIn(emailAddress) };
}

/** Places and pays a gift order; answers the confirm's dataSet. */
async function buyGift(buyer: Who, recipientEmail: string, giftMessage: string | null = 'Happy birthday!') {
  const placed = await inject({ method: 'POST', url: '/api/online-orders', headers: buyer.headers, payload: { packId: demoPackId('oil4'), locationId: 1, recipientEmail, giftMessage } });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().dataSet.orderId as string;
  const paid = await inject({ method: 'POST', url: `/api/online-orders/${orderId}/confirm`, headers: buyer.headers, payload: { cardNumber: VISA } });
  expect(paid.statusCode, paid.body).toBe(200);
  return { orderId, answer: paid.json().dataSet, position: paid.json().metaData.position as string };
}

async function outbox(to: string) {
  const res = await inject({ method: 'GET', url: `/api/dev-outbox?to=${encodeURIComponent(to)}`, headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json().dataSet as { subject: string; body: string }[];
}

async function waitForMessage(to: string, subjectPart: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await outbox(to)).filter((m) => m.subject.includes(subjectPart));
    if (found.length > 0 || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The gift token of the links in the recipient's e-mail (both links carry the same one). */
async function giftTokenFromEmail(to: string) {
  const [message] = await waitForMessage(to, 'sent you a gift');
  expect(message, `no gift e-mail to ${to}`).toBeTruthy();
  const register = /\/registration\/gift\/([^/\s]+)\/([A-Za-z0-9_-]+)/.exec(message!.body);
  const login = /\/login\/([A-Za-z0-9_-]+)/.exec(message!.body);
  expect(decodeURIComponent(register![1]!)).toBe(to);
  expect(login![1]).toBe(register![2]);
  return { token: register![2]!, message: message! };
}

const claim = (who: Who, giftToken: string, extra: Record<string, string> = {}) =>
  inject({ method: 'POST', url: '/api/gift-claims', headers: { ...who.headers, ...extra }, payload: { giftToken } });

async function couponsOf(who: Who, position: string) {
  const res = await inject({ method: 'GET', url: `/api/customers/${who.id}/coupons`, headers: { ...who.headers, 'x-min-position': position } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataSet as { saleId: string }[];
}

describe('gift packs', () => {
  it('should send a paid gift to a new customer, who registers from the link and sees the coupons at once', async () => {
    const buyer = await customerWithAccount('Gina', 'gina.buyer@gifts.example');
    const recipient = 'new.friend@gifts.example';
    const { orderId, answer, position } = await buyGift(buyer, recipient);
    const giftId = giftIdOf(orderId);
    expect(answer).toMatchObject({ orderId, status: 'paid', saleId: null, gift: { recipientEmail: recipient } });
    expect(answer.message).toContain(`your gift was sent to ${recipient}`);
    // 30 days to claim it.
    const days = (Date.parse(answer.gift.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    // Nothing issued to the buyer; the order records the gift, not a sale.
    const purchases = await inject({ method: 'GET', url: `/api/customers/${buyer.id}/purchases`, headers: { ...buyer.headers, 'x-min-position': position } });
    expect(purchases.json().dataSet).toEqual([]);
    const paid = (await server.product.store.readStream(onlineOrderStreamId(orderId))).find((e) => e.type === 'OnlineOrderPaid')!.data;
    expect(paid).toMatchObject({ saleId: null, giftId });
    // The token is never in an event in clear, and the recipient's address is sealed with the buyer's key.
    const [raw] = await server.product.sql<{ data: Record<string, unknown> }[]>`select data from es_events where stream_id = ${giftStreamId(giftId)}`;
    expect(JSON.stringify(raw!.data)).not.toContain(recipient);
    expect(JSON.stringify(raw!.data)).not.toContain('Happy birthday');

    const { token, message } = await giftTokenFromEmail(recipient);
    expect(JSON.stringify(raw!.data)).not.toContain(token);
    expect(raw!.data.tokenHash).toBe(giftTokenHash(token));
    expect(message.subject).toBe('Gina Gifted sent you a gift: Oil Change 4-Pack');
    expect(message.body).toContain('Their message: "Happy birthday!"');
    expect(message.body).toContain('4 x ');
    // The buyer's receipt says it was a gift (one, no coupons for the buyer).
    const receipts = await waitForMessage('gina.buyer@gifts.example', 'Your receipt');
    expect(receipts.map((r) => r.subject)).toEqual(['Your receipt: Oil Change 4-Pack (gift)']);
    expect(receipts[0]!.body).toContain(`We e-mailed ${recipient} a link to claim it`);

    // A link whose e-mail is not the gift's is refused before anything is created.
    const xsrf = await xsrfHeaders(server);
    const registration = { firstName: 'Nia', lastName: 'Friend', phoneMobile: nextPhone(), password: 'gift-password-1', passwordConfirm: 'gift-password-1' };
    const wrongEmail = await inject({ method: 'POST', url: '/auth-api/registration/gift', headers: xsrf, payload: { ...registration, email: 'someone.else@gifts.example', giftToken: token } });
    expect(wrongEmail.statusCode).toBe(409);
    expect(wrongEmail.json().errors).toEqual([GIFT_MESSAGES.wrongEmail]);

    const registered = await inject({ method: 'POST', url: '/auth-api/registration/gift', headers: xsrf, payload: { ...registration, email: recipient, giftToken: token } });
    expect(registered.statusCode, registered.body).toBe(200);
    const body = registered.json();
    const customerId = body.dataSet.user.customerId as string;
    expect(customerId).toBeTruthy();
    const newcomer: Who = { id: customerId, headers: { ...xsrf, authorization: `Bearer ${body.dataSet.token}` } };
    const saleId = giftSaleIdOf(giftId);
    const coupons = await couponsOf(newcomer, body.metaData.position);
    expect(coupons.filter((c) => c.saleId === saleId)).toHaveLength(4);
    const [sold] = await server.product.store.readStream(packSaleStreamId(saleId));
    expect(sold!.data).toMatchObject({ customerId, onlineOrderId: orderId, saleRoNumber: 'ONLINE', status: 'final' });
    expect((await server.product.store.readStream(giftStreamId(giftId))).map((e) => [e.type, (e.data as { via?: string }).via])).toEqual([
      ['GiftPurchased', undefined],
      ['GiftClaimed', 'registration'],
    ]);

    // Issue 24 (decision 0091): the gift e-mail before the claim named no desk code; once claimed, the
    // recipient's account is e-mailed the coupons with the codes My coupons shows, and the pack's.
    const [ready] = await waitForMessage(recipient, 'Your gift is ready');
    expect(ready!.subject).toBe('Your gift is ready: Oil Change 4-Pack');
    const codesShown = coupons.filter((c) => c.saleId === saleId).map((c) => (c as unknown as { deskCode: string | null }).deskCode);
    expect(codesShown.every((c) => typeof c === 'string')).toBe(true);
    for (const code of codesShown) {
      expect(ready!.body).toContain(code!);
      expect(message.body).not.toContain(code!);
    }
    expect(message.body).not.toContain('Code');
    const [packCode] = await server.product.sql<{ code: string }[]>`select code from rm_pack_sales.desk_codes where sale_id = ${saleId} and kind = 'sale'`;
    expect(ready!.body).toContain(`Pack code: ${packCode!.code}`);
    expect(await waitForMessage(recipient, 'Your gift is ready')).toHaveLength(1);

    // A second use of the link, registering or signed in, is refused with a clear message.
    const again = await inject({ method: 'POST', url: '/auth-api/registration/gift', headers: await xsrfHeaders(server), payload: { ...registration, phoneMobile: nextPhone(), email: recipient, giftToken: token } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([GIFT_MESSAGES.alreadyClaimed]);
    const claimedAgain = await claim(newcomer, token);
    expect(claimedAgain.statusCode).toBe(409);
    expect(claimedAgain.json().errors).toEqual([GIFT_MESSAGES.alreadyClaimed]);
    expect(await server.product.store.readStream(packSaleStreamId(saleId))).toHaveLength(1);
    // The new customer signs in with the password chosen from the link.
    const login = await inject({ method: 'POST', url: '/auth-api/login', headers: await xsrfHeaders(server), payload: { username: recipient, password: 'gift-password-1' } });
    expect(login.statusCode).toBe(200);
  });

  it('should answer a claim whose answer was lost with its process again as claimed, not as already claimed', async () => {
    const buyer = await customerWithAccount('Kit', 'kit.buyer@gifts.example');
    const friend = await customerWithAccount('Lou', 'lou.friend@gifts.example');
    const { orderId } = await buyGift(buyer, 'lou.friend@gifts.example', null);
    const giftId = giftIdOf(orderId);
    const { token } = await giftTokenFromEmail('lou.friend@gifts.example');
    const first = await claim(friend, token, { 'idempotency-key': 'gift-claim-crash' });
    expect(first.statusCode).toBe(200);
    // The claim and its sale are recorded; the process died before the answer was kept.
    await server.product.sql`delete from idempotency_keys`;
    const retry = await claim(friend, token, { 'idempotency-key': 'gift-claim-crash' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().dataSet).toEqual(first.json().dataSet);
    expect((await server.product.store.readStream(giftStreamId(giftId))).filter((e) => e.type === 'GiftClaimed')).toHaveLength(1);
    expect((await server.product.store.readStream(packSaleStreamId(giftSaleIdOf(giftId)))).map((e) => e.type)).toEqual(['PackSold']);
    // Another click (a new key) is a second use.
    expect((await claim(friend, token)).statusCode).toBe(409);
  });

  it('should let an existing customer claim through the sign-in link, once under a race, and refuse another e-mail', async () => {
    const buyer = await customerWithAccount('Hal', 'hal.buyer@gifts.example');
    const friend = await customerWithAccount('Ivy', 'ivy.friend@gifts.example');
    const stranger = await customerWithAccount('Jo', 'jo.stranger@gifts.example');
    const { orderId } = await buyGift(buyer, 'IVY.Friend@gifts.example', null);
    const giftId = giftIdOf(orderId);
    const { token } = await giftTokenFromEmail('ivy.friend@gifts.example');

    // The buyer's order page: sent to the friend (as recorded: lower case), waiting until the link ends.
    await waitForProjections(server.product);
    const readOrder = async () => {
      const res = await inject({ method: 'GET', url: `/api/online-orders/${orderId}`, headers: buyer.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().dataSet as { status: string; gift: { recipientEmail: string | null; expiresAt: string; claimedAt: string | null; endedAt: string | null } };
    };
    const waiting = await readOrder();
    expect(waiting).toMatchObject({ status: 'paid', gift: { recipientEmail: 'ivy.friend@gifts.example', claimedAt: null, endedAt: null, endReason: null } });
    expect(Date.parse(waiting.gift.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    // Another customer (the recipient included) cannot read the buyer's order.
    expect((await inject({ method: 'GET', url: `/api/online-orders/${orderId}`, headers: friend.headers })).statusCode).toBe(404);

    const wrong = await claim(stranger, token);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().errors).toEqual([GIFT_MESSAGES.wrongEmail]);

    // The friend has an account: registering from the link says to sign in instead.
    const register = await inject({
      method: 'POST',
      url: '/auth-api/registration/gift',
      headers: await xsrfHeaders(server),
      payload: { email: 'ivy.friend@gifts.example', giftToken: token, firstName: 'Ivy', lastName: 'Friend', phoneMobile: nextPhone(), password: 'gift-password-1', passwordConfirm: 'gift-password-1' },
    });
    expect(register.statusCode).toBe(409);
    expect(register.json().errors).toEqual([ACCOUNT_EXISTS_FOR_GIFT]);

    // Two claims at once (a double click): one claim, one sale.
    const [one, two] = await Promise.all([claim(friend, token, { 'idempotency-key': 'gift-claim-1' }), claim(friend, token, { 'idempotency-key': 'gift-claim-2' })]);
    const answers = [one, two];
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    for (const r of answers) {
      if (r.statusCode === 200) expect(r.json().dataSet).toMatchObject({ giftId, saleId: giftSaleIdOf(giftId), message: GIFT_MESSAGES.claimed });
      else expect(r.json().errors).toEqual([GIFT_MESSAGES.alreadyClaimed]);
    }
    expect((await server.product.store.readStream(giftStreamId(giftId))).filter((e) => e.type === 'GiftClaimed')).toHaveLength(1);
    const sale = await server.product.store.readStream(packSaleStreamId(giftSaleIdOf(giftId)));
    expect(sale.map((e) => e.type)).toEqual(['PackSold']);
    expect(sale[0]!.data).toMatchObject({ customerId: friend.id, onlineOrderId: orderId });
    const position = (answers.find((r) => r.statusCode === 200)!.json().metaData.position) as string;
    expect((await couponsOf(friend, position)).filter((c) => c.saleId === giftSaleIdOf(giftId))).toHaveLength(4);
    // A retry with the same key answers the first result again; a new click is a second use.
    const replay = await claim(friend, token, { 'idempotency-key': one.statusCode === 200 ? 'gift-claim-1' : 'gift-claim-2' });
    expect(replay.statusCode).toBe(200);
    expect((await claim(friend, token)).statusCode).toBe(409);

    // The buyer's order page: claimed, when.
    await waitForProjections(server.product);
    const claimed = await readOrder();
    expect(claimed.status).toBe('paid');
    expect(Date.parse(claimed.gift.claimedAt!)).toBeGreaterThan(Date.parse(waiting.gift.expiresAt) - 31 * 86_400_000);
    expect(claimed.gift.endedAt).toBeNull();

    // My coupons' "Gifts you sent": the buyer's own gift orders only (an ordinary order is not one); nobody else's.
    const plain = await inject({ method: 'POST', url: '/api/online-orders', headers: buyer.headers, payload: { packId: demoPackId('oil4'), locationId: 1 } });
    expect(plain.statusCode, plain.body).toBe(200);
    await waitForProjections(server.product);
    const sent = await inject({ method: 'GET', url: `/api/customers/${buyer.id}/gifts`, headers: buyer.headers });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.headers['cache-control']).toBe('no-store');
    const gifts = sent.json().dataSet as { orderId: string; isGift: boolean; gift: { recipientEmail: string; claimedAt: string | null } }[];
    expect(gifts.map((g) => g.orderId)).toEqual([orderId]);
    expect(gifts[0]!.gift).toMatchObject({ recipientEmail: 'ivy.friend@gifts.example', claimedAt: claimed.gift.claimedAt });
    expect((await inject({ method: 'GET', url: `/api/customers/${friend.id}/gifts`, headers: friend.headers })).json().dataSet).toEqual([]);
    expect((await inject({ method: 'GET', url: `/api/customers/${buyer.id}/gifts`, headers: friend.headers })).statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: `/api/customers/${buyer.id}/gifts`, headers: staff })).statusCode).toBe(403);

    // The buyer's erasure: the recipient's address (the buyer's personal data) leaves the order, also after a rebuild.
    const erased = await inject({ method: 'POST', url: '/api/customer-erasure', headers: admin, payload: { customerId: buyer.id, reason: 'Asked to be forgotten' } });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    await waitForProjections(server.product);
    const afterErasure = async () =>
      (await server.product.sql`select gift_recipient_email as email, gift_claimed_at is not null as claimed from rm_online_orders.orders where order_id = ${orderId}`)[0];
    expect(await afterErasure()).toEqual({ email: null, claimed: true });
    await rebuildProjection({ sql: server.product.sql, store: server.product.store }, onlineOrders);
    expect(await afterErasure()).toEqual({ email: null, claimed: true });
  });

  it('should refuse an expired link, a forged or malformed token, and bad gift fields at checkout', async () => {
    const buyer = await customerWithAccount('Kim', 'kim.buyer@gifts.example');
    const late = await customerWithAccount('Lou', 'lou.late@gifts.example');
    // A gift bought 31 days ago (written as the purchase writes it, with its expiry passed).
    const orderId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const giftId = giftIdOf(orderId);
    const token = giftTokenFor(giftTokenKey(verificationHashKey(AUTH_SECRET)), giftId);
    const boughtAt = new Date(Date.now() - 31 * 86_400_000);
    await server.product.store.appendToStream(giftStreamId(giftId), toNewEvents([
      {
        type: 'GiftPurchased',
        data: {
          giftId, customerId: buyer.id, orderId, packId: demoPackId('oil4'), locationId: 1, price: 29900, tax: 2392, total: 32292,
          recipientEmail: 'lou.late@gifts.example', giftMessage: null, tokenHash: giftTokenHash(token),
          purchasedAt: boughtAt.toISOString(), expiresAt: new Date(boughtAt.getTime() + 30 * 86_400_000).toISOString(),
        },
      },
    ], systemContext('test:gifts', 'gifts-test')));
    const expired = await claim(late, token);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().errors).toEqual([GIFT_MESSAGES.expired]);
    expect(await server.product.store.readStream(packSaleStreamId(giftSaleIdOf(giftId)))).toEqual([]);

    // A token of the right shape whose secret part is not the gift's, and tokens that are not tokens.
    const forged = token.slice(0, 30) + (token[30] === 'A' ? 'B' : 'A') + token.slice(31);
    for (const bad of [forged, 'no-such-token', '']) {
      const res = await claim(late, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0]).toMatch(/gift link/);
    }

    const place = (payload: Record<string, unknown>) => inject({ method: 'POST', url: '/api/online-orders', headers: buyer.headers, payload: { packId: demoPackId('oil4'), locationId: 1, ...payload } });
    const self = await place({ recipientEmail: 'KIM.buyer@gifts.example' });
    expect(self.statusCode).toBe(400);
    expect(self.json().fields.recipientEmail).toBe(GIFT_MESSAGES.recipientIsBuyer);
    expect((await place({ recipientEmail: 'not-an-address' })).json().fields.recipientEmail).toBe(GIFT_MESSAGES.recipientEmailInvalid);
    expect((await place({ recipientEmail: 'ok@gifts.example', giftMessage: 'x'.repeat(301) })).json().fields.giftMessage).toBe(GIFT_MESSAGES.messageTooLong);
    expect((await place({ giftMessage: 'for nobody' })).json().fields.recipientEmail).toBe(GIFT_MESSAGES.messageWithoutRecipient);
    expect((await place({ recipientEmail: 'x'.repeat(400) })).statusCode).toBe(400);
  });
  it('should record one gift from a signed webhook when the browser never confirmed, once under replays, and tell the returning browser it was sent', async () => {
    const buyer = await customerWithAccount('Max', 'max.buyer@gifts.example');
    const friend = await customerWithAccount('Noa', 'noa.friend@gifts.example');
    const placed = await inject({ method: 'POST', url: '/api/online-orders', headers: buyer.headers, payload: { packId: demoPackId('essential'), locationId: 1, recipientEmail: 'noa.friend@gifts.example' } });
    const order = placed.json().dataSet as { orderId: string; total: number };
    // The provider's side (a second demo provider with the product's secret) takes the payment; the browser went away.
    const providerSide = createPaymentProvider({ APP_MODE: 'demo', PAYMENT_PROVIDER: 'demo', authSecret: AUTH_SECRET }) as DemoPaymentProvider;
    const payment = await providerSide.createPayment({ amountCents: order.total, idempotencyKey: `order:${order.orderId}:payment`, orderId: order.orderId });
    await providerSide.confirmPayment({ paymentId: payment.paymentId, paymentMethod: VISA, idempotencyKey: `order:${order.orderId}:browser` });
    const succeeded = providerSide.notifications().find((n) => String(n.rawBody).includes('payment-succeeded')) as WebhookRequest;
    for (let i = 0; i < 3; i++) {
      const res = await inject({ method: 'POST', url: '/api/payment-webhooks/demo', headers: { ...(succeeded.headers as Record<string, string>), 'content-type': 'application/json' }, payload: succeeded.rawBody });
      expect(res.statusCode, res.body).toBe(200);
    }
    const giftId = giftIdOf(order.orderId);
    expect((await server.product.store.readStream(giftStreamId(giftId))).map((e) => e.type)).toEqual(['GiftPurchased']);
    expect((await server.product.store.readStream(onlineOrderStreamId(order.orderId))).map((e) => e.type)).toEqual(['OnlineOrderPlaced', 'OnlineOrderPaid']);
    // The browser coming back is told the gift was sent.
    const late = await inject({ method: 'POST', url: `/api/online-orders/${order.orderId}/confirm`, headers: buyer.headers, payload: { cardNumber: VISA } });
    expect(late.json().dataSet).toMatchObject({ status: 'paid', saleId: null, gift: { recipientEmail: 'noa.friend@gifts.example' } });

    const { token } = await giftTokenFromEmail('noa.friend@gifts.example');
    const claimed = await claim(friend, token);
    expect(claimed.statusCode, claimed.body).toBe(200);
  });

  it("should refund the buyer's payment when a manager voids the recipient's sale, once under a retried void", async () => {
    const buyer = await customerWithAccount('Oli', 'oli.buyer@gifts.example');
    const friend = await customerWithAccount('Pia', 'pia.friend@gifts.example');
    const { orderId, answer } = await buyGift(buyer, 'pia.friend@gifts.example');
    const giftId = giftIdOf(orderId);
    const { token } = await giftTokenFromEmail('pia.friend@gifts.example');
    const claimed = await claim(friend, token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const manager = (await loginAs(server, 'manager')).headers;
    const saleId = giftSaleIdOf(giftId);
    for (let i = 0; i < 2; i++) {
      const voided = await inject({ method: 'POST', url: `/api/pack-sales/${saleId}/void`, headers: { ...manager, 'x-min-position': claimed.json().metaData.position }, payload: { reason: 'Gift returned' } });
      expect(voided.statusCode, voided.body).toBe(200);
    }
    const refunded = (await server.product.store.readStream(onlineOrderStreamId(orderId))).filter((e) => e.type === 'OnlineOrderRefunded');
    expect(refunded.map((e) => e.data)).toEqual([expect.objectContaining({ saleId, customerId: buyer.id })]);
    expect(answer.gift.recipientEmail).toBe('pia.friend@gifts.example');
  });
});
