/**
 * Query of the `coupon_catalogue` read model (table: ./projection.ts): the
 * coupon list (search, status and location filters, paged, by name) and one coupon, answered
 * as contracts' CouponView. Location names come from the DMS reference data (ref.locations).
 */
import { cents, type CouponStatus, type CouponTerms, type CouponView, type PageMeta } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';

export const COUPON_CATALOGUE = 'coupon_catalogue';

export type CatalogueStatusFilter = CouponStatus | 'all';

export interface CatalogueQuery {
  search: string;
  status: CatalogueStatusFilter;
  locationId: number | null;
  limit: number;
  offset: number;
}

/** The names of the DMS locations, by id (a few dozen rows: one read per request). */
export async function locationNames(sql: Sql): Promise<Map<number, string>> {
  const rows = await sql<{ id: number; name: string }[]>`select location_id as id, location_name as name from ref.locations`;
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const namesOf = (ids: readonly number[], names: Map<number, string>) => ids.map((id) => names.get(id) ?? null);

/** An ILIKE pattern that finds `term` anywhere, its own %, _ and \ taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Row {
  couponId: string;
  terms: CouponTerms;
  status: CouponStatus;
  standAloneValue: string;
  revision: number;
  createdDate: Date;
  modifiedDate: Date;
}

function toView(r: Row, names: Map<number, string>): CouponView {
  return {
    ...r.terms,
    couponId: r.couponId,
    id: r.couponId,
    status: r.status,
    standAloneValue: cents(Number(r.standAloneValue)),
    locationNames: namesOf(r.terms.locationIds, names),
    revision: r.revision,
    createdDate: r.createdDate.toISOString(),
    modifiedDate: r.modifiedDate.toISOString(),
  };
}

export async function listCoupons(sql: Sql, q: CatalogueQuery): Promise<{ dataSet: CouponView[]; metaData: PageMeta }> {
  // A fresh fragment per query (the page and its count).
  const where = () => sql`where true
    ${q.search ? sql`and c.search_text ilike ${containsPattern(q.search)}` : sql``}
    ${q.status === 'all' ? sql`` : sql`and c.status = ${q.status}`}
    ${q.locationId === null ? sql`` : sql`and c.location_ids @> array[${q.locationId}]::integer[]`}`;
  const [rows, [count], names] = await Promise.all([
    sql<Row[]>`
      select c.coupon_id::text as "couponId", c.terms, c.status, c.stand_alone_value::text as "standAloneValue", c.revision,
        c.created_date as "createdDate", c.modified_date as "modifiedDate"
      from rm_coupon_catalogue.coupons c ${where()}
      order by lower(c.name), c.coupon_id
      limit ${q.limit} offset ${q.offset}`,
    sql<{ total: number }[]>`select count(*)::int as total from rm_coupon_catalogue.coupons c ${where()}`,
    locationNames(sql),
  ]);
  return { dataSet: rows.map((r) => toView(r, names)), metaData: { total: count!.total, limit: q.limit, offset: q.offset } };
}

export async function getCoupon(sql: Sql, couponId: string): Promise<CouponView | null> {
  const [[row], names] = await Promise.all([
    sql<Row[]>`
      select coupon_id::text as "couponId", terms, status, stand_alone_value::text as "standAloneValue", revision,
        created_date as "createdDate", modified_date as "modifiedDate"
      from rm_coupon_catalogue.coupons where coupon_id = ${couponId}`,
    locationNames(sql),
  ]);
  return row ? toView(row, names) : null;
}
