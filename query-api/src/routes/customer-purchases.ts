/** Issue 11: filled in by the read-side work (see contracts/src/packs/views.ts for the route table). */
import type { FastifyInstance } from 'fastify';
import type { Sql } from '@dealer/platform';

export function customerPurchaseRoutes(_sql: Sql) {
  return async function routes(_app: FastifyInstance) {};
}
