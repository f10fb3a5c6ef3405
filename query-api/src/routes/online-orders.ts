/**
 * Online orders as read back (issue 13), from the `online_orders` read model:
 * - GET /api/online-orders/{orderId} (access 'online-orders'): the customer's own order (another
 *   customer's answers 404, as for none); admins read any, managers those placed at a location where
 *   they hold the manager role (role-locations.ts: managedLocationIds; another location's answers 404).
 *   The confirmation page reads it after a reload or a 3-D Secure step, and again while it is 'placed'.
 * - GET /api/online-orders?status=&locationId=&$limit=&$offset= (access 'online-order-list',
 *   managers and admins): orders newest first, with the customer's name: `{dataSet, metaData}`.
 *   Managers see only the locations they manage (admins every location): a `locationId` outside those
 *   answers an empty list; `metaData.locationIds` says which locations the list covers.
 * - GET /api/customers/{id}/gifts (access 'customer-gifts', customers; customerScope: their own only): the gifts
 *   the customer bought (paid gift orders), newest first, at most GIFTS_SENT_MAX: `{dataSet}` of the same view,
 *   each with its `gift` (to whom, waiting / claimed / ended unclaimed). My coupons lists them.
 * All are no-store: a payment, a claim or a refund changes them at any moment.
 */
import type { FastifyInstance } from 'fastify';
import { DomainError, INPUT_SCHEMAS, type Sql } from '@dealer/platform';
import {
  ONLINE_ORDER_LIST_DEFAULT,
  ONLINE_ORDER_LIST_MAX,
  ONLINE_ORDER_STATUS_MESSAGES,
  ONLINE_ORDER_STATUSES,
  type OnlineOrderListItem,
  type OnlineOrderStatus,
  type OnlineOrderStatusView,
} from '@dealer/contracts/online-orders/status';
import { locationNames } from '@dealer/read-models/coupon-catalogue/queries';
import { idParamsSchema, pageMetaSchema } from './coupons';
import { managedLocationIds } from './role-locations';

export const ONLINE_ORDERS = 'online_orders';

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const bool = { type: 'boolean' } as const;

const orderProperties = {
  orderId: str,
  customerId: str,
  status: str,
  packId: str,
  packName: nullableStr,
  locationId: int,
  locationName: nullableStr,
  price: int,
  tax: int,
  total: int,
  taxExempt: bool,
  provider: str,
  saleId: nullableStr,
  isGift: bool,
  giftId: nullableStr,
  gift: {
    type: ['object', 'null'],
    properties: { recipientEmail: nullableStr, expiresAt: nullableStr, claimedAt: nullableStr, endedAt: nullableStr, endReason: nullableStr },
  },
  failureMessage: nullableStr,
  failureCount: int,
  refundAmount: nullableInt,
  placedAt: str,
  paidAt: nullableStr,
  failedAt: nullableStr,
  refundedAt: nullableStr,
  cancelledAt: nullableStr,
} as const;

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
  );
  const names = await locationNames(sql);
  return {
    dataSet: rows.map((r) => ({ ...toView(r, names), customerName: r.customerName ?? null })),
    metaData: { total: Number(rows[0]?.fullCount ?? 0), limit: q.limit, offset: q.offset },
  };
}

export function onlineOrderQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Params: { orderId: string } }>(
      '/api/online-orders/:orderId',
      {
        config: { access: 'online-orders', readModels: [ONLINE_ORDERS, 'user_roles'] },
        schema: {
          params: { type: 'object', required: ['orderId'], properties: { orderId: { type: 'string', format: 'uuid' } } },
          querystring: { type: 'object', properties: { minPosition: { type: 'string', maxLength: 40 } } },
          response: { 200: { type: 'object', properties: { dataSet: { type: 'object', properties: orderProperties } } } },
        },
      },
      async (request, reply) => {
        const order = await getOnlineOrder(sql, request.params.orderId);
        const auth = request.auth!;
        // A customer asking for someone else's order learns nothing, not even that it exists; nor does a
        // manager asking for an order at a location they do not manage.
        const visible =
          order !== null &&
          (auth.kind === 'customer' ? order.customerId === auth.userId : (await managedLocationIds(sql, request)).includes(order.locationId));
        if (!visible) throw new DomainError('not_found', [ONLINE_ORDER_STATUS_MESSAGES.notFound]);
        reply.header('cache-control', 'no-store');
        return { dataSet: order };
      },
    );

    app.get<{ Params: { id: string } }>(
      '/api/customers/:id/gifts',
      {
        config: { access: 'customer-gifts', customerScope: { in: 'params', field: 'id' }, readModels: [ONLINE_ORDERS] },
        schema: {
          params: idParamsSchema,
          querystring: { type: 'object', properties: { minPosition: { type: 'string', maxLength: 40 } } },
          response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: { type: 'object', properties: orderProperties } } } } },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { dataSet: await listGiftsSent(sql, request.params.id) };
      },
    );

    app.get<{ Querystring: { status?: OnlineOrderStatus; locationId?: number; $limit?: number; $offset?: number } }>(
      '/api/online-orders',
      {
        config: { access: 'online-order-list', readModels: [ONLINE_ORDERS, 'user_roles'] },
        schema: {
          querystring: {
            type: 'object',
            properties: {
              status: { type: 'string', enum: [...ONLINE_ORDER_STATUSES] },
              locationId: INPUT_SCHEMAS.positiveInt32,
              $limit: { type: 'integer', minimum: 1, maximum: ONLINE_ORDER_LIST_MAX },
              $offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
              minPosition: { type: 'string', maxLength: 40 },
            },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: { type: 'array', items: { type: 'object', properties: { ...orderProperties, customerName: nullableStr } } },
                metaData: { ...pageMetaSchema, properties: { ...pageMetaSchema.properties, locationIds: { type: 'array', items: int } } },
              },
            },
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const locationIds = await managedLocationIds(sql, request);
        const list = await listOnlineOrders(sql, {
          status: request.query.status,
          locationId: request.query.locationId,
          locationIds,
          limit: request.query.$limit ?? ONLINE_ORDER_LIST_DEFAULT,
          offset: request.query.$offset ?? 0,
        });
        return { ...list, metaData: { ...list.metaData, locationIds } };
      },
    );
  };
}
