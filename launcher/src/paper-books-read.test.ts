/**
 * The read side of paper coupon books (issue 12) through HTTP against real PostgreSQL:
 * GET /api/paper-books/{bookNumber} right after paper-book events are appended (read-your-
 * writes with the append's position), each paper coupon's status computed at request time
 * (available, redeemed, available again after a void, expired, and after a conversion converted
 * or void) and agreeing with contracts' paperCouponStatus over the book's stream, location,
 * staff and customer names, the book number normalised (lower case, spaces), 400 for a
 * malformed number with checkBookNumber's message, 404 with bookNotFound, and a rebuild of
 * paper_books giving the same rows and answers. Most events are appended through the server's
 * event store (the clock of a command is always now, and the books' sale dates are in the past);
 * on the demo's imported book a redemption and its void go through the command routes and the
 * GET sent with each answer's position shows them at once, and a conversion shows on the book
 * and as a sale naming the book in the customer's purchases (PackSaleView.paperBookNumber).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cents,
  localDateOf,
  paperBookStreamId,
  PAPER_BOOK_MESSAGES,
  type PackSaleView,
  type PaperBookView,
} from '@dealer/contracts';
import { deterministicUuid, systemContext, toNewEvents } from '@dealer/platform';
import { projections, rebuildProjection } from '@dealer/projector';
import { couponTerms } from '@dealer/read-models/pack-sales/test-events';
import { paperBookConverted, paperBookRegistered, paperCouponRedeemed, paperRedemptionVoided } from '@dealer/read-models/paper-books/test-events';
import { DEMO_PAPER_BOOKS } from './demo/paper-books';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';
import { evolvePaperBook, initialPaperBookState, paperCouponStatus } from '@dealer/domain/paper-book/state';

let server: TestServer;
let employee: Record<string, string>;
let customerHeaders: Record<string, string>;
let customerId: string;
const employeeId = deterministicUuid('demo-employee-employee');
const managerId = deterministicUuid('demo-employee-manager');
const locations: Record<number, string> = {};
const staff: Record<string, string> = {};

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => localDateOf(new Date(Date.now() - days * DAY_MS), 'America/Denver');
const oil = deterministicUuid('paper-read-test:oil');
const rotation = deterministicUuid('paper-read-test:rotation');
/** Oil changes good 12 months after the sale, and a rotation whose fixed date passed ten days ago. */
const items = [
  { couponId: oil, terms: couponTerms('Oil and Filter', { locationIds: [1, 2] }), quantity: 2 },
  { couponId: rotation, terms: couponTerms('Tire Rotation', { value: { kind: 'fixed', amount: cents(2500) }, validity: { kind: 'fixedDate', date: daysAgo(10) } }), quantity: 1 },
];
const open = paperBookRegistered({ bookNumber: 'RT-7001', items, soldOn: daysAgo(100), saleRoNumber: '8807001', locationId: 1 });
const converting = paperBookRegistered({ bookNumber: 'RT-7002', items, soldOn: daysAgo(100), saleRoNumber: '8807002', locationId: 2, source: 'dms-ro', registeredBy: employeeId });

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  employee = (await loginAs(server, 'employee')).headers;
  customerHeaders = (await loginAs(server, 'customer')).headers;
  for (const r of await server.product.sql<{ id: number; name: string }[]>`select location_id as id, location_name as name from ref.locations`) locations[r.id] = r.name;
  for (const r of await server.product.sql<{ id: string; name: string }[]>`select user_id::text as id, trim(first || ' ' || last) as name from rm_users.employees`) staff[r.id] = r.name;
  const created = await server.product.app.inject({ method: 'POST', url: '/api/customers', headers: employee, payload: { firstName: 'Paula', lastName: 'Paper', phoneMobile: '3035550872', isTaxExempt: false } });
  expect(created.statusCode).toBe(201);
  customerId = created.json().dataSet.customerId as string;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** Appends to a book's stream as `actor`; answers the position for read-your-writes. */
async function append(bookNumber: string, events: { type: string; data: unknown }[], actor = `user:${employeeId}`): Promise<string> {
  const stored = await server.product.store.appendToStream(paperBookStreamId(bookNumber), toNewEvents(events, systemContext(actor)));
  return String(stored.position);
}

/** A GET that waits for the read models to reach `position` (as the client sends it). */
async function read(bookNumber: string, position = '0', headers = employee) {
  const res = await server.product.app.inject({ method: 'GET', url: `/api/paper-books/${encodeURIComponent(bookNumber)}`, headers: { ...headers, 'x-min-position': position } });
  return { status: res.statusCode, headers: res.headers, body: res.json() as { dataSet: PaperBookView; errors?: string[] } };
}

/** contracts' paperCouponStatus of every coupon, over the book's stream as stored. */
async function statusesFromStream(bookNumber: string) {
  const events = await server.product.store.readStream(paperBookStreamId(bookNumber));
  const state = events.reduce(evolvePaperBook, initialPaperBookState());
  const now = new Date();
  return state.book!.coupons.map((c) => paperCouponStatus(state, c.number, now));
}

describe('GET /api/paper-books/{bookNumber}', () => {
  it('should show a registered book as soon as it is stored, with its coupons available or expired', async () => {
    const position = await append('RT-7001', [open], 'system:import');
    const res = await read('RT-7001', position);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const book = res.body.dataSet;
    expect(book).toMatchObject({
      bookNumber: 'RT-7001',
      id: 'RT-7001',
      packId: open.data.pack.packId,
      packName: 'Paper Care Pack',
      packDescription: 'The printed book of a year of care',
      locationId: 1,
      locationName: locations[1],
      saleRoNumber: '8807001',
      soldOn: daysAgo(100),
      price: 19900,
      source: 'import',
      registeredAt: open.data.registeredAt,
      status: 'open',
      conversion: null,
      revision: 0,
    });
    expect(book.coupons.map((c) => [c.number, c.name, c.status, c.redemption])).toEqual([
      [1, 'Oil and Filter', 'available', null],
      [2, 'Oil and Filter', 'available', null],
      [3, 'Tire Rotation', 'expired', null],
    ]);
    expect(book.coupons[0]).toMatchObject({
      couponId: oil,
      description: 'Oil and Filter at a fixed price',
      opCodes: items[0]!.terms.opCodes,
      value: items[0]!.terms.value,
      laborTypes: items[0]!.terms.laborTypes,
      locationIds: [1, 2],
      locationNames: [locations[1], locations[2]],
      expiresOn: open.data.coupons[0]!.expiresOn,
      expiresAt: open.data.coupons[0]!.expiresAt,
      allocatedValue: open.data.coupons[0]!.allocatedValue,
    });
    expect(book.coupons.reduce((sum, c) => sum + c.allocatedValue, 0)).toBe(19900);
    expect(book.coupons.map((c) => c.status)).toEqual(await statusesFromStream('RT-7001'));
  });

  it('should show a redemption with its location and who redeemed it, and the coupon available again after its void', async () => {
    const first = paperCouponRedeemed(open, 1, { locationId: 2, roNumber: '5507001', redeemedBy: employeeId, amount: cents(3999), redeemedAt: new Date(Date.now() - DAY_MS).toISOString() });
    const second = paperCouponRedeemed(open, 2, { roNumber: '5507002', redeemedBy: managerId, laborType: 'W', amount: cents(2000) });
    const position = await append('RT-7001', [first, second, paperRedemptionVoided(second, managerId)]);
    const book = (await read('RT-7001', position)).body.dataSet;
    expect(book.revision).toBe(3);
    expect(book.coupons.map((c) => c.status)).toEqual(['redeemed', 'available', 'expired']);
    expect(book.coupons[0]!.redemption).toEqual({
      redemptionId: first.data.redemptionId,
      locationId: 2,
      locationName: locations[2],
      roNumber: '5507001',
      opCode: 'OIL',
      laborType: 'C',
      amount: 3999,
      redeemedAt: first.data.redeemedAt,
      redeemedBy: employeeId,
      redeemedByName: staff[employeeId],
    });
    expect(staff[employeeId]).toBeTruthy();
    expect(book.coupons[1]!.redemption).toBeNull();
    expect(book.coupons.map((c) => c.status)).toEqual(await statusesFromStream('RT-7001'));
  });

  it('should show a converted book: the customer and who converted it, its moved coupons converted and the rest void or redeemed', async () => {
    await append('RT-7002', [converting]);
    const used = paperCouponRedeemed(converting, 1, { locationId: 2, redeemedBy: employeeId });
    const converted = paperBookConverted(converting, [2], customerId, managerId, new Date().toISOString());
    const position = await append('RT-7002', [used, converted], `user:${managerId}`);
    const res = await read('RT-7002', position);
    expect(res.status).toBe(200);
    const book = res.body.dataSet;
    expect(book).toMatchObject({ bookNumber: 'RT-7002', locationId: 2, locationName: locations[2], source: 'dms-ro', status: 'converted', revision: 2 });
    expect(book.conversion).toEqual({
      customerId,
      customerName: 'Paula Paper',
      saleId: converted.data.saleId,
      convertedCount: 1,
      convertedValue: converting.data.coupons[1]!.allocatedValue,
      convertedAt: converted.data.convertedAt,
      by: managerId,
      byName: staff[managerId],
    });
    expect(staff[managerId]).toBeTruthy();
    // 1 was used before the conversion, 2 moved to the digital pack, 3 had expired: void.
    expect(book.coupons.map((c) => c.status)).toEqual(['redeemed', 'converted', 'void']);
    expect(book.coupons.map((c) => c.status)).toEqual(await statusesFromStream('RT-7002'));
  });

  it('should find a book by its number in lower case and with spaces, as the commands normalise it', async () => {
    const res = await read('  rt-7001 ');
    expect(res.status).toBe(200);
    expect(res.body.dataSet.bookNumber).toBe('RT-7001');
  });

  it('should answer 404 with the Not Found In System text for a book the system does not hold', async () => {
    const res = await read('rt-9999');
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([PAPER_BOOK_MESSAGES.bookNotFound('RT-9999')]);
  });

  it('should answer 400 with checkBookNumber\'s message for a malformed book number', async () => {
    expect((await read('PB 1001')).body.errors).toEqual([PAPER_BOOK_MESSAGES.bookNumberInvalid]);
    expect((await read('PB/1001')).status).toBe(400);
    expect((await read('B'.repeat(21))).body.errors).toEqual([PAPER_BOOK_MESSAGES.bookNumberInvalid]);
    const blank = await read('   ');
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([PAPER_BOOK_MESSAGES.bookNumberRequired]);
    expect((await read('x'.repeat(90))).body.errors).toEqual([PAPER_BOOK_MESSAGES.bookNumberInvalid]);
    // Past the router's path parameter bound (100 characters) the answer is 414, never a 5xx.
    expect((await read('x'.repeat(3000))).status).toBe(414);
  });

  it('should show a redemption made through the API, and its void, on the next GET with the answer\'s position', async () => {
    const [demo] = DEMO_PAPER_BOOKS.books;
    const before = (await read(demo.bookNumber)).body.dataSet;
    expect(before).toMatchObject({ bookNumber: demo.bookNumber, source: 'import', saleRoNumber: demo.saleRoNumber, status: 'open' });
    const coupon = before.coupons.find((c) => c.status === 'available' && c.opCodes.includes('LOF'))!;
    expect(coupon).toBeDefined();
    const post = (url: string, payload: object) => server.product.app.inject({ method: 'POST', url, headers: employee, payload });
    const redeemed = await post(`/api/paper-books/${demo.bookNumber}/redemptions`, { paperCouponNumber: coupon.number, locationId: DEMO_PAPER_BOOKS.locationId, roNumber: DEMO_PAPER_BOOKS.redeemRoNumber });
    expect(redeemed.statusCode).toBe(201);
    const after = (await read(demo.bookNumber, String(redeemed.json().metaData.position))).body.dataSet;
    expect(after.coupons.find((c) => c.number === coupon.number)).toMatchObject({
      status: 'redeemed',
      redemption: {
        redemptionId: redeemed.json().dataSet.redemptionId,
        locationId: DEMO_PAPER_BOOKS.locationId,
        locationName: locations[DEMO_PAPER_BOOKS.locationId],
        roNumber: DEMO_PAPER_BOOKS.redeemRoNumber,
        opCode: 'LOF',
        redeemedBy: employeeId,
        redeemedByName: staff[employeeId],
      },
    });
    expect(after.revision).toBe(before.revision + 1);

    const voided = await post(`/api/paper-books/${demo.bookNumber}/redemptions/${redeemed.json().dataSet.redemptionId}/void`, { reason: 'Wrong coupon torn out.' });
    expect(voided.statusCode).toBe(200);
    const again = (await read(demo.bookNumber, String(voided.json().metaData.position))).body.dataSet;
    expect(again.coupons.find((c) => c.number === coupon.number)).toMatchObject({ status: 'available', redemption: null });
    expect(again.coupons.map((c) => c.status)).toEqual(await statusesFromStream(demo.bookNumber));
  });

  it('should show a conversion through the API on the book and as a paper-book sale in the customer\'s purchases', async () => {
    const [, demo] = DEMO_PAPER_BOOKS.books;
    const res = await server.product.app.inject({ method: 'POST', url: `/api/paper-books/${demo.bookNumber}/conversion`, headers: employee, payload: { customerId } });
    expect(res.statusCode).toBe(201);
    const position = String(res.json().metaData.position);
    const book = (await read(demo.bookNumber, position)).body.dataSet;
    expect(book).toMatchObject({ status: 'converted', conversion: { customerId, customerName: 'Paula Paper', saleId: res.json().dataSet.saleId, by: employeeId, byName: staff[employeeId] } });
    expect(book.coupons.filter((c) => c.status === 'converted')).toHaveLength(res.json().dataSet.convertedCount);
    const purchases = await server.product.app.inject({ method: 'GET', url: `/api/customers/${customerId}/purchases`, headers: { ...employee, 'x-min-position': position } });
    const [sale] = purchases.json().dataSet as PackSaleView[];
    expect(sale).toMatchObject({ saleId: res.json().dataSet.saleId, paperBookNumber: demo.bookNumber, saleRoNumber: demo.saleRoNumber, tax: 0 });
  });

  it('should not show a book to a customer', async () => {
    expect((await read('RT-7001', '0', customerHeaders)).status).toBe(403);
  });

  it('should rebuild paper_books into the same rows and answers, and the live projector goes on', async () => {
    const { sql, store } = server.product;
    const snapshot = async () => [
      await sql`select * from rm_paper_books.books order by book_number`,
      await sql`select * from rm_paper_books.paper_coupons order by book_number, number`,
    ];
    const before = await snapshot();
    const answers = async () => [(await read('RT-7001')).body, (await read('RT-7002')).body];
    const answered = await answers();
    const result = await rebuildProjection({ sql, store }, projections.find((p) => p.name === 'paper_books')!);
    expect(result.parked).toBe(0);
    expect(await snapshot()).toEqual(before);
    expect(await answers()).toEqual(answered);
    expect(await sql`select projection from parked_events where projection = 'paper_books'`).toEqual([]);

    const again = paperCouponRedeemed(open, 2, { redeemedBy: employeeId });
    const position = await append('RT-7001', [again]);
    expect((await read('RT-7001', position)).body.dataSet.coupons.map((c) => c.status)).toEqual(['redeemed', 'redeemed', 'expired']);
  });
});
