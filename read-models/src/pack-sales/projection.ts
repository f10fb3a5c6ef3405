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
import { ident } from '../projection';

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
  },

  async createIndexes(tx, schema) {
    const s = ident(schema);
    // (status, location_id, sale_ro_number): the finalising worker looks up the pending sales of
    // an RO an import shows closed. Customer lookups: purchase history and the coupons panel.
    await tx.unsafe(`
      create index if not exists sales_status_ro on ${s}.sales (status, location_id, sale_ro_number);
      create index if not exists sales_customer on ${s}.sales (customer_id, sold_at desc);
      create index if not exists issued_coupons_customer on ${s}.issued_coupons (customer_id);
      create index if not exists issued_coupons_sale on ${s}.issued_coupons (sale_id, position);`);
  },

  async applyBatch(tx, schema, events) {
    for (const event of events) await applyOne(tx, schema, event);
  },
};

const ISSUED_COUPON_TYPES = new Set<string>(ISSUED_COUPON_EVENT_TYPES);

async function applyOne(tx: Tx, schema: string, event: RecordedEvent): Promise<void> {
  const s = ident(schema);
  if (ISSUED_COUPON_TYPES.has(event.type)) return applyIssuedCouponEvent(tx, s, event);
  const e = event as unknown as PackSaleEvent;
  const saleId = e.data?.saleId;
  if (typeof saleId !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no saleId.`);
  const [row] = await tx.unsafe<{ revision: number; status: string }[]>(`select revision, status from ${s}.sales where sale_id = $1 for update`, [saleId]);
  if (row && event.revision <= row.revision) return;
  if (!row && e.type !== 'PackSold') throw new Error(`${event.type} of sale ${saleId}, which the read model does not hold (its PackSold is missing or parked).`);
  const time = event.metadata.time;

  switch (e.type) {
    case 'PackSold':
      return insertSale(tx, s, e.data, event.revision, time);
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
      );
      return;
    case 'PackSaleLocationCorrected': {
      const d = e.data;
      await tx.unsafe(
        `insert into ${s}.corrections (sale_id, revision, from_location_id, to_location_id, time_zone, reason, corrected_by, corrected_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [saleId, event.revision, d.fromLocationId, d.toLocationId, d.timeZone, d.reason, d.by, d.correctedAt],
      );
      await tx.unsafe(`update ${s}.sales set location_id = $2, time_zone = $3, revision = $4, modified_date = $5 where sale_id = $1`, [
        saleId,
        d.toLocationId,
        d.timeZone,
        event.revision,
        time,
      ]);
      if (!Array.isArray(d.coupons)) throw new Error(`PackSaleLocationCorrected of sale ${saleId} carries no coupons.`);
      if (d.coupons.length > 0) {
        await tx.unsafe(
          `update ${s}.issued_coupons c set expires_at = x.expires_at
           from json_to_recordset($2::json) as x(issued_coupon_id uuid, expires_at timestamptz)
           where c.issued_coupon_id = x.issued_coupon_id and c.sale_id = $1`,
          [saleId, d.coupons.map((c) => ({ issued_coupon_id: c.issuedCouponId, expires_at: c.expiresAt }))] as never[],
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
      );
      return;
    }
    default:
      throw new Error(`pack_sales does not know the event type ${(event as RecordedEvent).type}.`);
  }
}

async function insertSale(tx: Tx, s: string, d: PackSold['data'], revision: number, time: string): Promise<void> {
  await tx.unsafe(
    `insert into ${s}.sales (
       sale_id, customer_id, location_id, time_zone, sale_ro_number, status, pack_id, pack_name, pack_description,
       term_months, term_mileage, selling_location_ids, pack_snapshot, mileage_at_sale, mileage_limit, sold_at, sold_on,
       sold_by, list_price, price, price_override_reason, tax_exempt, tax_rate_bp, tax, total, revision, modified_date, paper_book_number)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::integer[], $13::jsonb, $14, $15, $16, $17::date,
       $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28)`,
    [
      d.saleId,
      d.customerId,
      d.locationId,
      d.timeZone,
      d.saleRoNumber,
      d.status,
      d.pack.packId,
      d.pack.name,
      d.pack.description,
      d.pack.termMonths,
      d.pack.termMileage,
      d.pack.locationIds,
      d.pack,
      d.mileageAtSale,
      d.mileageLimit,
      d.soldAt,
      d.soldOn,
      d.soldBy,
      d.listPrice,
      d.price,
      d.priceOverride?.reason ?? null,
      d.taxExempt,
      d.taxRateBasisPoints,
      d.tax,
      d.total,
      revision,
      time,
      d.paperBookNumber ?? null,
    ] as never[],
  );
  const termsOf = new Map(d.pack.items.map((i) => [i.couponId, i.coupon]));
  const coupons = d.coupons.map((c, position) => {
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
  if (coupons.length === 0) return;
  await tx.unsafe(
    `insert into ${s}.issued_coupons select * from json_populate_recordset(null::${s}.issued_coupons, $1::json)`,
    [coupons as never],
  );
}

/** The columns of a coupon's current redemption, in this order. */
const REDEMPTION_COLUMNS = `redemption_id, redemption_state, redemption_location_id, redemption_ro_number, redemption_op_code,
  redemption_labor_type, redemption_amount, redemption_verification_id, redeemed_at, redeemed_by`;

async function applyIssuedCouponEvent(tx: Tx, s: string, event: RecordedEvent): Promise<void> {
  const e = event as unknown as IssuedCouponEvent;
  const id = e.data?.issuedCouponId;
  if (typeof id !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no issuedCouponId.`);
  const [row] = await tx.unsafe<{ coupon_revision: number | null }[]>(
    `select coupon_revision from ${s}.issued_coupons where issued_coupon_id = $1 for update`,
    [id],
  );
  if (!row) throw new Error(`${event.type} of issued coupon ${id}, which the read model does not hold (its sale's PackSold is missing or parked).`);
  if (row.coupon_revision !== null && event.revision <= row.coupon_revision) return;
  await tx.unsafe(`update ${s}.issued_coupons set coupon_revision = $2 where issued_coupon_id = $1`, [id, event.revision]);

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
    ] as never[]);

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
      );
      return;
    case 'CouponRedemptionRoChanged': {
      const to = e.data.to;
      await tx.unsafe(
        `update ${s}.issued_coupons set redemption_location_id = $3, redemption_ro_number = $4, redemption_op_code = $5,
           redemption_labor_type = $6, redemption_amount = $7
         where issued_coupon_id = $1 and redemption_id = $2`,
        [id, e.data.redemptionId, to.locationId, to.roNumber, to.line.opCode, to.line.laborType, to.amount] as never[],
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
