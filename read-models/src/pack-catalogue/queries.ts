/**
 * Query of the `pack_catalogue` read model (tables: ./projection.ts): the pack
 * list (search, status and location filters, paged, by name) and one pack, answered as
 * contracts' PackView. Each item carries its coupon's current name, status and stand-alone
 * value from the read model's own coupons table (kept by the same projection).
 */
import { cents, multiplyMoney, sumMoney, type CouponStatus, type PackItem, type PackItemView, type PackStatus, type PackTerms, type PackView, type PageMeta } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';
import { containsPattern, locationNames, namesOf, type CatalogueQuery } from '../coupon-catalogue/queries';

export const PACK_CATALOGUE = 'pack_catalogue';

/**
 * What an item shows when the read model holds no row for its coupon: only possible while an
 * event of that coupon is parked (System health lists it), since a pack can only take a coupon
 * that exists. Shown as disabled with no value rather than hiding the item.
 */
export const UNKNOWN_COUPON_NAME = 'Unknown coupon';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Row {
  packId: string;
  terms: PackTerms;
  items: PackItem[];
  status: PackStatus;
  revision: number;
  createdDate: Date;
  modifiedDate: Date;
}

interface CouponRow {
  couponId: string;
  name: string;
  status: CouponStatus;
  standAloneValue: string;
}

async function toViews(sql: Sql, rows: Row[]): Promise<PackView[]> {
  const ids = [...new Set(rows.flatMap((r) => r.items.map((i) => i.couponId.toLowerCase())))].filter((id) => UUID.test(id));
  const [coupons, names] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([] as CouponRow[])
      : sql<CouponRow[]>`
          select coupon_id::text as "couponId", name, status, stand_alone_value::text as "standAloneValue"
          from rm_pack_catalogue.coupons where coupon_id = any(${ids}::uuid[])`,
    locationNames(sql),
  ]);
  const byId = new Map(coupons.map((c) => [c.couponId, c]));
  return rows.map((r) => {
    const items: PackItemView[] = r.items.map((i) => {
      const c = byId.get(i.couponId.toLowerCase());
      return {
        couponId: i.couponId,
        quantity: i.quantity,
        couponName: c?.name ?? UNKNOWN_COUPON_NAME,
        couponStatus: c?.status ?? 'disabled',
        standAloneValue: cents(c ? Number(c.standAloneValue) : 0),
      };
    });
    return {
      ...r.terms,
      packId: r.packId,
      id: r.packId,
      status: r.status,
      items,
      standAloneTotal: sumMoney(items.map((i) => multiplyMoney(i.standAloneValue, i.quantity))),
      locationNames: namesOf(r.terms.locationIds, names),
      revision: r.revision,
      createdDate: r.createdDate.toISOString(),
      modifiedDate: r.modifiedDate.toISOString(),
    };
  });
}

/** Search finds the text in a pack's name or description, or in the name of one of its coupons. */
export async function listPacks(sql: Sql, q: CatalogueQuery): Promise<{ dataSet: PackView[]; metaData: PageMeta }> {
  const pattern = containsPattern(q.search);
  // A fresh fragment per query (the page and its count).
  const where = () => sql`where true
    ${
      q.search
        ? sql`and (p.search_text ilike ${pattern} or exists (
            select 1 from jsonb_array_elements(p.items) i
            join rm_pack_catalogue.coupons c on c.coupon_id::text = lower(i->>'couponId')
            where c.name ilike ${pattern}))`
        : sql``
    }
    ${q.status === 'all' ? sql`` : sql`and p.status = ${q.status}`}
    ${q.locationId === null ? sql`` : sql`and p.location_ids @> array[${q.locationId}]::integer[]`}`;
  const [rows, [count]] = await Promise.all([
    sql<Row[]>`
      select p.pack_id::text as "packId", p.terms, p.items, p.status, p.revision,
        p.created_date as "createdDate", p.modified_date as "modifiedDate"
      from rm_pack_catalogue.packs p ${where()}
      order by lower(p.name), p.pack_id
      limit ${q.limit} offset ${q.offset}`,
    sql<{ total: number }[]>`select count(*)::int as total from rm_pack_catalogue.packs p ${where()}`,
  ]);
  return { dataSet: await toViews(sql, rows), metaData: { total: count!.total, limit: q.limit, offset: q.offset } };
}

export async function getPack(sql: Sql, packId: string): Promise<PackView | null> {
  const rows = await sql<Row[]>`
    select pack_id::text as "packId", terms, items, status, revision, created_date as "createdDate", modified_date as "modifiedDate"
    from rm_pack_catalogue.packs where pack_id = ${packId}`;
  return rows.length === 0 ? null : (await toViews(sql, rows))[0]!;
}
