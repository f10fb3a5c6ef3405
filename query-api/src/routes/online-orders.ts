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
import { DomainError, INPUT_SCHEMAS, type Sql, apiDoc } from '@dealer/platform';
import {
  ONLINE_ORDER_LIST_DEFAULT,
  ONLINE_ORDER_LIST_MAX,
  ONLINE_ORDER_STATUS_MESSAGES,
  ONLINE_ORDER_STATUSES,
  type OnlineOrderStatus,
} from '@dealer/contracts/online-orders/status';
import { GIFTS_SENT_MAX, getOnlineOrder, listGiftsSent, listOnlineOrders, ONLINE_ORDERS } from '@dealer/read-models/online-orders/queries';
import { idParamsSchema, pageMetaSchema } from './coupons';
import { managedLocationIds } from './role-locations';

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

export function onlineOrderQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Params: { orderId: string } }>(
      '/api/online-orders/:orderId',
      {
        config: { access: 'online-orders', readModels: [ONLINE_ORDERS, 'user_roles'] },
        schema: { ...apiDoc('Online orders', 'Read an online order', 'The order now: status (placed, failed, paid, refunded, cancelled, returned), pack, location, price, tax, total, sale, gift, failure and refund. The order\'s customer, managers of its location and admins; others get 404.'),
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
        schema: { ...apiDoc('Gifts', 'Gifts a customer sent', 'The gifts the customer bought, newest first: recipient, expiry, claimed or ended. The customer only.'),
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
        schema: { ...apiDoc('Online orders', 'List online orders', 'Online orders, newest first, at the locations where the caller is a manager (admins: every location); filters `status`, `locationId`, paging `$limit`, `$offset`.'),
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
