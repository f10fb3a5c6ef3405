/**
 * Paper coupon books through HTTP against real PostgreSQL (fresh database for this file): a
 * book found by its sale RO in the DMS data (201, 200 alike, 409 another sale, 404 RO not
 * found), the import CLI (a rejected row, idempotent), redeeming paper coupons (the amount on
 * the matching line, a wrong op code refused, the RO cap shared with a digital coupon of the
 * same definition), 20 concurrent redemptions of one paper coupon at two locations, the RO
 * ledger's stale-claim sweep for paper claims, voids (staff another's 403, a manager's 200, the
 * coupon usable again), and the conversion into the customer's digital pack with its
 * registration answer.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  COUPON_REDEMPTION_MESSAGES as CM,
  PAPER_BOOK_MESSAGES as M,
  customerStreamId,
  localDateOf,
  packSaleStreamId,
  paperBookStreamId,
  roCouponLedgerStreamId,
  type CustomerCouponView,
  type PackSold,
  type PaperBookEvent,
  type PaperBookRegistered,
} from '@dealer/contracts';
import { deterministicUuid, handle, systemContext, type CommandContext } from '@dealer/platform';
import { DEMO_TIME_ZONE, importDmsRecords } from '@dealer/dms/index';
import { liveLedger } from '@dealer/command-api/coupon-redemptions/service';
import { roCouponLedgerDecider } from '@dealer/domain/coupon-redemption/ro-ledger-decide';
import { demoCouponId, demoPackId, demoSaleId } from './demo/catalogue';
import { DEMO_PAPER_BOOKS } from './demo/paper-books';
import { REPO_ROOT } from './paths';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { givenRolesAtEveryRooftop } from './testing/rooftops';
import { loginAs } from './testing/auth';

const run = promisify(execFile);

let server: TestServer;
let employee: Record<string, string>;
let employeeId: string;
let manager: Record<string, string>;
let controller: Record<string, string>;
const jordan = deterministicUuid('demo-customer-1');
const riley = deterministicUuid('demo-customer-3');
const pat = deterministicUuid('demo-customer-0');
/** Jordan's digital oil coupon (Complete Care Plan, final, honoured at locations 1-3). */
let jordanOil: string;

const BOOK = 'PT-20001';
const RO = { sale: '7400001', a: '7400002', b: '7400003', c: '7400004', d: '7400005', e: '7400006', missing: '7499998' };
const DAY_MS = 86_400_000;
const saleOpenedOn = localDateOf(new Date(Date.now() - 30 * DAY_MS), DEMO_TIME_ZONE);
// LOF on a customer-pay line: 49.95 labour + 20.00 parts = 69.95, under the oil coupon's 99.95 maximum.
const ro = (roNumber: string, locationId = 1, openDate = '2026-03-02T08:15:00', closed = false) => ({
  roNumber,
  locationId,
  vin: '4T1BF1FK5CU123456',
  mileage: 42_000,
  openDate,
  closeDate: closed ? openDate : null,
  jobs: [{ jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter', laborType: 'C', laborSale: 49.95, partsSale: 20 }],
});

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  // Issue 20: staff act only where they hold a role; these work at the group's first four rooftops.
  await givenRolesAtEveryRooftop(server, ['employee', 'manager', 'controller']);
  const signedIn = await loginAs(server, 'employee');
  employee = signedIn.headers;
  employeeId = signedIn.payload.user.userId;
  manager = (await loginAs(server, 'manager')).headers;
  controller = (await loginAs(server, 'controller')).headers;
  const { sql } = server.product;
  const report = await importDmsRecords(sql, [ro(RO.sale, 1, `${saleOpenedOn}T09:10:00`, true), ro(RO.a), ro(RO.b), ro(RO.c), ro(RO.d, 2), ro(RO.e)]);
  expect(report).toMatchObject({ rejected: 0 });
  await waitForProjections(server.product);
  const [row] = await sql<{ id: string }[]>`
    select issued_coupon_id::text as id from rm_pack_sales.issued_coupons
    where sale_id = ${demoSaleId('jordan-complete')} and coupon_id = ${demoCouponId('oil')} order by position limit 1`;
  jordanOil = row!.id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const inject = (options: InjectOptions, headers: Record<string, string> = employee) => server.product.app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });
const register = (body: Record<string, unknown>, headers = employee) => inject({ method: 'POST', url: '/api/paper-books', payload: body }, headers);
const redeem = (bookNumber: string, paperCouponNumber: number, roNumber: string, locationId = 1, headers = employee) =>
  inject({ method: 'POST', url: `/api/paper-books/${bookNumber}/redemptions`, payload: { paperCouponNumber, locationId, roNumber } }, headers);
const voidIt = (bookNumber: string, redemptionId: string, reason: string, headers = employee) =>
  inject({ method: 'POST', url: `/api/paper-books/${bookNumber}/redemptions/${redemptionId}/void`, payload: { reason } }, headers);
const convert = (bookNumber: string, customerId: string, headers = employee) => inject({ method: 'POST', url: `/api/paper-books/${bookNumber}/conversion`, payload: { customerId } }, headers);
async function bookEvents(bookNumber: string): Promise<PaperBookEvent[]> {
  return (await server.product.store.readStream(paperBookStreamId(bookNumber))).map((e) => ({ type: e.type, data: e.data }) as PaperBookEvent);
}
async function liveClaims(locationId: number, roNumber: string): Promise<string[]> {
  const live = new Map<string, boolean>();
  for (const e of await server.product.store.readStream(roCouponLedgerStreamId(locationId, roNumber))) live.set((e.data as { redemptionId: string }).redemptionId, e.type === 'RoCouponClaimed');
  return [...live].filter(([, on]) => on).map(([id]) => id);
}

describe('finding a book by its sale RO (POST /api/paper-books)', () => {
  it('should register the book from the RO in the DMS data: the pack snapshotted, coupons numbered in pack order', async () => {
    const res = await register({ bookNumber: ' pt-20001 ', locationId: 1, saleRoNumber: RO.sale.toLowerCase(), packId: demoPackId('essential') });
    expect(res.statusCode).toBe(201);
    expect(res.json().dataSet).toMatchObject({ id: BOOK, bookNumber: BOOK, created: true, revision: 0, message: M.registered });
    expect(res.json().metaData.position).toMatch(/^\d+$/);
    const [event] = await bookEvents(BOOK);
    const data = (event as PaperBookRegistered).data;
    expect(data).toMatchObject({ bookNumber: BOOK, locationId: 1, timeZone: DEMO_TIME_ZONE, saleRoNumber: RO.sale, soldOn: saleOpenedOn, price: 19_900, source: 'dms-ro', registeredBy: employeeId });
    expect(data.pack.packId).toBe(demoPackId('essential'));
    // Essential Maintenance: 2 oil changes, 2 rotations, 2 inspections.
    expect(data.coupons.map((c) => [c.number, c.couponId])).toEqual([
      [1, demoCouponId('oil')], [2, demoCouponId('oil')], [3, demoCouponId('rotation')], [4, demoCouponId('rotation')], [5, demoCouponId('mpi')], [6, demoCouponId('mpi')],
    ]);
    expect(data.coupons.map((c) => c.paperCouponId)).toEqual([1, 2, 3, 4, 5, 6].map((n) => deterministicUuid(`paper-coupon:${BOOK}:${n}`)));
    expect(data.coupons.reduce((s, c) => s + c.allocatedValue, 0)).toBe(19_900);
    // The pack's 12-month term from the book's sale date.
    const year = Number(saleOpenedOn.slice(0, 4)) + 1;
    expect(data.coupons[0]!.expiresOn).toBe(`${year}${saleOpenedOn.slice(4)}`);
  });

  it('should answer 200 for the same book alike, 409 for another sale and 404 for an RO that is not in the DMS data', async () => {
    const same = await register({ bookNumber: BOOK, locationId: 1, saleRoNumber: RO.sale, packId: demoPackId('essential') });
    expect(same.statusCode).toBe(200);
    expect(same.json().dataSet).toMatchObject({ bookNumber: BOOK, created: false });
    expect(same.json().metaData).toEqual({});
    const other = await register({ bookNumber: BOOK, locationId: 1, saleRoNumber: RO.sale, packId: demoPackId('oil4') });
    expect(other.statusCode).toBe(409);
    expect(other.json().errors).toEqual([M.bookExists(BOOK)]);
    const missing = await register({ bookNumber: 'PT-29999', locationId: 1, saleRoNumber: RO.missing, packId: demoPackId('essential') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual([M.bookRoNotFound(RO.missing)]);
    expect(missing.json().fields).toEqual({ saleRoNumber: M.bookRoNotFound(RO.missing) });
    const noPack = await register({ bookNumber: 'PT-29998', locationId: 1, saleRoNumber: RO.sale, packId: deterministicUuid('no-such-pack') });
    expect(noPack.statusCode).toBe(404);
    expect(noPack.json().errors).toEqual([M.packNotFound]);
    const bad = await register({ bookNumber: 'no spaces!', locationId: 1.5, saleRoNumber: '', packId: null });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['bookNumber', 'locationId', 'packId', 'saleRoNumber']);
    expect(await bookEvents('PT-29999')).toEqual([]);
  });

  it('should have seeded the demo books, imported as the dealership\'s records', async () => {
    for (const b of DEMO_PAPER_BOOKS.books) {
      const [event] = await bookEvents(b.bookNumber);
      expect(event).toMatchObject({ type: 'PaperBookRegistered', data: { bookNumber: b.bookNumber, source: 'import', registeredBy: 'import', saleRoNumber: b.saleRoNumber, locationId: 1 } });
    }
    expect(((await bookEvents('PB-10002'))[0] as PaperBookRegistered).data.price).toBe(27_900);
  });
});

describe('npm run import:paper-books', () => {
  it('should import the accepted rows, list the rejected one with its row number, and change nothing the second time', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'paper-books-'));
    const csv = path.join(dir, 'books.csv');
    await writeFile(
      csv,
      [
        'bookNumber,packId,locationId,saleRoNumber,soldDate,price',
        `PT-30001,${demoPackId('oil4')},1,7488001,03/15/2026,279.00`,
        `PT-30002,${demoPackId('essential')},1,7488002,2026-13-01,`,
        `pt-30003,${demoPackId('essential')},2,7488003,2026-04-01,`,
      ].join('\n'),
    );
    const cli = async (...args: string[]) => {
      try {
        const { stdout } = await run(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [path.join(REPO_ROOT, 'launcher/src/cli/import-paper-books.ts'), ...args], {
          cwd: REPO_ROOT,
          env: { ...process.env, DATABASE_URL: server.databaseUrl, APP_MODE: 'demo', LOG_LEVEL: 'warn' },
        });
        return { code: 0, stdout };
      } catch (error) {
        const e = error as { code: number; stdout: string; stderr: string };
        return { code: e.code, stdout: `${e.stdout}${e.stderr}` };
      }
    };
    const first = await cli(csv);
    expect(first.code, first.stdout).toBe(2);
    expect(first.stdout).toContain('3 rows, 2 accepted (2 added, 0 already in the system), 1 rejected');
    expect(first.stdout).toContain('row 3: soldDate must be a calendar date');
    const [event] = await bookEvents('PT-30001');
    expect(event).toMatchObject({ type: 'PaperBookRegistered', data: { source: 'import', registeredBy: 'import', soldOn: '2026-03-15', price: 27_900, saleRoNumber: '7488001' } });
    expect((await bookEvents('PT-30003')).length).toBe(1);

    // Independent runs side by side (each process checks the database's migrations first).
    const other = path.join(dir, 'other.json');
    await writeFile(other, JSON.stringify([{ bookNumber: 'PT-30004', packId: demoPackId('oil4'), locationId: 1, saleRoNumber: '7488004', soldDate: '2026-05-01', price: null }]));
    const refused = path.join(dir, 'refused.csv');
    await writeFile(refused, 'book,pack\nPT-1,x\n');
    const [again, dry, refusal] = await Promise.all([cli(csv), cli(other, '--dry-run'), cli(refused)]);
    expect(again.code, again.stdout).toBe(2);
    expect(again.stdout).toContain('2 accepted (0 added, 2 already in the system), 1 rejected');
    expect((await bookEvents('PT-30001')).length).toBe(1);
    expect(dry.code, dry.stdout).toBe(0);
    expect(dry.stdout).toContain('1 accepted (1 would be added');
    expect(await bookEvents('PT-30004')).toEqual([]);
    expect(refusal.code).toBe(1);
    expect(refusal.stdout).toContain('refused');
  }, 240_000);
});

describe('redeeming a paper coupon', () => {
  it('should redeem on the matching line with the amount and claim it on the RO ledger', async () => {
    const res = await redeem(BOOK, 1, RO.a);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.dataSet).toMatchObject({ bookNumber: BOOK, paperCouponNumber: 1, status: 'redeemed', amount: 6_995, revision: 1, message: 'Successfully redeemed coupon.' });
    expect(body.dataSet.id).toBe(body.dataSet.redemptionId);
    const event = (await bookEvents(BOOK)).pop()!;
    expect(event).toMatchObject({
      type: 'PaperCouponRedeemed',
      data: { redemptionId: body.dataSet.redemptionId, paperCouponId: deterministicUuid(`paper-coupon:${BOOK}:1`), couponId: demoCouponId('oil'), soldLocationId: 1, locationId: 1, roNumber: RO.a, amount: 6_995, redeemedBy: employeeId, line: { jobId: 1, opCode: 'LOF', laborType: 'C', lineTotal: 6_995 } },
    });
    const ledger = await server.product.store.readStream(roCouponLedgerStreamId(1, RO.a));
    expect(ledger.map((e) => e.type)).toEqual(['RoCouponClaimed']);
    expect(ledger[0]!.data).toMatchObject({ redemptionId: body.dataSet.redemptionId, issuedCouponId: deterministicUuid(`paper-coupon:${BOOK}:1`), paperBookNumber: BOOK, amount: 6_995 });
  });

  it('should refuse a coupon whose op code is not on the RO, a used one, a number not in the book and an unknown book', async () => {
    const rotation = await redeem(BOOK, 3, RO.b);
    expect(rotation.statusCode).toBe(400);
    expect(rotation.json().errors).toEqual([CM.noMatchingLine(['ROT'])]);
    const used = await redeem(BOOK, 1, RO.b);
    expect(used.statusCode).toBe(409);
    expect(used.json().errors).toEqual([M.paperCouponUsed]);
    const notInBook = await redeem(BOOK, 7, RO.b);
    expect(notInBook.statusCode).toBe(404);
    expect(notInBook.json().errors).toEqual([M.paperCouponNotInBook]);
    const unknown = await redeem('PT-NOPE', 1, RO.b);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([M.bookNotFound('PT-NOPE')]);
    const missingRo = await redeem(BOOK, 2, RO.missing);
    expect(missingRo.statusCode).toBe(400);
    expect(missingRo.json().errors).toEqual([CM.roNotFound(RO.missing)]);
    const bad = await inject({ method: 'POST', url: `/api/paper-books/${BOOK}/redemptions`, payload: { paperCouponNumber: 0, locationId: 1, roNumber: '' } });
    expect(bad.statusCode).toBe(400);
  });

  it('should share the RO cap with a digital coupon of the same definition (one oil change per RO)', async () => {
    const digital = await inject({ method: 'POST', url: '/api/coupon-redemptions', payload: { issuedCouponId: jordanOil, customerId: jordan, locationId: 1, roNumber: RO.b } });
    expect(digital.statusCode).toBe(201);
    const paper = await redeem(BOOK, 2, RO.b);
    expect(paper.statusCode).toBe(409);
    expect(paper.json().errors).toEqual([CM.maxPerRoReached(1)]);
    // And the other way round: RO A holds the paper oil coupon, so the digital one is refused there.
    const back = await inject({ method: 'POST', url: `/api/coupon-redemptions/${jordanOil}/void`, payload: { redemptionId: digital.json().dataSet.redemptionId, reason: 'Test' } });
    expect(back.statusCode).toBe(200);
    const onA = await inject({ method: 'POST', url: '/api/coupon-redemptions', payload: { issuedCouponId: jordanOil, customerId: jordan, locationId: 1, roNumber: RO.a } });
    expect(onA.statusCode).toBe(409);
    expect(onA.json().errors).toEqual([CM.maxPerRoReached(1)]);
  });

  it('should redeem one paper coupon exactly once of 20 concurrent requests at two locations', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? redeem(BOOK, 2, RO.c, 1) : redeem(BOOK, 2, RO.d, 2))));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().errors).toEqual([M.paperCouponUsed]);
    }
    const redeemed = (await bookEvents(BOOK)).filter((e) => e.type === 'PaperCouponRedeemed' && e.data.paperCouponNumber === 2);
    expect(redeemed).toHaveLength(1);
    const winner = redeemed[0]!.data as { redemptionId: string; roNumber: string };
    // The losers' claims were released: each RO's ledger holds only the winner's claim, if any.
    expect(await liveClaims(1, RO.c)).toEqual(winner.roNumber === RO.c ? [winner.redemptionId] : []);
    expect(await liveClaims(2, RO.d)).toEqual(winner.roNumber === RO.d ? [winner.redemptionId] : []);
  });

  it("should keep a paper claim older than the grace while its book holds it, and release a leftover one", async () => {
    const deps = { store: server.product.store, sql: server.product.sql };
    const later = (minutes: number): CommandContext => ({ ...systemContext('test:paper-books'), now: () => new Date(Date.now() + minutes * 60_000) });
    // The live one: paper coupon 1 on RO A, read a minute later.
    const [live] = await liveClaims(1, RO.a);
    const kept = await liveLedger(deps, later(1), 1, RO.a);
    expect(kept.state.claims.map((c) => c.redemptionId)).toEqual([live]);
    // A leftover: a claim whose book append never happened (a crash between the two appends).
    const leftover = deterministicUuid('paper-books-test-leftover');
    await handle(deps.store, roCouponLedgerStreamId(1, RO.e), roCouponLedgerDecider, {
      type: 'ClaimRoCoupon',
      data: {
        locationId: 1, roNumber: RO.e, now: new Date(),
        claim: { redemptionId: leftover, issuedCouponId: deterministicUuid(`paper-coupon:${BOOK}:5`), couponId: demoCouponId('mpi'), jobId: 1, amount: 1_000 as never, paperBookNumber: BOOK },
        limits: { maxPerRo: 1, maxAmountPerRo: null, lineTotal: 6_995 as never },
      },
    }, systemContext('test:paper-books'));
    expect((await liveLedger(deps, systemContext('test:paper-books'), 1, RO.e)).state.claims.map((c) => c.redemptionId)).toEqual([leftover]);
    const swept = await liveLedger(deps, later(1), 1, RO.e);
    expect(swept.state.claims).toEqual([]);
    const last = (await deps.store.readStream(roCouponLedgerStreamId(1, RO.e))).pop()!;
    expect(last).toMatchObject({ type: 'RoCouponReleased', data: { redemptionId: leftover, reason: 'stale' } });
  });
});

describe('voiding a paper redemption', () => {
  it("should refuse another staff member's void (403), let a manager void it, and the coupon is usable again", async () => {
    const current = (await bookEvents(BOOK)).filter((e) => e.type === 'PaperCouponRedeemed' && e.data.paperCouponNumber === 2).pop()!;
    const { redemptionId, locationId, roNumber } = current.data as { redemptionId: string; locationId: number; roNumber: string };
    const noReason = await voidIt(BOOK, redemptionId, ' ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([CM.voidReasonRequired]);
    const other = await voidIt(BOOK, redemptionId, 'Not mine', controller);
    expect(other.statusCode).toBe(403);
    expect(other.json().errors).toEqual([CM.changeNotAllowed]);
    const res = await voidIt(BOOK, redemptionId, 'Wrong book', manager);
    expect(res.statusCode).toBe(200);
    expect(res.json().dataSet).toMatchObject({ redemptionId, bookNumber: BOOK, paperCouponNumber: 2, status: 'voided', message: CM.voided });
    expect((await bookEvents(BOOK)).pop()).toMatchObject({ type: 'PaperCouponRedemptionVoided', data: { redemptionId, reason: 'Wrong book', paperCouponNumber: 2 } });
    expect(await liveClaims(locationId, roNumber)).toEqual([]);
    const again = await voidIt(BOOK, redemptionId, 'Twice', manager);
    expect(again.statusCode).toBe(200);
    expect(again.json().metaData).toEqual({});
    const unknown = await voidIt(BOOK, deterministicUuid('no-such-redemption'), 'Nothing');
    expect(unknown.statusCode).toBe(404);
    // Usable again, on the same RO.
    const redeemed = await redeem(BOOK, 2, roNumber, locationId);
    expect(redeemed.statusCode).toBe(201);
  });
});

describe('converting a book into the customer\'s digital pack', () => {
  it('should convert the unused coupons into a final pack sale the customer\'s coupons show, and send the registration e-mail', async () => {
    const missing = await convert(BOOK, deterministicUuid('no-such-customer'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual([M.customerNotFound]);

    const res = await convert(BOOK, riley);
    expect(res.statusCode).toBe(201);
    const saleId = deterministicUuid(`paper-conversion:${BOOK}`);
    expect(res.json().dataSet).toMatchObject({ bookNumber: BOOK, saleId, customerId: riley, convertedCount: 4, registration: 'sent', message: M.converted(4) });
    const converted = (await bookEvents(BOOK)).pop()!;
    expect(converted).toMatchObject({ type: 'PaperBookConverted', data: { customerId: riley, saleId, convertedCouponNumbers: [3, 4, 5, 6] } });
    const [sold] = (await server.product.store.readStream(packSaleStreamId(saleId))).map((e) => e as unknown as PackSold);
    const book = ((await bookEvents(BOOK))[0] as PaperBookRegistered).data;
    const value = book.coupons.slice(2).reduce((s, c) => s + c.allocatedValue, 0);
    expect(sold!.data).toMatchObject({ paperBookNumber: BOOK, status: 'final', price: value, listPrice: value, total: value, tax: 0, taxRateBasisPoints: 0, saleRoNumber: RO.sale, soldOn: saleOpenedOn, locationId: 1, soldBy: employeeId });
    expect(sold!.data.coupons.map((c) => c.issuedCouponId)).toEqual([3, 4, 5, 6].map((n) => deterministicUuid(`paper-conversion:${BOOK}:${n}`)));
    expect(sold!.data.coupons.map((c) => c.expiresAt)).toEqual(book.coupons.slice(2).map((c) => c.expiresAt));
    const registration = (await server.product.store.readStream(customerStreamId(riley))).filter((e) => e.type === 'RegistrationMessageRequested');
    expect(registration).toHaveLength(1);

    const coupons = await inject({ method: 'GET', url: `/api/customers/${riley}/coupons?minPosition=${res.json().metaData.position}` });
    expect(coupons.statusCode).toBe(200);
    const fromBook = (coupons.json().dataSet as CustomerCouponView[]).filter((c) => c.saleId === saleId);
    const byId = (a: string[], b: string[]) => a[0]!.localeCompare(b[0]!);
    expect(fromBook.map((c) => [c.issuedCouponId, c.couponId, c.status, c.saleStatus]).sort(byId)).toEqual(
      [3, 4, 5, 6].map((n) => [deterministicUuid(`paper-conversion:${BOOK}:${n}`), n <= 4 ? demoCouponId('rotation') : demoCouponId('mpi'), 'available', 'final']).sort(byId),
    );
    await waitForProjections(server.product);
    for (const status of server.product.projector.status()) expect({ name: status.name, parked: status.parked }).toEqual({ name: status.name, parked: 0 });
  });

  it('should answer a retry for the same customer alike, and refuse another conversion and paper redemptions of the converted book', async () => {
    const retry = await convert(BOOK, riley);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().dataSet).toMatchObject({ convertedCount: 4, registration: 'sent' });
    expect(retry.json().metaData).toEqual({});
    expect((await server.product.store.readStream(customerStreamId(riley))).filter((e) => e.type === 'RegistrationMessageRequested')).toHaveLength(1);
    expect((await server.product.store.readStream(packSaleStreamId(deterministicUuid(`paper-conversion:${BOOK}`))))).toHaveLength(1);
    const other = await convert(BOOK, jordan);
    expect(other.statusCode).toBe(409);
    expect(other.json().errors).toEqual([M.alreadyConverted]);
    const paper = await redeem(BOOK, 3, RO.e);
    expect(paper.statusCode).toBe(409);
    expect(paper.json().errors).toEqual([M.bookConverted]);
  });

  it("should answer 'registered' for a customer with an account and 'no-email' for one without an e-mail", async () => {
    const registered = await convert('PT-30001', pat);
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().dataSet).toMatchObject({ registration: 'registered', convertedCount: 4 });

    const created = await inject({
      method: 'POST',
      url: '/api/customers',
      payload: { firstName: 'Paper', lastName: 'Holder', emailAddress: null, phoneMobile: '3035557788', phoneOther: null, address: null, address2: null, city: null, state: null, zip: null, isTaxExempt: false },
    });
    expect(created.statusCode).toBe(201);
    const noEmail = await convert('PT-30003', created.json().dataSet.customerId);
    expect(noEmail.statusCode).toBe(201);
    expect(noEmail.json().dataSet).toMatchObject({ registration: 'no-email', convertedCount: 6 });
  });
});
