/**
 * Read model `coupon_catalogue` (issue 11): one row per coupon definition, for GET /api/coupons
 * and GET /api/coupons/{id}. The row holds the folded state (the terms as JSON, folded with
 * contracts' evolveCoupon, so the read side and the command side agree on what a coupon is)
 * and, beside it, the columns the list filters, searches and sorts on.
 *
 * Re-applying is harmless and nothing is swallowed (fold.ts): a row remembers the stream
 * revision it has reached; an event of a coupon the table does not hold throws and is parked.
 */
import { COUPON_EVENT_TYPES, standAloneValue, type CouponStatus, type CouponTerms } from '@dealer/contracts';
import type { Projection } from '../projection';
import { PREPARED, ident } from '../projection';
import { foldCatalogueEvents, recordIdOf, type FoldedRow, type FoldOptions } from './fold';
import { type CouponDefinitionState, evolveCoupon } from '@dealer/domain/coupon/state';

/** How the coupon events fold (shared with the pack catalogue's copy of the coupons). */
export const COUPON_FOLD: FoldOptions<CouponDefinitionState> = { idField: 'couponId', creates: 'CouponDefined', what: 'coupon', evolve: evolveCoupon };

/** What the list's search looks in: name, description and op codes (matched case-insensitively with ILIKE). */
export const couponSearchText = (terms: CouponTerms) => [terms.name, terms.description ?? '', ...terms.opCodes].join('\n');

export const couponCatalogue: Projection = {
  name: 'coupon_catalogue',
  schema: 'rm_coupon_catalogue',
  handles: new Set<string>(COUPON_EVENT_TYPES),

  async createTables(tx, schema) {
    await tx.unsafe(`
      create table if not exists ${ident(schema)}.coupons (
        coupon_id uuid primary key,
        terms jsonb not null,
        name text not null,
        status text not null check (status in ('active', 'disabled')),
        location_ids integer[] not null,
        stand_alone_value bigint not null,
        search_text text not null,
        revision integer not null,
        created_date timestamptz not null,
        modified_date timestamptz not null
      )`);
  },

  async createIndexes(tx, schema) {
    // The list is sorted by name (case-insensitive) and filtered by an honouring location.
    await tx.unsafe(`
      create index if not exists coupons_name on ${ident(schema)}.coupons (lower(name), coupon_id);
      create index if not exists coupons_locations on ${ident(schema)}.coupons using gin (location_ids);`);
  },

  async applyBatch(tx, schema, events) {
    const table = `${ident(schema)}.coupons`;
    const ids = [...new Set(events.map((e) => recordIdOf(e, 'couponId')))];
    const existing = await tx.unsafe<{ coupon_id: string; terms: CouponTerms; status: CouponStatus; revision: number; created_date: Date; modified_date: Date }[]>(
      `select coupon_id::text, terms, status, revision, created_date, modified_date from ${table} where coupon_id = any($1::uuid[])`,
      [ids],
      PREPARED,
    );
    const rows = new Map<string, FoldedRow<CouponDefinitionState>>(
      existing.map((r) => [
        r.coupon_id,
        { state: { couponId: r.coupon_id, terms: r.terms, status: r.status }, revision: r.revision, createdDate: r.created_date.toISOString(), modifiedDate: r.modified_date.toISOString() },
      ]),
    );
    const touched = foldCatalogueEvents(rows, events, COUPON_FOLD);
    if (touched.size === 0) return;
    const changed = [...touched].map((id) => {
      const { state, revision, createdDate, modifiedDate } = rows.get(id)!;
      return {
        coupon_id: id,
        terms: state.terms,
        name: state.terms.name,
        status: state.status,
        location_ids: state.terms.locationIds,
        stand_alone_value: standAloneValue(state.terms.value),
        search_text: couponSearchText(state.terms),
        revision,
        created_date: createdDate,
        modified_date: modifiedDate,
      };
    });
    await tx.unsafe(
      `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)
       on conflict (coupon_id) do update set
         terms = excluded.terms, name = excluded.name, status = excluded.status, location_ids = excluded.location_ids,
         stand_alone_value = excluded.stand_alone_value, search_text = excluded.search_text, revision = excluded.revision,
         modified_date = excluded.modified_date`,
      [changed as never],
      PREPARED,
    );
  },
};
