/**
 * Query of the `redemption_reviews` read model (tables: ./projection.ts) joined at request
 * time with the DMS reference data: the live redemptions whose RO has a voidDate, that no manager
 * kept on that RO, with the location's, customer's and redeeming employee's names. An import that
 * voids an RO flags its redemptions at once (no event, no projection lag).
 */
import { cents, fullName, type LaborType, type VoidedRoRedemptionView } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';

export const REDEMPTION_REVIEWS = 'redemption_reviews';

/** The most one answer lists (newest first); a store with more has an import problem to look at first. */
export const REVIEW_LIST_LIMIT = 200;

interface Row {
  redemption_id: string;
  kind: 'coupon' | 'paper';
  issued_coupon_id: string;
  book_number: string | null;
  paper_coupon_number: number | null;
  customer_id: string | null;
  first_name: string | null;
  last_name: string | null;
  coupon_name: string;
  location_id: number;
  location_name: string | null;
  ro_number: string;
  void_date: string;
  op_code: string;
  labor_type: string;
  amount: string;
  redeemed_at: Date;
  redeemed_by: string;
  staff_name: string | null;
}

/** Redemptions on voided ROs at a location (null: every location), newest first. */
export async function listVoidedRoRedemptions(sql: Sql, locationIds: readonly number[]): Promise<VoidedRoRedemptionView[]> {
  const rows = await sql<Row[]>`
    select r.redemption_id, r.kind, r.issued_coupon_id, r.book_number, r.paper_coupon_number, r.customer_id::text as customer_id,
      c.first_name, c.last_name, r.coupon_name, r.location_id, l.location_name, r.ro_number,
      to_char(ro.void_date, 'YYYY-MM-DD"T"HH24:MI:SS') as void_date, r.op_code, r.labor_type, r.amount::text as amount,
      r.redeemed_at, r.redeemed_by, nullif(trim(e.first || ' ' || e.last), '') as staff_name
    from rm_redemption_reviews.redemptions r
    join ref.repair_orders ro on ro.location_id = r.location_id and ro.ro_number = r.ro_number and ro.void_date is not null
    left join ref.locations l on l.location_id = r.location_id
    left join rm_customer_details.customers c on c.customer_id = r.customer_id
    left join rm_users.employees e on e.user_id::text = r.redeemed_by
    where r.live
      and r.location_id = any(${[...locationIds]}::int[])
      and not exists (select 1 from rm_redemption_reviews.kept k
        where k.redemption_id = r.redemption_id and k.location_id = r.location_id and k.ro_number = r.ro_number)
    order by r.redeemed_at desc, r.redemption_id
    limit ${REVIEW_LIST_LIMIT}`;
  return rows.map((r) => ({
    redemptionId: r.redemption_id,
    kind: r.kind,
    issuedCouponId: r.issued_coupon_id,
    bookNumber: r.book_number,
    paperCouponNumber: r.paper_coupon_number,
    customerId: r.customer_id,
    customerName: r.customer_id === null ? null : fullName({ firstName: r.first_name, lastName: r.last_name }) || null,
    couponName: r.coupon_name,
    locationId: r.location_id,
    locationName: r.location_name,
    roNumber: r.ro_number,
    roVoidDate: r.void_date,
    opCode: r.op_code,
    laborType: r.labor_type as LaborType,
    amount: cents(Number(r.amount)),
    redeemedAt: r.redeemed_at.toISOString(),
    redeemedBy: r.redeemed_by,
    redeemedByName: r.staff_name,
  }));
}

/**
 * The customer's coupon streams for their history (issue 12): their pack sales, the issued
 * coupons that have events (redeemed, held, voided, withdrawn...), the paper books converted to
 * their packs and the reviews of their redemptions on voided ROs. Found through the read models
 * (`pack_sales`, `redemption_reviews`); the history then reads the streams themselves.
 */
export async function customerCouponStreamsOf(sql: Sql, customerId: string): Promise<string[]> {
  const rows = await sql<{ stream: string }[]>`
    select stream from (
      select 'pack-sale-' || sale_id::text as stream, 1 as kind from rm_pack_sales.sales where customer_id = ${customerId}
      union all
      select 'issued-coupon-' || issued_coupon_id::text, 2 from rm_pack_sales.issued_coupons where customer_id = ${customerId} and coupon_revision is not null
      union all
      select 'paper-book-' || paper_book_number, 3 from rm_pack_sales.sales where customer_id = ${customerId} and paper_book_number is not null
      union all
      select distinct 'redemption-review-' || k.redemption_id, 4 from rm_redemption_reviews.kept k
        join rm_redemption_reviews.redemptions r on r.redemption_id = k.redemption_id where r.customer_id = ${customerId}
    ) s order by kind, stream`;
  return rows.map((r) => r.stream);
}

/** Every location's name by id (DMS reference data), for summaries that carry only the id. */
export async function locationNamesOf(sql: Sql): Promise<Map<number, string>> {
  const rows = await sql<{ location_id: number; location_name: string }[]>`select location_id, location_name from ref.locations`;
  return new Map(rows.map((r) => [r.location_id, r.location_name]));
}

/** Where a redemption under review was recorded: an issued coupon's stream or a paper book's. */
export interface ReviewedRedemptionPlace {
  kind: 'coupon' | 'paper';
  issued_coupon_id: string;
  book_number: string | null;
}

/** Where the redemption was recorded, or null when the read model does not know it. */
export async function reviewedRedemptionPlace(sql: Sql, redemptionId: string): Promise<ReviewedRedemptionPlace | null> {
  const [located] = await sql<ReviewedRedemptionPlace[]>`
    select kind, issued_coupon_id, book_number from rm_redemption_reviews.redemptions where redemption_id = ${redemptionId}`;
  return located ?? null;
}
