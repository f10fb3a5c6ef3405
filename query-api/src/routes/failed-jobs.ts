/**
 * GET /api/failed-jobs (admins): message jobs that failed for good, newest first (the workers
 * park them in failed_jobs; contracts/src/operations/parked.ts). The job's data stays out: it
 * names customers.
 */
import type { FastifyInstance } from 'fastify';
import { apiDoc, type Sql } from '@dealer/platform';
import { listFailedJobs } from '../operations/failed-jobs';

export function failedJobRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: { limit?: number } }>(
      '/api/failed-jobs',
      {
        config: { access: 'failed-jobs' },
        schema: { ...apiDoc('Operations', 'List failed message jobs', 'E-mail and text jobs that failed for good, newest first (`limit`).'), querystring: { type: 'object', additionalProperties: false, properties: { limit: { type: 'integer', minimum: 1, maximum: 500 } } },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: {
                  type: 'array',
                  items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, error: { type: 'string' }, failedAt: { type: 'string' }, attempts: { type: 'integer' }, retryRequestedAt: { type: ['string', 'null'] } } },
                },
              },
            },
          },
        },
      },
      async (request) => {
        return { dataSet: await listFailedJobs(sql, request.query.limit ?? 200) };
      },
    );
  };
}
