/**
 * Gifts that end unclaimed (issue 13 "Gifts"), against real PostgreSQL, Redis and the demo payment
 * provider: a gift whose link expired unclaimed is refunded in full once whatever how often the
 * sweep runs (GiftExpired, the provider's refund, OnlineOrderRefunded; the buyer e-mailed; the
 * reports count the sale on the payment day and its void); a claim after it is refused with a clear
 * message; a claim racing the expiry: exactly one of them is recorded; a gift whose pack can no
 * longer be sold when the recipient claims it is refunded the same way at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { GIFT_LIFETIME_DAYS, GIFT_MESSAGES, giftStreamId, onlineOrderStreamId, packSaleStreamId } from '@dealer/contracts';
import { DomainError, systemContext, type EventStore } from '@dealer/platform';
import { hashPassword } from '@dealer/command-api';
import { claimGift, giftIdOf, giftSaleIdOf } from '@dealer/command-api/gifts/service';
import { endGift, sweepExpiredGifts } from '@dealer/workers/jobs/gift-expiry';
import { confirmOnlineOrder, placeOnlineOrder, type OnlineOrderDeps } from '@dealer/command-api/online-orders/service';
import { createPaymentProvider, type DemoPaymentProvider } from '@dealer/platform/payments/index';
import { giftTokenKey } from '@dealer/platform/auth/gift-token';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs, xsrfHeaders } from './testing/auth';
import { DEMO_PASSWORD } from './demo/accounts';
import { demoPackId } from './demo/catalogue';

const AUTH_SECRET = 'gift-expiry-test-secret-of-enough-length';
const VISA = '4242 4242 4242 4242';
let server: TestServer;
let staff: Record<string, string>;
let admin: Record<string, string>;
let manager: Record<string, string>;
let provider: DemoPaymentProvider;
let deps: OnlineOrderDeps;
beforeAll(async () => {
  server = await startTestServer({ webDist: null, env: { AUTH_SECRET } });
  staff = (await loginAs(server, 'employee')).headers;
  admin = (await loginAs(server, 'admin')).headers;
  manager = (await loginAs(server, 'manager')).headers;
  // The test's own demo provider (it holds the payments it took): the gifts are bought through the
  // service with it, under the server's gift key, so the e-mailed links work against the server.
  provider = createPaymentProvider({ APP_MODE: 'demo', PAYMENT_PROVIDER: 'demo', authSecret: AUTH_SECRET }) as DemoPaymentProvider;
  deps = { store: server.product.store, sql: server.product.sql, provider, giftKey: giftTokenKey(verificationHashKey(AUTH_SECRET)) };
});
afterAll(async () => {
  await server?.stop();
});

const inject = (o: InjectOptions) => server.product.app.inject(o);
const ctx = () => systemContext('test:gift-expiry');
const afterExpiry = (minutes = 1) => new Date(Date.now() + GIFT_LIFETIME_DAYS * 86_400_000 + minutes * 60_000);
let phones = 0;

async function customer(firstName: string, emailAddress: string, withAccount = false): Promise<{ id: string; headers: Record<string, string> }> {
  const created = await inject({ method: 'POST', url: '/api/customers', headers: staff, payload: { firstName, lastName: 'Expiry', emailAddress, phoneMobile: `72055507${String(10 + phones++)}` } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().dataSet.customerId as string;
  if (!withAccount) return { id, headers: {} };
  await server.product.sql`insert into auth_credentials (user_kind, user_id, login, password_hash) values ('customer', ${id}, ${emailAddress}, ${await hashPassword(DEMO_PASSWORD)})`;
  const xsrf = await xsrfHeaders(server);
  const login = await inject({ method: 'POST', url: '/auth-api/login', headers: xsrf, payload: { username: emailAddress, password: DEMO_PASSWORD } });
  expect(login.statusCode, login.body).toBe(200);
  return { id, headers: { ...xsrf, authorization: `Bearer ${login.json().dataSet.token}` } };
}

async function buyGift(buyerId: string, recipientEmail: string, pack = 'oil4', locationId = 1) {
  const { view } = await placeOnlineOrder(deps, buyerId, { packId: demoPackId(pack), locationId, recipientEmail, giftMessage: 'Enjoy' }, ctx());
  const paid = await confirmOnlineOrder(deps, buyerId, view.orderId, { cardNumber: VISA }, ctx());
  expect(paid.view.status).toBe('paid');
  return { orderId: view.orderId, giftId: giftIdOf(view.orderId), total: view.total, tax: view.tax };
}

async function outbox(to: string, subjectPart: string, wait = true) {
  const deadline = Date.now() + (wait ? 20_000 : 0);
  for (;;) {
    const res = await inject({ method: 'GET', url: `/api/dev-outbox?to=${encodeURIComponent(to)}`, headers: admin });
    expect(res.statusCode).toBe(200);
    const found = (res.json().dataSet as { subject: string; body: string }[]).filter((m) => m.subject.includes(subjectPart));
    if (found.length > 0 || Date.now() >= deadline) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function tokenFor(to: string) {
  const [message] = await outbox(to, 'sent you a gift');
  expect(message, `no gift e-mail to ${to}`).toBeTruthy();
  return /\/login\/([A-Za-z0-9_-]+)/.exec(message!.body)![1]!;
}

const types = async (stream: string) => (await server.product.store.readStream(stream)).map((e) => e.type);
const claim = (who: { headers: Record<string, string> }, giftToken: string) => inject({ method: 'POST', url: '/api/gift-claims', headers: who.headers, payload: { giftToken } });

describe('gifts that end unclaimed', () => {
  it('should refund an expired gift once under replayed sweeps, tell the buyer, refuse a later claim and show the void in the reports', async () => {
    const buyer = await customer('Ada', 'ada.buyer@expiry.example');
    const friend = await customer('Ben', 'ben.friend@expiry.example', true);
    const gift = await buyGift(buyer.id, 'ben.friend@expiry.example');
    const token = await tokenFor('ben.friend@expiry.example');
    await waitForProjections(server.product);

    // Not expired yet: nothing to do.
    expect(await endGift(deps, gift.giftId, 'expired', new Date(), ctx())).toBeNull();
    expect(await sweepExpiredGifts(deps, new Date())).toEqual({ refunded: 0, failed: 0 });

    // Swept after expiry, three times (and once more directly): one GiftExpired, one refund.
    expect(await sweepExpiredGifts(deps, afterExpiry())).toEqual({ refunded: 1, failed: 0 });
    await Promise.all([sweepExpiredGifts(deps, afterExpiry(2)), sweepExpiredGifts(deps, afterExpiry(3))]);
    expect(await endGift(deps, gift.giftId, 'expired', afterExpiry(4), ctx())).toBeNull();
    expect(await types(giftStreamId(gift.giftId))).toEqual(['GiftPurchased', 'GiftExpired']);
    const order = await server.product.store.readStream(onlineOrderStreamId(gift.orderId));
    const refunds = order.filter((e) => e.type === 'OnlineOrderRefunded');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.data).toMatchObject({ saleId: giftSaleIdOf(gift.giftId), amount: gift.total, status: 'succeeded' });
    const paymentId = (order[0]!.data as { paymentId: string }).paymentId;
    expect(await provider.getPayment(paymentId)).toMatchObject({ status: 'succeeded' });
    // The provider refunded the whole payment once: nothing is left to refund.
    await expect(provider.refundPayment({ paymentId, idempotencyKey: 'test:another-refund', orderId: gift.orderId })).rejects.toMatchObject({ code: 'charge_already_refunded' });

    // The recipient comes too late: refused with why, nothing issued.
    const late = await claim(friend, token);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual([GIFT_MESSAGES.expiredRefunded]);
    expect(await types(packSaleStreamId(giftSaleIdOf(gift.giftId)))).toEqual([]);

    // The buyer is told, once.
    const told = await outbox('ada.buyer@expiry.example', 'Your gift was refunded');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('was not claimed');
    expect(told[0]!.body).toContain('Your payment was refunded in full.');

    // Reports: sold on the payment day, voided with the whole refund; the order reads refunded; nothing parked.
    await waitForProjections(server.product);
    const [sale] = await server.product.sql`select kind, status, total::int, refund::int, refund_tax::int, provider_refunded_at is not null as refunded from rm_reports.sales where sale_id = ${giftSaleIdOf(gift.giftId)}`;
    expect(sale).toEqual({ kind: 'online', status: 'voided', total: gift.total, refund: gift.total, refund_tax: gift.tax, refunded: true });
    const [row] = await server.product.sql`select status, gift_ended_at is not null as ended from rm_online_orders.orders where order_id = ${gift.orderId}`;
    expect(row).toEqual({ status: 'refunded', ended: true });
    // The order page's view: to whom, ended unclaimed because it expired, the whole payment refunded.
    const read = await inject({ method: 'GET', url: `/api/online-orders/${gift.orderId}`, headers: admin });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().dataSet).toMatchObject({ status: 'refunded', refundAmount: gift.total, isGift: true, giftId: gift.giftId });
    expect(read.json().dataSet.gift).toMatchObject({ recipientEmail: 'ben.friend@expiry.example', claimedAt: null, endReason: 'expired' });
    expect(Date.parse(read.json().dataSet.gift.endedAt)).toBeGreaterThan(Date.parse(read.json().dataSet.gift.expiresAt));
    expect(await server.product.sql`select projection, event_type, error from parked_events`).toEqual([]);
  }, 90_000);

  /** The store as `real`, except that the first append to `stream` first runs `meanwhile` (the other side of a race). */
  function interleaved(stream: string, meanwhile: () => Promise<unknown>): EventStore {
    let done = false;
    const real = server.product.store;
    return new Proxy(real, {
      get(target, key, receiver) {
        if (key === 'appendToStream') {
          return async (...args: Parameters<EventStore['appendToStream']>) => {
            if (args[0] === stream && !done) {
              done = true;
              await meanwhile();
            }
            return target.appendToStream(...args);
          };
        }
        const value = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  it('should record exactly one of a claim and an expiry racing, and refuse the claim when the expiry won', async () => {
    const buyer = await customer('Cy', 'cy.buyer@expiry.example');
    const refundsOf = async (orderId: string) => (await types(onlineOrderStreamId(orderId))).filter((t) => t === 'OnlineOrderRefunded');

    // The expiry decided on the gift unclaimed, but the claim was recorded before its GiftExpired: the claim stands.
    const one = await customer('Dee', 'dee.friend@expiry.example', true);
    const kept = await buyGift(buyer.id, 'dee.friend@expiry.example');
    const keptToken = await tokenFor('dee.friend@expiry.example');
    const lateExpiry = { ...deps, store: interleaved(giftStreamId(kept.giftId), async () => expect((await claim(one, keptToken)).statusCode).toBe(200)) };
    expect(await endGift(lateExpiry, kept.giftId, 'expired', afterExpiry(), ctx())).toBeNull();
    expect(await types(giftStreamId(kept.giftId))).toEqual(['GiftPurchased', 'GiftClaimed']);
    expect(await types(packSaleStreamId(giftSaleIdOf(kept.giftId)))).toEqual(['PackSold']);
    expect(await refundsOf(kept.orderId)).toEqual([]);

    // The claim decided on the gift unclaimed, but the expiry was recorded before its GiftClaimed: refused, refunded once.
    const two = await customer('Dan', 'dan.friend@expiry.example', true);
    const lost = await buyGift(buyer.id, 'dan.friend@expiry.example');
    const lostToken = await tokenFor('dan.friend@expiry.example');
    const lateClaim = { ...deps, store: interleaved(giftStreamId(lost.giftId), async () => expect(await endGift(deps, lost.giftId, 'expired', afterExpiry(), ctx())).toBe('refunded')) };
    await expect(claimGift(lateClaim, { giftToken: lostToken, customerId: two.id, via: 'sign-in' }, ctx())).rejects.toMatchObject({ errors: [GIFT_MESSAGES.expiredRefunded] });
    expect(await types(giftStreamId(lost.giftId))).toEqual(['GiftPurchased', 'GiftExpired']);
    expect(await types(packSaleStreamId(giftSaleIdOf(lost.giftId)))).toEqual([]);
    expect(await refundsOf(lost.orderId)).toHaveLength(1);

    // Both at once, for real: exactly one of them.
    const three = await customer('Dot', 'dot.friend@expiry.example', true);
    const raced = await buyGift(buyer.id, 'dot.friend@expiry.example');
    const racedToken = await tokenFor('dot.friend@expiry.example');
    const [claimed, ended] = await Promise.all([claim(three, racedToken), endGift(deps, raced.giftId, 'expired', afterExpiry(), ctx())]);
    const ends = (await types(giftStreamId(raced.giftId))).filter((t) => t === 'GiftClaimed' || t === 'GiftExpired');
    expect(ends).toHaveLength(1);
    if (ends[0] === 'GiftClaimed') {
      expect([claimed.statusCode, ended, await refundsOf(raced.orderId)]).toEqual([200, null, []]);
    } else {
      expect([claimed.statusCode, claimed.json().errors, ended, (await refundsOf(raced.orderId)).length]).toEqual([409, [GIFT_MESSAGES.expiredRefunded], 'refunded', 1]);
      expect(await types(packSaleStreamId(giftSaleIdOf(raced.giftId)))).toEqual([]);
    }

    // The sweep afterwards: the claimed gift is left alone, the refunded ones are not refunded again.
    await waitForProjections(server.product);
    expect(await sweepExpiredGifts(deps, afterExpiry(10))).toEqual({ refunded: 0, failed: 0 });
    expect(await refundsOf(kept.orderId)).toEqual([]);
    expect(await server.product.sql`select projection, event_type from parked_events`).toEqual([]);
  }, 90_000);

  it('should refund a gift at once when its pack can no longer be sold as the recipient claims it', async () => {
    const buyer = await customer('Eve', 'eve.buyer@expiry.example');
    const friend = await customer('Flo', 'flo.friend@expiry.example', true);
    const gift = await buyGift(buyer.id, 'flo.friend@expiry.example', 'cleanAir', 2);
    const token = await tokenFor('flo.friend@expiry.example');
    const other = await buyGift(buyer.id, 'gus.new@expiry.example', 'cleanAir', 2);
    const otherToken = await tokenFor('gus.new@expiry.example');
    const disabled = await inject({ method: 'POST', url: `/api/packs/${demoPackId('cleanAir')}/disable`, headers: manager, payload: { reason: 'Season over' } });
    expect(disabled.statusCode, disabled.body).toBe(200);

    const refused = claimGift(deps, { giftToken: token, customerId: friend.id, via: 'sign-in' }, ctx());
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ errors: [GIFT_MESSAGES.notSellableRefunded] });
    expect(await types(giftStreamId(gift.giftId))).toEqual(['GiftPurchased', 'GiftExpired']);
    expect((await server.product.store.readStream(giftStreamId(gift.giftId)))[1]!.data).toMatchObject({ reason: 'not-sellable', refund: gift.total });
    expect((await types(onlineOrderStreamId(gift.orderId))).filter((t) => t === 'OnlineOrderRefunded')).toHaveLength(1);
    // Again: the same refusal, nothing more.
    await expect(claimGift(deps, { giftToken: token, customerId: friend.id, via: 'sign-in' }, ctx())).rejects.toMatchObject({ errors: [GIFT_MESSAGES.notSellableRefunded] });
    expect((await types(onlineOrderStreamId(gift.orderId))).filter((t) => t === 'OnlineOrderRefunded')).toHaveLength(1);

    // A new recipient registering from the link: refused before any account is made. The server's
    // provider does not hold this test's payment, so its refund fails: the gift is ended all the same
    // and the sweep finishes the refund (not waiting for the link's expiry).
    const registration = await inject({
      method: 'POST',
      url: '/auth-api/registration/gift',
      headers: await xsrfHeaders(server),
      payload: { email: 'gus.new@expiry.example', giftToken: otherToken, firstName: 'Gus', lastName: 'New', phoneMobile: `72055507${String(10 + phones++)}`, password: 'gift-password-1', passwordConfirm: 'gift-password-1' },
    });
    expect(registration.statusCode, registration.body).toBe(409);
    expect(registration.json().errors).toEqual([GIFT_MESSAGES.notSellableRefunded]);
    expect(await server.product.sql`select 1 from auth_credentials where login = 'gus.new@expiry.example'`).toHaveLength(0);
    expect(await types(giftStreamId(other.giftId))).toEqual(['GiftPurchased', 'GiftExpired']);
    expect((await types(onlineOrderStreamId(other.orderId))).filter((t) => t === 'OnlineOrderRefunded')).toHaveLength(0);
    await waitForProjections(server.product);
    expect(await sweepExpiredGifts(deps, new Date())).toEqual({ refunded: 1, failed: 0 });
    expect((await types(onlineOrderStreamId(other.orderId))).filter((t) => t === 'OnlineOrderRefunded')).toHaveLength(1);

    // The buyer is told of each gift once (two gifts, two messages).
    let told = await outbox('eve.buyer@expiry.example', 'Your gift was refunded');
    for (const deadline = Date.now() + 20_000; told.length < 2 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 100));
      told = await outbox('eve.buyer@expiry.example', 'Your gift was refunded', false);
    }
    expect(told).toHaveLength(2);
    expect(told[0]!.body).toContain('no longer sold');
    await waitForProjections(server.product);
    expect(await server.product.sql`select projection, event_type from parked_events`).toEqual([]);
  }, 90_000);
});
