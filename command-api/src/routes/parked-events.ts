/**
 * POST /api/parked-events/{id}/retry (admins): asks the projector to apply a parked event again
 * (issue 10, item 9). The running projector picks the request up within a second, applies the
 * event (and those of its stream waiting behind it) in the projection's transaction and removes
 * the row, or records the new error; GET /api/parked-events shows which.
 */
import type { FastifyInstance } from 'fastify';
import { PARKED_MESSAGES } from '@dealer/contracts';
import { DomainError, requestParkedEventRetry, type Sql, apiDoc } from '@dealer/platform';
import { idParams, problemResponse } from './schemas';

export function parkedEventRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Params: { id: string } }>(
      '/api/parked-events/:id/retry',
      {
        config: { access: 'parked-events' },
        schema: { ...apiDoc('Operations', 'Retry a parked event', 'Applies a parked event again once its cause is fixed (no restart needed): 202.'),
          params: idParams,
          response: {
            202: { type: 'object', properties: { dataSet: { type: 'object', properties: { id: { type: 'string' }, message: { type: 'string' } } } } },
            '4xx': problemResponse,
          },
        },
      },
      async (request, reply) => {
        if (!(await requestParkedEventRetry(sql, request.params.id))) throw new DomainError('not_found', [PARKED_MESSAGES.notFound]);
        request.log.info({ actor: request.auth?.actor, parkedEventId: request.params.id }, 'parked event retry requested');
        reply.status(202);
        return { dataSet: { id: request.params.id, message: PARKED_MESSAGES.retryRequested } };
      },
    );
  };
}
