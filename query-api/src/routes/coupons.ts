/**
 * GET /api/coupons?search=&status=&locationId=&$limit=&$offset= and GET /api/coupons/{id}
 * (access 'coupons': all staff read the catalogue). The list searches name, description and op
 * codes (case-insensitive, anywhere), filters by status (default all) and by an honouring
 * location, is paged and sorted by name: `{dataSet: CouponView[], metaData: PageMeta}`. The
 * commands are in command-api (route table: contracts/src/packs/views.ts).
 */
import type { FastifyInstance } from 'fastify';
import { CATALOGUE_PAGE, COUPON_MESSAGES } from '@dealer/contracts';
import { DomainError, INPUT_SCHEMAS, type Sql, apiDoc } from '@dealer/platform';
import { COUPON_CATALOGUE, getCoupon, listCoupons, type CatalogueQuery, type CatalogueStatusFilter } from '@dealer/read-models/coupon-catalogue/queries';

/** Query string of a catalogue list (coupons and packs). */
export interface CatalogueQuerystring {
  search?: string;
  status?: CatalogueStatusFilter;
  locationId?: number;
  $limit?: number;
  $offset?: number;
}

export const catalogueQuerystring = {
  type: 'object',
  properties: {
    search: { type: 'string', maxLength: CATALOGUE_PAGE.searchMax },
    status: { type: 'string', enum: ['active', 'disabled', 'all'] },
    locationId: INPUT_SCHEMAS.positiveInt32,
    $limit: { type: 'integer', minimum: 1, maximum: CATALOGUE_PAGE.maxLimit },
    $offset: { type: 'integer', minimum: 0, maximum: CATALOGUE_PAGE.maxOffset },
    minPosition: { type: 'string', maxLength: 40 },
  },
} as const;

export const catalogueQuery = (q: CatalogueQuerystring): CatalogueQuery => ({
  search: (q.search ?? '').trim(),
  status: q.status ?? 'all',
  locationId: q.locationId ?? null,
  limit: q.$limit ?? CATALOGUE_PAGE.defaultLimit,
  offset: q.$offset ?? 0,
});

export const idParamsSchema = { type: 'object', required: ['id'], properties: { id: INPUT_SCHEMAS.uuid } } as const;

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const ints = { type: 'array', items: int } as const;
const names = { type: 'array', items: nullableStr } as const;
const strs = { type: 'array', items: str } as const;

/** CouponTerms as answered (the value and validity unions with every field of each kind). */
export const couponTermsResponseProperties = {
  name: str,
  description: nullableStr,
  opCodes: strs,
  value: { type: 'object', properties: { kind: str, amount: int, basisPoints: int, referencePrice: int, maximum: int } },
  laborTypes: strs,
  validity: { type: 'object', properties: { kind: str, months: int, date: str } },
  maxPerRo: int,
  maxAmountPerRo: nullableInt,
  locationIds: ints,
} as const;

export const couponViewSchema = {
  type: 'object',
  properties: {
    ...couponTermsResponseProperties,
    couponId: str,
    id: str,
    status: str,
    standAloneValue: int,
    locationNames: names,
    revision: int,
    createdDate: str,
    modifiedDate: str,
  },
} as const;

export const pageMetaSchema = { type: 'object', properties: { total: int, limit: int, offset: int } } as const;

export function couponQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: CatalogueQuerystring }>(
      '/api/coupons',
      {
        config: { access: 'coupons', readModels: [COUPON_CATALOGUE] },
        schema: { ...apiDoc('Coupons', 'Search coupons', 'The coupon catalogue by name (`search` in name, description and op codes, `status` active, disabled or all, `locationId` honoured at), 50 a page (`$limit`, `$offset`).'),
          querystring: catalogueQuerystring,
          response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: couponViewSchema }, metaData: pageMetaSchema } } },
        },
      },
      async (request, reply) => {
        // The catalogue changes with every save; a cached copy would hide a manager's own change.
        reply.header('cache-control', 'no-store');
        return listCoupons(sql, catalogueQuery(request.query));
      },
    );

    app.get<{ Params: { id: string } }>(
      '/api/coupons/:id',
      {
        config: { access: 'coupons', readModels: [COUPON_CATALOGUE] },
        schema: { ...apiDoc('Coupons', 'Read a coupon', 'One coupon definition with its terms and `revision`; 404 when not found.'),
          params: idParamsSchema,
          querystring: { type: 'object', properties: { minPosition: { type: 'string', maxLength: 40 } } },
          response: { 200: { type: 'object', properties: { dataSet: couponViewSchema } } },
        },
      },
      async (request, reply) => {
        const coupon = await getCoupon(sql, request.params.id);
        if (!coupon) throw new DomainError('not_found', [COUPON_MESSAGES.notFound]);
        reply.header('cache-control', 'no-store');
        return { dataSet: coupon };
      },
    );
  };
}
