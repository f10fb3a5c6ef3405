/**
 * GET /api/failed-jobs (admins): message jobs that failed for good, newest first (the workers
 * park them in failed_jobs; contracts/src/operations/parked.ts). The job's data stays out: it
 * names customers.
 */
import type { FastifyInstance } from 'fastify';
import type { FailedJob } from '@dealer/contracts';
import type { Sql } from '@dealer/platform';

export function failedJobRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Querystring: { limit?: number } }>(
      '/api/failed-jobs',
      {
        config: { access: 'failed-jobs' },
        schema: { querystring: { type: 'object', additionalProperties: false, properties: { limit: { type: 'integer', minimum: 1, maximum: 500 } } } },
      },
      async (request) => {
        const rows = await sql<{ id: string; name: string; error: string; failed_at: Date; attempts: number; retry_requested_at: Date | null }[]>`
          select job_id as id, name, error, failed_at, attempts, retry_requested_at
          from failed_jobs order by failed_at desc, job_id limit ${request.query.limit ?? 200}`;
        const dataSet: FailedJob[] = rows.map((r) => ({
          id: r.id,
          name: r.name,
          error: r.error,
          failedAt: r.failed_at.toISOString(),
          attempts: r.attempts,
          retryRequestedAt: r.retry_requested_at?.toISOString() ?? null,
        }));
        return { dataSet };
      },
    );
  };
}
