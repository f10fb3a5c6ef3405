/**
 * Query of the `pack_sales` read model (tables: ./projection.ts): a customer's
 * purchase history (PackSaleView, newest first) and the coupons the customer owns
 * (CustomerCouponView, available first, then by expiry). An issued coupon's status depends on
 * the time, so it is computed here with contracts' issuedCouponStatus at `now`; a coupon whose
 * current redemption is redeemed is 'redeemed' (unless its sale is voided), one held for a
 * verification keeps its available/expired status and shows the held redemption (issue 12).
 * Staff names come from the users read model (staff-names.ts), location names from ref.locations.
 */
import {
  cents,
  type CouponTerms,
  type CustomerCouponRedemptionView,
  type CustomerCouponView,
  type CustomerSearchResult,
  type DeskCodeHit,
  type IssuedCouponStatus,
  type PackSaleCorrectionView,
  type PackSaleView,
} from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { locationNames, namesOf } from '../coupon-catalogue/queries';
import { staffNamesOf } from '../users/queries';
import { issuedCouponStatus } from '@dealer/domain/pack-sale/state';

export const PACK_SALES = 'pack_sales';

type SaleStatus = PackSaleView['status'];

interface SaleRow {
  saleId: string;
  deskCode: string | null;
  customerId: string;
  packId: string;
  packName: string;
  packDescription: string | null;
  termMonths: number;
  termMileage: number | null;
  mileageAtSale: number | null;
  mileageLimit: number | null;
  locationId: number;
  timeZone: string;
  sellingLocationIds: number[];
  saleRoNumber: string;
  soldAt: Date;
  soldOn: string;
  soldBy: string;
  listPrice: string;
  price: string;
  priceOverrideReason: string | null;
  taxExempt: boolean;
  tax: string;
  total: string;
  status: SaleStatus;
  finalisedAt: Date | null;
  finalisedVia: 'ro-closed' | 'manager' | null;
  voidReason: string | null;
  voidedBy: string | null;
  voidedAt: Date | null;
  paperBookNumber: string | null;
}

interface CouponRow {
  issuedCouponId: string;
  deskCode: string | null;
  saleId: string;
  couponId: string;
  terms: CouponTerms;
  expiresOn: string;
  expiresAt: Date;
  allocatedValue: string;
  packId: string;
  packName: string;
  soldLocationId: number;
  saleStatus: SaleStatus;
  redemptionId: string | null;
  redemptionState: CustomerCouponRedemptionView['state'] | null;
  redemptionLocationId: number | null;
  redemptionRoNumber: string | null;
  redemptionOpCode: string | null;
  redemptionLaborType: CustomerCouponRedemptionView['laborType'] | null;
  redemptionAmount: string | null;
  redeemedAt: Date | null;
  redeemedBy: string | null;
}

interface CorrectionRow {
  saleId: string;
  fromLocationId: number;
  toLocationId: number;
  reason: string;
  by: string;
  correctedAt: Date;
}

/** Issued coupons of a customer, or of some sales, with their sale's pack, location and status. */
function couponRows(sql: Sql, filter: { customerId: string } | { saleIds: string[] }) {
  return sql<CouponRow[]>`
    select c.issued_coupon_id::text as "issuedCouponId", c.sale_id::text as "saleId", c.coupon_id::text as "couponId", c.terms,
      to_char(c.expires_on, 'YYYY-MM-DD') as "expiresOn", c.expires_at as "expiresAt", c.allocated_value::text as "allocatedValue",
      s.pack_id::text as "packId", s.pack_name as "packName", s.location_id as "soldLocationId", s.status as "saleStatus",
      c.redemption_id as "redemptionId", c.redemption_state as "redemptionState", c.redemption_location_id as "redemptionLocationId",
      c.redemption_ro_number as "redemptionRoNumber", c.redemption_op_code as "redemptionOpCode",
      c.redemption_labor_type as "redemptionLaborType", c.redemption_amount::text as "redemptionAmount",
      c.redeemed_at as "redeemedAt", c.redeemed_by as "redeemedBy", d.code as "deskCode"
    from rm_pack_sales.issued_coupons c
    join rm_pack_sales.sales s on s.sale_id = c.sale_id
    left join rm_pack_sales.desk_codes d on d.issued_coupon_id = c.issued_coupon_id
    where ${'customerId' in filter ? sql`c.customer_id = ${filter.customerId}` : sql`c.sale_id = any(${filter.saleIds}::uuid[])`}
    order by c.sale_id, c.position`;
}

/** Names of the employees who redeemed (or asked for) the rows' current redemptions. */
async function redeemerNames(sql: Sql, rows: CouponRow[]): Promise<Map<string, string>> {
  const actors = [...new Set(rows.flatMap((r) => (r.redeemedBy ? [`user:${r.redeemedBy}`] : [])))];
  return actors.length === 0 ? new Map() : staffNamesOf(sql, actors);
}

function redemptionView(r: CouponRow, names: Map<number, string>, staff: Map<string, string>): CustomerCouponRedemptionView | null {
  if (r.redemptionId === null || r.redemptionState === null) return null;
  const locationId = r.redemptionLocationId!;
  return {
    redemptionId: r.redemptionId,
    state: r.redemptionState,
    locationId,
    locationName: names.get(locationId) ?? null,
    roNumber: r.redemptionRoNumber!,
    opCode: r.redemptionOpCode!,
    laborType: r.redemptionLaborType!,
    amount: cents(Number(r.redemptionAmount)),
    redeemedAt: r.redeemedAt?.toISOString() ?? null,
    redeemedBy: r.redeemedBy!,
    redeemedByName: staff.get(`user:${r.redeemedBy}`) ?? null,
  };
}

function couponView(r: CouponRow, names: Map<number, string>, staff: Map<string, string>, now: Date): CustomerCouponView {
  const expiresAt = r.expiresAt.toISOString();
  const redemption = redemptionView(r, names, staff);
  const redeemed = redemption?.state === 'redeemed';
  return {
    issuedCouponId: r.issuedCouponId,
    deskCode: r.deskCode,
    saleId: r.saleId,
    couponId: r.couponId,
    name: r.terms.name,
    description: r.terms.description,
    opCodes: r.terms.opCodes,
    value: r.terms.value,
    laborTypes: r.terms.laborTypes,
    maxPerRo: r.terms.maxPerRo,
    maxAmountPerRo: r.terms.maxAmountPerRo,
    locationIds: r.terms.locationIds,
    locationNames: namesOf(r.terms.locationIds, names),
    packId: r.packId,
    packName: r.packName,
    soldLocationId: r.soldLocationId,
    soldLocationName: names.get(r.soldLocationId) ?? null,
    saleStatus: r.saleStatus,
    expiresOn: r.expiresOn,
    expiresAt,
    allocatedValue: cents(Number(r.allocatedValue)),
    // A held coupon (awaiting verification) is not redeemed: available or expired, its redemption says it is held.
    status: issuedCouponStatus({ saleStatus: r.saleStatus, expiresAt, redeemed }, now),
    redeemedAt: redeemed ? redemption.redeemedAt : null,
    redemption,
  };
}

const STATUS_ORDER: Record<IssuedCouponStatus, number> = { available: 0, redeemed: 1, expired: 1, voided: 1 };

/** The customer's coupons: available first, then by expiry (soonest first), then by id. */
export async function listCustomerCoupons(sql: Sql, customerId: string, now: Date): Promise<CustomerCouponView[]> {
  const [rows, names] = await Promise.all([couponRows(sql, { customerId }), locationNames(sql)]);
  const staff = await redeemerNames(sql, rows);
  return rows
    .map((r) => couponView(r, names, staff, now))
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
        Date.parse(a.expiresAt) - Date.parse(b.expiresAt) ||
        (a.issuedCouponId < b.issuedCouponId ? -1 : a.issuedCouponId > b.issuedCouponId ? 1 : 0),
    );
}

/** The customer's purchases, newest first, each with its corrections and its coupons (in the sale's order). */
export async function listPurchases(sql: Sql, customerId: string, now: Date): Promise<PackSaleView[]> {
  const sales = await sql<SaleRow[]>`
    select sale_id::text as "saleId", customer_id::text as "customerId", pack_id::text as "packId", pack_name as "packName",
      pack_description as "packDescription", term_months as "termMonths", term_mileage as "termMileage",
      mileage_at_sale as "mileageAtSale", mileage_limit as "mileageLimit", location_id as "locationId", time_zone as "timeZone",
      selling_location_ids as "sellingLocationIds", sale_ro_number as "saleRoNumber", sold_at as "soldAt",
      to_char(sold_on, 'YYYY-MM-DD') as "soldOn", sold_by as "soldBy", list_price::text as "listPrice", price::text as price,
      price_override_reason as "priceOverrideReason", tax_exempt as "taxExempt", tax::text as tax, total::text as total, status,
      finalised_at as "finalisedAt", finalised_via as "finalisedVia", void_reason as "voidReason", voided_by as "voidedBy",
      voided_at as "voidedAt", paper_book_number as "paperBookNumber",
      (select d.code from rm_pack_sales.desk_codes d where d.sale_id = s.sale_id and d.kind = 'sale') as "deskCode"
    from rm_pack_sales.sales s where customer_id = ${customerId}
    order by sold_at desc, sale_id desc`;
  if (sales.length === 0) return [];
  const saleIds = sales.map((s) => s.saleId);
  const [coupons, corrections, names] = await Promise.all([
    couponRows(sql, { saleIds }),
    sql<CorrectionRow[]>`
      select sale_id::text as "saleId", from_location_id as "fromLocationId", to_location_id as "toLocationId", reason,
        corrected_by as by, corrected_at as "correctedAt"
      from rm_pack_sales.corrections where sale_id = any(${saleIds}::uuid[])
      order by sale_id, revision`,
    locationNames(sql),
  ]);
  const actors = [...sales.flatMap((s) => [s.soldBy, s.voidedBy ?? '']), ...corrections.map((c) => c.by), ...coupons.map((c) => c.redeemedBy ?? '')]
    .filter(Boolean)
    .map((by) => `user:${by}`);
  const staff = await staffNamesOf(sql, [...new Set(actors)]);
  const staffName = (userId: string) => staff.get(`user:${userId}`) ?? null;

  const couponsOf = groupBy(coupons.map((c) => couponView(c, names, staff, now)), (c) => c.saleId);
  const correctionsOf = groupBy(
    corrections.map(
      (c): PackSaleCorrectionView & { saleId: string } => ({
        saleId: c.saleId,
        fromLocationId: c.fromLocationId,
        fromLocationName: names.get(c.fromLocationId) ?? null,
        toLocationId: c.toLocationId,
        toLocationName: names.get(c.toLocationId) ?? null,
        reason: c.reason,
        by: c.by,
        byName: staffName(c.by),
        correctedAt: c.correctedAt.toISOString(),
      }),
    ),
    (c) => c.saleId,
  );

  return sales.map((s) => ({
    saleId: s.saleId,
    deskCode: s.deskCode,
    id: s.saleId,
    customerId: s.customerId,
    packId: s.packId,
    packName: s.packName,
    packDescription: s.packDescription,
    termMonths: s.termMonths,
    termMileage: s.termMileage,
    mileageAtSale: s.mileageAtSale,
    mileageLimit: s.mileageLimit,
    locationId: s.locationId,
    locationName: names.get(s.locationId) ?? null,
    timeZone: s.timeZone,
    sellingLocationIds: s.sellingLocationIds,
    saleRoNumber: s.saleRoNumber,
    soldAt: s.soldAt.toISOString(),
    soldOn: s.soldOn,
    soldBy: s.soldBy,
    soldByName: staffName(s.soldBy),
    listPrice: cents(Number(s.listPrice)),
    price: cents(Number(s.price)),
    priceOverrideReason: s.priceOverrideReason,
    taxExempt: s.taxExempt,
    tax: cents(Number(s.tax)),
    total: cents(Number(s.total)),
    status: s.status,
    finalisedAt: s.finalisedAt?.toISOString() ?? null,
    finalisedVia: s.finalisedVia,
    void: s.status === 'voided' && s.voidReason !== null && s.voidedBy !== null && s.voidedAt !== null
      ? { reason: s.voidReason, by: s.voidedBy, byName: staffName(s.voidedBy), at: s.voidedAt.toISOString() }
      : null,
    corrections: (correctionsOf.get(s.saleId) ?? []).map(({ saleId: _sale, ...c }) => c),
    coupons: couponsOf.get(s.saleId) ?? [],
    paperBookNumber: s.paperBookNumber,
  }));
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The sale that issued the coupon; null when no sale issued it. */
export async function saleIdOfIssuedCoupon(sql: Sql, issuedCouponId: string): Promise<string | null> {
  const [row] = await sql<{ sale_id: string }[]>`select sale_id::text as sale_id from rm_pack_sales.issued_coupons where issued_coupon_id = ${issuedCouponId}`;
  return row?.sale_id ?? null;
}

/** Coupons the read model lists as held for this verification (candidates: it may lag, never leads). */
export async function couponsHeldForVerification(sql: Sql, redemptionVerificationId: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select issued_coupon_id::text as id from rm_pack_sales.issued_coupons
    where redemption_state = 'awaiting-verification' and redemption_verification_id = ${redemptionVerificationId}`;
  return rows.map((r) => r.id);
}

/** Pending sales whose sale RO the DMS data shows closed, after `after` in sale id order, at most `limit`. */
export async function pendingSalesWithClosedRo(sql: Sql, after: string, limit: number): Promise<string[]> {
  const rows = await sql<{ sale_id: string }[]>`
    select s.sale_id::text as sale_id
      from rm_pack_sales.sales s
      join ref.repair_orders r on r.location_id = s.location_id and r.ro_number = s.sale_ro_number
     where s.status = 'pending' and r.close_date is not null and s.sale_id > ${after}::uuid
     order by s.sale_id
     limit ${limit}`;
  return rows.map((r) => r.sale_id);
}

/** Locations of these sales now (the live stream tells staff there, ADR 0087); ids not in the read model are left out. */
export async function saleLocationsOf(sql: Sql, saleIds: readonly string[]): Promise<Map<string, number>> {
  if (saleIds.length === 0) return new Map();
  const rows = await sql<{ id: string; location_id: number }[]>`
    select sale_id::text as id, location_id from rm_pack_sales.sales where sale_id = any(${saleIds}::uuid[])`;
  return new Map(rows.map((r) => [r.id, r.location_id]));
}

/**
 * Issue 24: the customer a desk code (as stored, XXXXX-XXXXX) belongs to, as a customer search
 * hit ('Code') with the sale or coupon it names and its status at `now`; null for no such code.
 * The customer's name and contact come from the customer-search read model (null when erased).
 */
export async function findByDeskCode(sql: Sql, code: string, now: Date): Promise<CustomerSearchResult | null> {
  const [row] = await sql<
    {
      code: string; kind: 'sale' | 'coupon'; saleId: string; issuedCouponId: string | null; customerId: string; packName: string;
      saleStatus: SaleStatus; couponName: string | null; expiresAt: Date | null; redemptionState: string | null;
      firstName: string | null; lastName: string | null; emailAddress: string | null; phoneMobile: string | null;
    }[]
  >`
    select d.code, d.kind, d.sale_id::text as "saleId", d.issued_coupon_id::text as "issuedCouponId", d.customer_id::text as "customerId",
      s.pack_name as "packName", s.status as "saleStatus", c.terms->>'name' as "couponName", c.expires_at as "expiresAt",
      c.redemption_state as "redemptionState",
      cs.first_name as "firstName", cs.last_name as "lastName", cs.email_address as "emailAddress", cs.phone_mobile as "phoneMobile"
    from rm_pack_sales.desk_codes d
    join rm_pack_sales.sales s on s.sale_id = d.sale_id
    left join rm_pack_sales.issued_coupons c on c.issued_coupon_id = d.issued_coupon_id
    left join rm_customer_search.customers cs on cs.customer_id = d.customer_id
    where d.code = ${code}`;
  if (!row) return null;
  const status: DeskCodeHit['status'] =
    row.kind === 'sale'
      ? row.saleStatus
      : issuedCouponStatus({ saleStatus: row.saleStatus, expiresAt: row.expiresAt!.toISOString(), redeemed: row.redemptionState === 'redeemed' }, now);
  return {
    customerId: row.customerId,
    firstName: row.firstName,
    lastName: row.lastName,
    emailAddress: row.emailAddress,
    searchType: 'Code',
    soldDMSNumber: null,
    soldLocationName: null,
    soldDate: null,
    phoneMobile: row.phoneMobile,
    deskCode: {
      code: row.code,
      kind: row.kind,
      saleId: row.saleId,
      issuedCouponId: row.issuedCouponId,
      packName: row.packName,
      couponName: row.kind === 'coupon' ? row.couponName : null,
      status,
    },
  };
}

/** Issue 24: a sale's desk code and its issued coupons' (by issued coupon id); null while the read model has not got the sale. */
export async function deskCodesOfSale(sql: Sql, saleId: string): Promise<{ sale: string; coupons: Map<string, string> } | null> {
  const rows = await sql<{ code: string; kind: 'sale' | 'coupon'; issuedCouponId: string | null }[]>`
    select code, kind, issued_coupon_id::text as "issuedCouponId" from rm_pack_sales.desk_codes where sale_id = ${saleId}`;
  const sale = rows.find((r) => r.kind === 'sale');
  if (!sale) return null;
  return { sale: sale.code, coupons: new Map(rows.flatMap((r) => (r.issuedCouponId ? [[r.issuedCouponId.toLowerCase(), r.code] as const] : []))) };
}
