/**
 * POST /api/failed-jobs/{id}/retry (admins): asks for a message job that failed for good to be
 * run again, after the fault was fixed. The command API does not import the workers: it records
 * the request in failed_jobs and notifies the active reactor, which adds the job back under the
 * same id (delivered once: the sent-messages ledger) and forgets the row.
 */
import type { FastifyInstance } from 'fastify';
import { PARKED_MESSAGES } from '@dealer/contracts';
import { DomainError, type Sql, apiDoc } from '@dealer/platform';
import { requestFailedJobRetry } from '../failed-jobs/retry';
import { problemResponse } from './schemas';

export function failedJobRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Params: { id: string } }>(
      '/api/failed-jobs/:id/retry',
      {
        config: { access: 'failed-jobs' },
        schema: { ...apiDoc('Operations', 'Retry a failed message job', 'Queues a failed e-mail or text job again.'),
          // Job ids are '<reaction>-<event id>': letters, digits, '-', '_' and ':'.
          params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9:_-]+$' } } },
          response: { 200: { type: 'object', properties: { dataSet: { type: 'object', properties: { id: { type: 'string' } } } } }, '4xx': problemResponse },
        },
      },
      async (request) => {
        const id = await requestFailedJobRetry(sql, request.params.id);
        if (!id) throw new DomainError('not_found', [PARKED_MESSAGES.notFound]);
        return { dataSet: { id } };
      },
    );
  };
}
