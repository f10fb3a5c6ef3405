/**
 * Read model `online_orders` (issue 13): one row per online order, for the customer's order page
 * (GET /api/online-orders/{orderId}: a reload or a return after a 3-D Secure step shows the
 * order's real state) and the managers' list of online orders (paid, failed, refunded).
 *
 * Status: placed -> failed (a decline; another card may still pay) -> paid -> refunded; placed or
 * failed -> cancelled (not paid within a day, the payment cancelled at the provider); -> returned
 * (paid when the pack could no longer be sold: refunded at once, nothing issued). A paid
 * order stays paid when a late failure notice arrives (the provider's events are not ordered), a
 * refunded one stays refunded. The last failure's message (the provider's words for the
 * customer) is kept, and how many payments failed. A gift order keeps its gift id, the link's expiry, when it was
 * claimed or ended unclaimed (and why), and the recipient's e-mail for the buyer's order page: that address is the
 * buyer's personal data, so the buyer's erasure (CustomerPersonalDataErased) clears it (a rebuild reads it sealed, as
 * null). The gift's message is not copied.
 *
 * Re-applying is harmless: a row remembers the revision of its stream it has applied.
 */
import type {
  GiftClaimed,
  GiftExpired,
  GiftPurchased,
  OnlineOrderCancelled,
  OnlineOrderPaid,
  OnlineOrderPaymentFailed,
  OnlineOrderPaymentReturned,
  OnlineOrderPlaced,
  OnlineOrderRefunded,
} from '@dealer/contracts';
import type { RecordedEvent } from '@dealer/platform';
import type { Projection, Tx } from '../projection';
import { PREPARED, ident } from '../projection';

export const ONLINE_ORDERS_PROJECTION = 'online_orders';

export const onlineOrders: Projection = {
  name: ONLINE_ORDERS_PROJECTION,
  schema: 'rm_online_orders',
  // GiftClaimed / GiftExpired: when the gift was claimed or ended unclaimed, for the gift-expiry sweep
  // (command-api gifts/expiry.ts: it skips claimed gifts and finishes the refund of ended ones) and the buyer's
  // order page; GiftPurchased: the recipient and the link's expiry; CustomerPersonalDataErased: the buyer's erasure.
  handles: new Set<string>([
    'OnlineOrderPlaced',
    'OnlineOrderPaid',
    'OnlineOrderPaymentFailed',
    'OnlineOrderRefunded',
    'OnlineOrderCancelled',
    'OnlineOrderPaymentReturned',
    'GiftPurchased',
    'GiftClaimed',
    'GiftExpired',
    'CustomerPersonalDataErased',
  ]),

  async createTables(tx, schema) {
    await tx.unsafe(`
      create table if not exists ${ident(schema)}.orders (
        order_id uuid primary key,
        customer_id uuid not null,
        pack_id uuid not null,
        location_id integer not null,
        price bigint not null,
        tax bigint not null,
        total bigint not null,
        tax_exempt boolean not null,
        provider text not null,
        payment_id text not null,
        is_gift boolean not null,
        status text not null,
        sale_id uuid,
        gift_id uuid,
        failure_message text,
        failure_count integer not null default 0,
        refund_amount bigint,
        refund_status text,
        placed_at timestamptz not null,
        paid_at timestamptz,
        failed_at timestamptz,
        refunded_at timestamptz,
        cancelled_at timestamptz,
        revision integer not null
      );
      alter table ${ident(schema)}.orders drop constraint if exists orders_status_check;
      alter table ${ident(schema)}.orders add column if not exists cancelled_at timestamptz;
      alter table ${ident(schema)}.orders add column if not exists gift_claimed_at timestamptz;
      alter table ${ident(schema)}.orders add column if not exists gift_ended_at timestamptz;
      alter table ${ident(schema)}.orders add column if not exists gift_recipient_email text;
      alter table ${ident(schema)}.orders add column if not exists gift_expires_at timestamptz;
      alter table ${ident(schema)}.orders add column if not exists gift_end_reason text;
      alter table ${ident(schema)}.orders add column if not exists gift_recipient_erased boolean not null default false`);
  },

  async createIndexes(tx, schema) {
    const s = ident(schema);
    await tx.unsafe(`
      create index if not exists orders_customer on ${s}.orders (customer_id);
      create index if not exists orders_status_placed on ${s}.orders (status, placed_at desc)`);
  },

  async applyBatch(tx, schema, events) {
    const s = ident(schema);
    for (const event of events) await apply(tx, s, event);
  },
};

async function apply(tx: Tx, s: string, event: RecordedEvent): Promise<void> {
  const revision = event.revision;
  switch (event.type) {
    case 'OnlineOrderPlaced': {
      const d = (event as unknown as OnlineOrderPlaced).data;
      // Sealed personal data reads as null after erasure; the paid event's giftId also marks a gift.
      const isGift = d.recipientEmail !== undefined && d.recipientEmail !== null;
      await tx.unsafe(
        `insert into ${s}.orders (order_id, customer_id, pack_id, location_id, price, tax, total, tax_exempt, provider, payment_id, is_gift, status, placed_at, revision)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'placed', $12, $13)
         on conflict (order_id) do nothing`,
        [d.orderId, d.customerId, d.packId, d.locationId, d.price, d.tax, d.total, d.taxExempt, d.provider, d.paymentId, isGift, timeOf(event), revision],
        PREPARED,
      );
      return;
    }
    case 'OnlineOrderPaid': {
      const d = (event as unknown as OnlineOrderPaid).data;
      await tx.unsafe(
        `update ${s}.orders set status = case when status = 'refunded' then status else 'paid' end,
           sale_id = $2, gift_id = $3, is_gift = is_gift or $3::uuid is not null, paid_at = $4, revision = $5
         where order_id = $1 and revision < $5`,
        [d.orderId, d.saleId ?? null, d.giftId ?? null, d.paidAt, revision],
        PREPARED,
      );
      return;
    }
    case 'OnlineOrderPaymentFailed': {
      const d = (event as unknown as OnlineOrderPaymentFailed).data;
      await tx.unsafe(
        `update ${s}.orders set status = case when status in ('placed', 'failed') then 'failed' else status end,
           failure_message = $2, failure_count = failure_count + 1, failed_at = $3, revision = $4
         where order_id = $1 and revision < $4`,
        [d.orderId, d.message, d.failedAt, revision],
        PREPARED,
      );
      return;
    }
    case 'OnlineOrderRefunded': {
      const d = (event as unknown as OnlineOrderRefunded).data;
      await tx.unsafe(
        `update ${s}.orders set status = 'refunded', refund_amount = $2, refund_status = $3, refunded_at = $4, revision = $5
         where order_id = $1 and revision < $5`,
        [d.orderId, d.amount, d.status, d.refundedAt, revision],
        PREPARED,
      );
      return;
    }
    case 'OnlineOrderCancelled': {
      const d = (event as unknown as OnlineOrderCancelled).data;
      await tx.unsafe(
        `update ${s}.orders set status = case when status in ('placed', 'failed') then 'cancelled' else status end, cancelled_at = $2, revision = $3
         where order_id = $1 and revision < $3`,
        [d.orderId, d.cancelledAt, revision],
        PREPARED,
      );
      return;
    }
    case 'GiftClaimed': {
      // Another stream's event: idempotent by value (the first claim's time stays).
      const d = (event as unknown as GiftClaimed).data;
      await tx.unsafe(`update ${s}.orders set gift_claimed_at = coalesce(gift_claimed_at, $2::timestamptz) where order_id = $1`, [d.orderId, d.claimedAt], PREPARED);
      return;
    }
    case 'GiftExpired': {
      const d = (event as unknown as GiftExpired).data;
      await tx.unsafe(
        `update ${s}.orders set gift_ended_at = coalesce(gift_ended_at, $2::timestamptz), gift_end_reason = coalesce(gift_end_reason, $3) where order_id = $1`,
        [d.orderId, d.expiredAt, d.reason],
        PREPARED,
      );
      return;
    }
    case 'GiftPurchased': {
      // Another stream's event: by value. The recipient reads null once the buyer's key is gone (erasure).
      const d = (event as unknown as GiftPurchased).data;
      await tx.unsafe(
        `update ${s}.orders set gift_id = coalesce(gift_id, $2::uuid), is_gift = true, gift_recipient_email = $3, gift_expires_at = $4
         where order_id = $1 and not gift_recipient_erased`,
        [d.orderId, d.giftId, d.recipientEmail ?? null, d.expiresAt],
        PREPARED,
      );
      return;
    }
    case 'CustomerPersonalDataErased': {
      // The buyer's erasure: the recipients of their gifts are their personal data.
      const { customerId } = event.data as { customerId: string };
      await tx.unsafe(`update ${s}.orders set gift_recipient_email = null, gift_recipient_erased = true where customer_id = $1`, [customerId], PREPARED);
      return;
    }
    case 'OnlineOrderPaymentReturned': {
      const d = (event as unknown as OnlineOrderPaymentReturned).data;
      await tx.unsafe(
        `update ${s}.orders set status = 'returned', failure_message = $2, refund_amount = $3, refund_status = $4, refunded_at = $5, revision = $6
         where order_id = $1 and revision < $6`,
        [d.orderId, d.message, d.amount, d.status, d.returnedAt, revision],
        PREPARED,
      );
      return;
    }
  }
}

function timeOf(event: RecordedEvent): string {
  const time = (event.metadata as { time?: string } | undefined)?.time;
  return time ?? new Date(0).toISOString();
}
