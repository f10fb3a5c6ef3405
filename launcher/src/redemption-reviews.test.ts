/**
 * Redemptions on voided ROs through HTTP against real PostgreSQL (fresh database for this file):
 * Pat's two oil-change coupons (demo sale Essential Maintenance) are redeemed on two ROs; an
 * import then brings one RO with a voidDate, and its redemption is on the managers' review list
 * at once (joined at request time). Keeping it with a note takes it off (a retry answers the
 * same, another keep is refused); voiding the other takes it off too. 409 for a redemption that is
 * not on a voided RO or voided already, 404 for an unknown one, 400 for a missing note; employees
 * get 403 (the authorization matrix says managers and admins).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { REDEMPTION_REVIEW_MESSAGES as M, customerStreamId, redemptionReviewStreamId, type VoidedRoRedemptionView } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { importDmsRecords } from '@dealer/dms/index';
import { demoCouponId, demoSaleId } from './demo/catalogue';
import { DEMO_PAPER_BOOKS } from './demo/paper-books';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';

let server: TestServer;
let employee: Record<string, string>;
let manager: Record<string, string>;
let admin: Record<string, string>;
const pat = deterministicUuid('demo-customer-0');
const saleId = demoSaleId('pat-essential');
let oil: [string, string];
const redemptionOf: Record<string, string> = {};

const RO = { kept: '7400001', voided: '7400002', fine: '7400003', paper: '7400004' };
/** Demo paper book PB-10001 (Essential Maintenance): paper coupon #1 is an oil change (LOF). */
const BOOK = DEMO_PAPER_BOOKS.books[0].bookNumber;
const job = { jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter', laborType: 'C', laborSale: 49.95, partsSale: 20 };
const ro = (roNumber: string, voidDate: string | null = null) => ({
  roNumber,
  locationId: 1,
  vin: '4T1BF1FK5CU123456',
  mileage: 42_000,
  openDate: '2026-03-02T08:15:00',
  closeDate: null,
  voidDate,
  jobs: [job],
});

const inject = (options: InjectOptions, headers: Record<string, string>) => server.product.app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });
const list = async (headers = manager, query = '?locationId=1') => {
  const res = await inject({ method: 'GET', url: `/api/coupon-redemption-reviews${query}` }, headers);
  expect(res.statusCode).toBe(200);
  return res.json().dataSet as VoidedRoRedemptionView[];
};
const keep = (body: Record<string, unknown>, headers = manager) => inject({ method: 'POST', url: '/api/coupon-redemption-reviews', payload: body }, headers);

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  employee = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
  admin = (await loginAs(server, 'admin')).headers;
  const { sql } = server.product;
  await sql`update ref.locations set time_zone = 'America/Denver' where time_zone is null`;
  expect(await importDmsRecords(sql, [ro(RO.kept), ro(RO.voided), ro(RO.fine), ro(RO.paper)])).toMatchObject({ rejected: 0 });
  await waitForProjections(server.product);
  const rows = await sql<{ id: string }[]>`
    select issued_coupon_id::text as id from rm_pack_sales.issued_coupons
    where sale_id = ${saleId} and coupon_id = ${demoCouponId('oil')} order by position`;
  oil = [rows[0]!.id, rows[1]!.id];
  // Pat's Verify Redemptions switch off, as a manager sends it, so the redemptions are direct.
  const history = await server.product.store.readStream(customerStreamId(pat));
  const loaded = (await inject({ method: 'GET', url: `/api/customers/${pat}` }, manager)).json().dataSet as Record<string, unknown>;
  const keys = ['firstName', 'lastName', 'emailAddress', 'phoneMobile', 'phoneOther', 'address', 'address2', 'city', 'state', 'zip', 'isTaxExempt', 'validateCoupon'];
  const profile = Object.fromEntries(keys.filter((k) => k in loaded).map((k) => [k, loaded[k]]));
  const put = await inject({ method: 'PUT', url: `/api/customers/${pat}`, payload: { ...profile, verifyRedemptions: false, expectedRevision: history[history.length - 1]!.revision } }, manager);
  expect(put.statusCode).toBe(200);
  for (const [issuedCouponId, roNumber] of [[oil[0], RO.kept], [oil[1], RO.voided]] as const) {
    const res = await inject({ method: 'POST', url: '/api/coupon-redemptions', payload: { issuedCouponId, customerId: pat, locationId: 1, roNumber } }, employee);
    expect(res.statusCode).toBe(201);
    redemptionOf[roNumber] = res.json().dataSet.redemptionId;
  }
  const paper = await inject({ method: 'POST', url: `/api/paper-books/${BOOK}/redemptions`, payload: { paperCouponNumber: 1, locationId: 1, roNumber: RO.paper } }, employee);
  expect(paper.statusCode).toBe(201);
  redemptionOf[RO.paper] = paper.json().dataSet.redemptionId;
  await waitForProjections(server.product);
});
afterAll(async () => {
  await server?.stop();
});

describe('redemptions on voided ROs', () => {
  it('should list nothing while the ROs are open, and refuse a keep of a redemption on an RO that is not voided', async () => {
    expect(await list()).toEqual([]);
    const res = await keep({ redemptionId: redemptionOf[RO.kept], note: 'Looks fine' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([M.notOnVoidedRo]);
  });

  it('should flag the redemptions of ROs an import shows voided, at once, for managers and admins', async () => {
    const report = await importDmsRecords(server.product.sql, [ro(RO.kept, '2026-03-03T09:00:00'), ro(RO.voided, '2026-03-04T10:30:00')]);
    expect(report).toMatchObject({ rejected: 0 });
    const flagged = await list();
    expect(flagged.map((r) => r.roNumber).sort()).toEqual([RO.kept, RO.voided]);
    const kept = flagged.find((r) => r.roNumber === RO.kept)!;
    expect(kept).toMatchObject({
      redemptionId: redemptionOf[RO.kept],
      kind: 'coupon',
      issuedCouponId: oil[0],
      bookNumber: null,
      paperCouponNumber: null,
      customerId: pat,
      customerName: expect.stringMatching(/\S/),
      locationId: 1,
      locationName: expect.stringMatching(/\S/),
      roVoidDate: '2026-03-03T09:00:00',
      opCode: 'LOF',
      laborType: 'C',
      amount: 6_995,
      redeemedByName: expect.stringMatching(/\S/),
    });
    // Newest first.
    expect(flagged.map((r) => r.redeemedAt)).toEqual([...flagged.map((r) => r.redeemedAt)].sort().reverse());
    expect((await list(admin)).map((r) => r.redemptionId).sort()).toEqual(flagged.map((r) => r.redemptionId).sort());
    expect(await list(manager, '?locationId=2')).toEqual([]);
    expect((await list(manager, '')).length).toBe(2);
  });

  it('should flag a paper redemption too (no customer, its book and coupon number), and keep it', async () => {
    expect(await importDmsRecords(server.product.sql, [ro(RO.paper, '2026-03-05T08:00:00')])).toMatchObject({ rejected: 0 });
    const flagged = (await list()).find((r) => r.roNumber === RO.paper);
    expect(flagged).toMatchObject({ redemptionId: redemptionOf[RO.paper], kind: 'paper', bookNumber: BOOK, paperCouponNumber: 1, customerId: null, customerName: null, opCode: 'LOF' });
    const res = await keep({ redemptionId: redemptionOf[RO.paper], note: 'Paper coupon honoured on the re-opened RO.' });
    expect(res.statusCode).toBe(201);
    const after = await list(manager, `?locationId=1&minPosition=${res.json().metaData.position}`);
    expect(after.map((r) => r.roNumber).sort()).toEqual([RO.kept, RO.voided]);
  });

  it('should refuse employees (403) and bad input (400), and answer 404 for an unknown redemption', async () => {
    expect((await inject({ method: 'GET', url: '/api/coupon-redemption-reviews?locationId=1' }, employee)).statusCode).toBe(403);
    expect((await keep({ redemptionId: redemptionOf[RO.kept], note: 'Mine' }, employee)).statusCode).toBe(403);
    const noNote = await keep({ redemptionId: redemptionOf[RO.kept], note: '   ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual([M.noteRequired]);
    expect((await keep({ note: 'x' })).json().errors).toEqual([M.redemptionRequired]);
    expect((await inject({ method: 'GET', url: '/api/coupon-redemption-reviews?locationId=-1' }, manager)).statusCode).toBe(400);
    const unknown = await keep({ redemptionId: deterministicUuid('no-such-redemption'), note: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([M.notFound]);
  });

  it('should keep one with a note (a retry answers the same, another keep is refused) and it leaves the list', async () => {
    const redemptionId = redemptionOf[RO.kept]!;
    const body = { redemptionId, note: 'The RO was re-opened as another number; the work was done.' };
    const res = await keep(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().dataSet).toEqual({ id: redemptionId, redemptionId, message: M.kept });
    const position = res.json().metaData.position as string;
    expect(position).toMatch(/^\d+$/);
    const retry = await keep(body);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(res.json());
    const other = await keep({ redemptionId, note: 'Another note' });
    expect(other.statusCode).toBe(409);
    expect(other.json().errors).toEqual([M.notOnVoidedRo]);
    const events = await server.product.store.readStream(redemptionReviewStreamId(redemptionId));
    expect(events.map((e) => [e.type, (e.data as { note: string }).note, (e.data as { roNumber: string }).roNumber])).toEqual([['RedemptionReviewKept', body.note, RO.kept]]);
    const after = await list(manager, `?locationId=1&minPosition=${position}`);
    expect(after.map((r) => r.roNumber)).toEqual([RO.voided]);
  });

  it('should take a redemption off the list when it is voided, and refuse to keep it then', async () => {
    const redemptionId = redemptionOf[RO.voided]!;
    const voided = await inject({ method: 'POST', url: `/api/coupon-redemptions/${oil[1]}/void`, payload: { redemptionId, reason: 'RO voided in the DMS' } }, manager);
    expect(voided.statusCode).toBe(200);
    expect(await list(manager, `?locationId=1&minPosition=${voided.json().metaData.position}`)).toEqual([]);
    const res = await keep({ redemptionId, note: 'Too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([M.notOnVoidedRo]);
  });

  it("should tell the sale, the redemptions, the void and the keep in Pat's history, in plain English", async () => {
    await waitForProjections(server.product);
    const res = await inject({ method: 'GET', url: `/api/customers/${pat}/history` }, manager);
    expect(res.statusCode).toBe(200);
    const entries = res.json().dataSet.entries as { type: string; summary: string; changes: unknown[] }[];
    const summaries = entries.map((e) => e.summary);
    const [location] = await server.product.sql<{ name: string }[]>`select location_name as name from ref.locations where location_id = 1`;
    expect(summaries).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Bought pack Essential Maintenance on RO# 419901 at /),
        `Redeemed coupon Oil and filter change on RO# ${RO.kept} at ${location!.name} ($69.95 off)`,
        `Redeemed coupon Oil and filter change on RO# ${RO.voided} at ${location!.name} ($69.95 off)`,
        `Voided the redemption of coupon Oil and filter change on RO# ${RO.voided} at ${location!.name} ($69.95 no longer off) (reason: RO voided in the DMS)`,
        `Kept the redemption of coupon Oil and filter change on RO# ${RO.kept} at ${location!.name}, which the DMS shows voided (note: The RO was re-opened as another number; the work was done.)`,
      ]),
    );
    // Coupon facts change no profile field.
    for (const e of entries.filter((x) => ['PackSold', 'CouponRedeemed', 'CouponRedemptionVoided', 'RedemptionReviewKept'].includes(x.type))) expect(e.changes).toEqual([]);
  });
});
