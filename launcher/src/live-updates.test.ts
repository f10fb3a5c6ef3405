/**
 * Live updates (issue 24 part 3, ADR 0087) over a real socket against real PostgreSQL: the
 * stream ticket (single use), who is told about which change (staff at the change's location,
 * a customer about their own), the read position in each message (a refetch with it reads the
 * change), reconnect with Last-Event-ID, heartbeat comments, the end of the stream at sign-out,
 * and the streams limit per user. Decision 0091: paper books (staff at the book's locations), online
 * orders and gifts (their customer, a gift's buyer; managers at the order's location).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STREAM_PATH, EVENT_STREAM_TICKET_PATH, LIVE_MESSAGES, redemptionVerificationStreamId, type LiveMessage } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { startTestServer, type TestServer } from './testing/test-server';
import { REPO_ROOT } from './product';
import { createCustomerWithAccount, loginAs, xsrfHeaders } from './testing/auth';
import { employeeWithRoles } from './testing/rooftops';
import { DEMO_TIME_ZONE, importDmsRecords } from '@dealer/dms/index';
import { localDateOf } from '@dealer/contracts';
import { giftIdOf, giftSaleIdOf } from '@dealer/command-api/gifts/service';
import { giftTokenFor, giftTokenKey } from '@dealer/platform/auth/gift-token';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { demoPackId } from './demo/catalogue';

let server: TestServer;
let staffA: Record<string, string>;
let staffB: Record<string, string>;
let pat: Record<string, string>;
let managerA: Record<string, string>;
const AUTH_SECRET = 'live-updates-test-secret-of-a-sufficient-length';
const patId = deterministicUuid('demo-customer-0');
const otherCustomerId = deterministicUuid('demo-customer-1');

beforeAll(async () => {
  server = await startTestServer({ webDist: null, env: { AUTH_SECRET, LIVE_HEARTBEAT_SECONDS: '1', LIVE_MAX_STREAMS_PER_USER: '3' } });
  staffA = (await employeeWithRoles(server, 'live-a', [{ role: 'employee', locationId: 1 }])).headers;
  staffB = (await employeeWithRoles(server, 'live-b', [{ role: 'employee', locationId: 2 }])).headers;
  pat = (await loginAs(server, 'customer')).headers;
  managerA = (await employeeWithRoles(server, 'live-m', [{ role: 'manager', locationId: 1 }])).headers;
});
afterAll(async () => {
  await server?.stop();
});
/** Every stream a test opened is closed after it, passed or failed (the limit per user counts open ones). */
const opened: Stream[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) s.close();
  await new Promise((r) => setTimeout(r, 100));
});

interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

interface Stream {
  status: number;
  frames: Frame[];
  ended: boolean;
  /** Resolves with the first frame (from the start) that `match` accepts; throws after `ms`. */
  waitFor(match: (f: Frame) => boolean, ms?: number): Promise<Frame>;
  close(): void;
}

async function ticketFor(headers: Record<string, string>): Promise<string> {
  const res = await server.product.app.inject({ method: 'POST', url: EVENT_STREAM_TICKET_PATH, headers, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().dataSet.ticket as string;
}

/** Opens the stream over a socket, as EventSource does, and parses its frames as they come. */
function open(path: string, headers: Record<string, string> = { accept: 'text/event-stream' }): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(server.url);
    let req: ClientRequest | null = null;
    req = httpRequest({ host: '127.0.0.1', port: Number(port), path, headers }, (res) => {
      const stream: Stream = {
        status: res.statusCode ?? 0,
        frames: [],
        ended: false,
        async waitFor(match, ms = 10_000) {
          const deadline = Date.now() + ms;
          for (;;) {
            const found = stream.frames.find(match);
            if (found) return found;
            if (Date.now() > deadline) throw new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(stream.frames)}`);
            await new Promise((r) => setTimeout(r, 20));
          }
        },
        close: () => req?.destroy(),
      };
      opened.push(stream);
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const frame: Frame = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(': ')) frame.comment = line.slice(2);
            else if (line.startsWith('id: ')) frame.id = line.slice(4);
            else if (line.startsWith('event: ')) frame.event = line.slice(7);
            else if (line.startsWith('data: ')) frame.data = line.slice(6);
          }
          stream.frames.push(frame);
        }
      });
      res.on('end', () => (stream.ended = true));
      res.on('close', () => (stream.ended = true));
      resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}

const openAs = async (headers: Record<string, string>, lastEventId?: string) =>
  open(`${EVENT_STREAM_PATH}?ticket=${await ticketFor(headers)}`, { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) });

const changeOf = (f: Frame) => (f.event === 'change' ? (JSON.parse(f.data!) as LiveMessage) : null);
const changeAbout = (id: string) => (f: Frame) => changeOf(f)?.id === id;

/** A verification started for `customerId` at `locationId`, as the command API records one (the projections apply it). */
async function startVerification(customerId: string, locationId: number): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await server.product.store.appendToStream(redemptionVerificationStreamId(id), [
    {
      type: 'RedemptionVerificationStarted',
      data: {
        redemptionVerificationId: id, customerId, roNumber: `LIVE-${id.slice(0, 8)}`, locationId, type: 'email', pendingOpCodes: ['01OIL'],
        opCodeDescriptions: { '01OIL': 'Oil change' }, preApprovedOpCodes: [], customerVerifiesRedemptions: false, startedAt: now.toISOString(),
        expires: new Date(now.getTime() + 15 * 60_000).toISOString(), rateLimitSeconds: 60, sendId: randomUUID(),
      },
      metadata: { eventId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: 'system:test', time: now.toISOString() },
    },
  ], { expectedRevision: 'no_stream' });
  return id;
}

/** Appends the customer's answer; resolves with its position in the log. */
async function answer(id: string, customerId: string): Promise<number> {
  const now = new Date().toISOString();
  const { position } = await server.product.store.appendToStream(redemptionVerificationStreamId(id), [
    {
      type: 'RedemptionVerificationAnswered',
      data: { redemptionVerificationId: id, customerId, approvedOpCodes: ['01OIL'], declinedOpCodes: [], answeredAt: now },
      metadata: { eventId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: `customer:${customerId}`, time: now },
    },
  ], { expectedRevision: 'any' }); // the workers may have recorded the message's sending meanwhile
  return position;
}

describe('the stream ticket', () => {
  it('should open one stream once: the same ticket again, a forged one or none is 401', async () => {
    const ticket = await ticketFor(staffA);
    const first = await open(`${EVENT_STREAM_PATH}?ticket=${ticket}`);
    expect(first.status).toBe(200);
    await first.waitFor((f) => f.event === 'ready');
    first.close();
    expect((await open(`${EVENT_STREAM_PATH}?ticket=${ticket}`)).status).toBe(401);
    const [payload] = ticket.split('.');
    expect((await open(`${EVENT_STREAM_PATH}?ticket=${payload}.${'A'.repeat(43)}`)).status).toBe(401);
    expect((await open(EVENT_STREAM_PATH)).status).toBe(401);
  });

  it('should be asked with the session and the anti-forgery pair', async () => {
    const anonymous = await xsrfHeaders(server);
    expect((await server.product.app.inject({ method: 'POST', url: EVENT_STREAM_TICKET_PATH, headers: anonymous, payload: {} })).statusCode).toBe(401);
    const { 'x-xsrf-token': _header, ...noPair } = staffA;
    expect((await server.product.app.inject({ method: 'POST', url: EVENT_STREAM_TICKET_PATH, headers: noPair, payload: {} })).statusCode).toBe(403);
  });

  it('should answer only text/event-stream', async () => {
    const res = await open(`${EVENT_STREAM_PATH}?ticket=${await ticketFor(staffA)}`, { accept: 'application/json' });
    expect(res.status).toBe(406);
  });
});

describe('who is told', () => {
  it('should tell staff at the verification location and its customer, not staff elsewhere nor other customers', async () => {
    const a = await openAs(staffA);
    const b = await openAs(staffB);
    const p = await openAs(pat);
    for (const s of [a, b, p]) await s.waitFor((f) => f.event === 'ready');

    const atA = await startVerification(patId, 1);
    const started = changeOf(await a.waitFor(changeAbout(atA)))!;
    expect(started).toEqual({ topic: 'verification', id: atA, customerId: patId, position: expect.any(Number) });
    await p.waitFor(changeAbout(atA));

    // The answer names no location: the stream finds it in the read model.
    // The message about the answer, not an earlier one about the sending the workers recorded meanwhile.
    const answeredAt = await answer(atA, patId);
    const answered = changeOf(await a.waitFor((f) => changeOf(f)?.id === atA && changeOf(f)!.position >= answeredAt))!;
    // The message's position: a refetch with it reads the answer.
    const read = await server.product.app.inject({ method: 'GET', url: `/api/redemption-verifications/${atA}`, headers: { ...staffA, 'x-min-position': String(answered.position) } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-read-model-stale']).toBeUndefined();
    expect(read.json().dataSet.status).toBe('accepted');

    // Another customer's verification at location 2: staff there are told; A and Pat are not.
    const atB = await startVerification(otherCustomerId, 2);
    await b.waitFor(changeAbout(atB));
    // A later change at A proves A's stream got past atB without a message about it.
    const later = await startVerification(patId, 1);
    await a.waitFor(changeAbout(later));
    await p.waitFor(changeAbout(later));
    expect(a.frames.some(changeAbout(atB))).toBe(false);
    expect(p.frames.some(changeAbout(atB))).toBe(false);
    expect(b.frames.some(changeAbout(atA))).toBe(false);
    expect(b.frames.some(changeAbout(later))).toBe(false);
    for (const s of [a, b, p]) s.close();
  });
});

describe('sales and redemptions', () => {
  it('should tell staff at the sale location and the customer about a sale and a redemption, not staff elsewhere', async () => {
    const { sql } = server.product;
    await sql`update ref.locations set time_zone = 'America/Denver' where time_zone is null`;
    const job = (jobId: number, opCode: string) => ({ jobId, lineCode: String.fromCharCode(64 + jobId), lineNo: jobId, opCode, opCodeDesc: opCode, laborType: 'C', laborSale: 49.95, partsSale: 20 });
    expect(await importDmsRecords(sql, [{ roNumber: '7770001', locationId: 1, vin: '4T1BF1FK5CU123456', mileage: 42_000, openDate: '2026-03-02T08:15:00', closeDate: null, jobs: [job(1, 'LOF')] }])).toMatchObject({ rejected: 0 });
    const a = await openAs(staffA);
    const b = await openAs(staffB);
    const p = await openAs(pat);
    for (const s of [a, b, p]) await s.waitFor((f) => f.event === 'ready');

    const sold = await server.product.app.inject({ method: 'POST', url: '/api/pack-sales', headers: staffA, payload: { customerId: patId, packId: demoPackId('oil4'), locationId: 1, roNumber: '7770001', price: null } });
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = sold.json().dataSet.saleId as string;
    const saleMessage = changeOf(await a.waitFor(changeAbout(saleId)))!;
    expect(saleMessage).toMatchObject({ topic: 'sale', customerId: patId });
    await p.waitFor(changeAbout(saleId));
    // Read-your-writes: the purchases read with the message's position show the sale.
    const purchases = await server.product.app.inject({ method: 'GET', url: `/api/customers/${patId}/purchases`, headers: { ...staffA, 'x-min-position': String(saleMessage.position) } });
    expect((purchases.json().dataSet as { saleId: string }[]).some((s) => s.saleId === saleId)).toBe(true);

    // Another customer's pack (Pat verifies every redemption; this customer does not), redeemed at once: staff at A are told, Pat is not.
    const other = await server.product.app.inject({ method: 'POST', url: '/api/pack-sales', headers: staffA, payload: { customerId: otherCustomerId, packId: demoPackId('oil4'), locationId: 1, roNumber: '7770001', price: null } });
    expect(other.statusCode, other.body).toBe(201);
    const otherSaleId = other.json().dataSet.saleId as string;
    await a.waitFor(changeAbout(otherSaleId));
    const [coupon] = await sql<{ id: string }[]>`select issued_coupon_id::text as id from rm_pack_sales.issued_coupons where sale_id = ${otherSaleId} order by position limit 1`;
    const redeemed = await server.product.app.inject({ method: 'POST', url: '/api/coupon-redemptions', headers: staffA, payload: { issuedCouponId: coupon!.id, customerId: otherCustomerId, locationId: 1, roNumber: '7770001' } });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    expect(changeOf(await a.waitFor(changeAbout(coupon!.id)))).toMatchObject({ topic: 'redemption', customerId: otherCustomerId });
    expect(p.frames.some(changeAbout(otherSaleId))).toBe(false);
    expect(p.frames.some(changeAbout(coupon!.id))).toBe(false);

    // B's stream saw neither: a later change at location 2 proves it was read past them.
    const atB = await startVerification(otherCustomerId, 2);
    await b.waitFor(changeAbout(atB));
    expect(b.frames.some(changeAbout(saleId))).toBe(false);
    expect(b.frames.some(changeAbout(coupon!.id))).toBe(false);
  });
});

describe('paper books, online orders and gifts (decision 0091)', () => {
  it('should tell staff at the paper book\'s location about its registration and conversion, not staff elsewhere nor customers', async () => {
    const { sql } = server.product;
    await sql`update ref.locations set time_zone = 'America/Denver' where time_zone is null`;
    const soldOn = localDateOf(new Date(Date.now() - 30 * 86_400_000), DEMO_TIME_ZONE);
    const job = { jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter', laborType: 'C', laborSale: 49.95, partsSale: 20 };
    expect(await importDmsRecords(sql, [{ roNumber: '7780001', locationId: 1, vin: '4T1BF1FK5CU123456', mileage: 42_000, openDate: `${soldOn}T09:10:00`, closeDate: `${soldOn}T09:10:00`, jobs: [job] }])).toMatchObject({ rejected: 0 });
    const a = await openAs(staffA);
    const b = await openAs(staffB);
    const p = await openAs(pat);
    for (const s of [a, b, p]) await s.waitFor((f) => f.event === 'ready');

    const registered = await server.product.app.inject({ method: 'POST', url: '/api/paper-books', headers: staffA, payload: { bookNumber: 'lv-30001', locationId: 1, saleRoNumber: '7780001', packId: demoPackId('essential') } });
    expect(registered.statusCode, registered.body).toBe(201);
    const first = changeOf(await a.waitFor(changeAbout('LV-30001')))!;
    expect(first).toEqual({ topic: 'paper-book', id: 'LV-30001', customerId: null, position: expect.any(Number) });
    // Read-your-writes: the book read with the message's position is there.
    const read = await server.product.app.inject({ method: 'GET', url: '/api/paper-books/LV-30001', headers: { ...staffA, 'x-min-position': String(first.position) } });
    expect(read.statusCode, read.body).toBe(200);

    // The conversion names no location: the stream finds the book's. Pat is told about the new sale, not the book.
    const converted = await server.product.app.inject({ method: 'POST', url: '/api/paper-books/LV-30001/conversion', headers: staffA, payload: { customerId: patId } });
    expect(converted.statusCode, converted.body).toBe(201);
    const saleId = converted.json().dataSet.saleId as string;
    await a.waitFor((f) => changeAbout('LV-30001')(f) && changeOf(f)!.position > first.position);
    await p.waitFor(changeAbout(saleId));
    expect(p.frames.some(changeAbout('LV-30001'))).toBe(false);

    const atB = await startVerification(otherCustomerId, 2);
    await b.waitFor(changeAbout(atB));
    expect(b.frames.some(changeAbout('LV-30001'))).toBe(false);
  });

  it('should tell a customer about their own online order and gift, and managers at its location, not employees nor other customers', async () => {
    const m = await openAs(managerA);
    const a = await openAs(staffA);
    const p = await openAs(pat);
    const friend = await createCustomerWithAccount(server, staffA, { firstName: 'Fran', lastName: 'Friend', emailAddress: 'fran.friend@live.example', phoneMobile: '7205558801' });
    const f = await openAs(friend.headers);
    for (const s of [m, a, p, f]) await s.waitFor((fr) => fr.event === 'ready');

    // Pat's own order, paid with the demo provider.
    const placed = await server.product.app.inject({ method: 'POST', url: '/api/online-orders', headers: pat, payload: { packId: demoPackId('oil4'), locationId: 1 } });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().dataSet.orderId as string;
    const paid = await server.product.app.inject({ method: 'POST', url: `/api/online-orders/${orderId}/confirm`, headers: pat, payload: { cardNumber: '4242 4242 4242 4242' } });
    expect(paid.statusCode, paid.body).toBe(200);
    // Placed, then paid (which names no location: the stream finds the order's).
    const placedMessage = changeOf(await p.waitFor(changeAbout(orderId)))!;
    expect(placedMessage).toMatchObject({ topic: 'online-order', customerId: patId });
    const paidMessage = changeOf(await p.waitFor((fr) => changeAbout(orderId)(fr) && changeOf(fr)!.position > placedMessage.position))!;
    await m.waitFor((fr) => changeAbout(orderId)(fr) && changeOf(fr)!.position === paidMessage.position);
    const order = await server.product.app.inject({ method: 'GET', url: `/api/online-orders/${orderId}`, headers: { ...pat, 'x-min-position': String(paidMessage.position) } });
    expect(order.json().dataSet.status).toBe('paid');

    // Pat's gift to Fran: Pat (the buyer) is told it was sent and claimed; Fran is told of her new coupons (a sale), not the gift.
    const giftOrder = await server.product.app.inject({ method: 'POST', url: '/api/online-orders', headers: pat, payload: { packId: demoPackId('oil4'), locationId: 1, recipientEmail: 'fran.friend@live.example', giftMessage: null } });
    expect(giftOrder.statusCode, giftOrder.body).toBe(200);
    const giftOrderId = giftOrder.json().dataSet.orderId as string;
    const giftPaid = await server.product.app.inject({ method: 'POST', url: `/api/online-orders/${giftOrderId}/confirm`, headers: pat, payload: { cardNumber: '4242 4242 4242 4242' } });
    expect(giftPaid.statusCode, giftPaid.body).toBe(200);
    const giftId = giftIdOf(giftOrderId);
    const sent = changeOf(await p.waitFor(changeAbout(giftId)))!;
    expect(sent).toMatchObject({ topic: 'gift', customerId: patId });
    await m.waitFor(changeAbout(giftId));
    const claimed = await server.product.app.inject({ method: 'POST', url: '/api/gift-claims', headers: friend.headers, payload: { giftToken: giftTokenFor(giftTokenKey(verificationHashKey(AUTH_SECRET)), giftId) } });
    expect(claimed.statusCode, claimed.body).toBe(200);
    await p.waitFor((fr) => changeAbout(giftId)(fr) && changeOf(fr)!.position > sent.position);
    expect(changeOf(await f.waitFor(changeAbout(giftSaleIdOf(giftId))))).toMatchObject({ topic: 'sale', customerId: friend.id });

    // Neither the employee (the list of online orders is the managers') nor another customer heard of the order or the gift.
    const later = await startVerification(patId, 1);
    await a.waitFor(changeAbout(later));
    await f.waitFor(changeAbout(giftSaleIdOf(giftId)));
    for (const id of [orderId, giftOrderId, giftId]) {
      expect(a.frames.some(changeAbout(id))).toBe(false);
      expect(f.frames.some(changeAbout(id))).toBe(false);
    }
  });
});

describe('reconnect, heartbeat, sign-out, limits', () => {
  it('should send what a reconnect missed after its Last-Event-ID, and resync for an id too old', async () => {
    // Pat's stream stays open throughout: a process with no stream open reads nothing and answers resync.
    const p = await openAs(pat);
    await p.waitFor((f) => f.event === 'ready');
    const a = await openAs(staffA);
    const ready = await a.waitFor((f) => f.event === 'ready');
    a.close();
    const missed = await startVerification(patId, 1);
    await p.waitFor(changeAbout(missed));
    const again = await openAs(staffA, ready.id);
    const replayed = await again.waitFor(changeAbout(missed));
    const readyAgain = await again.waitFor((f) => f.event === 'ready');
    expect(again.frames.indexOf(replayed)).toBeLessThan(again.frames.indexOf(readyAgain));
    again.close();
    p.close();

    const old = await openAs(staffA, '0-0-0-0');
    await old.waitFor((f) => f.event === 'resync');
    old.close();
    // The longest cursor (four positions of 15 digits) is taken; a cursor of the two sources followed before resyncs.
    const longest = await openAs(staffA, Array(4).fill('9'.repeat(15)).join('-'));
    expect(longest.status).toBe(200);
    await longest.waitFor((f) => f.event === 'ready');
    longest.close();
    const twoSources = await openAs(staffA, ready.id!.split('-').slice(0, 2).join('-'));
    await twoSources.waitFor((f) => f.event === 'resync');
    twoSources.close();
  });

  it('should send heartbeat comments', async () => {
    const s = await openAs(pat);
    await s.waitFor((f) => f.comment === 'heartbeat', 5_000);
    s.close();
  });

  it('should end the stream when its session is signed out', async () => {
    const { headers } = await loginAs(server, 'employee');
    const s = await openAs(headers);
    await s.waitFor((f) => f.event === 'ready');
    expect((await server.product.app.inject({ method: 'DELETE', url: '/auth-api/login', headers })).statusCode).toBe(204);
    const deadline = Date.now() + 8_000;
    while (!s.ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(s.ended).toBe(true);
  });

  it('should refuse a stream past the limit per user (429), also when they are opened at once', async () => {
    const tickets = await Promise.all([1, 2, 3, 4].map(() => ticketFor(staffB)));
    const racing = await Promise.all(tickets.map((t) => open(`${EVENT_STREAM_PATH}?ticket=${t}`)));
    expect(racing.map((s) => s.status).sort()).toEqual([200, 200, 200, 429]);
    for (const s of racing) s.close();
    await new Promise((r) => setTimeout(r, 200));
    const open3 = [await openAs(staffB), await openAs(staffB), await openAs(staffB)];
    for (const s of open3) await s.waitFor((f) => f.event === 'ready');
    const res = await server.product.app.inject({ method: 'GET', url: `${EVENT_STREAM_PATH}?ticket=${await ticketFor(staffB)}`, headers: { accept: 'text/event-stream' } });
    expect(res.statusCode).toBe(429);
    expect(res.json().errors).toEqual([LIVE_MESSAGES.tooManyStreams]);
    for (const s of open3) s.close();
  });
});

describe('through a proxy', () => {
  it('should answer unbuffered and uncached, with the security headers', async () => {
    const s = await openAs(staffA);
    await s.waitFor((f) => f.event === 'ready');
    s.close();
    const { port } = new URL(server.url);
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      void ticketFor(staffA).then((ticket) => {
        const req = httpRequest({ host: '127.0.0.1', port: Number(port), path: `${EVENT_STREAM_PATH}?ticket=${ticket}`, headers: { accept: 'text/event-stream' } }, (res) => {
          resolve(res.headers);
          req.destroy();
        });
        req.on('error', reject);
        req.end();
      });
    });
    expect(headers).toMatchObject({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no', 'x-content-type-options': 'nosniff' });
    expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it("should be passed on by nginx's default.conf unbuffered, with a read timeout past the heartbeat", async () => {
    const conf = await readFile(path.join(REPO_ROOT, 'docker/nginx/default.conf'), 'utf8');
    const block = /location = \/api\/events \{([\s\S]*?)\n {4}\}/.exec(conf)?.[1] ?? '';
    expect(block).toContain('proxy_pass http://query_api;');
    expect(block).toMatch(/proxy_buffering off;/);
    expect(block).toMatch(/gzip off;/);
    expect(block).toMatch(/proxy_read_timeout 1h;/);
  });
});
