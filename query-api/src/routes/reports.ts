/**
 * GET /api/reports/{report} (issue 14): being built.
 */
import type { FastifyInstance } from 'fastify';
import type { Sql } from '@dealer/platform';

export function reportRoutes(_sql: Sql) {
  return async function routes(_app: FastifyInstance) {};
}
