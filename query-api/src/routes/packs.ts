/**
 * GET /api/packs?search=&status=&locationId=&$limit=&$offset= and GET /api/packs/{id} (access
 * 'packs': all staff read the catalogue). The list searches a pack's name and description and
 * the names of its coupons (case-insensitive, anywhere), filters by status (default all) and by
 * a selling location, is paged and sorted by name: `{dataSet: PackView[], metaData: PageMeta}`.
 * Each item shows its coupon's current name, status and stand-alone value.
 */
import type { FastifyInstance } from 'fastify';
import { PACK_MESSAGES } from '@dealer/contracts';
import { DomainError, type Sql, apiDoc } from '@dealer/platform';
import { getPack, listPacks, PACK_CATALOGUE } from '@dealer/read-models/pack-catalogue/queries';
import { catalogueQuery, catalogueQuerystring, idParamsSchema, pageMetaSchema, type CatalogueQuerystring } from './coupons';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

const packViewSchema = {
  type: 'object',
  properties: {
    name: str,
    description: { type: ['string', 'null'] },
    price: int,
    locationIds: { type: 'array', items: int },
    termMonths: int,
    termMileage: { type: ['integer', 'null'] },
    packId: str,
    id: str,
    status: str,
    items: {
      type: 'array',
      items: { type: 'object', properties: { couponId: str, quantity: int, couponName: str, couponStatus: str, standAloneValue: int } },
    },
    standAloneTotal: int,
    locationNames: { type: 'array', items: { type: ['string', 'null'] } },
    revision: int,
    createdDate: str,
    modifiedDate: str,
  },
} as const;

export function packQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: CatalogueQuerystring }>(
      '/api/packs',
      {
        config: { access: 'packs', readModels: [PACK_CATALOGUE] },
        schema: { ...apiDoc('Packs', 'Search packs', 'Packs by name (`search` also finds a pack by its coupons), `status`, `locationId` sold at, 50 a page; with their coupons\' current names and values and the stand-alone total.'),
          querystring: catalogueQuerystring,
          response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: packViewSchema }, metaData: pageMetaSchema } } },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listPacks(sql, catalogueQuery(request.query));
      },
    );

    app.get<{ Params: { id: string } }>(
      '/api/packs/:id',
      {
        config: { access: 'packs', readModels: [PACK_CATALOGUE] },
        schema: { ...apiDoc('Packs', 'Read a pack', 'One pack with its coupons, price, term and selling locations, and its `revision`; 404 when not found.'),
          params: idParamsSchema,
          querystring: { type: 'object', properties: { minPosition: { type: 'string', maxLength: 40 } } },
          response: { 200: { type: 'object', properties: { dataSet: packViewSchema } } },
        },
      },
      async (request, reply) => {
        const pack = await getPack(sql, request.params.id);
        if (!pack) throw new DomainError('not_found', [PACK_MESSAGES.notFound]);
        reply.header('cache-control', 'no-store');
        return { dataSet: pack };
      },
    );
  };
}
