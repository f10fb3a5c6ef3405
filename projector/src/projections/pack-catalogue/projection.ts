/**
 * Read model `pack_catalogue` (issue 11): one row per catalogue pack, for GET /api/packs and
 * GET /api/packs/{id}. The row holds the folded state (terms and items as JSON, folded with
 * contracts' evolvePack) and the columns the list filters, searches and sorts on.
 *
 * A pack item shows its coupon's current name, status and stand-alone value, so this read
 * model also follows the coupon events, into its own small `coupons` table (name, status,
 * stand-alone value, nothing else). The query joins the items to it, so a coupon renamed or
 * disabled updates every pack that holds it with one row's change, and the read model
 * rebuilds on its own (read-side-decisions.md "Pack items follow their coupons").
 *
 * Re-applying is harmless: every row remembers the stream revision it has reached and an
 * event at or below it is skipped. An event of a pack or coupon the tables do not hold throws,
 * so the runner parks it.
 */
import {
  COUPON_EVENT_TYPES,
  evolveCoupon,
  evolvePack,
  PACK_EVENT_TYPES,
  standAloneValue,
  type CouponDefinitionState,
  type CouponTerms,
  type PackItem,
  type PackState,
  type PackTerms,
} from '@dealer/contracts';
import type { RecordedEvent } from '@dealer/platform';
import type { Projection, Tx } from '../../projection';
import { ident } from '../../projection';

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
  const ids = [...new Set(events.map((e) => idOf(e, 'couponId')))];
  const existing = await tx.unsafe<{ coupon_id: string; terms: CouponTerms; status: 'active' | 'disabled'; revision: number }[]>(
    `select coupon_id::text, terms, status, revision from ${table} where coupon_id = any($1::uuid[])`,
    [ids],
  );
  const rows = new Map<string, { state: CouponDefinitionState; revision: number }>(
    existing.map((r) => [r.coupon_id, { state: { couponId: r.coupon_id, terms: r.terms, status: r.status }, revision: r.revision }]),
  );
  const touched = new Set<string>();
  for (const event of events) {
    const id = idOf(event, 'couponId');
    const row = rows.get(id);
    if (row && event.revision <= row.revision) continue;
    if (!row && event.type !== 'CouponDefined') throw new Error(`${event.type} of coupon ${id}, which the pack catalogue does not hold (its definition is missing or parked).`);
    const state = evolveCoupon(row?.state ?? null, event);
    if (!state) throw new Error(`${event.type} of coupon ${id} folded to nothing.`);
    rows.set(id, { state, revision: event.revision });
    touched.add(id);
  }
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
  );
}

async function applyPackEvents(tx: Tx, schema: string, events: RecordedEvent[]): Promise<void> {
  const table = `${ident(schema)}.packs`;
  const ids = [...new Set(events.map((e) => idOf(e, 'packId')))];
  const existing = await tx.unsafe<{ pack_id: string; terms: PackTerms; items: PackItem[]; status: 'active' | 'disabled'; revision: number; created_date: Date; modified_date: Date }[]>(
    `select pack_id::text, terms, items, status, revision, created_date, modified_date from ${table} where pack_id = any($1::uuid[])`,
    [ids],
  );
  const rows = new Map<string, { state: PackState; revision: number; createdDate: string; modifiedDate: string }>(
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
  const touched = new Set<string>();
  for (const event of events) {
    const id = idOf(event, 'packId');
    const row = rows.get(id);
    if (row && event.revision <= row.revision) continue;
    if (!row && event.type !== 'PackCreated') throw new Error(`${event.type} of pack ${id}, which the catalogue does not hold (its creation is missing or parked).`);
    const state = evolvePack(row?.state ?? null, event);
    if (!state) throw new Error(`${event.type} of pack ${id} folded to nothing.`);
    for (const item of state.items) {
      if (typeof item.couponId !== 'string' || !Number.isInteger(item.quantity)) throw new Error(`${event.type} of pack ${id} holds an item without a coupon id or a whole quantity.`);
    }
    rows.set(id, { state, revision: event.revision, createdDate: row?.createdDate ?? event.metadata.time, modifiedDate: event.metadata.time });
    touched.add(id);
  }
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
  );
}

function idOf(event: RecordedEvent, field: 'couponId' | 'packId'): string {
  const id = (event.data as Record<string, unknown> | null)?.[field];
  if (typeof id !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no ${field}.`);
  return id;
}
