/** GET /api/locations: every dealership location (the client offers those using the CRM), with its time zone and sales tax rate. */
import type { FastifyInstance } from 'fastify';
import { apiDoc, type Sql } from '@dealer/platform';
import { listLocations } from '@dealer/read-models/customer-search/repair-orders';

export function locationRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get(
      '/api/locations',
      {
        config: { access: 'locations' },
        schema: { ...apiDoc('Locations', 'List locations', 'The locations of the DMS data with name, time zone and sales tax.'),
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      locationId: { type: 'integer' },
                      locationName: { type: 'string' },
                      locId: { type: 'string' },
                      isUsingCrm: { type: 'boolean' },
                      // Issue 11: the zone coupons expire in (null: not set, cannot sell) and the tax on packs.
                      timeZone: { type: ['string', 'null'] },
                      salesTaxRateBasisPoints: { type: 'integer' },
                    },
                  },
                },
              },
            },
          },
        },
      },
      async () => {
        // SPEC 3: fetched once and cached by the client (in memory, for the session); like every
        // API answer it is not stored by the browser's HTTP cache (platform/http/no-store.ts).
        return { dataSet: await listLocations(sql) };
      },
    );
  };
}
