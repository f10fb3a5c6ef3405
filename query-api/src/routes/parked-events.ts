/**
 * GET /api/parked-events (admins): the events a projection could not apply, parked with their
 * error (issue 10, item 9), oldest first. The retry is POST /api/parked-events/{id}/retry on the
 * command side.
 */
import type { FastifyInstance } from 'fastify';
import { listParkedEvents, type Sql, apiDoc } from '@dealer/platform';

const str = { type: 'string' } as const;

export const parkedEventSchema = {
  type: 'object',
  properties: {
    id: str, projection: str, globalPosition: str, eventType: str, error: str, parkedAt: str,
    retryRequestedAt: { type: ['string', 'null'] }, attempts: { type: 'integer' },
  },
} as const;

export function parkedEventQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get(
      '/api/parked-events',
      {
        config: { access: 'parked-events' },
        schema: { ...apiDoc('Operations', 'List parked events', 'Events a read model could not apply, with the error; the rest of the log goes on.'), response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: parkedEventSchema } } } } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { dataSet: await listParkedEvents(sql) };
      },
    );
  };
}
