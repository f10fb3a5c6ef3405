/** GET /api/locations: every dealership location (the client offers those using the CRM). */
import type { FastifyInstance } from 'fastify';
import type { Sql } from '@dealer/platform';
import { listLocations } from '../read-models/repair-orders';

export function locationRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get(
      '/api/locations',
      {
        config: { access: 'locations' },
        schema: {
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { locationId: { type: 'integer' }, locationName: { type: 'string' }, locId: { type: 'string' }, isUsingCrm: { type: 'boolean' } },
                  },
                },
              },
            },
          },
        },
      },
      async (_request, reply) => {
        // SPEC 3: fetched once and cached by the client; locations change a few times a year.
        reply.header('cache-control', 'private, max-age=300');
        return { dataSet: await listLocations(sql) };
      },
    );
  };
}
