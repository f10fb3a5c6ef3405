/**
 * Read model `pack_sales` (issue 11): every pack sale and the coupons it issued, for a
 * customer's purchase history (GET /api/customers/{id}/purchases) and coupons
 * (GET /api/customers/{id}/coupons), and for the worker that finalises the pending sales whose
 * RO an import shows closed (it reads sales by status, location and sale RO number).
 *
 * Tables: `sales` (one row per sale: the PackSold snapshot, its status and the finalise and
 * void facts), `issued_coupons` (one row per issued coupon with the terms it was sold with,
 * copied from the sale's snapshot) and `corrections` (each location correction, in order).
 * A coupon's status is not stored: it depends on the time, so the query computes it.
 *
 * Issue 12: `issued_coupons` also follows each coupon's own stream (`issued-coupon-{id}`): the
 * redemption holding it now (redeemed, or held awaiting the customer's verification), cleared
 * when that redemption is released or voided, moved by an RO change. Withdrawn/Reinstated are
 * a sale void's internal steps: the coupon's status comes from the sale's own PackSaleVoided,
 * so they only advance the coupon's revision. Same semantics as contracts' evolveIssuedCoupon
 * (an end or RO change names its redemptionId; one for another redemption changes nothing).
 *
 * A sale that converted a paper book (issue 12) keeps its book number (`paper_book_number`).
 *
 * Re-applying is harmless: a sale row remembers the sale stream's revision it has reached, an
 * issued coupon row its own stream's (`coupon_revision`, null before its first event), and an
 * event at or below it is skipped. An event of a sale or issued coupon the table does not hold
 * throws, so the runner parks it.
 */
import {
  ISSUED_COUPON_EVENT_TYPES,
  PACK_SALE_EVENT_TYPES,
  type IssuedCouponEvent,
  type PackSaleEvent,
  type PackSold,
  type RedemptionFacts,
} from '@dealer/contracts';
import type { RecordedEvent } from '@dealer/platform';
import type { Projection, Tx } from '../projection';
import { PREPARED, ident } from '../projection';
import { assignDeskCodes, type DeskCodeOwner } from './desk-codes';

export const packSales: Projection = {
  name: 'pack_sales',
  schema: 'rm_pack_sales',
  handles: new Set<string>([...PACK_SALE_EVENT_TYPES, ...ISSUED_COUPON_EVENT_TYPES]),

  async createTables(tx, schema) {
    const s = ident(schema);
    await tx.unsafe(`
      create table if not exists ${s}.sales (
        sale_id uuid primary key,
        customer_id uuid not null,
        location_id integer not null,
        time_zone text not null,
        sale_ro_number text not null,
        status text not null check (status in ('pending', 'final', 'voided')),
        pack_id uuid not null,
        pack_name text not null,
        pack_description text,
        term_months integer not null,
        term_mileage integer,
        selling_location_ids integer[] not null,
        pack_snapshot jsonb not null,
        mileage_at_sale integer,
        mileage_limit integer,
        sold_at timestamptz not null,
        sold_on date not null,
        sold_by text not null,
        list_price bigint not null,
        price bigint not null,
        price_override_reason text,
        tax_exempt boolean not null,
        tax_rate_bp integer not null,
        tax bigint not null,
        total bigint not null,
        finalised_at timestamptz,
        finalised_via text check (finalised_via in ('ro-closed', 'manager')),
        finalised_by text,
        void_reason text,
        voided_by text,
        voided_at timestamptz,
        refund bigint,
        refund_tax bigint,
        voided_was_status text,
        revision integer not null,
        modified_date timestamptz not null
      );
      create table if not exists ${s}.issued_coupons (
        issued_coupon_id uuid primary key,
        sale_id uuid not null,
        customer_id uuid not null,
        coupon_id uuid not null,
        position integer not null,
        terms jsonb not null,
        expires_on date not null,
        expires_at timestamptz not null,
        allocated_value bigint not null
      );
      -- Issue 12 (added with "if not exists" so a live schema built before gains them; its rows
      -- have no redemption yet): the coupon stream's revision and its current redemption.
      alter table ${s}.issued_coupons
        add column if not exists coupon_revision integer,
        add column if not exists redemption_id text,
        add column if not exists redemption_state text check (redemption_state in ('redeemed', 'awaiting-verification')),
        add column if not exists redemption_location_id integer,
        add column if not exists redemption_ro_number text,
        add column if not exists redemption_op_code text,
        add column if not exists redemption_labor_type text,
        add column if not exists redemption_amount bigint,
        add column if not exists redemption_verification_id text,
        add column if not exists redeemed_at timestamptz,
        add column if not exists redeemed_by text;
      -- Issue 12: the paper book a sale converted (null for a sale over the counter); a live
      -- schema built before gains it, its rows are none.
      alter table ${s}.sales add column if not exists paper_book_number text;
      -- Issue 24: the desk code of every sale and issued coupon (desk-codes.ts); a live schema
      -- built before gains the table here and its codes just below (backfillDeskCodes).
      create table if not exists ${s}.desk_codes (
        code text primary key,
        kind text not null check (kind in ('sale', 'coupon')),
        sale_id uuid not null,
        customer_id uuid not null,
        issued_coupon_id uuid unique
      );
      create table if not exists ${s}.corrections (
        sale_id uuid not null,
        revision integer not null,
        from_location_id integer not null,
        to_location_id integer not null,
        time_zone text not null,
        reason text not null,
        corrected_by text not null,
        corrected_at timestamptz not null,
        primary key (sale_id, revision)
      )`);
    await backfillDeskCodes(tx, s);
  },

  async createIndexes(tx, schema) {
    const s = ident(schema);
    // (status, location_id, sale_ro_number): the finalising worker looks up the pending sales of
    // an RO an import shows closed. Customer lookups: purchase history and the coupons panel.
    await tx.unsafe(`
      create index if not exists sales_status_ro on ${s}.sales (status, location_id, sale_ro_number);
      create index if not exists sales_customer on ${s}.sales (customer_id, sold_at desc);
      create index if not exists issued_coupons_customer on ${s}.issued_coupons (customer_id);
      create index if not exists issued_coupons_sale on ${s}.issued_coupons (sale_id, position);
      create unique index if not exists desk_codes_sale on ${s}.desk_codes (sale_id) where kind = 'sale';
      -- Issue 22: a sale's codes of both kinds (the Sales page and receipts): without it every
      -- look-up read the whole table (the partial index above holds the sales' codes only).
      create index if not exists desk_codes_of_sale on ${s}.desk_codes (sale_id);
      -- Issue 24: the reminder sweep's unused coupons by expiry.
      create index if not exists issued_coupons_unused_expiry on ${s}.issued_coupons (expires_at) where redemption_id is null;`);
  },

  async applyBatch(tx, schema, events) {
    await applySet(tx, schema, events);
  },
};

const ISSUED_COUPON_TYPES = new Set<string>(ISSUED_COUPON_EVENT_TYPES);

/**
 * A batch, set-based where it can be (issue 22): the rows the batch touches are locked and read
 * in two queries (not one per event), new sales and their coupons go in with one INSERT each for
 * the whole batch, and an event whose row is already at or past its revision is skipped without
 * a query. The other events are applied one by one, in order; the new sales they touch are
 * written first. Same outcome as applying the events one at a time (and an event of a sale or
 * coupon the table does not hold still throws, so the runner parks it).
 */
async function applySet(tx: Tx, schema: string, events: RecordedEvent[]): Promise<void> {
  const s = ident(schema);
  const saleIds = new Set<string>();
  const couponIds = new Set<string>();
  for (const event of events) {
    const data = event.data as { saleId?: unknown; issuedCouponId?: unknown } | null;
    if (ISSUED_COUPON_TYPES.has(event.type)) {
      if (typeof data?.issuedCouponId === 'string') couponIds.add(data.issuedCouponId);
    } else if (typeof data?.saleId === 'string') saleIds.add(data.saleId);
  }
  /** Revision each sale / issued coupon has reached (coupon: -1 before its own first event); absent: not held. */
  const sales = new Map<string, number>();
  const coupons = new Map<string, number>();
  if (saleIds.size > 0) {
    const rows = await tx.unsafe<{ id: string; revision: number }[]>(
      `select sale_id::text as id, revision from ${s}.sales where sale_id = any($1::uuid[]) order by sale_id for update`,
      [[...saleIds] as never],
      PREPARED,
    );
    for (const r of rows) sales.set(r.id.toLowerCase(), r.revision);
  }
  if (couponIds.size > 0) {
    const rows = await tx.unsafe<{ id: string; revision: number | null }[]>(
      `select issued_coupon_id::text as id, coupon_revision as revision from ${s}.issued_coupons
        where issued_coupon_id = any($1::uuid[]) order by issued_coupon_id for update`,
      [[...couponIds] as never],
      PREPARED,
    );
    for (const r of rows) coupons.set(r.id.toLowerCase(), r.revision ?? -1);
  }

  // New sales gathered for one INSERT; written before any later event touches them.
  const pendingSales: { data: PackSold['data']; revision: number; time: string }[] = [];
  const pendingSaleIds = new Set<string>();
  const pendingCouponIds = new Set<string>();
  const flush = async () => {
    if (pendingSales.length === 0) return;
    await insertSales(tx, s, pendingSales);
    pendingSales.length = 0;
    pendingSaleIds.clear();
    pendingCouponIds.clear();
  };

  for (const event of events) {
    if (ISSUED_COUPON_TYPES.has(event.type)) {
      const id = (event.data as { issuedCouponId?: unknown } | null)?.issuedCouponId;
      if (typeof id !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no issuedCouponId.`);
      const key = id.toLowerCase();
      const reached = coupons.get(key);
      if (reached === undefined) throw new Error(`${event.type} of issued coupon ${id}, which the read model does not hold (its sale's PackSold is missing or parked).`);
      if (event.revision <= reached) continue;
      if (pendingCouponIds.has(key)) await flush();
      await applyIssuedCouponEvent(tx, s, event);
      coupons.set(key, event.revision);
      continue;
    }
    const saleId = (event.data as { saleId?: unknown } | null)?.saleId;
    if (typeof saleId !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no saleId.`);
    const key = saleId.toLowerCase();
    const reached = sales.get(key);
    if (reached !== undefined && event.revision <= reached) continue;
    if (reached === undefined && event.type !== 'PackSold') {
      throw new Error(`${event.type} of sale ${saleId}, which the read model does not hold (its PackSold is missing or parked).`);
    }
    if (event.type === 'PackSold' && reached === undefined) {
      const data = (event as unknown as PackSold).data;
      pendingSales.push({ data, revision: event.revision, time: event.metadata.time });
      pendingSaleIds.add(key);
      for (const c of data.coupons) {
        pendingCouponIds.add(c.issuedCouponId.toLowerCase());
        coupons.set(c.issuedCouponId.toLowerCase(), -1);
      }
      sales.set(key, event.revision);
      continue;
    }
    if (pendingSaleIds.has(key)) await flush();
    await applyOne(tx, schema, event);
    sales.set(key, event.revision);
  }
  await flush();
}

/** One event of a sale the table holds, past its revision (applySet checked both). */
async function applyOne(tx: Tx, schema: string, event: RecordedEvent): Promise<void> {
  const s = ident(schema);
  const e = event as unknown as PackSaleEvent;
  const saleId = e.data?.saleId;
  if (typeof saleId !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no saleId.`);
  // applySet has locked the row, skipped an event it has reached and refused one of a sale it does not hold.
  const time = event.metadata.time;

  switch (e.type) {
    case 'PackSold':
      return insertSales(tx, s, [{ data: e.data, revision: event.revision, time }]);
    case 'PackSaleFinalised':
      // As evolvePackSale: only a pending sale becomes final (a voided one stays voided).
      await tx.unsafe(
        `update ${s}.sales set
           status = case when status = 'pending' then 'final' else status end,
           finalised_at = case when status = 'pending' then $2::timestamptz else finalised_at end,
           finalised_via = case when status = 'pending' then $3 else finalised_via end,
           finalised_by = case when status = 'pending' then $4 else finalised_by end,
           revision = $5, modified_date = $6
         where sale_id = $1`,
        [saleId, e.data.finalisedAt, e.data.via, e.data.by, event.revision, time],
        PREPARED,
      );
      return;
    case 'PackSaleLocationCorrected': {
      const d = e.data;
      await tx.unsafe(
        `insert into ${s}.corrections (sale_id, revision, from_location_id, to_location_id, time_zone, reason, corrected_by, corrected_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [saleId, event.revision, d.fromLocationId, d.toLocationId, d.timeZone, d.reason, d.by, d.correctedAt],
        PREPARED,
      );
      await tx.unsafe(`update ${s}.sales set location_id = $2, time_zone = $3, revision = $4, modified_date = $5 where sale_id = $1`, [
        saleId,
        d.toLocationId,
        d.timeZone,
        event.revision,
        time,
      ], PREPARED);
      if (!Array.isArray(d.coupons)) throw new Error(`PackSaleLocationCorrected of sale ${saleId} carries no coupons.`);
      if (d.coupons.length > 0) {
        await tx.unsafe(
          `update ${s}.issued_coupons c set expires_at = x.expires_at
           from json_to_recordset($2::json) as x(issued_coupon_id uuid, expires_at timestamptz)
           where c.issued_coupon_id = x.issued_coupon_id and c.sale_id = $1`,
          [saleId, d.coupons.map((c) => ({ issued_coupon_id: c.issuedCouponId, expires_at: c.expiresAt }))] as never[],
          PREPARED,
        );
      }
      return;
    }
    case 'PackSaleVoided': {
      const d = e.data;
      await tx.unsafe(
        `update ${s}.sales set status = 'voided', void_reason = $2, voided_by = $3, voided_at = $4, refund = $5, refund_tax = $6,
           voided_was_status = $7, revision = $8, modified_date = $9
         where sale_id = $1`,
        [saleId, d.reason, d.by, d.voidedAt, d.refund, d.refundTax, d.wasStatus, event.revision, time],
        PREPARED,
      );
      return;
    }
    default:
      throw new Error(`pack_sales does not know the event type ${(event as RecordedEvent).type}.`);
  }
}

/** New sales (PackSold) and the coupons they issue: one INSERT for the sales and one for the coupons. */
async function insertSales(tx: Tx, s: string, sold: { data: PackSold['data']; revision: number; time: string }[]): Promise<void> {
  const sales = sold.map(({ data: d, revision, time }) => ({
    sale_id: d.saleId,
    customer_id: d.customerId,
    location_id: d.locationId,
    time_zone: d.timeZone,
    sale_ro_number: d.saleRoNumber,
    status: d.status,
    pack_id: d.pack.packId,
    pack_name: d.pack.name,
    pack_description: d.pack.description,
    term_months: d.pack.termMonths,
    term_mileage: d.pack.termMileage,
    selling_location_ids: d.pack.locationIds,
    pack_snapshot: d.pack,
    mileage_at_sale: d.mileageAtSale,
    mileage_limit: d.mileageLimit,
    sold_at: d.soldAt,
    sold_on: d.soldOn,
    sold_by: d.soldBy,
    list_price: d.listPrice,
    price: d.price,
    price_override_reason: d.priceOverride?.reason ?? null,
    tax_exempt: d.taxExempt,
    tax_rate_bp: d.taxRateBasisPoints,
    tax: d.tax,
    total: d.total,
    revision,
    modified_date: time,
    paper_book_number: d.paperBookNumber ?? null,
  }));
  const coupons = sold.flatMap(({ data: d }) => {
    const termsOf = new Map(d.pack.items.map((i) => [i.couponId, i.coupon]));
    return d.coupons.map((c, position) => {
      const terms = termsOf.get(c.couponId);
      if (!terms) throw new Error(`PackSold of sale ${d.saleId} issues coupon ${c.couponId}, which its pack snapshot does not hold.`);
      return {
        issued_coupon_id: c.issuedCouponId,
        sale_id: d.saleId,
        customer_id: d.customerId,
        coupon_id: c.couponId,
        position,
        terms,
        expires_on: c.expiresOn,
        expires_at: c.expiresAt,
        allocated_value: c.allocatedValue,
      };
    });
  });
  await tx.unsafe(`insert into ${s}.sales select * from json_populate_recordset(null::${s}.sales, $1::json)`, [sales as never], PREPARED);
  if (coupons.length > 0) {
    await tx.unsafe(
      `insert into ${s}.issued_coupons select * from json_populate_recordset(null::${s}.issued_coupons, $1::json)`,
      [coupons as never],
      PREPARED,
    );
  }
  await assignDeskCodes(tx, s, deskCodeOwners(sold));
}

/** The desk codes of new sales: the sale's, then each issued coupon's, in event order. */
function deskCodeOwners(sold: { data: PackSold['data'] }[]): DeskCodeOwner[] {
  return sold.flatMap(({ data: d }) => [
    { kind: 'sale' as const, saleId: d.saleId, customerId: d.customerId, issuedCouponId: null },
    ...d.coupons.map((c) => ({ kind: 'coupon' as const, saleId: d.saleId, customerId: d.customerId, issuedCouponId: c.issuedCouponId })),
  ]);
}

/**
 * Codes for the sales and coupons of a live schema filled before desk codes existed (a no-op once
 * every row has one, and in a rebuild's empty schema), in the order they were sold.
 */
async function backfillDeskCodes(tx: Tx, s: string): Promise<void> {
  const missing = await tx.unsafe<{ saleId: string; customerId: string; issuedCouponId: string | null }[]>(`
    select s.sale_id::text as "saleId", s.customer_id::text as "customerId", null as "issuedCouponId", s.sold_at, s.sale_id, -1 as position
      from ${s}.sales s where not exists (select 1 from ${s}.desk_codes d where d.kind = 'sale' and d.sale_id = s.sale_id)
    union all
    select c.sale_id::text, c.customer_id::text, c.issued_coupon_id::text, s.sold_at, s.sale_id, c.position
      from ${s}.issued_coupons c join ${s}.sales s on s.sale_id = c.sale_id
     where not exists (select 1 from ${s}.desk_codes d where d.issued_coupon_id = c.issued_coupon_id)
    order by 4, 5, 6`);
  await assignDeskCodes(
    tx,
    s,
    missing.map((r) => ({ kind: r.issuedCouponId ? 'coupon' : 'sale', saleId: r.saleId, customerId: r.customerId, issuedCouponId: r.issuedCouponId })),
  );
}

/** The columns of a coupon's current redemption, in this order. */
const REDEMPTION_COLUMNS = `redemption_id, redemption_state, redemption_location_id, redemption_ro_number, redemption_op_code,
  redemption_labor_type, redemption_amount, redemption_verification_id, redeemed_at, redeemed_by`;

/** One event of an issued coupon the table holds, past its revision (applySet checked both). */
async function applyIssuedCouponEvent(tx: Tx, s: string, event: RecordedEvent): Promise<void> {
  const e = event as unknown as IssuedCouponEvent;
  const id = e.data?.issuedCouponId;
  if (typeof id !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no issuedCouponId.`);
  // applySet has locked the row, skipped an event it has reached and refused one of a coupon it does not hold.
  await tx.unsafe(`update ${s}.issued_coupons set coupon_revision = $2 where issued_coupon_id = $1`, [id, event.revision], PREPARED);

  const current = (facts: RedemptionFacts, state: 'redeemed' | 'awaiting-verification', verificationId: string | null, redeemedAt: string | null) =>
    tx.unsafe(`update ${s}.issued_coupons set (${REDEMPTION_COLUMNS}) = ($2, $3, $4, $5, $6, $7, $8, $9, $10::timestamptz, $11) where issued_coupon_id = $1`, [
      id,
      facts.redemptionId,
      state,
      facts.locationId,
      facts.roNumber,
      facts.line.opCode,
      facts.line.laborType,
      facts.amount,
      verificationId,
      redeemedAt,
      facts.redeemedBy,
    ] as never[], PREPARED);

  switch (e.type) {
    case 'CouponRedeemed':
      await current(e.data, 'redeemed', e.data.redemptionVerificationId, e.data.redeemedAt);
      return;
    case 'CouponRedemptionAwaitingVerification':
      await current(e.data, 'awaiting-verification', e.data.redemptionVerificationId, null);
      return;
    case 'CouponRedemptionReleased':
    case 'CouponRedemptionVoided':
      // The coupon is available again (while valid); an end of another redemption changes nothing.
      await tx.unsafe(
        `update ${s}.issued_coupons set (${REDEMPTION_COLUMNS}) = (null, null, null, null, null, null, null, null, null, null)
         where issued_coupon_id = $1 and redemption_id = $2`,
        [id, e.data.redemptionId],
        PREPARED,
      );
      return;
    case 'CouponRedemptionRoChanged': {
      const to = e.data.to;
      await tx.unsafe(
        `update ${s}.issued_coupons set redemption_location_id = $3, redemption_ro_number = $4, redemption_op_code = $5,
           redemption_labor_type = $6, redemption_amount = $7
         where issued_coupon_id = $1 and redemption_id = $2`,
        [id, e.data.redemptionId, to.locationId, to.roNumber, to.line.opCode, to.line.laborType, to.amount] as never[],
        PREPARED,
      );
      return;
    }
    case 'IssuedCouponWithdrawn':
    case 'IssuedCouponReinstated':
      // A sale void's internal steps: the sale's own PackSaleVoided decides the coupon's status.
      return;
    default:
      throw new Error(`pack_sales does not know the event type ${(event as RecordedEvent).type}.`);
  }
}
