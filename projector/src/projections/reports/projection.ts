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
 *   online sale, when the provider's refund was recorded.
 * - `redemptions`: every redemption that completed (CouponRedeemed, PaperCouponRedeemed; a held
 *   redemption awaiting verification is not one yet), with the location of sale (holds the money)
 *   and of redemption (did the work), RO, op code, labour type, line total, discount given
 *   (`amount`), allocated value, who and when (local day), and its void (day in the redeeming
 *   location's zone). An RO change moves the row to its new RO, line and location.
 *
 * Re-applying is harmless: each row remembers the revision of its stream it has reached.
 */
import type { Projection } from '../../projection';
import { ident } from '../../projection';

export const REPORTS_PROJECTION = 'reports';

export const reports: Projection = {
  name: REPORTS_PROJECTION,
  schema: 'rm_reports',
  handles: new Set<string>([]),

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
      create index if not exists redemptions_redeemed on ${s}.redemptions (redeemed_on, location_id);
      create index if not exists redemptions_sold_location on ${s}.redemptions (redeemed_on, sold_location_id);
      create index if not exists redemptions_voided on ${s}.redemptions (voided_on, location_id) where voided_on is not null;`);
  },

  async applyBatch() {
    // Issue 14: being built (apply of the pack-sale, issued-coupon, paper-book and online-order events).
  },
};
