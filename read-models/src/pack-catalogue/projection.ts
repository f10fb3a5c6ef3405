/**
 * Read model `pack_catalogue` (issue 11): one row per catalogue pack, for GET /api/packs and
 * GET /api/packs/{id}. The row holds the folded state (terms and items as JSON, folded with
 * contracts' evolvePack) and the columns the list filters, searches and sorts on.
 *
 * A pack item shows its coupon's current name, status and stand-alone value, so this read
 * model also follows the coupon events, into its own small `coupons` table (name, status,
 * stand-alone value, nothing else). The query joins the items to it, so a coupon renamed or
 * disabled updates every pack that holds it with one row's change, and the read model
 * rebuilds on its own (docs/decisions/0039-catalogue-read-models-and-queries.md).
 *
 * Re-applying is harmless and nothing is swallowed (coupon-catalogue/fold.ts): every row
 * remembers the stream revision it has reached; an event of a pack or coupon the tables do not
 * hold throws and is parked.
 */
import {
  COUPON_EVENT_TYPES,
  PACK_EVENT_TYPES,
  standAloneValue,
  type CouponStatus,
  type CouponTerms,
  type PackItem,
  type PackStatus,
  type PackTerms,
} from '@dealer/contracts';
import type { RecordedEvent } from '@dealer/platform';
import type { Projection, Tx } from '../projection';
import { PREPARED, ident } from '../projection';
import { foldCatalogueEvents, recordIdOf, type FoldedRow, type FoldOptions } from '../coupon-catalogue/fold';
import { COUPON_FOLD } from '../coupon-catalogue/projection';
import { evolvePack, type PackState } from '@dealer/domain/pack/state';
import type { CouponDefinitionState } from '@dealer/domain/coupon/state';

const COUPON_EVENTS: ReadonlySet<string> = new Set(COUPON_EVENT_TYPES);

/** What the list's search looks in besides the names of the pack's coupons: name and description. */
export const packSearchText = (terms: PackTerms) => [terms.name, terms.description ?? ''].join('\n');

export const packCatalogue: Projection = {
  name: 'pack_catalogue',
  schema: 'rm_pack_catalogue',
  handles: new Set<string>([...PACK_EVENT_TYPES, ...COUPON_EVENT_TYPES]),

  async createTables(tx, schema) {
    const s = ident(schema);
    await tx.unsafe(`
      create table if not exists ${s}.packs (
        pack_id uuid primary key,
        terms jsonb not null,
        items jsonb not null,
        name text not null,
        status text not null check (status in ('active', 'disabled')),
        location_ids integer[] not null,
        search_text text not null,
        revision integer not null,
        created_date timestamptz not null,
        modified_date timestamptz not null
      );
      create table if not exists ${s}.coupons (
        coupon_id uuid primary key,
        terms jsonb not null,
        name text not null,
        status text not null check (status in ('active', 'disabled')),
        stand_alone_value bigint not null,
        revision integer not null
      )`);
  },

  async createIndexes(tx, schema) {
    await tx.unsafe(`
      create index if not exists packs_name on ${ident(schema)}.packs (lower(name), pack_id);
      create index if not exists packs_locations on ${ident(schema)}.packs using gin (location_ids);`);
  },

  async applyBatch(tx, schema, events) {
    // Coupon and pack events in one batch are of different streams: each table is folded in
    // the batch's order on its own, and a pack never reads a coupon row while applying.
    const couponEvents = events.filter((e) => COUPON_EVENTS.has(e.type));
    const packEvents = events.filter((e) => !COUPON_EVENTS.has(e.type));
    if (couponEvents.length > 0) await applyCouponEvents(tx, schema, couponEvents);
    if (packEvents.length > 0) await applyPackEvents(tx, schema, packEvents);
  },
};

async function applyCouponEvents(tx: Tx, schema: string, events: RecordedEvent[]): Promise<void> {
  const table = `${ident(schema)}.coupons`;
  const ids = [...new Set(events.map((e) => recordIdOf(e, 'couponId')))];
  const existing = await tx.unsafe<{ coupon_id: string; terms: CouponTerms; status: CouponStatus; revision: number }[]>(
    `select coupon_id::text, terms, status, revision from ${table} where coupon_id = any($1::uuid[])`,
    [ids],
    PREPARED,
  );
  // This table keeps no dates: the fold's are unused.
  const rows = new Map<string, FoldedRow<CouponDefinitionState>>(
    existing.map((r) => [r.coupon_id, { state: { couponId: r.coupon_id, terms: r.terms, status: r.status }, revision: r.revision, createdDate: '', modifiedDate: '' }]),
  );
  const touched = foldCatalogueEvents(rows, events, COUPON_FOLD);
  if (touched.size === 0) return;
  const changed = [...touched].map((id) => {
    const { state, revision } = rows.get(id)!;
    return { coupon_id: id, terms: state.terms, name: state.terms.name, status: state.status, stand_alone_value: standAloneValue(state.terms.value), revision };
  });
  await tx.unsafe(
    `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)
     on conflict (coupon_id) do update set
       terms = excluded.terms, name = excluded.name, status = excluded.status,
       stand_alone_value = excluded.stand_alone_value, revision = excluded.revision`,
    [changed as never],
    PREPARED,
  );
}

const PACK_FOLD: FoldOptions<PackState> = {
  idField: 'packId',
  creates: 'PackCreated',
  what: 'pack',
  evolve(state, event) {
    const next = evolvePack(state, event);
    for (const item of next?.items ?? []) {
      if (typeof item.couponId !== 'string' || !Number.isInteger(item.quantity)) throw new Error(`${event.type} of pack ${next!.packId} holds an item without a coupon id or a whole quantity.`);
    }
    return next;
  },
};

async function applyPackEvents(tx: Tx, schema: string, events: RecordedEvent[]): Promise<void> {
  const table = `${ident(schema)}.packs`;
  const ids = [...new Set(events.map((e) => recordIdOf(e, 'packId')))];
  const existing = await tx.unsafe<{ pack_id: string; terms: PackTerms; items: PackItem[]; status: PackStatus; revision: number; created_date: Date; modified_date: Date }[]>(
    `select pack_id::text, terms, items, status, revision, created_date, modified_date from ${table} where pack_id = any($1::uuid[])`,
    [ids],
    PREPARED,
  );
  const rows = new Map<string, FoldedRow<PackState>>(
    existing.map((r) => [
      r.pack_id,
      {
        state: { packId: r.pack_id, terms: r.terms, items: r.items, status: r.status },
        revision: r.revision,
        createdDate: r.created_date.toISOString(),
        modifiedDate: r.modified_date.toISOString(),
      },
    ]),
  );
  const touched = foldCatalogueEvents(rows, events, PACK_FOLD);
  if (touched.size === 0) return;
  const changed = [...touched].map((id) => {
    const { state, revision, createdDate, modifiedDate } = rows.get(id)!;
    return {
      pack_id: id,
      terms: state.terms,
      items: state.items,
      name: state.terms.name,
      status: state.status,
      location_ids: state.terms.locationIds,
      search_text: packSearchText(state.terms),
      revision,
      created_date: createdDate,
      modified_date: modifiedDate,
    };
  });
  await tx.unsafe(
    `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)
     on conflict (pack_id) do update set
       terms = excluded.terms, items = excluded.items, name = excluded.name, status = excluded.status,
       location_ids = excluded.location_ids, search_text = excluded.search_text, revision = excluded.revision,
       modified_date = excluded.modified_date`,
    [changed as never],
    PREPARED,
  );
}
