/**
 * Held coupon redemptions settled by the workers when the customer's verification has an
 * outcome (issue 12), through HTTP against real PostgreSQL and Redis (fresh database for this
 * file), on the demo programme's final sale of Pat (Essential Maintenance: two oil-change
 * coupons, LOF on customer-pay lines). Pat's Verify Redemptions switch is on, so every
 * redemption of Pat's waits for a verification of the RO:
 * - staff accept on Pat's behalf (override) → the held coupon becomes redeemed;
 * - Pat declines the op code by the link → the coupon is released (available again, its RO
 *   claim given back), and is redeemed on another RO once that RO's verification is approved;
 * - the verification expires unanswered → released as 'expired' (the settle run with a clock
 *   past the expiry, as the job does after the expiry job records RedemptionVerificationExpired).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { issuedCouponStreamId, roCouponLedgerStreamId, type CustomerCouponView } from '@dealer/contracts';
import { deterministicUuid, systemContext } from '@dealer/platform';
import { importDmsRecords } from '@dealer/dms/index';
import { settleHeldRedemptions } from '@dealer/workers/jobs/settle-redemptions';
import { demoCouponId, demoSaleId } from './demo/catalogue';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs, xsrfHeaders } from './testing/auth';

let server: TestServer;
let employee: Record<string, string>;
let admin: Record<string, string>;
let anonymous: Record<string, string>;
const pat = deterministicUuid('demo-customer-0');
const patPhone = '3035551000';
const saleId = demoSaleId('pat-essential');
let oil: [string, string];

const RO = { approved: '7400001', declined: '7400002', again: '7400003', expiring: '7400004' };
const ro = (roNumber: string) => ({
  roNumber,
  locationId: 1,
  vin: '4T1BF1FK5CU123456',
  mileage: 42_000,
  openDate: '2026-03-02T08:15:00',
  closeDate: null,
  jobs: [{ jobId: 1, lineCode: 'A', lineNo: 1, opCode: 'LOF', opCodeDesc: 'Oil and filter', laborType: 'C' as const, laborSale: 49.95, partsSale: 20 }],
});

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  employee = (await loginAs(server, 'employee')).headers;
  admin = (await loginAs(server, 'admin')).headers;
  anonymous = await xsrfHeaders(server);
  const { sql } = server.product;
  await sql`update ref.locations set time_zone = 'America/Denver' where time_zone is null`;
  const report = await importDmsRecords(sql, [ro(RO.approved), ro(RO.declined), ro(RO.again), ro(RO.expiring)]);
  expect(report).toMatchObject({ rejected: 0 });
  await waitForProjections(server.product);
  const rows = await sql<{ id: string }[]>`
    select issued_coupon_id::text as id from rm_pack_sales.issued_coupons
    where sale_id = ${saleId} and coupon_id = ${demoCouponId('oil')} order by position`;
  expect(rows).toHaveLength(2);
  oil = [rows[0]!.id, rows[1]!.id];
});
afterAll(async () => {
  await server?.stop();
});

const inject = (options: InjectOptions, headers: Record<string, string> = employee) => server.product.app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });
const redeem = (issuedCouponId: string, roNumber: string) => inject({ method: 'POST', url: '/api/coupon-redemptions', payload: { issuedCouponId, customerId: pat, locationId: 1, roNumber } });
const startVerification = async (roNumber: string) => {
  const res = await inject({ method: 'POST', url: '/api/redemption-verifications', payload: { type: 'text', roNumber, locationId: 1, customerId: pat } });
  expect(res.statusCode).toBe(201);
  // The redeem finds the RO's latest verification through the read model of verifications.
  await waitForProjections(server.product);
  return res.json().dataSet as { id: string; pendingOpCodes: string[] };
};
const couponTypes = async (issuedCouponId: string) => (await server.product.store.readStream(issuedCouponStreamId(issuedCouponId))).map((e) => e.type);
const ledgerClaims = async (roNumber: string) =>
  (await server.product.store.readStream(roCouponLedgerStreamId(1, roNumber))).map((e) => `${e.type}:${(e.data as { redemptionId: string }).redemptionId}`);

/** Waits (up to 15 s) until the coupon's stream ends with `type`: the workers settle asynchronously. */
async function untilCouponEvent(issuedCouponId: string, type: string): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  let types = await couponTypes(issuedCouponId);
  while (types[types.length - 1] !== type && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    types = await couponTypes(issuedCouponId);
  }
  return types;
}

/** Pat's coupon as staff see it on the customer's coupons panel, once the read model shows `done`. */
async function patCoupon(issuedCouponId: string, done: (c: CustomerCouponView) => boolean): Promise<CustomerCouponView> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await inject({ method: 'GET', url: `/api/customers/${pat}/coupons` });
    expect(res.statusCode).toBe(200);
    const coupon = (res.json().dataSet as CustomerCouponView[]).find((c) => c.issuedCouponId === issuedCouponId)!;
    if (done(coupon) || Date.now() > deadline) return coupon;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The link token of Pat's text message about this RO (development outbox). */
async function linkTokenFor(roNumber: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await inject({ method: 'GET', url: `/api/dev-outbox?to=${patPhone}` }, admin);
    const message = (res.json().dataSet as { body: string }[]).find((m) => m.body.includes(roNumber) && /\/verify\/redemption\//.test(m.body));
    if (message) return /\/verify\/redemption\/([\w-]+)/.exec(message.body)![1]!;
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('settling held redemptions when the verification has an outcome', () => {
  it('should redeem the held coupon once staff accept on the customer\'s behalf', async () => {
    const v = await startVerification(RO.approved);
    expect(v.pendingOpCodes).toEqual(['LOF']);
    const held = await redeem(oil[0], RO.approved);
    expect(held.statusCode).toBe(201);
    expect(held.json().dataSet).toMatchObject({ status: 'awaiting-verification' });
    const redemptionId = held.json().dataSet.redemptionId as string;
    expect(await couponTypes(oil[0])).toEqual(['CouponRedemptionAwaitingVerification']);

    const overridden = await inject({ method: 'POST', url: '/api/redemption-verification-overrides', payload: { redemptionVerificationId: v.id, reason: 'Customer approved at the counter' } });
    expect(overridden.statusCode).toBe(200);

    expect(await untilCouponEvent(oil[0], 'CouponRedeemed')).toEqual(['CouponRedemptionAwaitingVerification', 'CouponRedeemed']);
    const [redeemed] = await server.product.store.readStream(issuedCouponStreamId(oil[0]), { fromRevision: 1 });
    expect(redeemed!.data).toMatchObject({ redemptionId, via: 'verification', redemptionVerificationId: v.id, roNumber: RO.approved, amount: 6_995 });
    expect(redeemed!.metadata.actor).toBe('system:redemption-settle');
    // The claim on the RO stays (the redemption is now redeemed on it).
    expect(await ledgerClaims(RO.approved)).toEqual([`RoCouponClaimed:${redemptionId}`]);
    const coupon = await patCoupon(oil[0], (c) => c.status === 'redeemed');
    expect(coupon).toMatchObject({ status: 'redeemed', redemption: { redemptionId, state: 'redeemed', roNumber: RO.approved } });

    // Settling again (a replayed event) records nothing.
    const again = await settleHeldRedemptions({ store: server.product.store, sql: server.product.sql }, v.id, systemContext('test'));
    expect(again).toMatchObject({ verificationOutcome: 'overridden', settled: [], retryAt: null });
    expect(await couponTypes(oil[0])).toHaveLength(2);
  });

  it('should release the held coupon when the customer declines, give back its RO claim, and let it be redeemed once another verification approves', async () => {
    const v = await startVerification(RO.declined);
    const held = await redeem(oil[1], RO.declined);
    expect(held.statusCode).toBe(201);
    expect(held.json().dataSet).toMatchObject({ status: 'awaiting-verification' });
    const redemptionId = held.json().dataSet.redemptionId as string;
    const heldView = await patCoupon(oil[1], (c) => c.redemption?.state === 'awaiting-verification');
    expect(heldView.redemption).toMatchObject({ redemptionId, state: 'awaiting-verification' });

    const token = await linkTokenFor(RO.declined);
    const answered = await inject({ method: 'PUT', url: '/api/redemption-verifications', payload: { codeId: v.id, code: token, reply: { approvedOpCodes: [], declinedOpCodes: ['LOF'] } } }, anonymous);
    expect(answered.statusCode).toBe(200);

    expect(await untilCouponEvent(oil[1], 'CouponRedemptionReleased')).toEqual(['CouponRedemptionAwaitingVerification', 'CouponRedemptionReleased']);
    const [released] = await server.product.store.readStream(issuedCouponStreamId(oil[1]), { fromRevision: 1 });
    expect(released!.data).toMatchObject({ redemptionId, outcome: 'declined', redemptionVerificationId: v.id });
    // The RO claim is given back (right after the coupon's release, in the same job).
    const deadline = Date.now() + 5_000;
    while ((await ledgerClaims(RO.declined)).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await ledgerClaims(RO.declined)).toEqual([`RoCouponClaimed:${redemptionId}`, `RoCouponReleased:${redemptionId}`]);
    const available = await patCoupon(oil[1], (c) => c.redemption === null);
    expect(available).toMatchObject({ status: 'available', redemption: null });

    // Redeemed on another RO once that RO's verification is approved.
    const next = await startVerification(RO.again);
    const overridden = await inject({ method: 'POST', url: '/api/redemption-verification-overrides', payload: { redemptionVerificationId: next.id } });
    expect(overridden.statusCode).toBe(200);
    const redeemed = await inject({ method: 'POST', url: '/api/coupon-redemptions', payload: { issuedCouponId: oil[1], customerId: pat, locationId: 1, roNumber: RO.again } });
    expect(redeemed.statusCode).toBe(201);
    expect(redeemed.json().dataSet).toMatchObject({ status: 'redeemed', amount: 6_995 });
    expect(await couponTypes(oil[1])).toEqual(['CouponRedemptionAwaitingVerification', 'CouponRedemptionReleased', 'CouponRedeemed']);
  });

  it('should release the held coupon as expired once the verification expired unanswered, and not before', async () => {
    // oil[1] is redeemed on RO.again: the redeeming employee voids it, so it can be held again.
    const current = (await server.product.store.readStream(issuedCouponStreamId(oil[1]))).at(-1)!.data as { redemptionId: string };
    const voided = await inject({ method: 'POST', url: `/api/coupon-redemptions/${oil[1]}/void`, payload: { redemptionId: current.redemptionId, reason: 'Wrong RO' } });
    expect(voided.statusCode).toBe(200);
    const v = await startVerification(RO.expiring);
    const held = await redeem(oil[1], RO.expiring);
    expect(held.json().dataSet).toMatchObject({ status: 'awaiting-verification' });
    const redemptionId = held.json().dataSet.redemptionId as string;
    const deps = { store: server.product.store, sql: server.product.sql };
    const [row] = await server.product.sql<{ expires: Date }[]>`select expires from rm_pending_approvals.verifications where redemption_verification_id = ${v.id}`;
    const at = (ms: number) => ({ ...systemContext('system:redemption-settle'), now: () => new Date(row!.expires.getTime() + ms) });

    // Still open a second before the expiry: nothing settles.
    expect(await settleHeldRedemptions(deps, v.id, at(-1_000))).toMatchObject({ verificationOutcome: null, settled: [] });
    expect((await couponTypes(oil[1])).at(-1)).toBe('CouponRedemptionAwaitingVerification');

    const settled = await settleHeldRedemptions(deps, v.id, at(1_000));
    expect(settled).toMatchObject({ verificationOutcome: 'expired', settled: [{ issuedCouponId: oil[1], redemptionId, outcome: 'released' }], retryAt: null });
    const last = (await server.product.store.readStream(issuedCouponStreamId(oil[1]))).at(-1)!;
    expect(last).toMatchObject({ type: 'CouponRedemptionReleased', data: { redemptionId, outcome: 'expired' } });
    expect(await ledgerClaims(RO.expiring)).toEqual([`RoCouponClaimed:${redemptionId}`, `RoCouponReleased:${redemptionId}`]);
  });
});
