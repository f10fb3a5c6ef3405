/** Issue 11: filled in by the coupons work (see contracts/src/packs/views.ts for the route table). */
import type { FastifyInstance } from 'fastify';
import type { EventStore, Sql } from '@dealer/platform';

export function couponRoutes(_deps: { store: EventStore; sql: Sql }) {
  return async function routes(_app: FastifyInstance) {};
}
