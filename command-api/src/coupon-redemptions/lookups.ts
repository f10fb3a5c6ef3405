/**
 * What the coupon-redemption commands look up before deciding (issue 12): the issued coupon's
 * sale (read model rm_pack_sales.issued_coupons gives the sale id; the sale's own stream is the
 * source of truth for the coupon as sold), the redeeming location and the RO with its jobs in
 * integer cents (DMS reference tables), the coupon's and the RO ledger's streams with their
 * revisions, the location's op-code rules, the customer's Verify Redemptions switch and the
 * newest verification of the RO and customer.
 */
import {
  customerStreamId,
  issuedCouponStreamId,
  packSaleStreamId,
  paperBookStreamId,
  redemptionVerificationStreamId,
  roCouponLedgerStreamId,
  cents,
  type LaborType,
  type RedemptionLocation,
  type RedemptionRo,
  type RedemptionVerificationState,
} from '@dealer/contracts';
import { load, type EventStore, type Loaded, type Sql } from '@dealer/platform';
import { customerDecider } from '@dealer/domain/customer/decider';
import { saleIdOfIssuedCoupon as saleIdOfCoupon } from '@dealer/read-models/pack-sales/queries';
import { ruleOpCodesAt as opCodeRulesAt } from '@dealer/read-models/opcode-rules/queries';
import { latestVerificationIdOf } from '@dealer/read-models/pending-approvals/queries';
import type { IssuedCouponState } from '@dealer/domain/coupon-redemption/state';
import type { PackSaleState } from '@dealer/domain/pack-sale/state';
import type { PaperBookState } from '@dealer/domain/paper-book/state';
import type { RoCouponLedgerState } from '@dealer/domain/coupon-redemption/ro-ledger';
import { issuedCouponDecider } from '@dealer/domain/coupon-redemption/decide';
import { roCouponLedgerDecider } from '@dealer/domain/coupon-redemption/ro-ledger-decide';
import { packSaleDecider } from '@dealer/domain/pack-sale/decide';
import { paperBookDecider } from '@dealer/domain/paper-book/decide';
import { redemptionVerificationDecider } from '@dealer/domain/redemption-verification/decide';

/** A stream read once and folded: its history, its state and the revision to append against (-1: no stream yet). */
export type Folded<S> = Loaded<S>;

export const loadIssuedCoupon = (store: EventStore, issuedCouponId: string): Promise<Folded<IssuedCouponState>> =>
  load(store, issuedCouponStreamId(issuedCouponId), issuedCouponDecider);

/** A paper coupon book's stream (issue 12): an RO-ledger claim with paperBookNumber is live while the book holds its redemption. */
export const loadPaperBook = (store: EventStore, bookNumber: string): Promise<Folded<PaperBookState>> =>
  load(store, paperBookStreamId(bookNumber), paperBookDecider(bookNumber));

export const loadRoLedger = (store: EventStore, locationId: number, roNumber: string): Promise<Folded<RoCouponLedgerState>> =>
  load(store, roCouponLedgerStreamId(locationId, roNumber), roCouponLedgerDecider);

export async function loadSale(store: EventStore, saleId: string): Promise<PackSaleState | null> {
  return (await load(store, packSaleStreamId(saleId), packSaleDecider)).state;
}

export async function loadVerification(store: EventStore, redemptionVerificationId: string): Promise<RedemptionVerificationState | null> {
  return (await load(store, redemptionVerificationStreamId(redemptionVerificationId), redemptionVerificationDecider)).state;
}

/** The sale that issued the coupon (read model of issued coupons); null when no sale issued it. */
export async function saleIdOfIssuedCoupon(sql: Sql, issuedCouponId: string): Promise<string | null> {
  return saleIdOfCoupon(sql, issuedCouponId);
}

/** The redeeming location; one not in the list is answered as not using the CRM (the rules refuse it). */
export async function loadRedemptionLocation(sql: Sql, locationId: number): Promise<RedemptionLocation> {
  const [row] = await sql<{ is_using_crm: boolean; time_zone: string | null }[]>`
    select is_using_crm, time_zone from ref.locations where location_id = ${locationId}`;
  return { locationId, isUsingCrm: row?.is_using_crm ?? false, timeZone: row?.time_zone ?? null };
}

/**
 * The RO at the location (its number matched whatever its case or surrounding spaces) with its
 * jobs; amounts are read as integer cents in SQL (numeric(12,2) * 100 is exact), never via floats.
 * Null when the RO is not in the DMS data.
 */
export async function loadRedemptionRo(sql: Sql, locationId: number, roNumber: string): Promise<RedemptionRo | null> {
  const [ro] = await sql<{ ro_number: string; void_date: string | null }[]>`
    select ro_number, void_date::text as void_date from ref.repair_orders
    where location_id = ${locationId} and upper(trim(ro_number)) = ${roNumber}
    order by ro_number limit 1`;
  if (!ro) return null;
  const jobs = await sql<{ job_id: number; line_no: number | null; op_code: string; labor_type: string; parts: string; labor: string; misc: string }[]>`
    select job_id, line_no, op_code, labor_type,
      round(parts_sale * 100)::bigint::text as parts, round(labor_sale * 100)::bigint::text as labor, round(misc_sale * 100)::bigint::text as misc
    from ref.ro_jobs where location_id = ${locationId} and ro_number = ${ro.ro_number}
    order by line_no nulls last, job_id`;
  return {
    roNumber: ro.ro_number.trim().toUpperCase(),
    locationId,
    voidDate: ro.void_date,
    jobs: jobs.map((j) => ({
      jobId: j.job_id,
      lineNo: j.line_no,
      opCode: j.op_code,
      laborType: j.labor_type as LaborType,
      partsSale: cents(Number(j.parts)),
      laborSale: cents(Number(j.labor)),
      miscSale: cents(Number(j.misc)),
    })),
  };
}

/** Op codes marked for verification at the location (read model of op-code rules). */
export async function ruleOpCodesAt(sql: Sql, locationId: number): Promise<string[]> {
  return opCodeRulesAt(sql, locationId);
}

/** The customer's Verify Redemptions switch (their stream, the source of truth). */
export async function customerVerifiesRedemptions(store: EventStore, customerId: string): Promise<boolean> {
  const { state } = await load(store, customerStreamId(customerId), customerDecider);
  return state.status === 'active' && state.profile.verifyRedemptions === true;
}

/** The newest verification of this RO and customer at this location (any outcome), from its own stream; null when none. */
export async function latestVerificationOf(
  deps: { store: EventStore; sql: Sql },
  key: { locationId: number; roNumber: string; customerId: string },
): Promise<RedemptionVerificationState | null> {
  const id = await latestVerificationIdOf(deps.sql, key);
  return id ? loadVerification(deps.store, id) : null;
}
