/**
 * GET /api/customers/{id}/service-history?$limit=&$offset= (access 'customer-service-history',
 * customerScope: a customer reads only their own; staff read any customer's): the customer's
 * visits from the DMS data, newest first, paged: `{dataSet: ServiceVisitView[], metaData: PageMeta}`.
 * Which ROs are the customer's is the read model's rule (verified e-mail or mobile, or a staff
 * link the RO's contact details agree with; never a name). An unknown customer answers an empty page.
 */
import type { FastifyInstance } from 'fastify';
import { SERVICE_HISTORY_PAGE } from '@dealer/contracts';
import { apiDoc, type Sql } from '@dealer/platform';
import { CUSTOMER_DETAILS } from '@dealer/read-models/customer-details/queries';
import { listServiceHistory } from '@dealer/read-models/pack-sales/service-history';
import { PACK_SALES } from '@dealer/read-models/pack-sales/queries';
import { idParamsSchema, pageMetaSchema } from './coupons';

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;

const visitSchema = {
  type: 'object',
  properties: {
    roNumber: str,
    locationId: int,
    locationName: nullableStr,
    openDate: str,
    closeDate: nullableStr,
    inProgress: { type: 'boolean' },
    vin: nullableStr,
    mileage: nullableInt,
    advisorName: nullableStr,
    jobs: {
      type: 'array',
      items: {
        type: 'object',
        properties: { jobId: int, opCode: str, description: nullableStr, serviceRequest: nullableStr, laborType: str, total: int },
      },
    },
    total: int,
    customerPayTotal: int,
    matchedBy: { type: 'array', items: str },
  },
} as const;

interface ServiceHistoryQuery {
  $limit?: number;
  $offset?: number;
}

export function customerServiceHistoryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Params: { id: string }; Querystring: ServiceHistoryQuery }>(
      '/api/customers/:id/service-history',
      {
        // Read-your-writes on the two read models the matching uses (a verified contact, a sale or redemption).
        config: { access: 'customer-service-history', customerScope: { in: 'params', field: 'id' }, readModels: [CUSTOMER_DETAILS, PACK_SALES] },
        schema: { ...apiDoc('Customer area', 'A customer\'s service history', 'The customer\'s visits from the DMS data, newest first, matched by verified e-mail, verified mobile or a staff link, never by name (`$limit` 1-50, `$offset`).'),
          params: idParamsSchema,
          querystring: {
            type: 'object',
            properties: {
              $limit: { type: 'integer', minimum: 1, maximum: SERVICE_HISTORY_PAGE.maxLimit },
              $offset: { type: 'integer', minimum: 0, maximum: SERVICE_HISTORY_PAGE.maxOffset },
              minPosition: { type: 'string', maxLength: 40 },
            },
          },
          response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: visitSchema }, metaData: pageMetaSchema } } },
        },
      },
      async (request, reply) => {
        // An import, a verified contact or a sale changes it.
        reply.header('cache-control', 'no-store');
        return listServiceHistory(sql, request.params.id, {
          limit: request.query.$limit ?? SERVICE_HISTORY_PAGE.defaultLimit,
          offset: request.query.$offset ?? 0,
        });
      },
    );
  };
}
