/**
 * Queries of the `online-orders` read model (rm_online_orders, its tables: ./projection.ts), with
 * the pack's name from the pack catalogue, the customer's from customer details and the location's
 * from the DMS reference data: one order, a customer's gifts sent, the managers' list, and the
 * sweeps' candidates (abandoned orders, gifts to expire).
 */
import type { Sql } from '@dealer/platform';
import type { OnlineOrderListItem, OnlineOrderStatus, OnlineOrderStatusView } from '@dealer/contracts/online-orders/status';
import { locationNames } from '../coupon-catalogue/queries';
import { PREPARED } from '../projection';

export const ONLINE_ORDERS = 'online_orders';

interface Row {
  orderId: string;
  customerId: string;
  status: OnlineOrderStatus;
  packId: string;
  packName: string | null;
  locationId: number;
  price: string;
  tax: string;
  total: string;
  taxExempt: boolean;
  provider: 'stripe' | 'demo';
  saleId: string | null;
  isGift: boolean;
  giftId: string | null;
  giftRecipientEmail: string | null;
  giftExpiresAt: Date | null;
  giftClaimedAt: Date | null;
  giftEndedAt: Date | null;
  giftEndReason: 'expired' | 'not-sellable' | null;
  failureMessage: string | null;
  failureCount: number;
  refundAmount: string | null;
  placedAt: Date;
  paidAt: Date | null;
  failedAt: Date | null;
  refundedAt: Date | null;
  cancelledAt: Date | null;
  customerName?: string | null;
  fullCount?: string;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function toView(r: Row, names: Map<number, string>): OnlineOrderStatusView {
  return {
    orderId: r.orderId,
    customerId: r.customerId,
    status: r.status,
    packId: r.packId,
    packName: r.packName,
    locationId: r.locationId,
    locationName: names.get(r.locationId) ?? null,
    price: Number(r.price) as OnlineOrderStatusView['price'],
    tax: Number(r.tax) as OnlineOrderStatusView['tax'],
    total: Number(r.total) as OnlineOrderStatusView['total'],
    taxExempt: r.taxExempt,
    provider: r.provider,
    saleId: r.saleId,
    isGift: r.isGift,
    giftId: r.giftId,
    // A gift once recorded (at payment): to whom, until when, then claimed or ended unclaimed.
    gift:
      r.isGift && r.giftId !== null
        ? {
            recipientEmail: r.giftRecipientEmail,
            expiresAt: iso(r.giftExpiresAt),
            claimedAt: iso(r.giftClaimedAt),
            endedAt: iso(r.giftEndedAt),
            endReason: r.giftEndReason,
          }
        : null,
    failureMessage: r.failureMessage,
    failureCount: r.failureCount,
    refundAmount: r.refundAmount === null ? null : (Number(r.refundAmount) as OnlineOrderStatusView['price']),
    placedAt: r.placedAt.toISOString(),
    paidAt: iso(r.paidAt),
    failedAt: iso(r.failedAt),
    refundedAt: iso(r.refundedAt),
    cancelledAt: iso(r.cancelledAt),
  };
}

const COLUMNS = `o.order_id::text as "orderId", o.customer_id::text as "customerId", o.status, o.pack_id::text as "packId",
  p.name as "packName", o.location_id as "locationId", o.price, o.tax, o.total, o.tax_exempt as "taxExempt", o.provider,
  o.sale_id::text as "saleId", o.is_gift as "isGift", o.gift_id::text as "giftId", o.gift_recipient_email as "giftRecipientEmail",
  o.gift_expires_at as "giftExpiresAt", o.gift_claimed_at as "giftClaimedAt", o.gift_ended_at as "giftEndedAt", o.gift_end_reason as "giftEndReason", o.failure_message as "failureMessage",
  o.failure_count as "failureCount", o.refund_amount as "refundAmount", o.placed_at as "placedAt", o.paid_at as "paidAt",
  o.failed_at as "failedAt", o.refunded_at as "refundedAt", o.cancelled_at as "cancelledAt"`;

export async function getOnlineOrder(sql: Sql, orderId: string): Promise<OnlineOrderStatusView | null> {
  const rows = await sql.unsafe<Row[]>(
    `select ${COLUMNS} from rm_online_orders.orders o left join rm_pack_catalogue.packs p on p.pack_id = o.pack_id where o.order_id = $1`,
    [orderId],
    PREPARED,
  );
  return rows[0] ? toView(rows[0], await locationNames(sql)) : null;
}

/** The most gifts GET /api/customers/{id}/gifts answers (the newest). */
export const GIFTS_SENT_MAX = 100;

/** The customer's paid gift orders, newest payment first. */
export async function listGiftsSent(sql: Sql, customerId: string): Promise<OnlineOrderStatusView[]> {
  const rows = await sql.unsafe<Row[]>(
    `select ${COLUMNS} from rm_online_orders.orders o left join rm_pack_catalogue.packs p on p.pack_id = o.pack_id
     where o.customer_id = $1 and o.is_gift and o.gift_id is not null
     order by o.paid_at desc nulls last, o.order_id
     limit $2`,
    [customerId, GIFTS_SENT_MAX],
    PREPARED,
  );
  const names = await locationNames(sql);
  return rows.map((r) => toView(r, names));
}

export async function listOnlineOrders(
  sql: Sql,
  q: { status?: OnlineOrderStatus; locationId?: number; locationIds: readonly number[]; limit: number; offset: number },
): Promise<{ dataSet: OnlineOrderListItem[]; metaData: { total: number; limit: number; offset: number } }> {
  // Only the caller's locations: the asked one if it is among them (else none).
  const locationIds = q.locationId === undefined ? [...q.locationIds] : q.locationIds.filter((id) => id === q.locationId);
  const rows = await sql.unsafe<Row[]>(
    `select ${COLUMNS}, nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '') as "customerName", count(*) over () as "fullCount"
     from rm_online_orders.orders o
     left join rm_pack_catalogue.packs p on p.pack_id = o.pack_id
     left join rm_customer_details.customers c on c.customer_id = o.customer_id
     where ($1::text is null or o.status = $1) and o.location_id = any($2::int[])
     order by o.placed_at desc, o.order_id
     limit $3 offset $4`,
    [q.status ?? null, locationIds, q.limit, q.offset],
    PREPARED,
  );
  const names = await locationNames(sql);
  return {
    dataSet: rows.map((r) => ({ ...toView(r, names), customerName: r.customerName ?? null })),
    metaData: { total: Number(rows[0]?.fullCount ?? 0), limit: q.limit, offset: q.offset },
  };
}

/** Orders still placed or failed since before `cutoff`, oldest first, at most `limit` (the abandoned-orders sweep). */
export async function abandonedOrderIds(sql: Sql, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await sql<{ orderId: string }[]>`
    select order_id::text as "orderId" from rm_online_orders.orders
    where status in ('placed', 'failed') and placed_at <= ${cutoff}
    order by placed_at limit ${limit}`;
  return rows.map((r) => r.orderId);
}

/** Paid gifts not claimed that were paid before `cutoff` or have ended, oldest payment first, at most `limit` (the gift-expiry sweep). */
export async function expiringGiftIds(sql: Sql, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await sql<{ giftId: string }[]>`
    select gift_id::text as "giftId" from rm_online_orders.orders
    where status = 'paid' and is_gift and gift_id is not null and gift_claimed_at is null and (paid_at <= ${cutoff} or gift_ended_at is not null)
    order by paid_at limit ${limit}`;
  return rows.map((r) => r.giftId);
}

/** Issue 24 part 3: the location each online order was placed with, by order id (the live updates stream tells staff there). */
export async function orderLocationsOf(sql: Sql, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await sql<{ id: string; location_id: number }[]>`
    select order_id::text as id, location_id from rm_online_orders.orders where order_id = any(${orderIds}::uuid[])`;
  return new Map(rows.map((r) => [r.id, r.location_id]));
}
