/**
 * Read model `redemption_reviews` (issue 12): every coupon redemption, digital and paper, with
 * where it is now (location and RO) and whether it is live, plus the reviews managers kept. The
 * review list (GET /api/coupon-redemption-reviews) joins the live, unkept ones with the DMS data
 * at request time: an RO an import shows voided (`ref.repair_orders.void_date`) flags its
 * redemptions at once, with no event needed.
 *
 * Tables:
 * - `redemptions`: one row per redemption id. Digital (stream `issued-coupon-{id}`): CouponRedeemed
 *   makes it live (a redemption held for a verification is not a redemption yet), an RO change
 *   moves it, a void or release ends it. Paper (stream `paper-book-{bookNumber}`):
 *   PaperCouponRedeemed, PaperCouponRedemptionVoided; a paper redemption has no customer.
 * - `kept`: one row per RedemptionReviewKept, keyed by the redemption and the RO it was kept on
 *   (a kept redemption later moved to another voided RO is flagged again).
 *
 * Re-applying is harmless: a redemption row remembers its stream's revision it has reached and
 * an event at or below it is skipped; a repeated CouponRedeemed or kept review inserts nothing.
 * An end or RO change of a redemption the table does not hold changes nothing (its CouponRedeemed
 * may be parked; the list only shows rows it holds).
 */
import {
  REDEMPTION_REVIEW_EVENT_TYPES,
  type CouponRedeemed,
  type CouponRedemptionRoChanged,
  type PaperCouponRedeemed,
  type RedemptionReviewKept,
} from '@dealer/contracts';
import type { RecordedEvent } from '@dealer/platform';
import type { Projection, Tx } from '../projection';
import { PREPARED, ident } from '../projection';

/** The event types this read model follows. */
export const REDEMPTION_REVIEW_HANDLED_TYPES = [
  'CouponRedeemed',
  'CouponRedemptionRoChanged',
  'CouponRedemptionVoided',
  'CouponRedemptionReleased',
  'PaperCouponRedeemed',
  'PaperCouponRedemptionVoided',
  ...REDEMPTION_REVIEW_EVENT_TYPES,
] as const;

export const redemptionReviews: Projection = {
  name: 'redemption_reviews',
  schema: 'rm_redemption_reviews',
  handles: new Set<string>(REDEMPTION_REVIEW_HANDLED_TYPES),

  async createTables(tx, schema) {
    const s = ident(schema);
    await tx.unsafe(`
      create table if not exists ${s}.redemptions (
        redemption_id text primary key,
        kind text not null check (kind in ('coupon', 'paper')),
        issued_coupon_id text not null,
        book_number text,
        paper_coupon_number integer,
        customer_id uuid,
        coupon_name text not null,
        location_id integer not null,
        ro_number text not null,
        op_code text not null,
        labor_type text not null,
        amount bigint not null,
        redeemed_at timestamptz not null,
        redeemed_by text not null,
        live boolean not null,
        stream_id text not null,
        revision integer not null
      );
      create table if not exists ${s}.kept (
        redemption_id text not null,
        location_id integer not null,
        ro_number text not null,
        note text not null,
        kept_by text not null,
        kept_at timestamptz not null,
        primary key (redemption_id, location_id, ro_number)
      )`);
  },

  async createIndexes(tx, schema) {
    const s = ident(schema);
    // The review list joins live redemptions to the DMS ROs by (location, RO); the customer's history finds their redemptions.
    await tx.unsafe(`
      create index if not exists redemptions_live_ro on ${s}.redemptions (location_id, ro_number) where live;
      create index if not exists redemptions_customer on ${s}.redemptions (customer_id) where customer_id is not null;`);
  },

  async applyBatch(tx, schema, events) {
    for (const event of events) await applyOne(tx, ident(schema), event);
  },
};

async function insertRedemption(tx: Tx, s: string, event: RecordedEvent, row: Record<string, unknown>): Promise<void> {
  await tx.unsafe(
    `insert into ${s}.redemptions (redemption_id, kind, issued_coupon_id, book_number, paper_coupon_number, customer_id, coupon_name,
       location_id, ro_number, op_code, labor_type, amount, redeemed_at, redeemed_by, live, stream_id, revision)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, true, $15, $16)
     on conflict (redemption_id) do nothing`,
    [
      row.redemptionId,
      row.kind,
      row.issuedCouponId,
      row.bookNumber,
      row.paperCouponNumber,
      row.customerId,
      row.couponName,
      row.locationId,
      row.roNumber,
      row.opCode,
      row.laborType,
      row.amount,
      row.redeemedAt,
      row.redeemedBy,
      event.streamId,
      event.revision,
    ] as never[],
    PREPARED,
  );
}

/** Ends a redemption (void or release), unless this event was applied already. */
const end = (tx: Tx, s: string, event: RecordedEvent, redemptionId: string) =>
  tx.unsafe(`update ${s}.redemptions set live = false, revision = $3 where redemption_id = $1 and stream_id = $2 and revision < $3`, [redemptionId, event.streamId, event.revision], PREPARED);

async function applyOne(tx: Tx, s: string, event: RecordedEvent): Promise<void> {
  const redemptionId = (event.data as { redemptionId?: unknown } | null)?.redemptionId;
  if (typeof redemptionId !== 'string') throw new Error(`${event.type} at ${event.globalPosition} carries no redemptionId.`);
  switch (event.type) {
    case 'CouponRedeemed': {
      const d = (event as unknown as CouponRedeemed).data;
      return insertRedemption(tx, s, event, {
        redemptionId,
        kind: 'coupon',
        issuedCouponId: d.issuedCouponId,
        bookNumber: null,
        paperCouponNumber: null,
        customerId: d.customerId,
        couponName: d.couponName,
        locationId: d.locationId,
        roNumber: d.roNumber,
        opCode: d.line.opCode,
        laborType: d.line.laborType,
        amount: d.amount,
        redeemedAt: d.redeemedAt,
        redeemedBy: d.redeemedBy,
      });
    }
    case 'PaperCouponRedeemed': {
      const d = (event as unknown as PaperCouponRedeemed).data;
      return insertRedemption(tx, s, event, {
        redemptionId,
        kind: 'paper',
        issuedCouponId: d.paperCouponId,
        bookNumber: d.bookNumber,
        paperCouponNumber: d.paperCouponNumber,
        customerId: null,
        couponName: d.couponName,
        locationId: d.locationId,
        roNumber: d.roNumber,
        opCode: d.line.opCode,
        laborType: d.line.laborType,
        amount: d.amount,
        redeemedAt: d.redeemedAt,
        redeemedBy: d.redeemedBy,
      });
    }
    case 'CouponRedemptionRoChanged': {
      const to = (event as unknown as CouponRedemptionRoChanged).data.to;
      await tx.unsafe(
        `update ${s}.redemptions set location_id = $4, ro_number = $5, op_code = $6, labor_type = $7, amount = $8, revision = $3
         where redemption_id = $1 and stream_id = $2 and revision < $3`,
        [redemptionId, event.streamId, event.revision, to.locationId, to.roNumber, to.line.opCode, to.line.laborType, to.amount] as never[],
        PREPARED,
      );
      return;
    }
    case 'CouponRedemptionVoided':
    case 'CouponRedemptionReleased':
    case 'PaperCouponRedemptionVoided':
      await end(tx, s, event, redemptionId);
      return;
    case 'RedemptionReviewKept': {
      const d = (event as unknown as RedemptionReviewKept).data;
      await tx.unsafe(
        `insert into ${s}.kept (redemption_id, location_id, ro_number, note, kept_by, kept_at) values ($1, $2, $3, $4, $5, $6)
         on conflict (redemption_id, location_id, ro_number) do nothing`,
        [redemptionId, d.locationId, d.roNumber, d.note, d.by, d.keptAt] as never[],
        PREPARED,
      );
      return;
    }
    default:
      throw new Error(`redemption_reviews does not know the event type ${event.type}.`);
  }
}
