/**
 * A customer's packs and coupons for staff (issue 11):
 * - GET /api/customers/{id}/purchases (access 'customer-purchases'): every pack sale of the
 *   customer, newest first, with its corrections and coupons: `{dataSet: PackSaleView[]}`;
 * - GET /api/customers/{id}/coupons (access 'customer-coupons'): every coupon the customer was
 *   issued, available first, then by expiry: `{dataSet: CustomerCouponView[]}`.
 * An issued coupon's status is computed at the time of the request; each coupon carries its
 * current redemption (redeemed, or held for a verification) or null; a sale that converted a
 * paper book names it (paperBookNumber, issue 12). A customer id with no sales
 * (or no such customer) answers an empty list. Both declare customerScope, so that when
 * customers get these entries (issue 13) each reaches only their own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CustomerCouponView, PackSaleView } from '@dealer/contracts';
import { apiDoc, type Sql } from '@dealer/platform';
import { listCustomerCoupons, listPurchases, PACK_SALES } from '@dealer/read-models/pack-sales/queries';
import { couponTermsResponseProperties, idParamsSchema } from './coupons';

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const names = { type: 'array', items: nullableStr } as const;

const customerCouponSchema = {
  type: 'object',
  properties: {
    issuedCouponId: str,
    deskCode: { ...nullableStr, description: 'The coupon\'s desk code (XXXXX-XXXXX), shown and read at the service desk (issue 24).' },
    saleId: str,
    couponId: str,
    name: str,
    description: nullableStr,
    opCodes: couponTermsResponseProperties.opCodes,
    value: couponTermsResponseProperties.value,
    laborTypes: couponTermsResponseProperties.laborTypes,
    maxPerRo: int,
    maxAmountPerRo: nullableInt,
    locationIds: { type: 'array', items: int },
    locationNames: names,
    packId: str,
    packName: str,
    soldLocationId: int,
    soldLocationName: nullableStr,
    saleStatus: str,
    expiresOn: str,
    expiresAt: str,
    allocatedValue: int,
    status: str,
    redeemedAt: nullableStr,
    redemption: {
      type: ['object', 'null'],
      properties: {
        redemptionId: str,
        state: str,
        locationId: int,
        locationName: nullableStr,
        roNumber: str,
        opCode: str,
        laborType: str,
        amount: int,
        redeemedAt: nullableStr,
        redeemedBy: str,
        redeemedByName: nullableStr,
      },
    },
  },
} as const;

const packSaleSchema = {
  type: 'object',
  properties: {
    saleId: str,
    deskCode: { ...nullableStr, description: 'The sale\'s desk code (XXXXX-XXXXX), issue 24.' },
    id: str,
    customerId: str,
    packId: str,
    packName: str,
    packDescription: nullableStr,
    termMonths: int,
    termMileage: nullableInt,
    mileageAtSale: nullableInt,
    mileageLimit: nullableInt,
    locationId: int,
    locationName: nullableStr,
    timeZone: str,
    sellingLocationIds: { type: 'array', items: int },
    saleRoNumber: str,
    soldAt: str,
    soldOn: str,
    soldBy: str,
    soldByName: nullableStr,
    listPrice: int,
    price: int,
    priceOverrideReason: nullableStr,
    taxExempt: { type: 'boolean' },
    tax: int,
    total: int,
    status: str,
    finalisedAt: nullableStr,
    finalisedVia: nullableStr,
    void: { type: ['object', 'null'], properties: { reason: str, by: str, byName: nullableStr, at: str } },
    corrections: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          fromLocationId: int,
          fromLocationName: nullableStr,
          toLocationId: int,
          toLocationName: nullableStr,
          reason: str,
          by: str,
          byName: nullableStr,
          correctedAt: str,
        },
      },
    },
    coupons: { type: 'array', items: customerCouponSchema },
    paperBookNumber: nullableStr,
  },
} as const;

const querystring = { type: 'object', properties: { minPosition: { type: 'string', maxLength: 40 } } } as const;

/**
 * What a customer reading their own records does not get: the staff's user ids and names and
 * the managers' internal reasons (price override, void, location correction). Staff see all.
 */
const isCustomer = (request: FastifyRequest) => request.auth?.roles.includes('customer') ?? false;
const couponForCustomer = (c: CustomerCouponView): CustomerCouponView => (c.redemption ? { ...c, redemption: { ...c.redemption, redeemedBy: '', redeemedByName: null } } : c);
const saleForCustomer = (s: PackSaleView): PackSaleView => ({
  ...s,
  soldBy: '',
  soldByName: null,
  priceOverrideReason: null,
  void: s.void ? { reason: '', by: '', byName: null, at: s.void.at } : null,
  corrections: [],
  coupons: s.coupons.map(couponForCustomer),
});

export function customerPurchaseRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Params: { id: string } }>(
      '/api/customers/:id/purchases',
      {
        config: { access: 'customer-purchases', customerScope: { in: 'params', field: 'id' }, readModels: [PACK_SALES] },
        schema: { ...apiDoc('Pack sales', 'A customer\'s purchases', 'The customer\'s pack sales, newest first, with corrections, void, finalisation, price, tax and each coupon\'s share and redemption. Staff, or the customer themselves.'), params: idParamsSchema, querystring, response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: packSaleSchema } } } } },
      },
      async (request, reply) => {
        // A sale, a finalisation, a correction, a void or a redemption changes it; statuses change with time.
        reply.header('cache-control', 'no-store');
        const sales = await listPurchases(sql, request.params.id, new Date());
        return { dataSet: isCustomer(request) ? sales.map(saleForCustomer) : sales };
      },
    );

    app.get<{ Params: { id: string } }>(
      '/api/customers/:id/coupons',
      {
        config: { access: 'customer-coupons', customerScope: { in: 'params', field: 'id' }, readModels: [PACK_SALES] },
        schema: { ...apiDoc('Pack sales', 'A customer\'s coupons', 'The customer\'s coupons with their status now (available, redeemed, expired, voided) and the redemption holding each. Staff, or the customer themselves.'), params: idParamsSchema, querystring, response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: customerCouponSchema } } } } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const coupons = await listCustomerCoupons(sql, request.params.id, new Date());
        return { dataSet: isCustomer(request) ? coupons.map(couponForCustomer) : coupons };
      },
    );
  };
}
