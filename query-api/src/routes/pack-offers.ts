/**
 * GET /api/pack-offers?locationId= (public: anonymous visitors and signed-in users): the dealership
 * family's current offers, the active packs with at least one coupon, by name:
 * `{dataSet: PackOfferView[]}`. Each shows its name, description, price, what it holds (coupon
 * names and quantities), term, and the locations that sell it; locationId keeps the packs one
 * location sells. Nothing internal (revisions, coupon ids' status, dates) is answered. The
 * customer's Current offers (/customer/coupons) and the public /purchase landing read it.
 */
import type { FastifyInstance } from 'fastify';
import { PACK_OFFERS_MAX, type PackOfferView, type PackView } from '@dealer/contracts';
import { INPUT_SCHEMAS, type Sql, apiDoc } from '@dealer/platform';
import { listPacks, PACK_CATALOGUE } from '@dealer/read-models/pack-catalogue/queries';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

const offerSchema = {
  type: 'object',
  properties: {
    packId: str,
    name: str,
    description: { type: ['string', 'null'] },
    price: int,
    standAloneTotal: int,
    termMonths: int,
    termMileage: { type: ['integer', 'null'] },
    items: { type: 'array', items: { type: 'object', properties: { couponId: str, couponName: str, quantity: int } } },
    locationIds: { type: 'array', items: int },
    locationNames: { type: 'array', items: { type: ['string', 'null'] } },
  },
} as const;

/** What a visitor sees of an active pack. */
export function toOffer(pack: PackView): PackOfferView {
  return {
    packId: pack.packId,
    name: pack.name,
    description: pack.description,
    price: pack.price,
    standAloneTotal: pack.standAloneTotal,
    termMonths: pack.termMonths,
    termMileage: pack.termMileage,
    items: pack.items.map((i) => ({ couponId: i.couponId, couponName: i.couponName, quantity: i.quantity })),
    locationIds: pack.locationIds,
    locationNames: pack.locationNames,
  };
}

export function packOfferRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: { locationId?: number } }>(
      '/api/pack-offers',
      {
        config: { access: 'public', readModels: [PACK_CATALOGUE] },
        schema: { ...apiDoc('Customer area', 'Current offers', 'Active packs with at least one coupon, by name, with price, contents, term and selling locations (`locationId`: sold there). Public.'),
          querystring: { type: 'object', properties: { locationId: INPUT_SCHEMAS.positiveInt32, minPosition: { type: 'string', maxLength: 40 } } },
          response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: offerSchema } } } },
        },
      },
      async (request, reply) => {
        const { dataSet } = await listPacks(sql, { search: '', status: 'active', locationId: request.query.locationId ?? null, limit: PACK_OFFERS_MAX, offset: 0 });
        // The catalogue changes rarely, but a disabled pack must stop showing at once.
        reply.header('cache-control', 'no-store');
        return { dataSet: dataSet.filter((p) => p.items.length > 0).map(toOffer) };
      },
    );
  };
}
