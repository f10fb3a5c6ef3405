/**
 * Read model `reports` (issue 14): the facts the sales, redemption, payout and invoice reports
 * add up, one row per pack sale and one row per redemption (digital and paper), flat and indexed
 * by local day and location so a month of a whole group is an index range, never the event store.
 *
 * Tables:
 * - `sales`: every pack sale (PackSold), its kind (`lane` over the counter, `online`, or
 *   `paper-conversion`: a converted paper book, which is not revenue), its location (moved by a
 *   location correction), seller, price (net), tax, total (gross), status (pending, final,
 *   voided), the void (day in the sale location's zone, refund and refund tax) and, for an
 *   online sale, when the provider's refund was recorded. A paper conversion's `sold_on` is the
 *   book's paper sale day (as its PackSold says); `converted_on` is the local day it was converted.
 * - `redemptions`: every redemption that completed (CouponRedeemed, PaperCouponRedeemed; a held
 *   redemption awaiting verification is not one yet), with the location of sale (holds the money)
 *   and of redemption (did the work), RO, op code, labour type, line total, discount given
 *   (`amount`), allocated value, who and when (local day), and its void (day in the redeeming
 *   location's zone). An RO change moves the row to its new RO, line and location.
 *
 * Gifts (issue 13): a paid gift is an online sale on its payment day. GiftPurchased inserts the
 * sale row of the sale id the claim will use (deterministicUuid('gift:{giftId}'), `gift_id` set,
 * customer = the buyer until claimed, sold by the buyer, final, revision -1); the claim's PackSold
 * of that sale only names the recipient (and the pack's name and coupons as issued), keeping the
 * payment day, so nothing is counted twice. GiftExpired (ended unclaimed, the buyer refunded) is
 * the sale's void with the whole refund on the local day it ended; its OnlineOrderRefunded marks
 * the provider's refund as for any online sale.
 *
 * Re-applying is harmless: each row remembers the revision of its stream it has reached (a gift
 * row's gift events are idempotent by value).
 */
import {
  PACK_SALE_EVENT_TYPES,
  type CouponRedeemed,
  type CouponRedemptionRoChanged,
  type CouponRedemptionVoided,
  type GiftExpired,
  type GiftPurchased,
  type OnlineOrderRefunded,
  type PackSaleEvent,
  type PackSold,
  type PaperCouponRedeemed,
  type PaperCouponRedemptionVoided,
} from '@dealer/contracts';
import { deterministicUuid, type RecordedEvent } from '@dealer/platform';
import type { Projection, Tx } from '../projection';
import { PREPARED, ident } from '../projection';

export const REPORTS_PROJECTION = 'reports';

export const reports: Projection = {
  name: REPORTS_PROJECTION,
  schema: 'rm_reports',
  handles: new Set<string>([
    ...PACK_SALE_EVENT_TYPES,
    'OnlineOrderRefunded',
    'GiftPurchased',
    'GiftExpired',
    'CouponRedeemed',
    'CouponRedemptionVoided',
    'CouponRedemptionRoChanged',
    'PaperCouponRedeemed',
    'PaperCouponRedemptionVoided',
  ]),

  async createTables(tx, schema) {
    const s = ident(schema);
    await tx.unsafe(`
      create table if not exists ${s}.sales (
        sale_id uuid primary key,
        kind text not null check (kind in ('lane', 'online', 'paper-conversion')),
        customer_id uuid not null,
        location_id integer not null,
        time_zone text not null,
        sale_ro_number text not null,
        pack_id uuid not null,
        pack_name text not null,
        sold_by text not null,
        sold_at timestamptz not null,
        sold_on date not null,
        status text not null check (status in ('pending', 'final', 'voided')),
        list_price bigint not null,
        price bigint not null,
        tax bigint not null,
        total bigint not null,
        coupon_count integer not null,
        paper_book_number text,
        online_order_id text,
        finalised_on date,
        voided_at timestamptz,
        voided_on date,
        voided_by text,
        void_reason text,
        refund bigint,
        refund_tax bigint,
        provider_refunded_at timestamptz,
        revision bigint not null
      );
      -- A paper-conversion sale's sold_on is the day the book was sold on paper: the local day of
      -- the conversion (its sold_at in the sale location's zone) is when it counts as converted.
      alter table ${s}.sales add column if not exists converted_on date;
      -- A gift's sale (issue 13): counted from the payment (GiftPurchased), the claim's PackSold names the recipient.
      alter table ${s}.sales add column if not exists gift_id uuid;
      create table if not exists ${s}.redemptions (
        redemption_id text primary key,
        source text not null check (source in ('digital', 'paper')),
        issued_coupon_id text not null,
        coupon_id uuid not null,
        coupon_name text not null,
        sale_id uuid,
        paper_book_number text,
        customer_id uuid,
        sold_location_id integer not null,
        location_id integer not null,
        time_zone text not null,
        ro_number text not null,
        op_code text not null,
        labor_type text not null,
        line_total bigint not null,
        amount bigint not null,
        allocated_value bigint not null,
        redeemed_by text not null,
        redeemed_at timestamptz not null,
        redeemed_on date not null,
        status text not null check (status in ('redeemed', 'voided')),
        voided_at timestamptz,
        voided_on date,
        voided_by text,
        void_reason text,
        revision bigint not null
      )`);
  },

  async createIndexes(tx, schema) {
    const s = ident(schema);
    await tx.unsafe(`
      create index if not exists sales_sold on ${s}.sales (sold_on, location_id);
      create index if not exists sales_voided on ${s}.sales (voided_on, location_id) where voided_on is not null;
      create index if not exists sales_converted on ${s}.sales (converted_on, location_id) where converted_on is not null;
      create index if not exists redemptions_redeemed on ${s}.redemptions (redeemed_on, location_id);
      create index if not exists redemptions_sold_location on ${s}.redemptions (redeemed_on, sold_location_id);
      create index if not exists redemptions_voided on ${s}.redemptions (voided_on, location_id) where voided_on is not null;`);
  },

  async applyBatch(tx, schema, events) {
    for (const event of events) await applyOne(tx, ident(schema), event);
  },
};

const SALE_TYPES = new Set<string>(PACK_SALE_EVENT_TYPES);

type RedemptionEvent = CouponRedeemed | CouponRedemptionVoided | CouponRedemptionRoChanged | PaperCouponRedeemed | PaperCouponRedemptionVoided;

async function applyOne(tx: Tx, s: string, event: RecordedEvent): Promise<void> {
  if (SALE_TYPES.has(event.type)) return applySaleEvent(tx, s, event);
  if (event.type === 'OnlineOrderRefunded') return applyRefund(tx, s, event);
  if (event.type === 'GiftPurchased') return insertGiftSale(tx, s, event);
  if (event.type === 'GiftExpired') return voidGiftSale(tx, s, event);
  return applyRedemptionEvent(tx, s, event);
}

async function applySaleEvent(tx: Tx, s: string, event: RecordedEvent): Promise<void> {
  const e = event as unknown as PackSaleEvent;
  const saleId = e.data?.saleId;
  if (typeof saleId !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no saleId.`);
  const [row] = await tx.unsafe<{ revision: string; gift_id: string | null }[]>(`select revision, gift_id from ${s}.sales where sale_id = $1 for update`, [saleId], PREPARED);
  if (row && event.revision <= Number(row.revision)) return;
  if (!row && e.type !== 'PackSold') throw new Error(`${event.type} of sale ${saleId}, which the read model does not hold (its PackSold is missing or parked).`);
  // A gift's claim: the sale was counted on its payment day; only the recipient (and what was issued) is new.
  if (row && row.gift_id !== null && e.type === 'PackSold' && Number(row.revision) < 0) return claimGiftSale(tx, s, e.data, event.revision);
  if (row && e.type === 'PackSold') throw new Error(`PackSold of sale ${saleId} at revision ${event.revision}, which the read model already holds.`);

  switch (e.type) {
    case 'PackSold':
      return insertSale(tx, s, e.data, event.revision);
    case 'PackSaleFinalised':
      // As evolvePackSale: only a pending sale becomes final (a voided one stays voided).
      await tx.unsafe(
        `update ${s}.sales set
           status = case when status = 'pending' then 'final' else status end,
           finalised_on = case when status = 'pending' then (($2::timestamptz) at time zone time_zone)::date else finalised_on end,
           revision = $3
         where sale_id = $1`,
        [saleId, e.data.finalisedAt, event.revision],
        PREPARED,
      );
      return;
    case 'PackSaleLocationCorrected': {
      const d = e.data;
      // The sale moves (its sold_on stays: the local date it was sold); a void already recorded
      // counts on its day in the new location's zone. The redemptions of its coupons name the
      // new location as the one holding the money.
      await tx.unsafe(
        `update ${s}.sales set location_id = $2, time_zone = $3,
           voided_on = case when voided_at is null then null else (voided_at at time zone $3::text)::date end,
           converted_on = case when converted_on is null then null else (sold_at at time zone $3::text)::date end,
           revision = $4
         where sale_id = $1`,
        [saleId, d.toLocationId, d.timeZone, event.revision],
        PREPARED,
      );
      await tx.unsafe(`update ${s}.redemptions set sold_location_id = $2 where sale_id = $1`, [saleId, d.toLocationId], PREPARED);
      return;
    }
    case 'PackSaleVoided': {
      const d = e.data;
      await tx.unsafe(
        `update ${s}.sales set status = 'voided', voided_at = $2::timestamptz, voided_on = (($2::timestamptz) at time zone time_zone)::date,
           voided_by = $3, void_reason = $4, refund = $5, refund_tax = $6, revision = $7
         where sale_id = $1`,
        [saleId, d.voidedAt, d.by, d.reason, d.refund, d.refundTax, event.revision],
        PREPARED,
      );
      return;
    }
    default:
      throw new Error(`reports does not know the event type ${(event as RecordedEvent).type}.`);
  }
}

function saleKind(d: PackSold['data']): 'lane' | 'online' | 'paper-conversion' {
  if (d.paperBookNumber) return 'paper-conversion';
  if (d.onlineOrderId) return 'online';
  return 'lane';
}

async function insertSale(tx: Tx, s: string, d: PackSold['data'], revision: number): Promise<void> {
  if (!Array.isArray(d.coupons)) throw new Error(`PackSold of sale ${d.saleId} carries no coupons.`);
  await tx.unsafe(
    `insert into ${s}.sales (sale_id, kind, customer_id, location_id, time_zone, sale_ro_number, pack_id, pack_name, sold_by, sold_at, sold_on,
       status, list_price, price, tax, total, coupon_count, paper_book_number, online_order_id, revision, converted_on)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamptz, $11::date, $12, $13, $14, $15, $16, $17, $18, $19, $20,
       case when $2 = 'paper-conversion' then ($10::timestamptz at time zone $5::text)::date end)`,
    [
      d.saleId,
      saleKind(d),
      d.customerId,
      d.locationId,
      d.timeZone,
      d.saleRoNumber,
      d.pack.packId,
      d.pack.name,
      d.soldBy,
      d.soldAt,
      d.soldOn,
      d.status,
      d.listPrice,
      d.price,
      d.tax,
      d.total,
      d.coupons.length,
      d.paperBookNumber ?? null,
      d.onlineOrderId ?? null,
      revision,
    ] as never[],
    PREPARED,
  );
}

/** Who and why a gift's sale reads as voided. */
const GIFT_VOIDED_BY = 'system:gift-expiry';
const GIFT_VOID_REASONS: Record<GiftExpired['data']['reason'], string> = {
  expired: 'Gift not claimed before its link expired: refunded to the buyer',
  'not-sellable': 'Gift could not be issued (the pack is no longer sold): refunded to the buyer',
};

/**
 * A paid gift: an online sale at the order's location on the payment's local day, sold by the
 * buyer, final (the money is taken). A gift recorded before GiftPurchased carried the pack's name,
 * coupon count and zone reads 'Gift pack', 0 coupons (the claim fills both in) and the location's
 * zone from ref.locations (UTC when unknown).
 */
async function insertGiftSale(tx: Tx, s: string, event: RecordedEvent): Promise<void> {
  const d = (event as unknown as GiftPurchased).data;
  if (typeof d?.giftId !== 'string') throw new Error(`GiftPurchased at ${event.globalPosition} carries no giftId.`);
  const timeZone = d.timeZone ?? (await locationTimeZone(tx, d.locationId));
  await tx.unsafe(
    `insert into ${s}.sales (sale_id, kind, customer_id, location_id, time_zone, sale_ro_number, pack_id, pack_name, sold_by, sold_at, sold_on,
       status, list_price, price, tax, total, coupon_count, online_order_id, revision, gift_id)
     values ($1, 'online', $2, $3, $4, 'ONLINE', $5, $6, $14, $7::timestamptz, ($7::timestamptz at time zone $4::text)::date,
       'final', $8, $8, $9, $10, $11, $12, -1, $13)
     on conflict (sale_id) do nothing`,
    [
      deterministicUuid(`gift:${d.giftId}`),
      d.customerId,
      d.locationId,
      timeZone,
      d.packId,
      d.packName ?? 'Gift pack',
      d.purchasedAt,
      d.price,
      d.tax,
      d.total,
      d.couponCount ?? 0,
      d.orderId,
      d.giftId,
      d.customerId,
    ] as never[],
    PREPARED,
  );
}

async function locationTimeZone(tx: Tx, locationId: number): Promise<string> {
  const [known] = await tx.unsafe<{ present: boolean }[]>(`select to_regclass('ref.locations') is not null as present`);
  if (!known?.present) return 'UTC';
  const [row] = await tx.unsafe<{ time_zone: string | null }[]>(`select time_zone from ref.locations where location_id = $1`, [locationId], PREPARED);
  return row?.time_zone || 'UTC';
}

/** The claim's PackSold of a gift's sale: the recipient; the payment day, price and status stay. */
async function claimGiftSale(tx: Tx, s: string, d: PackSold['data'], revision: number): Promise<void> {
  if (!Array.isArray(d.coupons)) throw new Error(`PackSold of sale ${d.saleId} carries no coupons.`);
  await tx.unsafe(`update ${s}.sales set customer_id = $2, pack_name = $3, coupon_count = $4, revision = $5 where sale_id = $1`, [
    d.saleId,
    d.customerId,
    d.pack.name,
    d.coupons.length,
    revision,
  ] as never[], PREPARED);
}

/** A gift ended unclaimed: its sale is voided on the local day it ended, the whole payment refunded. */
async function voidGiftSale(tx: Tx, s: string, event: RecordedEvent): Promise<void> {
  const d = (event as unknown as GiftExpired).data;
  if (typeof d?.saleId !== 'string') throw new Error(`GiftExpired at ${event.globalPosition} carries no saleId.`);
  const [row] = await tx.unsafe<{ status: string }[]>(`select status from ${s}.sales where sale_id = $1 and gift_id is not null for update`, [d.saleId], PREPARED);
  if (!row) throw new Error(`GiftExpired of gift ${d.giftId}, whose sale the read model does not hold (its GiftPurchased is missing or parked).`);
  if (row.status === 'voided') return;
  await tx.unsafe(
    `update ${s}.sales set status = 'voided', voided_at = $2::timestamptz, voided_on = (($2::timestamptz) at time zone time_zone)::date,
       voided_by = $3, void_reason = $4, refund = $5, refund_tax = $6
     where sale_id = $1`,
    [d.saleId, d.expiredAt, GIFT_VOIDED_BY, GIFT_VOID_REASONS[d.reason] ?? GIFT_VOID_REASONS.expired, d.refund, d.refundTax] as never[],
    PREPARED,
  );
}

/** The provider's refund of an online order: recorded on its sale (the first one recorded stays). */
async function applyRefund(tx: Tx, s: string, event: RecordedEvent): Promise<void> {
  const d = (event as unknown as OnlineOrderRefunded).data;
  if (typeof d?.saleId !== 'string') throw new Error(`OnlineOrderRefunded at ${event.globalPosition} carries no saleId.`);
  const updated = await tx.unsafe(`update ${s}.sales set provider_refunded_at = coalesce(provider_refunded_at, $2::timestamptz) where sale_id = $1`, [
    d.saleId,
    d.refundedAt,
  ], PREPARED);
  if (updated.count !== 1) throw new Error(`OnlineOrderRefunded of sale ${d.saleId}, which the read model does not hold (its PackSold is missing or parked).`);
}

/**
 * A redemption row remembers the revision of the stream that wrote it (the issued coupon's, or
 * the paper book's: a book's redemptions share its stream, so the revision is per row).
 */
async function applyRedemptionEvent(tx: Tx, s: string, event: RecordedEvent): Promise<void> {
  const e = event as unknown as RedemptionEvent;
  const redemptionId = e.data?.redemptionId;
  if (typeof redemptionId !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no redemptionId.`);
  const [row] = await tx.unsafe<{ revision: string }[]>(`select revision from ${s}.redemptions where redemption_id = $1 for update`, [redemptionId], PREPARED);
  const inserts = e.type === 'CouponRedeemed' || e.type === 'PaperCouponRedeemed';
  if (row && event.revision <= Number(row.revision)) return;
  if (!row && !inserts) throw new Error(`${event.type} of redemption ${redemptionId}, which the read model does not hold (its redemption is missing or parked).`);
  if (row && inserts) throw new Error(`${event.type} of redemption ${redemptionId} at revision ${event.revision}, which the read model already holds.`);

  switch (e.type) {
    case 'CouponRedeemed': {
      const d = e.data;
      return insertRedemption(tx, s, {
        redemption_id: d.redemptionId,
        source: 'digital',
        issued_coupon_id: d.issuedCouponId,
        coupon_id: d.couponId,
        coupon_name: d.couponName,
        sale_id: d.saleId,
        paper_book_number: null,
        customer_id: d.customerId,
        ...redeemedColumns(d, event.revision),
      });
    }
    case 'PaperCouponRedeemed': {
      const d = e.data;
      return insertRedemption(tx, s, {
        redemption_id: d.redemptionId,
        source: 'paper',
        issued_coupon_id: d.paperCouponId,
        coupon_id: d.couponId,
        coupon_name: d.couponName,
        sale_id: null,
        paper_book_number: d.bookNumber,
        customer_id: null,
        ...redeemedColumns(d, event.revision),
      });
    }
    case 'CouponRedemptionVoided':
    case 'PaperCouponRedemptionVoided': {
      const d = e.data;
      await tx.unsafe(
        `update ${s}.redemptions set status = 'voided', voided_at = $2::timestamptz, voided_on = (($2::timestamptz) at time zone time_zone)::date,
           voided_by = $3, void_reason = $4, revision = $5
         where redemption_id = $1`,
        [redemptionId, d.voidedAt, d.by, d.reason, event.revision],
        PREPARED,
      );
      return;
    }
    case 'CouponRedemptionRoChanged': {
      // The redemption moves to its new RO, line and location; it counts on its day (and a void
      // on its day) in the new location's zone.
      const to = e.data.to;
      await tx.unsafe(
        `update ${s}.redemptions set location_id = $2, time_zone = $3, ro_number = $4, op_code = $5, labor_type = $6, line_total = $7, amount = $8,
           redeemed_on = (redeemed_at at time zone $3::text)::date,
           voided_on = case when voided_at is null then null else (voided_at at time zone $3::text)::date end,
           revision = $9
         where redemption_id = $1`,
        [redemptionId, to.locationId, to.timeZone, to.roNumber, to.line.opCode, to.line.laborType, to.line.lineTotal, to.amount, event.revision] as never[],
        PREPARED,
      );
      return;
    }
    default:
      throw new Error(`reports does not know the event type ${(event as RecordedEvent).type}.`);
  }
}

/** The columns a digital and a paper redemption fill alike (the rest say which coupon it was). */
function redeemedColumns(d: CouponRedeemed['data'] | PaperCouponRedeemed['data'], revision: number): Record<string, unknown> {
  return {
    sold_location_id: d.soldLocationId,
    location_id: d.locationId,
    time_zone: d.timeZone,
    ro_number: d.roNumber,
    op_code: d.line.opCode,
    labor_type: d.line.laborType,
    line_total: d.line.lineTotal,
    amount: d.amount,
    allocated_value: d.allocatedValue,
    redeemed_by: d.redeemedBy,
    redeemed_at: d.redeemedAt,
    redeemed_on: d.redeemedOn,
    status: 'redeemed',
    revision,
  };
}

async function insertRedemption(tx: Tx, s: string, row: Record<string, unknown>): Promise<void> {
  await tx.unsafe(`insert into ${s}.redemptions select * from json_populate_recordset(null::${s}.redemptions, $1::json)`, [[row] as never], PREPARED);
}
